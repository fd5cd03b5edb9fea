//! Shatra, the Altai game of seed 002, beside Shatar's rules: its board,
//! its men and positions. Bevy-free. (Issue 7: quiet moves and drops so far;
//! captures come next.)

mod board;
mod moves;
mod position;
mod rules;

pub use board::{FILES, RANKS, Region, Square};
pub use moves::{Move, quiet_moves};
pub use position::{INITIAL_FEN, Man, ManKind, Position, PositionError};
pub use rules::{DoubleStep, ShatraRules};
