//! Legal move generation: pins and check masks, no make-and-test.

use super::attacks::{
    bers_attacks, between, bishop_attacks, line, mori_attacks, noyon_attacks, rook_attacks,
};
use super::bitboard::Bitboard;
use super::moves::{Move, MoveList};
use super::piece::PieceKind;
use super::position::{Position, Setup};
use super::square::{Color, Square};
use std::ops::ControlFlow;

impl Position {
    /// Every legal move. None once robado has ended the game.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        list
    }

    /// The legal captures and promotions: the moves a quiescence search plays.
    pub fn legal_captures(&self) -> MoveList {
        let mut list = MoveList::new();
        self.legal_captures_into(&mut list);
        list
    }

    /// [`legal_moves`](Self::legal_moves), appended to `list`.
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        self.collect(false, list);
    }

    /// [`legal_captures`](Self::legal_captures), appended to `list`.
    pub fn legal_captures_into(&self, list: &mut MoveList) {
        self.collect(true, list);
    }

    fn collect(&self, tactical: bool, list: &mut MoveList) {
        let _ = self.generate(tactical, |from, targets, promotes| {
            for to in targets {
                // Capacity exceeds any position's move count; never drops a move.
                let _ = list.try_push(Move::new(from, to, promotes.has(to)));
            }
            ControlFlow::Continue(())
        });
    }

    /// The number of legal moves, without listing them.
    pub fn count_legal_moves(&self) -> usize {
        let mut count = 0;
        let _ = self.generate(false, |_, targets, _| {
            count += targets.count() as usize;
            ControlFlow::Continue(())
        });
        count
    }

    /// Whether any move is legal, stopping at the first piece that has one.
    pub fn has_legal_moves(&self) -> bool {
        if !self.is_robado() && self.has_unpinnable_move() && self.checkers().is_empty() {
            return true;
        }
        self.generate(false, |_, targets, _| {
            if targets.is_empty() { ControlFlow::Continue(()) } else { ControlFlow::Break(()) }
        })
        .is_break()
    }

    /// Whether a mori or a child of the side to move, on no line with its
    /// own noyon, has a move: out of check, no pin can hold it, so the move
    /// is legal. Reads no slider table.
    fn has_unpinnable_move(&self) -> bool {
        let us = self.side_to_move();
        let noyon = self.noyon(us);
        let free = |from: Square| line(noyon, from).is_empty();
        let own = self.color(us);
        let empty = !self.occupied();
        self.pieces(us, PieceKind::Child)
            .any(|from| free(from) && from.ahead(us).is_some_and(|step| empty.has(step)))
            || self
                .pieces(us, PieceKind::Mori)
                .any(|from| free(from) && !(mori_attacks(from) & !own).is_empty())
    }

    /// Calls `emit(from, targets, promotion_squares)` once per movable piece,
    /// until it breaks; `tactical` keeps only captures and promotions.
    fn generate(
        &self,
        tactical: bool,
        mut emit: impl FnMut(Square, Bitboard, Bitboard) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if self.is_robado() {
            return ControlFlow::Continue(());
        }
        if let Some(mv) = self.obligatory_opening() {
            if !tactical {
                emit(mv.from, Bitboard::from_square(mv.to), Bitboard::EMPTY)?;
            }
            return ControlFlow::Continue(());
        }
        let us = self.side_to_move();
        let own = self.color(us);
        let enemy = self.color(us.opponent());
        let last_rank = Bitboard::rank(us.last_rank());
        let wanted = if tactical { enemy } else { Bitboard::FULL };
        let occupied = own | enemy;
        let noyon = self.noyon(us);

        let without_noyon = occupied.without(noyon);
        let mut escapes = Bitboard::EMPTY;
        for to in noyon_attacks(noyon) & !own {
            if (self.attackers(to, without_noyon) & enemy).is_empty() {
                escapes = escapes.with(to);
            }
        }
        emit(noyon, escapes & wanted, Bitboard::EMPTY)?;

        let checkers = self.checkers();
        if checkers.has_many() {
            return ControlFlow::Continue(());
        }
        let target = match checkers.first() {
            Some(checker) => between(noyon, checker) | checkers,
            None => !own,
        };
        let pieces_target = target & wanted;
        let pinned = self.pinned(us);
        let restrict = |from: Square, targets: Bitboard| {
            if pinned.has(from) { targets & line(noyon, from) } else { targets }
        };

        for from in self.pieces(us, PieceKind::Bers) {
            emit(from, restrict(from, bers_attacks(from, occupied) & pieces_target), Bitboard::EMPTY)?;
        }
        for from in self.pieces(us, PieceKind::Tereg) {
            emit(from, restrict(from, rook_attacks(from, occupied) & pieces_target), Bitboard::EMPTY)?;
        }
        for from in self.pieces(us, PieceKind::Teme) {
            emit(from, restrict(from, bishop_attacks(from, occupied) & pieces_target), Bitboard::EMPTY)?;
        }
        for from in self.pieces(us, PieceKind::Mori) & !pinned {
            emit(from, mori_attacks(from) & pieces_target, Bitboard::EMPTY)?;
        }
        for from in self.pieces(us, PieceKind::Child) {
            let mut targets = super::attacks::child_captures(us, from) & enemy;
            if let Some(step) = from.ahead(us)
                && !occupied.has(step)
                && (!tactical || last_rank.has(step))
            {
                targets = targets.with(step);
            }
            emit(from, restrict(from, targets & target), last_rank)?;
        }
        ControlFlow::Continue(())
    }

    /// During the obligatory opening, the one move allowed: the d-child two
    /// squares forward. The first player plays it from the initial array;
    /// the second answers it. The placement alone says which applies, since
    /// neither arrangement can arise later in a game.
    pub fn obligatory_opening(&self) -> Option<Move> {
        const HOME: u64 = 0xFFFF_0000_0000_FFFF;
        let us = self.side_to_move();
        let occupied = self.occupied().0;
        let (d_home, d_double) = d_child_squares(us);
        let (their_home, their_double) = d_child_squares(us.opponent());
        let answered = HOME ^ (1 << their_home.index()) ^ (1 << their_double.index());
        if occupied != HOME && occupied != answered {
            return None;
        }
        let mut expected = Setup::initial(us);
        if occupied == answered {
            expected.board.swap(their_home.index(), their_double.index());
        }
        (self.to_setup().board == expected.board).then_some(Move::new(d_home, d_double, false))
    }
}

/// The d-child's home square and its square after the double step.
fn d_child_squares(color: Color) -> (Square, Square) {
    let (home, double) = match color {
        Color::White => (1, 3),
        Color::Black => (6, 4),
    };
    (Square::from_index_masked(home * 8 + 3), Square::from_index_masked(double * 8 + 3))
}
