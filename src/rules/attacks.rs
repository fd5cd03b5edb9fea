//! Attack tables: leapers computed at compile time, sliders by magic
//! multiplication into tables filled once at start-up.

use super::bitboard::Bitboard;
use super::magics::{BISHOP_MAGICS, ROOK_MAGICS};
use super::piece::PieceKind;
use super::square::{Color, Square};
use std::sync::LazyLock;

type Directions = [(i8, i8); 4];
const ORTHOGONAL: Directions = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: Directions = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT_JUMPS: [(i8, i8); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];

const fn square(index: usize) -> Square {
    Square::from_index_masked(index as u32)
}

const fn leaper_table(steps: &[(i8, i8)]) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut index = 0;
    while index < 64 {
        let mut bits = 0;
        let mut i = 0;
        while i < steps.len() {
            if let Some(to) = square(index).offset(steps[i].0, steps[i].1) {
                bits |= 1 << to.index();
            }
            i += 1;
        }
        table[index] = Bitboard(bits);
        index += 1;
    }
    table
}

static MORI: [Bitboard; 64] = leaper_table(&KNIGHT_JUMPS);
static NOYON: [Bitboard; 64] =
    leaper_table(&[(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]);
static DIAGONAL_STEP: [Bitboard; 64] = leaper_table(&DIAGONAL);
static CHILD_CAPTURES: [[Bitboard; 64]; 2] =
    [leaper_table(&[(-1, 1), (1, 1)]), leaper_table(&[(-1, -1), (1, -1)])];

const fn ray_table(directions: &Directions) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut index = 0;
    while index < 64 {
        table[index] = Bitboard(slide(square(index), 0, directions));
        index += 1;
    }
    table
}

static ROOK_RAYS: [Bitboard; 64] = ray_table(&ORTHOGONAL);
static BISHOP_RAYS: [Bitboard; 64] = ray_table(&DIAGONAL);

/// Squares a slider from `from` reaches, stopping at (and including) blockers.
pub const fn slide(from: Square, occupied: u64, directions: &Directions) -> u64 {
    let mut bits = 0;
    let mut d = 0;
    while d < 4 {
        let mut current = from;
        while let Some(next) = current.offset(directions[d].0, directions[d].1) {
            bits |= 1 << next.index();
            if occupied >> next.index() & 1 != 0 {
                break;
            }
            current = next;
        }
        d += 1;
    }
    bits
}

/// The squares whose occupancy matters to a slider on `from`: its rays without the edge.
pub const fn relevant_mask(from: Square, directions: &Directions) -> u64 {
    let mut bits = 0;
    let mut d = 0;
    while d < 4 {
        let mut current = from;
        while let Some(next) = current.offset(directions[d].0, directions[d].1) {
            if next.offset(directions[d].0, directions[d].1).is_none() {
                break;
            }
            bits |= 1 << next.index();
            current = next;
        }
        d += 1;
    }
    bits
}

pub const fn rook_mask(from: Square) -> u64 {
    relevant_mask(from, &ORTHOGONAL)
}

pub const fn bishop_mask(from: Square) -> u64 {
    relevant_mask(from, &DIAGONAL)
}

pub const fn rook_slide(from: Square, occupied: u64) -> u64 {
    slide(from, occupied, &ORTHOGONAL)
}

pub const fn bishop_slide(from: Square, occupied: u64) -> u64 {
    slide(from, occupied, &DIAGONAL)
}

/// Squares strictly between two squares on a line; empty otherwise.
static BETWEEN: [[Bitboard; 64]; 64] = line_tables(false);
/// The whole line through two squares, edge to edge; empty if they share none.
static LINE: [[Bitboard; 64]; 64] = line_tables(true);

const fn line_tables(whole_line: bool) -> [[Bitboard; 64]; 64] {
    let all = [(1, 0), (0, 1), (1, 1), (1, -1), (-1, 0), (0, -1), (-1, -1), (-1, 1)];
    let mut table = [[Bitboard::EMPTY; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = all[d];
            let mut between = 0u64;
            let mut current = square(a);
            while let Some(b) = current.offset(df, dr) {
                table[a][b.index()] = if whole_line {
                    Bitboard(ray(square(a), df, dr) | ray(square(a), -df, -dr) | 1 << a)
                } else {
                    Bitboard(between)
                };
                between |= 1 << b.index();
                current = b;
            }
            d += 1;
        }
        a += 1;
    }
    table
}

