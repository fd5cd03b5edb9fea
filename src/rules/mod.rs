//! The rules of Shatar, free of any game engine: the one source of truth.

pub mod attacks;
mod bitboard;
mod check;
mod fen;
mod game;
mod magics;
mod movegen;
mod moves;
mod options;
mod outcome;
mod perft;
mod piece;
mod position;
mod record;
mod san;
mod series;
mod square;
mod uci;
mod zobrist;

pub use bitboard::Bitboard;
pub use check::{CheckKind, CheckKinds};
pub use fen::{FenError, INITIAL_FEN};
pub use game::{Game, GameError, MovesError, PlayedMove};
pub use moves::{MAX_MOVES, Move, MoveList};
pub use options::{RuleOptions, StalemateRule};
pub use outcome::{DrawReason, Outcome, Reason, ResultSummary, ResultTag, WinReason};
pub use piece::{Piece, PieceKind};
pub use position::{IllegalMove, Position, PositionError, Setup};
pub use record::{GameRecord, RECORD_VERSION, RecordError, write_atomically};
pub use series::CheckSeries;
pub use square::{Color, Square};
pub use uci::MoveError;
