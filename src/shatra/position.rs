//! A shatra position: the men on the board, the side to move, whether each
//! side's initial reserve is still in its fortress, the en passant chance,
//! and the counters. Written as a FEN-like text: the ranks from 14 down to
//! 1, each listing only its own squares (3, 1 or 7), then the side, the
//! reserves, the en passant square, the plies without a capture and the
//! move number. The reserves field is `WB`, `W`, `B` or `-`; a square after
//! a letter (`Wc2B`) names a reserve man who captured inside his fortress
//! and must be dropped at his side's next turn without a capture.

use super::board::{FILES, RANKS, Region, Square};
use crate::rules::Color;
use std::fmt;
use thiserror::Error;

/// The initial array of seed 002. The seed's "c4" among Black's pawns is
/// read as c14, the mirror of White's c1 (c4 is not on the board).
pub const INITIAL_FEN: &str = "pqp/prp/brb/k/ppppppp/7/7/7/7/PPPPPPP/K/BRB/PRP/PQP w WB - 0 1";

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ManKind {
    /// The king.
    Biy,
    /// The queen.
    Batir,
    /// The rook.
    Tura,
    /// The bishop.
    Jalkin,
    /// The pawn.
    Shatra,
}

impl ManKind {
    pub const ALL: [ManKind; 5] =
        [ManKind::Biy, ManKind::Batir, ManKind::Tura, ManKind::Jalkin, ManKind::Shatra];

    /// The seed's letters: K, Q, R, B, P.
    pub const fn letter(self) -> char {
        match self {
            ManKind::Biy => 'K',
            ManKind::Batir => 'Q',
            ManKind::Tura => 'R',
            ManKind::Jalkin => 'B',
            ManKind::Shatra => 'P',
        }
    }

    fn from_letter(letter: char) -> Option<ManKind> {
        ManKind::ALL.into_iter().find(|kind| kind.letter() == letter.to_ascii_uppercase())
    }

    /// How many each side has at the start.
    pub const fn initial_count(self) -> u8 {
        match self {
            ManKind::Biy | ManKind::Batir => 1,
            ManKind::Tura | ManKind::Jalkin => 2,
            ManKind::Shatra => 11,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Man {
    pub color: Color,
    pub kind: ManKind,
}

impl Man {
    pub fn letter(self) -> char {
        let letter = self.kind.letter();
        if self.color == Color::White { letter } else { letter.to_ascii_lowercase() }
    }
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    pub(super) board: [Option<Man>; (FILES * RANKS) as usize],
    pub(super) side_to_move: Color,
    /// Whether each side still has men from its initial reserve in its
    /// fortress.
    pub(super) initial_reserve: [bool; 2],
    /// A reserve man of each side who captured inside his fortress and must
    /// be dropped at the next turn without a capture.
    pub(super) pending_drop: [Option<Square>; 2],
    /// The square a pawn has just passed over in a double move.
    pub(super) en_passant: Option<Square>,
    pub(super) quiet_plies: u32,
    pub(super) move_number: u32,
}

#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum PositionError {
    #[error("expected 4 to 6 fields (placement, side, reserves, en passant[, quiet plies, move]), found {0}")]
    Fields(usize),
    #[error("expected 14 ranks separated by '/', found {0}")]
    Ranks(usize),
    #[error("rank {rank} has {expected} squares, but '{text}' describes {found}")]
    RankLength { rank: u8, expected: usize, found: usize, text: String },
    #[error("'{0}' is not a man (K, Q, R, B, P, or lower case for Black)")]
    Man(char),
    #[error("the side to move is 'w' or 'b', not '{0}'")]
    Side(String),
    #[error(
        "the reserves field is 'WB', 'W', 'B' or '-', each letter perhaps with a square of its fortress ('Wc2B'), not '{0}'"
    )]
    Reserves(String),
    #[error("'{0}' is not an en passant square of the shatra board")]
    EnPassant(String),
    #[error("'{0}' is not a count")]
    Number(String),
    #[error("{color} has {count} biys; a position has at most one each")]
    Biys { color: Color, count: usize },
}

