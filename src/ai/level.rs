//! Strength levels. The weaker ones search shallowly and, among the moves
//! that score close to the best, pick one by chance: they lose the way a
//! beginner does, by misjudging, not by throwing pieces away at random.

use super::limits::Limits;
use super::search::{MATE_BOUND, Report, Searcher};
use crate::rules::{Game, Move};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The strongest level: no handicap, all the time it is given.
pub const MAX_LEVEL: u8 = 8;

/// What a level may do.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Level {
    pub number: u8,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Evaluation noise, in centipawns.
    pub noise: i32,
    /// Moves within this many centipawns of the best may be chosen.
    pub margin: i32,
    /// How readily a worse candidate is chosen (softmax temperature).
    pub temperature: f64,
}

impl Level {
    /// Level `number`, clamped to 1..=[`MAX_LEVEL`].
    pub fn new(number: u8) -> Level {
        let number = number.clamp(1, MAX_LEVEL);
        let (depth, nodes, noise, margin, temperature) = match number {
            1 => (Some(1), Some(2_000), 60, 350, 110.0),
            2 => (Some(2), Some(8_000), 40, 220, 70.0),
            3 => (Some(3), Some(30_000), 25, 130, 40.0),
            4 => (Some(4), Some(100_000), 12, 70, 22.0),
            5 => (Some(6), Some(400_000), 0, 30, 10.0),
            6 => (None, Some(25_000), 0, 0, 0.0),
            7 => (None, Some(100_000), 0, 0, 0.0),
            _ => (None, None, 0, 0, 0.0),
        };
        Level { number, depth, nodes, noise, margin, temperature }
    }

    /// The level in words, for players.
    pub const fn name(&self) -> &'static str {
        match self.number {
            1 => "beginner",
            2 => "novice",
            3 => "casual",
            4 => "club player",
            5 => "strong club player",
            6 => "expert",
            7 => "master",
            _ => "maximum",
        }
    }

    /// This level's limits within the `given` ones: the tighter of each.
    pub fn limits(&self, given: Limits) -> Limits {
        Limits {
            depth: min_option(self.depth, given.depth),
            nodes: min_option(self.nodes, given.nodes),
            ..given
        }
    }

    /// How long the game lets the computer think at this level.
    pub fn game_time(&self) -> Duration {
        match self.number {
            1..=5 => Duration::from_secs(2),
            6 | 7 => Duration::from_secs(3),
            _ => Duration::from_secs(6),
        }
    }

    /// A move at this level within `limits`, or `None` if the game is over.
    /// `report` hears of every finished iteration of the search.
    pub fn choose(
        &self,
        searcher: &mut Searcher,
        game: &Game,
        limits: Limits,
        seed: u64,
        stop: &AtomicBool,
        report: impl FnMut(&Report),
    ) -> Option<Move> {
        let limits = self.limits(limits);
        searcher.set_noise(self.noise, seed);
        let chosen = if self.margin == 0 {
            searcher.think(game, &limits, stop, report).best
        } else {
            let candidates = searcher.candidates(game, &limits, self.margin, stop, report);
            self.sample(&candidates, seed)
        };
        searcher.set_noise(0, 0);
        chosen
    }

    /// One of the `candidates` (best first), by chance weighted to the best.
    pub(super) fn sample<M: Clone>(&self, candidates: &[(M, i32)], seed: u64) -> Option<M> {
        let (best, top) = candidates.first().cloned()?;
        // A forced win is never thrown away, and a move is never chosen
        // that walks into a forced loss when another does not.
        if top >= MATE_BOUND {
            return Some(best);
        }
        let weights: Vec<f64> =
            candidates
                .iter()
                .map(|&(_, score)| {
                    if score <= -MATE_BOUND { 0.0 } else { (f64::from(score - top) / self.temperature).exp() }
                })
                .collect();
        let total: f64 = weights.iter().sum();
        if total <= 0.0 {
            return Some(best);
        }
        let mut point = fastrand::Rng::with_seed(seed).f64() * total;
        for ((mv, _), weight) in candidates.iter().zip(&weights) {
            if point < *weight {
                return Some(mv.clone());
            }
            point -= weight;
        }
        Some(best)
    }
}

fn min_option<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}
