//! Moves and fixed-capacity move lists.

use super::square::Square;
use arrayvec::ArrayVec;
use std::fmt;

/// A move from one square to another. A child reaching the last rank always
/// becomes a bers, so promotion is a flag, not a choice.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub promotion: bool,
}

impl Move {
    pub const fn new(from: Square, to: Square, promotion: bool) -> Move {
        Move { from, to, promotion }
    }
}

/// UCI coordinates: `e2e4`, promotion `a7a8j`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if self.promotion {
            f.write_str("j")?;
        }
        Ok(())
    }
}

/// At least any Shatar position allows: with at most 16 pieces a side, a
/// noyon (8) and fifteen bers (18 each) make 278.
pub const MAX_MOVES: usize = 288;

/// The legal moves of a position, on the stack.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;
