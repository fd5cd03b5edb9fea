//! The six Shatar pieces.

use super::square::Color;
use serde::{Deserialize, Serialize};

/// A kind of piece, by its Mongolian name.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PieceKind {
    /// The king: one step in any direction.
    Noyon,
    /// Rook moves, or one step diagonally.
    Bers,
    /// The camel: moves like a bishop.
    Teme,
    /// The horse: moves like a knight.
    Mori,
    /// The cart: moves like a rook.
    Tereg,
    /// The pawn: one step forward, captures one step diagonally forward.
    Child,
}

impl PieceKind {
    pub const ALL: [PieceKind; 6] = [
        PieceKind::Noyon,
        PieceKind::Bers,
        PieceKind::Teme,
        PieceKind::Mori,
        PieceKind::Tereg,
        PieceKind::Child,
    ];

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The letter in Fairy-Stockfish's `shatar` FEN, upper case.
    pub const fn letter(self) -> char {
        match self {
            PieceKind::Noyon => 'K',
            PieceKind::Bers => 'J',
            PieceKind::Teme => 'B',
            PieceKind::Mori => 'N',
            PieceKind::Tereg => 'R',
            PieceKind::Child => 'P',
        }
    }

    pub const fn from_letter(letter: char) -> Option<PieceKind> {
        match letter.to_ascii_uppercase() {
            'K' => Some(PieceKind::Noyon),
            'J' => Some(PieceKind::Bers),
            'B' => Some(PieceKind::Teme),
            'N' => Some(PieceKind::Mori),
            'R' => Some(PieceKind::Tereg),
            'P' => Some(PieceKind::Child),
            _ => None,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::Noyon => "noyon",
            PieceKind::Bers => "bers",
            PieceKind::Teme => "teme",
            PieceKind::Mori => "mori",
            PieceKind::Tereg => "tereg",
            PieceKind::Child => "child",
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Piece {
    pub color: Color,
    pub kind: PieceKind,
}

impl Piece {
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece { color, kind }
    }

    /// FEN letter: upper case for White.
    pub const fn fen_char(self) -> char {
        let letter = self.kind.letter();
        match self.color {
            Color::White => letter,
            Color::Black => letter.to_ascii_lowercase(),
        }
    }

    pub const fn from_fen_char(c: char) -> Option<Piece> {
        let Some(kind) = PieceKind::from_letter(c) else {
            return None;
        };
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        Some(Piece { color, kind })
    }
}
