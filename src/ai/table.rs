//! The transposition table, keyed by the core's Zobrist hash together with
//! the series of checks, since those decide what a mate is worth.

use crate::rules::{CheckSeries, Move, Square};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact,
    /// The score is at least this (a fail high).
    Lower,
    /// The score is at most this (a fail low).
    Upper,
}

/// Sixteen bytes.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    key: u64,
    mv: u16,
    score: i16,
    /// The static evaluation, or [`NO_EVAL`].
    eval: i16,
    depth: i8,
    /// The low two bits: 0 empty, then 1 + bound; the rest the age.
    bound_age: u8,
}

/// An entry stored without a static evaluation (in check).
const NO_EVAL: i16 = i16::MIN;
const AGE_STEP: u8 = 4;

#[derive(Clone, Copy, Debug)]
pub struct Hit {
    pub mv: Option<Move>,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
    /// The static evaluation, unless the side to move was in check.
    pub eval: Option<i32>,
}

pub struct Table {
    entries: Vec<Entry>,
    age: u8,
}

pub const DEFAULT_HASH_MB: usize = 16;
pub const MAX_HASH_MB: usize = 4096;

impl Table {
    pub fn new(megabytes: usize) -> Table {
        let bytes = megabytes.clamp(1, MAX_HASH_MB) * 1024 * 1024;
        Table { entries: vec![Entry::default(); bytes / size_of::<Entry>()], age: 0 }
    }

    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
        self.age = 0;
    }

    /// Marks a new search, so old entries give way first.
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(AGE_STEP);
    }

    /// The key's place in a table of any size: its high bits, scaled.
    fn slot(&self, key: u64) -> usize {
        ((u128::from(key) * self.entries.len() as u128) >> 64) as usize
    }

    /// Asks the processor to bring the key's entry into cache, so that the
    /// probe a few steps later need not wait on memory.
    pub fn prefetch(&self, key: u64) {
        prefetch(&self.entries[self.slot(key)]);
    }

    pub fn probe(&self, key: u64) -> Option<Hit> {
        let entry = self.entries[self.slot(key)];
        let bound = match bound_bits(entry.bound_age) {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        if entry.key != key {
            return None;
        }
        let eval = (entry.eval != NO_EVAL).then_some(entry.eval.into());
        Some(Hit { mv: unpack(entry.mv), score: entry.score.into(), depth: entry.depth.into(), bound, eval })
    }

    /// `eval` is the static evaluation, `None` in check.
    pub fn store(
        &mut self,
        key: u64,
        mv: Option<Move>,
        score: i32,
        depth: i32,
        bound: Bound,
        eval: Option<i32>,
    ) {
        let slot = self.slot(key);
        let old = self.entries[slot];
        // The same position keeps a much deeper result unless this one is exact.
        let floor = if old.key == key { 3 } else { 2 };
        let replace = bound_bits(old.bound_age) == 0
            || old.bound_age - bound_bits(old.bound_age) != self.age
            || (old.key == key && bound == Bound::Exact)
            || depth >= i32::from(old.depth) - floor;
        if !replace {
            return;
        }
        let mv = match mv {
            Some(mv) => pack(mv),
            None if old.key == key => old.mv,
            None => 0,
        };
        self.entries[slot] = Entry {
            key,
            mv,
            score: score.clamp(i16::MIN.into(), i16::MAX.into()) as i16,
            eval: eval.map_or(NO_EVAL, |eval| eval.clamp(-i32::from(i16::MAX), i32::from(i16::MAX)) as i16),
            depth: depth.clamp(-1, 127) as i8,
            bound_age: self.age | (1 + bound as u8),
        };
    }
}

/// An entry's bound, without its age: 0 when empty.
fn bound_bits(bound_age: u8) -> u8 {
    bound_age & (AGE_STEP - 1)
}

#[cfg(target_arch = "x86_64")]
#[expect(unsafe_code, reason = "a prefetch is only a hint to the cache")]
fn prefetch(entry: &Entry) {
    use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
    // SAFETY: the address is a live entry's, and a prefetch never faults.
    unsafe { _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(entry).cast()) }
}

#[cfg(not(target_arch = "x86_64"))]
fn prefetch(_: &Entry) {}

