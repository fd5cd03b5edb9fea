//! Shatra, the Altai game of seed 002, beside Shatar's rules: its board,
//! its men and positions. Bevy-free. (Issue 7; moves and captures come next.)

mod board;
mod position;

pub use board::{FILES, RANKS, Region, Square};
pub use position::{INITIAL_FEN, Man, ManKind, Position, PositionError};
