//! Perft: the number of leaf nodes of the legal move tree.

use super::moves::Move;
use super::position::Position;

impl Position {
    /// Leaves at `depth`, counting the last ply in bulk.
    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_legal_moves() as u64,
            _ => self
                .legal_moves()
                .into_iter()
                .map(|mv| {
                    let mut next = *self;
                    next.play_unchecked(mv);
                    next.perft(depth - 1)
                })
                .sum(),
        }
    }

    /// Perft split by root move, as `go perft` prints it.
    pub fn divide(&self, depth: u32) -> Vec<(Move, u64)> {
        self.legal_moves()
            .into_iter()
            .map(|mv| {
                let mut next = *self;
                next.play_unchecked(mv);
                (mv, next.perft(depth.saturating_sub(1)))
            })
            .collect()
    }
}
