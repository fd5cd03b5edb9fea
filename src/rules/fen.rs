//! FEN in Fairy-Stockfish's `shatar` dialect: `J` is the bers, and the
//! castling and en passant fields are always `-`.

use super::piece::Piece;
use super::position::{Position, PositionError, Setup};
use super::square::{Color, Square};
use std::fmt::Write;
use std::str::FromStr;
use thiserror::Error;

/// The initial array, White to move, before the obligatory opening.
pub const INITIAL_FEN: &str = "rnbjkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBJKBNR w - - 0 1";

#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum FenError {
    #[error("a FEN needs 4 to 6 fields separated by spaces, found {0}")]
    FieldCount(usize),
    #[error("the placement needs 8 ranks separated by '/', found {0}")]
    RankCount(usize),
    #[error("rank {rank} describes {files} files instead of 8")]
    RankLength { rank: u8, files: u32 },
    #[error("'{0}' cannot count empty squares; use 1 to 8")]
    BadDigit(char),
    #[error("'{0}' is not a Shatar piece (use P N B R J K, lower case for Black)")]
    BadPiece(char),
    #[error("the side to move must be 'w' or 'b', found '{0}'")]
    BadSide(String),
    #[error("Shatar has no castling: the castling field must be '-', found '{0}'")]
    Castling(String),
    #[error("Shatar has no en passant: that field must be '-', found '{0}'")]
    EnPassant(String),
    #[error("the {field} must be a whole number, found '{value}'")]
    BadCounter { field: &'static str, value: String },
    #[error("not a legal position: {0}")]
    Position(#[from] PositionError),
}

impl Setup {
    pub fn from_fen(fen: &str) -> Result<Setup, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if !(4..=6).contains(&fields.len()) {
            return Err(FenError::FieldCount(fields.len()));
        }
        let board = parse_placement(fields[0])?;
        let side_to_move = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::BadSide(other.to_string())),
        };
        if fields[2] != "-" {
            return Err(FenError::Castling(fields[2].to_string()));
        }
        if fields[3] != "-" {
            return Err(FenError::EnPassant(fields[3].to_string()));
        }
        let counter = |index: usize, field: &'static str, default: u32| match fields.get(index) {
            None => Ok(default),
            Some(value) => {
                value.parse::<u32>().map_err(|_| FenError::BadCounter { field, value: value.to_string() })
            }
        };
        Ok(Setup {
            board,
            side_to_move,
            halfmove_clock: counter(4, "halfmove clock", 0)?,
            fullmove_number: counter(5, "fullmove number", 1)?,
        })
    }

    pub fn to_fen(&self) -> String {
        let mut fen = String::with_capacity(80);
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                let piece = Square::new(file, rank).and_then(|square| self.board[square.index()]);
                match piece {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            let _ = write!(fen, "{empty}");
                            empty = 0;
                        }
                        fen.push(piece.fen_char());
                    }
                }
            }
            if empty > 0 {
                let _ = write!(fen, "{empty}");
            }
            if rank > 0 {
                fen.push('/');
            }
        }
        let side = match self.side_to_move {
            Color::White => 'w',
            Color::Black => 'b',
        };
        let _ = write!(fen, " {side} - - {} {}", self.halfmove_clock, self.fullmove_number);
        fen
    }
}

fn parse_placement(placement: &str) -> Result<[Option<Piece>; 64], FenError> {
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::RankCount(ranks.len()));
    }
    let mut board = [None; 64];
    for (text, rank) in ranks.iter().zip((0..8u8).rev()) {
        let mut file: u32 = 0;
        for c in text.chars() {
            if let Some(skip) = c.to_digit(10) {
                if !(1..=8).contains(&skip) {
                    return Err(FenError::BadDigit(c));
                }
                file += skip;
                continue;
            }
            let piece = Piece::from_fen_char(c).ok_or(FenError::BadPiece(c))?;
            match Square::new(file as u8, rank).filter(|_| file < 8) {
                Some(square) => board[square.index()] = Some(piece),
                None => return Err(FenError::RankLength { rank: rank + 1, files: file + 1 }),
            }
            file += 1;
        }
        if file != 8 {
            return Err(FenError::RankLength { rank: rank + 1, files: file });
        }
    }
    Ok(board)
}

impl Position {
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Ok(Position::from_setup(&Setup::from_fen(fen)?)?)
    }

    pub fn to_fen(&self) -> String {
        self.to_setup().to_fen()
    }
}

impl FromStr for Position {
    type Err = FenError;

    fn from_str(fen: &str) -> Result<Position, FenError> {
        Position::from_fen(fen)
    }
}
