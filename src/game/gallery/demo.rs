//! What the gallery's small board shows: a piece in the open and the moves
//! the rules core allows it. No move rule is written here.

use crate::rules::{Color, Piece, PieceKind, Position, Setup, Square};

/// A piece on an otherwise quiet board, and where it may go.
#[derive(Clone, Debug)]
pub struct Demo {
    pub home: Square,
    /// Every destination the core allows, captures flagged.
    pub targets: Vec<(Square, bool)>,
    /// Other pieces shown on the small board (enemy children to take).
    pub others: Vec<(Piece, Square)>,
}

fn square(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|| unreachable!("{name} is a square"))
}

/// The demonstration for a piece: White's from d4, Black's from e5, with
/// its side to move. The two noyons and a child each stand out of its
/// reach and are not shown; a child gets two enemy children diagonally
/// ahead, to show how it takes.
pub fn demo(piece: Piece) -> Demo {
    let white = piece.color == Color::White;
    let pick = |for_white: &str, for_black: &str| square(if white { for_white } else { for_black });
    let home = pick("d4", "e5");
    let mut board = [None; 64];
    board[home.index()] = Some(piece);
    let own_noyon = Piece { color: piece.color, kind: PieceKind::Noyon };
    let enemy = piece.color.opponent();
    if piece.kind != PieceKind::Noyon {
        board[pick("h1", "a8").index()] = Some(own_noyon);
    }
    board[pick("a8", "h1").index()] = Some(Piece { color: enemy, kind: PieceKind::Noyon });
    // A child each, out of reach, so that neither side is a bare noyon.
    board[pick("a2", "h7").index()] = Some(Piece { color: piece.color, kind: PieceKind::Child });
    board[pick("h7", "a2").index()] = Some(Piece { color: enemy, kind: PieceKind::Child });
    let mut others = Vec::new();
    if piece.kind == PieceKind::Child {
        for name in if white { ["c5", "e5"] } else { ["d4", "f4"] } {
            let child = Piece { color: enemy, kind: PieceKind::Child };
            board[square(name).index()] = Some(child);
            others.push((child, square(name)));
        }
    }
    let setup = Setup { board, side_to_move: piece.color, halfmove_clock: 0, fullmove_number: 1 };
    let targets = match Position::from_setup(&setup) {
        Ok(position) => position
            .legal_moves()
            .iter()
            .filter(|mv| mv.from == home)
            .map(|mv| (mv.to, position.piece_at(mv.to).is_some()))
            .collect(),
        Err(_) => Vec::new(),
    };
    Demo { home, targets, others }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn targets(color: Color, kind: PieceKind) -> Vec<(Square, bool)> {
        demo(Piece { color, kind }).targets
    }

    #[test]
    fn each_piece_shows_its_whole_move_from_the_centre() {
        let counts = |color| PieceKind::ALL.map(|kind| targets(color, kind).len());
        // noyon 8; bers 14 rook squares + 4 diagonal steps; teme 13;
        // mori 8; tereg 14; child 1 step + 2 captures.
        assert_eq!(counts(Color::White), [8, 18, 13, 8, 14, 3]);
        assert_eq!(counts(Color::Black), [8, 18, 13, 8, 14, 3]);
    }

    #[test]
    fn the_child_steps_forward_and_takes_diagonally() {
        let white = targets(Color::White, PieceKind::Child);
        assert!(white.contains(&(square("d5"), false)));
        assert!(white.contains(&(square("c5"), true)) && white.contains(&(square("e5"), true)));
        let black = targets(Color::Black, PieceKind::Child);
        assert!(black.contains(&(square("e4"), false)));
        assert!(black.contains(&(square("d4"), true)) && black.contains(&(square("f4"), true)));
    }
}
