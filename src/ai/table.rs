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

/// Four entries on one cache line: a key's bucket.
#[derive(Clone, Copy, Debug, Default)]
#[repr(align(64))]
struct Bucket([Entry; 4]);

pub struct Table {
    buckets: Vec<Bucket>,
    age: u8,
}

pub const DEFAULT_HASH_MB: usize = 16;
pub const MAX_HASH_MB: usize = 4096;

impl Table {
    pub fn new(megabytes: usize) -> Table {
        let bytes = megabytes.clamp(1, MAX_HASH_MB) * 1024 * 1024;
        Table { buckets: vec![Bucket::default(); bytes / size_of::<Bucket>()], age: 0 }
    }

    pub fn clear(&mut self) {
        self.buckets.fill(Bucket::default());
        self.age = 0;
    }

    /// Marks a new search, so old entries give way first.
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(AGE_STEP);
    }

    /// The key's bucket in a table of any size: its high 32 bits, scaled.
    /// The series change only the low bits, so the position alone picks it.
    fn slot(&self, key: u64) -> usize {
        (((key >> 32) * self.buckets.len() as u64) >> 32) as usize
    }

    /// Asks the processor to bring the key's bucket into cache, so that the
    /// probe a few steps later need not wait on memory. The position's hash
    /// alone will do: it picks the same bucket as its key with the series.
    pub fn prefetch(&self, key: u64) {
        prefetch(&self.buckets[self.slot(key)]);
    }

    pub fn probe(&self, key: u64) -> Option<Hit> {
        let entry = self.buckets[self.slot(key)].0.into_iter().find(|entry| entry.holds(key))?;
        let bound = match bound_bits(entry.bound_age) {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        let eval = (entry.eval != NO_EVAL).then_some(entry.eval.into());
        Some(Hit { mv: unpack(entry.mv), score: entry.score.into(), depth: entry.depth.into(), bound, eval })
    }

    /// `eval` is the static evaluation, `None` in check. A new position
    /// takes the bucket's entry that is empty, else the one with the least
    /// depth, each search older counting as 8 plies less.
    pub fn store(
        &mut self,
        key: u64,
        mv: Option<Move>,
        score: i32,
        depth: i32,
        bound: Bound,
        eval: Option<i32>,
    ) {
        let age = self.age;
        let slot = self.slot(key);
        let bucket = &mut self.buckets[slot].0;
        let worth = |entry: &Entry| {
            if bound_bits(entry.bound_age) == 0 {
                return i32::MIN;
            }
            let searches_ago = age.wrapping_sub(age_bits(entry.bound_age)) / AGE_STEP;
            i32::from(entry.depth) - 8 * i32::from(searches_ago)
        };
        let (index, same) = match bucket.iter().position(|entry| entry.holds(key)) {
            Some(index) => (index, true),
            None => {
                let index = (0..bucket.len()).min_by_key(|&index| worth(&bucket[index])).unwrap_or(0);
                (index, false)
            }
        };
        let old = bucket[index];
        // The same position keeps a much deeper result of this search unless this one is exact.
        if same && age_bits(old.bound_age) == age && bound != Bound::Exact && depth < i32::from(old.depth) - 3
        {
            return;
        }
        let mv = match mv {
            Some(mv) => pack(mv),
            None if same => old.mv,
            None => 0,
        };
        bucket[index] = Entry {
            key,
            mv,
            score: score.clamp(i16::MIN.into(), i16::MAX.into()) as i16,
            eval: eval.map_or(NO_EVAL, |eval| eval.clamp(-i32::from(i16::MAX), i32::from(i16::MAX)) as i16),
            depth: depth.clamp(-1, 127) as i8,
            bound_age: age | (1 + bound as u8),
        };
    }
}

/// An entry's bound, without its age: 0 when empty.
fn bound_bits(bound_age: u8) -> u8 {
    bound_age & (AGE_STEP - 1)
}

/// An entry's age, without its bound.
fn age_bits(bound_age: u8) -> u8 {
    bound_age & !(AGE_STEP - 1)
}

impl Entry {
    /// Whether this is `key`'s entry, and not an empty one.
    fn holds(&self, key: u64) -> bool {
        self.key == key && bound_bits(self.bound_age) != 0
    }
}

