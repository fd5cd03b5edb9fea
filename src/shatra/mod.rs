//! Shatra, the Altai game of seed 002, beside Shatar's rules: its board,
//! its men, positions, moves with drops and capture chains. Bevy-free.

mod board;
mod capture;
mod legal;
mod moves;
mod notation;
mod position;
mod rules;

pub use board::{FILES, RANKS, Region, Square};
pub use legal::{legal_moves, perft};
pub use moves::{Leg, Move, quiet_moves};
pub use notation::{MoveTextError, parse_move};
pub use position::{INITIAL_FEN, Man, ManKind, Position, PositionError};
pub use rules::{DoubleStep, GatePawn, ShatraRules};
