//! Finds magic multipliers for the slider tables and prints them as Rust,
//! ready for `src/rules/magics.rs`. Deterministic: a fixed seed.

use shatar::rules::Square;
use shatar::rules::attacks::{bishop_mask, bishop_slide, rook_mask, rook_slide};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

fn find(rng: &mut Rng, from: Square, mask: u64, slide: fn(Square, u64) -> u64) -> u64 {
    let bits = mask.count_ones();
    let mut subsets = Vec::new();
    let mut subset = 0u64;
    loop {
        subsets.push((subset, slide(from, subset)));
        subset = subset.wrapping_sub(mask) & mask;
        if subset == 0 {
            break;
        }
    }
    let mut table = vec![None; 1 << bits];
    loop {
        let magic = rng.sparse();
        if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        table.iter_mut().for_each(|slot| *slot = None);
        let fits = subsets.iter().all(|&(occupied, attacks)| {
            let slot = &mut table[(occupied.wrapping_mul(magic) >> (64 - bits)) as usize];
            match *slot {
                None => {
                    *slot = Some(attacks);
                    true
                }
                Some(existing) => existing == attacks,
            }
        });
        if fits {
            return magic;
        }
    }
}

fn main() {
    let mut rng = Rng(0x5348_4154_4152_2121);
    for (name, mask, slide) in [
        ("ROOK_MAGICS", rook_mask as fn(Square) -> u64, rook_slide as fn(Square, u64) -> u64),
        ("BISHOP_MAGICS", bishop_mask, bishop_slide),
    ] {
        println!("pub(crate) const {name}: [u64; 64] = [");
        for from in Square::all() {
            println!("    0x{:016x},", find(&mut rng, from, mask(from), slide));
        }
        println!("];");
    }
}