#[cfg(target_arch = "x86_64")]
#[expect(unsafe_code, reason = "a prefetch is only a hint to the cache")]
fn prefetch(bucket: &Bucket) {
    use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
    // SAFETY: the address is a live bucket's, and a prefetch never faults.
    unsafe { _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(bucket).cast()) }
}

#[cfg(not(target_arch = "x86_64"))]
fn prefetch(_: &Bucket) {}

/// The position key for the table: the core's hash with both series, which
/// change only its low 32 bits.
pub fn node_key(hash: u64, series: [CheckSeries; 2]) -> u64 {
    const SERIES: [[u64; 3]; 2] = [[0, 0xF3BC_C908, 0x84CA_A73B], [0, 0xFE94_F82B, 0x5F1D_36F1]];
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

    /// Other keys that land in `key`'s bucket.
    fn same_bucket(table: &Table, key: u64) -> impl Iterator<Item = u64> + '_ {
        let slot = table.slot(key);
        (1..=u64::from(u32::MAX))
            .map(move |step| key.wrapping_add(step << 32))
            .filter(move |&other| table.slot(other) == slot)
    }

    #[test]
    fn the_table_takes_all_the_hash_it_is_given() {
        for megabytes in [1, 3, 16, 24] {
            let table = Table::new(megabytes);
            assert_eq!(table.buckets.len() * size_of::<Bucket>(), megabytes * 1024 * 1024);
            assert_eq!(size_of::<Bucket>(), 64);
            assert_eq!(table.slot(u64::MAX), table.buckets.len() - 1);
            assert_eq!(table.slot(0), 0);
        }
    }

    /// Each pair of series makes its own key, in the bucket of the
    /// position's hash, which the search prefetches before it has the series.
    #[test]
    fn the_series_change_the_key_but_not_the_bucket() {
        let table = Table::new(16);
        let all = [CheckSeries::Broken, CheckSeries::WithoutShak, CheckSeries::WithShak];
        for hash in [0, 0x0123_4567_89AB_CDEF, u64::MAX, 0xFFFF_FFFF_0000_0000] {
            let keys: Vec<u64> = all
                .iter()
                .flat_map(|&white| all.iter().map(move |&black| node_key(hash, [white, black])))
                .collect();
            assert!(keys.iter().all(|&key| table.slot(key) == table.slot(hash)), "{hash:#x}");
            let mut distinct = keys.clone();
            distinct.sort_unstable();
            distinct.dedup();
            assert_eq!(distinct.len(), 9, "{hash:#x}");
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
        // Other keys in the same bucket are not this one.
        assert!(same_bucket(&table, 7).take(3).all(|other| table.probe(other).is_none()));
    }

    #[test]
    fn a_bucket_keeps_four_positions_and_gives_up_the_shallowest() {
        let mut table = Table::new(1);
        let keys: Vec<u64> = std::iter::once(9).chain(same_bucket(&table, 9).take(4)).collect();
        for (&key, depth) in keys.iter().zip([5, 2, 9, 7]) {
            table.store(key, None, 10, depth, Bound::Exact, Some(10));
        }
        assert!(keys[..4].iter().all(|&key| table.probe(key).is_some()));
        table.store(keys[4], None, 20, 1, Bound::Exact, Some(20));
        let kept: Vec<bool> = keys.iter().map(|&key| table.probe(key).is_some()).collect();
        assert_eq!(kept, [true, false, true, true, true]);
    }

    #[test]
    fn an_earlier_search_gives_way_first() {
        let mut table = Table::new(1);
        let keys: Vec<u64> = std::iter::once(9).chain(same_bucket(&table, 9).take(5)).collect();
        for &key in &keys[..4] {
            table.store(key, None, 10, 10, Bound::Exact, Some(10));
        }
        table.new_search();
        // Ten plies a search ago count as two now: three plies now outweigh them.
        table.store(keys[4], None, 20, 3, Bound::Lower, Some(20));
        table.store(keys[5], None, 20, 3, Bound::Lower, Some(20));
        assert!(table.probe(keys[4]).is_some() && table.probe(keys[5]).is_some());
        assert_eq!(keys[..4].iter().filter(|&&key| table.probe(key).is_some()).count(), 2);
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
