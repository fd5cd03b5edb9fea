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

#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    key: u64,
    mv: u16,
    score: i16,
    depth: i8,
    /// 0 empty, then 1 + bound.
    bound: u8,
    age: u8,
}

#[derive(Clone, Copy, Debug)]
pub struct Hit {
    pub mv: Option<Move>,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
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
        let count = (bytes / size_of::<Entry>()).next_power_of_two() / 2;
        Table { entries: vec![Entry::default(); count.max(1024)], age: 0 }
    }

    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
        self.age = 0;
    }

    /// Marks a new search, so old entries give way first.
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.entries.len() - 1)
    }

    pub fn probe(&self, key: u64) -> Option<Hit> {
        let entry = self.entries[self.slot(key)];
        if entry.bound == 0 || entry.key != key {
            return None;
        }
        let bound = match entry.bound {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Hit { mv: unpack(entry.mv), score: entry.score.into(), depth: entry.depth.into(), bound })
    }

    pub fn store(&mut self, key: u64, mv: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let slot = self.slot(key);
        let old = self.entries[slot];
        let replace =
            old.bound == 0 || old.key == key || old.age != self.age || depth >= i32::from(old.depth) - 2;
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
            depth: depth.clamp(-1, 127) as i8,
            bound: 1 + bound as u8,
            age: self.age,
        };
    }
}

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
