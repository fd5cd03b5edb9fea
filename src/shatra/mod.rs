//! Shatra, the Altai game of seed 002, beside Shatar's rules: its board,
//! its men, positions, moves with drops and capture chains, games and
//! their records. Bevy-free.

mod board;
mod capture;
mod game;
mod legal;
mod moves;
mod notation;
mod position;
mod record;
mod rules;

pub use board::{FILES, RANKS, Region, Square};
pub use game::{Game, GameError, MovesError, Outcome, Reason};
pub use legal::{legal_moves, perft};
pub use moves::{Leg, Move, quiet_moves};
pub use notation::{MoveTextError, parse_move};
pub use position::{INITIAL_FEN, Man, ManKind, Position, PositionError};
pub use record::{RecordError, ShatraRecord, Variant};
pub use rules::{DoubleStep, GatePawn, ShatraRules};
