//! A square of either board by file and rank, and the figure a man is
//! carved as.

use crate::rules::{self, Piece, PieceKind};
use crate::shatra::{self, Man, ManKind};
use std::fmt;

/// A square of either board: file and rank from White's left corner, 0-based.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Cell {
    pub file: u8,
    pub rank: u8,
}

impl Cell {
    pub const fn new(file: u8, rank: u8) -> Cell {
        Cell { file, rank }
    }

    /// "e4", "d14".
    pub fn parse(text: &str) -> Option<Cell> {
        let mut chars = text.chars();
        let file = chars.next().filter(char::is_ascii_lowercase)?;
        let rank: u8 = chars.as_str().parse().ok().filter(|rank| (1..=14).contains(rank))?;
        Some(Cell::new(file as u8 - b'a', rank - 1))
    }

    /// The Shatar square, if this cell is on the 8x8 board.
    pub fn shatar(self) -> Option<rules::Square> {
        rules::Square::new(self.file, self.rank)
    }

    /// The shatra square, if this cell is one of the 62.
    pub fn shatra(self) -> Option<shatra::Square> {
        shatra::Square::new(self.file, self.rank)
    }

    /// Whether the cell is a light square, for a chequered board.
    pub const fn is_light(self) -> bool {
        (self.file + self.rank) % 2 == 1
    }
}

impl From<rules::Square> for Cell {
    fn from(square: rules::Square) -> Cell {
        Cell::new(square.file(), square.rank())
    }
}

impl From<shatra::Square> for Cell {
    fn from(square: shatra::Square) -> Cell {
        Cell::new(square.file(), square.rank())
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file) as char, self.rank + 1)
    }
}

/// The sculpted figure that plays a shatra man: biy = noyon, batïr = bers,
/// tura = tereg, jalkïn = teme, šatra = child.
pub const fn figure(man: Man) -> Piece {
    let kind = match man.kind {
        ManKind::Biy => PieceKind::Noyon,
        ManKind::Batir => PieceKind::Bers,
        ManKind::Tura => PieceKind::Tereg,
        ManKind::Jalkin => PieceKind::Teme,
        ManKind::Shatra => PieceKind::Child,
    };
    Piece { color: man.color, kind }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_name_squares_of_both_boards() {
        let e4 = rules::Square::parse("e4").map(Cell::from);
        assert_eq!(e4, Some(Cell::new(4, 3)));
        assert_eq!(Cell::parse("d14").and_then(Cell::shatra).map(|sq| sq.to_string()), Some("d14".into()));
        assert_eq!(Cell::parse("a14").and_then(Cell::shatra), None, "a14 is off the shatra board");
        assert_eq!(Cell::parse("d9").and_then(Cell::shatar), None);
        assert_eq!(Cell::parse("h15"), None);
        assert_eq!(Cell::parse("A1"), None);
        assert_eq!(Cell::new(3, 13).to_string(), "d14");
    }
}
