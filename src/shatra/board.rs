//! The 62-square board: part of a 7x14 rectangle, files a-g and ranks
//! 1-14, with each side's fortress (c-e on three ranks), gate (d4, d11)
//! and half of the battlefield (ranks 5-7 and 8-10). The ditch lies
//! between ranks 7 and 8; file d is the great road.

use crate::rules::Color;
use std::fmt;

pub const FILES: u8 = 7;
pub const RANKS: u8 = 14;

/// A square of the board; only the 62 real squares can be made.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Square(u8);

/// Where a square lies.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Region {
    Fortress(Color),
    Gate(Color),
    Battlefield(Color),
}

impl Square {
    /// File 0-6 (a-g) and rank 0-13 (1-14), if that is one of the 62.
    pub fn new(file: u8, rank: u8) -> Option<Square> {
        let on_board = match rank {
            0..=2 | 11..=13 => (2..=4).contains(&file),
            3 | 10 => file == 3,
            4..=9 => file < FILES,
            _ => false,
        };
        on_board.then_some(Square(rank * FILES + file))
    }

    pub const fn file(self) -> u8 {
        self.0 % FILES
    }

    pub const fn rank(self) -> u8 {
        self.0 / FILES
    }

    /// An index 0-97 into the 7x14 rectangle.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// All 62 squares, from a1's rank upwards, left to right.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..RANKS).flat_map(|rank| (0..FILES).filter_map(move |file| Square::new(file, rank)))
    }

    /// "a5", "d14".
    pub fn parse(text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let file = chars.next()?;
        if !('a'..='g').contains(&file) {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || digits.starts_with('0') {
            return None;
        }
        let rank: u8 = digits.parse().ok()?;
        if !(1..=RANKS).contains(&rank) {
            return None;
        }
        Square::new(file as u8 - b'a', rank - 1)
    }

    pub fn region(self) -> Region {
        match self.rank() {
            0..=2 => Region::Fortress(Color::White),
            3 => Region::Gate(Color::White),
            4..=6 => Region::Battlefield(Color::White),
            7..=9 => Region::Battlefield(Color::Black),
            10 => Region::Gate(Color::Black),
            _ => Region::Fortress(Color::Black),
        }
    }

    /// On the great road, file d.
    pub const fn on_great_road(self) -> bool {
        self.file() == 3
    }

    /// The square `by` (files, ranks) away, if it is on the board.
    pub fn offset(self, by: (i8, i8)) -> Option<Square> {
        let file = self.file() as i8 + by.0;
        let rank = self.rank() as i8 + by.1;
        if file < 0 || rank < 0 {
            return None;
        }
        Square::new(file as u8, rank as u8)
    }

    /// Whether going from here to `to` (adjacent ranks) crosses the ditch.
    pub fn across_ditch(self, to: Square) -> bool {
        (self.rank() <= 6) != (to.rank() <= 6)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_has_62_squares_in_its_regions() {
        assert_eq!(Square::all().count(), 62);
        let count = |region: Region| Square::all().filter(|sq| sq.region() == region).count();
        for color in Color::BOTH {
            assert_eq!(count(Region::Fortress(color)), 9);
            assert_eq!(count(Region::Gate(color)), 1);
            assert_eq!(count(Region::Battlefield(color)), 21);
        }
        assert_eq!(Square::parse("d4").map(Square::region), Some(Region::Gate(Color::White)));
        assert_eq!(Square::parse("d11").map(Square::region), Some(Region::Gate(Color::Black)));
        assert_eq!(Square::all().filter(|sq| sq.on_great_road()).count(), 14);
    }

    #[test]
    fn squares_parse_and_print() {
        for square in Square::all() {
            assert_eq!(Square::parse(&square.to_string()), Some(square));
        }
        for bad in ["", "a", "a0", "a15", "h5", "a1", "c4", "e11", "d01", "d4x", "A5"] {
            assert_eq!(Square::parse(bad), None, "{bad}");
        }
        assert_eq!(Square::parse("g10").map(|sq| (sq.file(), sq.rank())), Some((6, 9)));
    }

    #[test]
    fn offsets_stay_on_the_board_and_the_ditch_is_between_7_and_8() {
        let d4 = Square::parse("d4").expect("d4");
        assert_eq!(d4.offset((0, 1)), Square::parse("d5"));
        assert_eq!(d4.offset((1, 0)), None, "e4 is off the board");
        let c7 = Square::parse("c7").expect("c7");
        let c8 = Square::parse("c8").expect("c8");
        assert!(c7.across_ditch(c8) && !c8.across_ditch(Square::parse("c9").expect("c9")));
    }
}