/// The squares from `from` (excluded) to the edge in one direction.
const fn ray(from: Square, df: i8, dr: i8) -> u64 {
    let mut bits = 0;
    let mut current = from;
    while let Some(next) = current.offset(df, dr) {
        bits |= 1 << next.index();
        current = next;
    }
    bits
}

pub(crate) struct Magic {
    pub mask: u64,
    pub magic: u64,
    pub shift: u32,
    pub offset: usize,
}

struct SliderTables {
    rook: Vec<Magic>,
    bishop: Vec<Magic>,
    attacks: Vec<Bitboard>,
}

impl SliderTables {
    fn build() -> SliderTables {
        let mut attacks = Vec::new();
        let rook = fill(&ROOK_MAGICS, rook_mask, rook_slide, &mut attacks);
        let bishop = fill(&BISHOP_MAGICS, bishop_mask, bishop_slide, &mut attacks);
        SliderTables { rook, bishop, attacks }
    }
}

/// Index of `occupied` in the table of one square.
pub(crate) const fn magic_index(occupied: u64, mask: u64, magic: u64, shift: u32) -> usize {
    ((occupied & mask).wrapping_mul(magic) >> shift) as usize
}

fn fill(
    magics: &[u64; 64],
    mask_of: fn(Square) -> u64,
    slide_of: fn(Square, u64) -> u64,
    attacks: &mut Vec<Bitboard>,
) -> Vec<Magic> {
    Square::all()
        .map(|from| {
            let mask = mask_of(from);
            let bits = mask.count_ones();
            let entry = Magic { mask, magic: magics[from.index()], shift: 64 - bits, offset: attacks.len() };
            attacks.resize(attacks.len() + (1 << bits), Bitboard::EMPTY);
            // Enumerate every subset of the mask (carry-rippler).
            let mut subset = 0u64;
            loop {
                let index = entry.offset + magic_index(subset, mask, entry.magic, entry.shift);
                attacks[index] = Bitboard(slide_of(from, subset));
                subset = subset.wrapping_sub(mask) & mask;
                if subset == 0 {
                    break;
                }
            }
            entry
        })
        .collect()
}

static SLIDERS: LazyLock<SliderTables> = LazyLock::new(SliderTables::build);

fn magic_lookup(magic: &Magic, occupied: Bitboard) -> Bitboard {
    SLIDERS.attacks[magic.offset + magic_index(occupied.0, magic.mask, magic.magic, magic.shift)]
}

/// Tereg moves: orthogonal slides.
pub fn rook_attacks(from: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&SLIDERS.rook[from.index()], occupied)
}

/// Teme moves: diagonal slides.
pub fn bishop_attacks(from: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&SLIDERS.bishop[from.index()], occupied)
}

/// Bers moves: orthogonal slides plus one diagonal step.
pub fn bers_attacks(from: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(from, occupied) | DIAGONAL_STEP[from.index()]
}

/// Orthogonal rays from `from` on an empty board.
pub fn rook_rays(from: Square) -> Bitboard {
    ROOK_RAYS[from.index()]
}

/// Diagonal rays from `from` on an empty board.
pub fn bishop_rays(from: Square) -> Bitboard {
    BISHOP_RAYS[from.index()]
}

pub fn mori_attacks(from: Square) -> Bitboard {
    MORI[from.index()]
}

pub fn noyon_attacks(from: Square) -> Bitboard {
    NOYON[from.index()]
}

/// The bers's one diagonal step.
pub fn diagonal_step(from: Square) -> Bitboard {
    DIAGONAL_STEP[from.index()]
}

/// The squares a child of `color` on `from` captures on.
pub fn child_captures(color: Color, from: Square) -> Bitboard {
    CHILD_CAPTURES[color.index()][from.index()]
}

/// The squares `color`'s children on `children` capture on: those to the
/// left of their file, then those to the right.
pub fn children_captures(color: Color, children: Bitboard) -> [Bitboard; 2] {
    let not_a = children.0 & !Bitboard::file(0).0;
    let not_h = children.0 & !Bitboard::file(7).0;
    match color {
        Color::White => [Bitboard(not_a << 7), Bitboard(not_h << 9)],
        Color::Black => [Bitboard(not_a >> 9), Bitboard(not_h >> 7)],
    }
}

/// By kind, the squares from which a man of `by` attacks `target`.
pub fn attacks_on(target: Square, by: Color, occupied: Bitboard) -> [Bitboard; 6] {
    let lines = rook_attacks(target, occupied);
    let mut from = [Bitboard::EMPTY; 6];
    from[PieceKind::Noyon.index()] = noyon_attacks(target);
    from[PieceKind::Bers.index()] = lines | diagonal_step(target);
    from[PieceKind::Teme.index()] = bishop_attacks(target, occupied);
    from[PieceKind::Mori.index()] = mori_attacks(target);
    from[PieceKind::Tereg.index()] = lines;
    from[PieceKind::Child.index()] = child_captures(by.opponent(), target);
    from
}

