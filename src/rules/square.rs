//! Squares, files, ranks and the two sides.

use serde::{Deserialize, Serialize};
use std::fmt;

/// One of the 64 squares, `a1 = 0` through `h8 = 63`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Square(u8);

impl Square {
    /// The square on `file` (0 = a) and `rank` (0 = rank 1), if both are on the board.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 { Some(Square(rank * 8 + file)) } else { None }
    }

    /// The square with this index, if it is below 64.
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 64 { Some(Square(index)) } else { None }
    }

    /// For indices that are in range by construction (bit scans); wraps otherwise.
    pub(crate) const fn from_index_masked(index: u32) -> Square {
        Square((index & 63) as u8)
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File, 0 = a.
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// Rank, 0 = rank 1.
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The square `df` files and `dr` ranks away, if it is on the board.
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let file = self.file() as i8 + df;
        let rank = self.rank() as i8 + dr;
        if file < 0 || rank < 0 {
            return None;
        }
        Square::new(file as u8, rank as u8)
    }

    /// The square one rank ahead for `color`: where its child steps.
    pub const fn ahead(self, color: Color) -> Option<Square> {
        self.offset(0, if matches!(color, Color::White) { 1 } else { -1 })
    }

    /// Parses a square name such as `e4`.
    pub fn parse(name: &str) -> Option<Square> {
        match name.as_bytes() {
            [file @ b'a'..=b'h', rank @ b'1'..=b'8'] => Square::new(file - b'a', rank - b'1'),
            _ => None,
        }
    }

    /// All squares, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, (b'1' + self.rank()) as char)
    }
}

/// A side. White sets up on ranks 1 and 2.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    White,
    Black,
}

impl Color {
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// The rank a child of this side promotes on.
    pub const fn last_rank(self) -> u8 {
        match self {
            Color::White => 7,
            Color::Black => 0,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "White",
            Color::Black => "Black",
        })
    }
}
