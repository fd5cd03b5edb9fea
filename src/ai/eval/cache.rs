//! The evaluation with the children's structure remembered: the children
//! move seldom, so most positions a search meets share their structure
//! with one it has already scored.

use super::{Attacks, Scorer, collect_with, score, structure};
use crate::rules::{Bitboard, Color, PieceKind, Position, StalemateRule};

/// Slots in the cache, a power of two.
const SLOTS: usize = 1 << 13;

/// One side's structure terms for one set of both sides' children.
#[derive(Clone, Copy, Default)]
struct Entry {
    /// `None` until the slot is first filled.
    side: Option<Color>,
    own: Bitboard,
    enemy: Bitboard,
    /// Packed as the scorer packs its sums.
    sum: i64,
    passed: Bitboard,
}

/// Scores positions exactly as [`evaluate`](super::evaluate) does.
pub struct Evaluator {
    entries: Box<[Entry]>,
}

impl Default for Evaluator {
    fn default() -> Self {
        Evaluator::with_slots(SLOTS)
    }
}

impl Evaluator {
    /// `slots` must be a power of two.
    fn with_slots(slots: usize) -> Evaluator {
        Evaluator { entries: vec![Entry::default(); slots].into_boxed_slice() }
    }

    /// The evaluation from the side to move's point of view.
    pub fn evaluate(&mut self, position: &Position, stalemate: StalemateRule) -> i32 {
        let mut scorer = Scorer::default();
        collect_with(position, &mut scorer, |color, attacks, scorer| {
            self.structure(position, color, attacks, scorer)
        });
        score(position, &scorer, stalemate)
    }

    fn structure(
        &mut self,
        position: &Position,
        side: Color,
        attacks: &Attacks,
        scorer: &mut Scorer,
    ) -> Bitboard {
        let own = position.pieces(side, PieceKind::Child);
        let enemy = position.pieces(side.opponent(), PieceKind::Child);
        let mask = self.entries.len() - 1;
        let entry = &mut self.entries[slot(own, enemy, side) & mask];
        if entry.side != Some(side) || entry.own != own || entry.enemy != enemy {
            let mut part = Scorer::default();
            let passed = structure(position, side, attacks, &mut part);
            *entry = Entry { side: Some(side), own, enemy, sum: part.sums[side.index()], passed };
        }
        scorer.sums[side.index()] += entry.sum;
        entry.passed
    }
}

/// A slot for the children, before it is masked to the cache's length.
fn slot(own: Bitboard, enemy: Bitboard, side: Color) -> usize {
    let mixed = (own.0 ^ enemy.0.rotate_left(29) ^ side.index() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (mixed >> 32) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Positions from random games, many sharing their children.
    fn positions() -> Vec<Position> {
        crate::rules::attacks::init();
        let mut rng = fastrand::Rng::with_seed(7);
        let mut all = Vec::new();
        for _ in 0..60 {
            let mut position = Position::initial(Color::White);
            for _ in 0..120 {
                let moves = position.legal_moves();
                if moves.is_empty() || position.is_robado() {
                    break;
                }
                position.play_unchecked(moves[rng.usize(..moves.len())]);
                all.push(position);
                // The colours swapped on the same squares: one side's children
                // become the other's, the same sets of squares.
                if let Ok(swapped) = Position::from_fen(&colours_swapped(&position.to_fen())) {
                    all.push(swapped);
                }
            }
        }
        all
    }

    fn colours_swapped(fen: &str) -> String {
        let (board, rest) = fen.split_once(' ').unwrap_or((fen, ""));
        let board: String = board.chars().map(super::super::tests::swap_colour).collect();
        format!("{board} {rest}")
    }

    #[test]
    fn remembered_structure_scores_as_the_plain_evaluation() {
        let positions = positions();
        assert!(positions.len() > 6_000, "{} positions", positions.len());
        // One slot makes every position meet another's entry.
        for slots in [1, SLOTS] {
            let mut evaluator = Evaluator::with_slots(slots);
            // Twice over, so the second pass reads what the first stored.
            for _ in 0..2 {
                for position in &positions {
                    for rule in [StalemateRule::Win, StalemateRule::Draw] {
                        let plain = super::super::evaluate(position, rule);
                        assert_eq!(
                            evaluator.evaluate(position, rule),
                            plain,
                            "{slots}: {}",
                            position.to_fen()
                        );
                    }
                }
            }
        }
    }
}