/// The position key for the table: the core's hash with both series.
pub fn node_key(hash: u64, series: [CheckSeries; 2]) -> u64 {
    const SERIES: [[u64; 3]; 2] = [
        [0, 0x6A09_E667_F3BC_C908, 0xBB67_AE85_84CA_A73B],
        [0, 0x3C6E_F372_FE94_F82B, 0xA54F_F53A_5F1D_36F1],
    ];
    hash ^ SERIES[0][series[0].index()] ^ SERIES[1][series[1].index()]
}

fn pack(mv: Move) -> u16 {
    // Never 0: from and to differ in every move.
    (mv.from.index() as u16) | (mv.to.index() as u16) << 6 | u16::from(mv.promotion) << 12
}

fn unpack(bits: u16) -> Option<Move> {
    if bits == 0 {
        return None;
    }
    let from = Square::from_index((bits & 63) as u8)?;
    let to = Square::from_index((bits >> 6 & 63) as u8)?;
    Some(Move::new(from, to, bits >> 12 & 1 == 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Another key that lands in `key`'s slot.
    fn same_slot(table: &Table, key: u64) -> u64 {
        let slot = table.slot(key);
        (1..=u64::from(u32::MAX))
            .map(|step| key.wrapping_add(step << 32))
            .find(|&other| table.slot(other) == slot)
            .expect("a key in the same slot")
    }

    #[test]
    fn the_table_takes_all_the_hash_it_is_given() {
        for megabytes in [1, 3, 16, 24] {
            let table = Table::new(megabytes);
            assert_eq!(table.entries.len() * size_of::<Entry>(), megabytes * 1024 * 1024);
            assert_eq!(table.slot(u64::MAX), table.entries.len() - 1);
            assert_eq!(table.slot(0), 0);
        }
    }

    #[test]
    fn an_entry_comes_back_as_stored() {
        let mut table = Table::new(1);
        let mv = Move::new(
            Square::from_index(12).expect("a square"),
            Square::from_index(28).expect("a square"),
            false,
        );
        assert!(table.probe(7).is_none());
        table.store(7, Some(mv), -250, 5, Bound::Lower, Some(-180));
        let hit = table.probe(7).expect("stored");
        assert_eq!(
            (hit.mv, hit.score, hit.depth, hit.bound, hit.eval),
            (Some(mv), -250, 5, Bound::Lower, Some(-180))
        );
        // In check there is no evaluation; a move-less store keeps the move.
        table.store(7, None, 30, 6, Bound::Upper, None);
        let hit = table.probe(7).expect("stored");
        assert_eq!((hit.mv, hit.bound, hit.eval), (Some(mv), Bound::Upper, None));
        // Another key in the same slot is not this one.
        assert!(table.probe(same_slot(&table, 7)).is_none());
    }

    #[test]
    fn a_deep_entry_of_this_search_gives_way_only_to_one_nearly_as_deep() {
        let mut table = Table::new(1);
        let other = same_slot(&table, 9);
        table.store(9, None, 10, 12, Bound::Exact, Some(10));
        table.store(other, None, 20, 3, Bound::Exact, Some(20));
        assert!(table.probe(9).is_some() && table.probe(other).is_none());
        table.new_search();
        table.store(other, None, 20, 3, Bound::Exact, Some(20));
        assert!(table.probe(9).is_none() && table.probe(other).is_some());
    }

    #[test]
    fn a_position_keeps_its_deep_result_against_a_shallow_bound() {
        let mut table = Table::new(1);
        table.store(9, None, 10, 12, Bound::Lower, Some(10));
        // Quiescence meets the same position: its bound does not replace.
        table.store(9, None, 40, 0, Bound::Lower, Some(10));
        assert_eq!(table.probe(9).map(|hit| (hit.depth, hit.score)), Some((12, 10)));
        table.store(9, None, 30, 9, Bound::Upper, Some(10));
        assert_eq!(table.probe(9).map(|hit| (hit.depth, hit.score)), Some((9, 30)));
        table.store(9, None, 25, 2, Bound::Exact, Some(10));
        assert_eq!(table.probe(9).map(|hit| (hit.depth, hit.bound)), Some((2, Bound::Exact)));
    }
}
