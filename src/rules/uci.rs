//! UCI coordinate moves: `e2e4`, promotion `a7a8j`.

use super::moves::Move;
use super::position::Position;
use super::square::Square;
use thiserror::Error;

#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum MoveError {
    #[error("'{0}' is not a move in UCI coordinates (like e2e4, or a7a8j to promote)")]
    Syntax(String),
    #[error("{0} is not a legal move in this position")]
    Illegal(String),
}

impl Position {
    /// Parses a UCI move and checks that it is legal here. The promotion
    /// suffix may be left out, since a child can only become a bers.
    pub fn parse_uci(&self, text: &str) -> Result<Move, MoveError> {
        let syntax = || MoveError::Syntax(text.to_string());
        let (squares, suffix) = match text.len() {
            4 => (text, None),
            5 if text.is_char_boundary(4) => (&text[..4], Some(&text[4..])),
            _ => return Err(syntax()),
        };
        let from = squares.get(..2).and_then(Square::parse).ok_or_else(syntax)?;
        let to = squares.get(2..).and_then(Square::parse).ok_or_else(syntax)?;
        if suffix.is_some_and(|s| s != "j") {
            return Err(syntax());
        }
        self.find_move(from, to)
            .filter(|mv| suffix.is_none() || mv.promotion)
            .ok_or_else(|| MoveError::Illegal(text.to_string()))
    }

    /// The legal move from one square to another, if there is one. A child
    /// that reaches the last rank becomes a bers, so no choice is needed.
    pub fn find_move(&self, from: Square, to: Square) -> Option<Move> {
        self.legal_moves().into_iter().find(|mv| mv.from == from && mv.to == to)
    }
}