impl Position {
    pub fn initial() -> Position {
        Position::from_fen(INITIAL_FEN).unwrap_or_else(|error| unreachable!("the initial FEN: {error}"))
    }

    pub fn man_at(&self, square: Square) -> Option<Man> {
        self.board[square.index()]
    }

    pub const fn side_to_move(&self) -> Color {
        self.side_to_move
    }

    pub const fn has_initial_reserve(&self, color: Color) -> bool {
        self.initial_reserve[color.index()]
    }

    /// The reserve man of `color` who must be dropped next, if any.
    pub const fn pending_drop(&self, color: Color) -> Option<Square> {
        self.pending_drop[color.index()]
    }

    pub const fn en_passant(&self) -> Option<Square> {
        self.en_passant
    }

    pub const fn quiet_plies(&self) -> u32 {
        self.quiet_plies
    }

    pub const fn move_number(&self) -> u32 {
        self.move_number
    }

    pub(super) fn take(&mut self, square: Square) -> Option<Man> {
        self.board[square.index()].take()
    }

    pub(super) fn put(&mut self, square: Square, man: Option<Man>) {
        self.board[square.index()] = man;
    }

    /// The men of a side, with their squares.
    pub fn men(&self, color: Color) -> impl Iterator<Item = (Square, Man)> + '_ {
        Square::all()
            .filter_map(move |sq| self.man_at(sq).filter(|man| man.color == color).map(|man| (sq, man)))
    }

    /// How many officers of `kind` the enemy has taken from `color`: those
    /// a pawn of `color` may promote to.
    pub fn captured(&self, color: Color, kind: ManKind) -> u8 {
        let present = self.men(color).filter(|(_, man)| man.kind == kind).count();
        kind.initial_count().saturating_sub(u8::try_from(present).unwrap_or(u8::MAX))
    }

    pub fn from_fen(text: &str) -> Result<Position, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if !(4..=6).contains(&fields.len()) {
            return Err(PositionError::Fields(fields.len()));
        }
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != RANKS as usize {
            return Err(PositionError::Ranks(ranks.len()));
        }
        let mut board = [None; (FILES * RANKS) as usize];
        for (row, text) in ranks.iter().enumerate() {
            let rank = RANKS - 1 - row as u8;
            let squares: Vec<Square> = (0..FILES).filter_map(|file| Square::new(file, rank)).collect();
            let mut at = 0;
            for c in text.chars() {
                if let Some(skip) = c.to_digit(10).filter(|&n| n > 0) {
                    at += skip as usize;
                    continue;
                }
                let kind = ManKind::from_letter(c).ok_or(PositionError::Man(c))?;
                let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
                if let Some(square) = squares.get(at) {
                    board[square.index()] = Some(Man { color, kind });
                }
                at += 1;
            }
            if at != squares.len() {
                let error = PositionError::RankLength {
                    rank: rank + 1,
                    expected: squares.len(),
                    found: at,
                    text: (*text).into(),
                };
                return Err(error);
            }
        }
        let side_to_move = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(PositionError::Side(other.into())),
        };
        let (initial_reserve, pending_drop) =
            parse_reserves(fields[2]).ok_or_else(|| PositionError::Reserves(fields[2].into()))?;
        let en_passant = match fields[3] {
            "-" => None,
            text => Some(
                Square::parse(text)
                    .filter(|sq| matches!(sq.region(), Region::Battlefield(_)))
                    .ok_or_else(|| PositionError::EnPassant(text.into()))?,
            ),
        };
        let number = |index: usize, default: u32| {
            fields
                .get(index)
                .map_or(Ok(default), |text| text.parse().map_err(|_| PositionError::Number((*text).into())))
        };
        let position = Position {
            board,
            side_to_move,
            initial_reserve,
            pending_drop,
            en_passant,
            quiet_plies: number(4, 0)?,
            move_number: number(5, 1)?,
        };
        for color in Color::BOTH {
            let count = position.men(color).filter(|(_, man)| man.kind == ManKind::Biy).count();
            if count > 1 {
                return Err(PositionError::Biys { color, count });
            }
        }
        Ok(position)
    }

    pub fn fen(&self) -> String {
        let mut placement = Vec::new();
        for rank in (0..RANKS).rev() {
            let mut text = String::new();
            let mut empty = 0;
            for square in (0..FILES).filter_map(|file| Square::new(file, rank)) {
                match self.man_at(square) {
                    Some(man) => {
                        if empty > 0 {
                            text.push_str(&empty.to_string());
                            empty = 0;
                        }
                        text.push(man.letter());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            placement.push(text);
        }
        let side = if self.side_to_move == Color::White { "w" } else { "b" };
        let mut reserves = String::new();
        for color in Color::BOTH.into_iter().filter(|&color| self.has_initial_reserve(color)) {
            reserves.push(if color == Color::White { 'W' } else { 'B' });
            if let Some(square) = self.pending_drop(color) {
                reserves.push_str(&square.to_string());
            }
        }
        if reserves.is_empty() {
            reserves.push('-');
        }
        let en_passant = self.en_passant.map_or("-".to_string(), |sq| sq.to_string());
        format!(
            "{} {side} {reserves} {en_passant} {} {}",
            placement.join("/"),
            self.quiet_plies,
            self.move_number
        )
    }
}

/// `WB`, `W`, `B` or `-`, each letter perhaps followed by a square of its
/// own fortress: the reserve man who must be dropped next.
fn parse_reserves(text: &str) -> Option<([bool; 2], [Option<Square>; 2])> {
    let mut reserve = [false, false];
    let mut pending = [None, None];
    if text == "-" {
        return Some((reserve, pending));
    }
    let mut rest = text;
    for (color, letter) in [(Color::White, 'W'), (Color::Black, 'B')] {
        let Some(after) = rest.strip_prefix(letter) else { continue };
        reserve[color.index()] = true;
        let square_len = after.find(['W', 'B']).unwrap_or(after.len());
        if square_len > 0 {
            let square = Square::parse(&after[..square_len])
                .filter(|square| square.region() == Region::Fortress(color))?;
            pending[color.index()] = Some(square);
        }
        rest = &after[square_len..];
    }
    (rest.is_empty() && reserve != [false, false]).then_some((reserve, pending))
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fen())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Square::parse(name).unwrap_or_else(|| panic!("{name}"))
    }

    #[test]
    fn the_initial_array_is_the_seeds() {
        let position = Position::initial();
        assert_eq!(position.fen(), INITIAL_FEN);
        let white = [
            ("d4", ManKind::Biy),
            ("d1", ManKind::Batir),
            ("d2", ManKind::Tura),
            ("d3", ManKind::Tura),
            ("c3", ManKind::Jalkin),
            ("e3", ManKind::Jalkin),
        ];
        for (name, kind) in white {
            assert_eq!(position.man_at(sq(name)), Some(Man { color: Color::White, kind }), "{name}");
        }
        let black = [
            ("d11", ManKind::Biy),
            ("d14", ManKind::Batir),
            ("d12", ManKind::Tura),
            ("d13", ManKind::Tura),
            ("c12", ManKind::Jalkin),
            ("e12", ManKind::Jalkin),
        ];
        for (name, kind) in black {
            assert_eq!(position.man_at(sq(name)), Some(Man { color: Color::Black, kind }), "{name}");
        }
        let pawns = |color: Color| -> Vec<String> {
            let mut squares: Vec<String> = position
                .men(color)
                .filter(|(_, man)| man.kind == ManKind::Shatra)
                .map(|(square, _)| square.to_string())
                .collect();
            squares.sort();
            squares
        };
        assert_eq!(pawns(Color::White), ["a5", "b5", "c1", "c2", "c5", "d5", "e1", "e2", "e5", "f5", "g5"]);
        assert_eq!(
            pawns(Color::Black),
            ["a10", "b10", "c10", "c13", "c14", "d10", "e10", "e13", "e14", "f10", "g10"]
        );
        for color in Color::BOTH {
            assert_eq!(position.men(color).count(), 17);
            for kind in ManKind::ALL {
                assert_eq!(position.captured(color, kind), 0);
            }
            assert!(position.has_initial_reserve(color));
        }
    }

    #[test]
    fn positions_round_trip_and_count_captured_officers() {
        // Seed 002's mid-chain promotion example: White Kg5, p e12; Black Kg9, Rd13, p e13.
        let text = "3/1rp/2P/1/7/6k/7/7/7/6K/1/3/3/3 w - - 0 1";
        let position = Position::from_fen(text).expect("the example");
        assert_eq!(position.fen(), text);
        assert_eq!(position.man_at(sq("e12")), Some(Man { color: Color::White, kind: ManKind::Shatra }));
        assert_eq!(position.man_at(sq("g5")), Some(Man { color: Color::White, kind: ManKind::Biy }));
        assert_eq!(position.man_at(sq("g9")), Some(Man { color: Color::Black, kind: ManKind::Biy }));
        assert_eq!(position.man_at(sq("d13")), Some(Man { color: Color::Black, kind: ManKind::Tura }));
        assert_eq!(position.men(Color::White).count() + position.men(Color::Black).count(), 5);
        assert_eq!(position.captured(Color::White, ManKind::Batir), 1);
        assert_eq!(position.captured(Color::White, ManKind::Tura), 2);
        assert_eq!(position.captured(Color::Black, ManKind::Tura), 1);
        let ep = "3/3/3/1/7/7/7/2P4/7/7/1/3/3/3 b - c6 3 12";
        assert_eq!(Position::from_fen(ep).expect("an en passant square").fen(), ep);
    }

    #[test]
    fn bad_fens_are_clear_errors() {
        let cases: [(&str, fn(&PositionError) -> bool); 9] = [
            ("", |e| matches!(e, PositionError::Fields(0))),
            ("3/3 w WB -", |e| matches!(e, PositionError::Ranks(2))),
            ("pqp/prp/brb/k/pppppp/7/7/7/7/PPPPPPP/K/BRB/PRP/PQP w WB -", |e| {
                matches!(e, PositionError::RankLength { rank: 10, expected: 7, found: 6, .. })
            }),
            ("pqp/prp/brb/kk/ppppppp/7/7/7/7/PPPPPPP/K/BRB/PRP/PQP w WB -", |e| {
                matches!(e, PositionError::RankLength { rank: 11, .. })
            }),
            ("pqp/prp/brb/k/ppppppp/7/7/7/7/PPPPPPN/K/BRB/PRP/PQP w WB -", |e| {
                matches!(e, PositionError::Man('N'))
            }),
            ("pqp/prp/brb/k/ppppppp/7/7/7/7/PPPPPPP/K/BRB/PRP/PQP x WB -", |e| {
                matches!(e, PositionError::Side(_))
            }),
            ("pqp/prp/brb/k/ppppppp/7/7/7/7/PPPPPPP/K/BRB/PRP/PQP w BW -", |e| {
                matches!(e, PositionError::Reserves(_))
            }),
            ("pqp/prp/brb/k/ppppppp/7/7/7/7/PPPPPPP/K/BRB/PRP/PQP w WB d4", |e| {
                matches!(e, PositionError::EnPassant(_))
            }),
            ("pqp/prp/brb/k/ppppppp/7/7/7/7/PKPPPPP/K/BRB/PRP/PQP w WB -", |e| {
                matches!(e, PositionError::Biys { color: Color::White, count: 2 })
            }),
        ];
        for (text, expected) in cases {
            let error = Position::from_fen(text).expect_err(text);
            assert!(expected(&error), "{text}: {error}");
            assert!(!error.to_string().is_empty());
        }
    }
}