/// What a man of `kind` and `color` on `from` attacks.
pub fn man_attacks(kind: PieceKind, color: Color, from: Square, occupied: Bitboard) -> Bitboard {
    match kind {
        PieceKind::Noyon => noyon_attacks(from),
        PieceKind::Bers => bers_attacks(from, occupied),
        PieceKind::Teme => bishop_attacks(from, occupied),
        PieceKind::Mori => mori_attacks(from),
        PieceKind::Tereg => rook_attacks(from, occupied),
        PieceKind::Child => child_captures(color, from),
    }
}

pub fn between(a: Square, b: Square) -> Bitboard {
    BETWEEN[a.index()][b.index()]
}

pub fn line(a: Square, b: Square) -> Bitboard {
    LINE[a.index()][b.index()]
}

/// Forces the slider tables to be built now rather than on first use.
pub fn init() {
    LazyLock::force(&SLIDERS);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every subset of every mask maps to the right attacks.
    #[test]
    fn magic_tables_match_ray_walking() {
        for from in Square::all() {
            for (mask, lookup, walk) in [
                (
                    rook_mask(from),
                    rook_attacks as fn(Square, Bitboard) -> Bitboard,
                    rook_slide as fn(Square, u64) -> u64,
                ),
                (bishop_mask(from), bishop_attacks, bishop_slide),
            ] {
                let mut subset = 0u64;
                loop {
                    // Pieces outside the mask must not matter either.
                    let noise = 0x8100_0000_0000_0081 & !mask;
                    assert_eq!(
                        lookup(from, Bitboard(subset | noise)).0,
                        walk(from, subset),
                        "{from} {subset:x}"
                    );
                    subset = subset.wrapping_sub(mask) & mask;
                    if subset == 0 {
                        break;
                    }
                }
            }
        }
    }

    /// A man of each kind on a square `attacks_on` names attacks the target.
    #[test]
    fn attacks_on_a_square_are_the_attacks_from_it() {
        for occupied in [Bitboard::EMPTY, Bitboard(0x0042_1800_2400_8100), Bitboard(0xFFFF_0000_0000_FFFF)] {
            for target in Square::all() {
                for by in Color::BOTH {
                    let from = attacks_on(target, by, occupied);
                    for kind in PieceKind::ALL {
                        for square in Square::all().filter(|&square| square != target) {
                            assert_eq!(
                                from[kind.index()].has(square),
                                man_attacks(kind, by, square, occupied).has(target),
                                "{kind:?} of {by:?} on {square} against {target}"
                            );
                        }
                    }
                }
            }
        }
    }

    /// The set-wise captures are the union of each child's own.
    #[test]
    fn children_capture_as_a_set_what_each_captures_alone() {
        for color in Color::BOTH {
            for pattern in [
                0x00FF_0000_0000_FF00u64,
                0x8142_2418_1824_4281,
                0x0000_00A5_5A00_0000,
                0xFFFF_FFFF_FFFF_FFFF,
            ] {
                let children = Bitboard(pattern);
                let [left, right] = children_captures(color, children);
                let each = children.fold(Bitboard::EMPTY, |all, from| all | child_captures(color, from));
                assert_eq!(left | right, each, "{color:?} {pattern:x}");
                // A square two children take on is taken from both sides.
                let mut once = Bitboard::EMPTY;
                let mut twice = Bitboard::EMPTY;
                for from in children {
                    twice |= once & child_captures(color, from);
                    once |= child_captures(color, from);
                }
                assert_eq!(left & right, twice, "{color:?} {pattern:x}");
            }
        }
    }

    #[test]
    fn lines_and_betweens() {
        let sq = |name| Square::parse(name).expect("square");
        assert_eq!(between(sq("a1"), sq("d4")), Bitboard::from_square(sq("b2")).with(sq("c3")));
        assert_eq!(between(sq("a1"), sq("b3")), Bitboard::EMPTY);
        assert_eq!(line(sq("b2"), sq("c3")).count(), 8);
        assert!(line(sq("a1"), sq("b3")).is_empty());
        assert_eq!(mori_attacks(sq("a1")).count(), 2);
        assert_eq!(bers_attacks(sq("d4"), Bitboard::EMPTY).count(), 18);
    }
}
