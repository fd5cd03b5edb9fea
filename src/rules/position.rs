//! A validated position: placement, side to move and the two move counters.

use super::attacks::{
    between, bishop_attacks, bishop_rays, child_captures, diagonal_step, mori_attacks, noyon_attacks,
    rook_attacks, rook_rays,
};
use super::bitboard::Bitboard;
use super::check::{CheckKind, CheckKinds};
use super::moves::Move;
use super::piece::{Piece, PieceKind};
use super::square::{Color, Square};
use super::zobrist;
use thiserror::Error;

/// An unvalidated position, as a FEN describes it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Setup {
    pub board: [Option<Piece>; 64],
    pub side_to_move: Color,
    pub halfmove_clock: u32,
    pub fullmove_number: u32,
}

impl Setup {
    /// The initial array, the Western one, with `first` to move.
    pub fn initial(first: Color) -> Setup {
        const BACK: [PieceKind; 8] = [
            PieceKind::Tereg,
            PieceKind::Mori,
            PieceKind::Teme,
            PieceKind::Bers,
            PieceKind::Noyon,
            PieceKind::Teme,
            PieceKind::Mori,
            PieceKind::Tereg,
        ];
        let mut board = [None; 64];
        for (file, kind) in (0u8..).zip(BACK) {
            for (rank, color, kind) in [
                (0, Color::White, kind),
                (1, Color::White, PieceKind::Child),
                (6, Color::Black, PieceKind::Child),
                (7, Color::Black, kind),
            ] {
                if let Some(square) = Square::new(file, rank) {
                    board[square.index()] = Some(Piece::new(color, kind));
                }
            }
        }
        Setup { board, side_to_move: first, halfmove_clock: 0, fullmove_number: 1 }
    }
}

/// Why a setup is not a position.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum PositionError {
    #[error("{0} has {1} noyons; each side needs exactly one")]
    NoyonCount(Color, u32),
    #[error("a child stands on {0}, on the first or last rank")]
    ChildOnEndRank(Square),
    #[error("{0} is in check although it is not {0}'s move")]
    OpponentInCheck(Color),
    #[error("the fullmove number must be at least 1")]
    ZeroFullmove,
    #[error("{0} has {1} pieces; a side starts with 16 and never gains any")]
    TooManyPieces(Color, u32),
}

#[derive(Clone, Copy, Debug)]
pub struct Position {
    colors: [Bitboard; 2],
    kinds: [Bitboard; 6],
    board: [Option<Piece>; 64],
    side_to_move: Color,
    halfmove_clock: u32,
    fullmove_number: u32,
    hash: u64,
}

impl Position {
    /// The initial array with `first` to move, before the obligatory opening.
    pub fn initial(first: Color) -> Position {
        Position::from_trusted(&Setup::initial(first))
    }

    fn from_trusted(setup: &Setup) -> Position {
        let mut position = Position {
            colors: [Bitboard::EMPTY; 2],
            kinds: [Bitboard::EMPTY; 6],
            board: [None; 64],
            side_to_move: setup.side_to_move,
            halfmove_clock: setup.halfmove_clock,
            fullmove_number: setup.fullmove_number,
            hash: zobrist::side_key(setup.side_to_move),
        };
        for square in Square::all() {
            if let Some(piece) = setup.board[square.index()] {
                position.put(piece, square);
            }
        }
        position
    }

    /// Checks a setup: one noyon a side, no child on an end rank, and the
    /// side that just moved not left in check.
    pub fn from_setup(setup: &Setup) -> Result<Position, PositionError> {
        if setup.fullmove_number == 0 {
            return Err(PositionError::ZeroFullmove);
        }
        let position = Position::from_trusted(setup);
        for color in Color::BOTH {
            let pieces = position.color(color).count();
            if pieces > 16 {
                return Err(PositionError::TooManyPieces(color, pieces));
            }
            let noyons = position.pieces(color, PieceKind::Noyon).count();
            if noyons != 1 {
                return Err(PositionError::NoyonCount(color, noyons));
            }
        }
        let end_ranks = Bitboard::rank(0) | Bitboard::rank(7);
        if let Some(square) = (position.kind(PieceKind::Child) & end_ranks).first() {
            return Err(PositionError::ChildOnEndRank(square));
        }
        let waiting = setup.side_to_move.opponent();
        if !position.attackers_of(position.noyon(waiting), setup.side_to_move).is_empty() {
            return Err(PositionError::OpponentInCheck(waiting));
        }
        Ok(position)
    }

    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board,
            side_to_move: self.side_to_move,
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
        }
    }

    fn put(&mut self, piece: Piece, square: Square) {
        self.colors[piece.color.index()] |= Bitboard::from_square(square);
        self.kinds[piece.kind.index()] |= Bitboard::from_square(square);
        self.board[square.index()] = Some(piece);
        self.hash ^= zobrist::piece_key(piece, square);
    }

    fn remove(&mut self, piece: Piece, square: Square) {
        self.colors[piece.color.index()] ^= Bitboard::from_square(square);
        self.kinds[piece.kind.index()] ^= Bitboard::from_square(square);
        self.board[square.index()] = None;
        self.hash ^= zobrist::piece_key(piece, square);
    }

    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        self.board[square.index()]
    }

    pub fn side_to_move(&self) -> Color {
        self.side_to_move
    }

    /// Plies since the last capture or child move.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// The incrementally kept Zobrist hash of placement and side to move.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from scratch, to check the incremental one.
    pub fn compute_hash(&self) -> u64 {
        Position::from_trusted(&self.to_setup()).hash
    }

    pub fn occupied(&self) -> Bitboard {
        self.colors[0] | self.colors[1]
    }

    pub fn color(&self, color: Color) -> Bitboard {
        self.colors[color.index()]
    }

    pub fn kind(&self, kind: PieceKind) -> Bitboard {
        self.kinds[kind.index()]
    }

    pub fn pieces(&self, color: Color, kind: PieceKind) -> Bitboard {
        self.color(color) & self.kind(kind)
    }

    pub fn noyon(&self, color: Color) -> Square {
        // Every position has one noyon a side (checked in `from_setup`).
        self.pieces(color, PieceKind::Noyon).first().unwrap_or(Square::from_index_masked(0))
    }

    /// Same placement and side to move: the test for repetition.
    pub fn same_arrangement(&self, other: &Position) -> bool {
        self.hash == other.hash
            && self.side_to_move == other.side_to_move
            && self.colors == other.colors
            && self.kinds == other.kinds
    }

    /// Pieces of either side attacking `square`, given `occupied`.
    pub fn attackers(&self, square: Square, occupied: Bitboard) -> Bitboard {
        let children = self.kind(PieceKind::Child);
        self.sliders_reaching(square, occupied, occupied)
            | (mori_attacks(square) & self.kind(PieceKind::Mori))
            | (noyon_attacks(square) & self.kind(PieceKind::Noyon))
            | (diagonal_step(square) & self.kind(PieceKind::Bers))
            | (child_captures(Color::Black, square) & children & self.color(Color::White))
            | (child_captures(Color::White, square) & children & self.color(Color::Black))
    }

    /// The teregs, bers and temes among `men` whose lines reach `square`
    /// through `occupied`. A table is read only where one stands on a ray.
    fn sliders_reaching(&self, square: Square, occupied: Bitboard, men: Bitboard) -> Bitboard {
        let orthogonal = (self.kind(PieceKind::Tereg) | self.kind(PieceKind::Bers)) & men;
        let diagonal = self.kind(PieceKind::Teme) & men;
        let mut sliders = Bitboard::EMPTY;
        if !(rook_rays(square) & orthogonal).is_empty() {
            sliders |= rook_attacks(square, occupied) & orthogonal;
        }
        if !(bishop_rays(square) & diagonal).is_empty() {
            sliders |= bishop_attacks(square, occupied) & diagonal;
        }
        sliders
    }

    /// Pieces of `by` attacking `square`.
    pub fn attackers_of(&self, square: Square, by: Color) -> Bitboard {
        self.attackers(square, self.occupied()) & self.color(by)
    }

    /// Pieces giving check to the side to move.
    pub fn checkers(&self) -> Bitboard {
        self.attackers_of(self.noyon(self.side_to_move), self.side_to_move.opponent())
    }

    pub fn is_check(&self) -> bool {
        !self.checkers().is_empty()
    }

    /// The kinds of check the side to move stands in: what the last move gave.
    pub fn check_kinds(&self) -> CheckKinds {
        let checkers = self.checkers();
        let mut kinds = CheckKinds::NONE;
        let shak = self.kind(PieceKind::Bers) | self.kind(PieceKind::Tereg) | self.kind(PieceKind::Mori);
        for (kind, givers) in [
            (CheckKind::Shak, shak),
            (CheckKind::Tuk, self.kind(PieceKind::Teme)),
            (CheckKind::Tsod, self.kind(PieceKind::Child)),
        ] {
            if !(checkers & givers).is_empty() {
                kinds = kinds.with(kind);
            }
        }
        kinds
    }

    /// A side with nothing but its noyon.
    pub fn is_bare(&self, color: Color) -> bool {
        self.color(color) == self.pieces(color, PieceKind::Noyon)
    }

    /// Robado: a side has nothing but its noyon, so the game is over, drawn.
    pub fn is_robado(&self) -> bool {
        self.is_bare(Color::White) || self.is_bare(Color::Black)
    }

    /// Pieces of `color` that may not leave the line to their noyon.
    pub(crate) fn pinned(&self, color: Color) -> Bitboard {
        let noyon = self.noyon(color);
        let enemy = self.color(color.opponent());
        let snipers = self.sliders_reaching(noyon, enemy, enemy);
        let occupied = self.occupied();
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = between(noyon, sniper) & occupied;
            if !blockers.has_many() {
                pinned |= blockers & self.color(color);
            }
        }
        pinned
    }

    /// Plays a move known to be legal.
    pub(crate) fn play_unchecked(&mut self, mv: Move) {
        let Some(piece) = self.piece_at(mv.from) else {
            return;
        };
        let captured = self.piece_at(mv.to);
        self.remove(piece, mv.from);
        if let Some(captured) = captured {
            self.remove(captured, mv.to);
        }
        self.put(placed(piece, mv), mv.to);
        self.halfmove_clock = if captured.is_some() || piece.kind == PieceKind::Child {
            0
        } else {
            self.halfmove_clock.saturating_add(1)
        };
        if self.side_to_move == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.hash ^= zobrist::TURN;
        self.side_to_move = self.side_to_move.opponent();
    }

    /// The hash of the position after `mv`, without playing it: for the
    /// search, to bring the table's entry into cache early.
    pub fn hash_after(&self, mv: Move) -> u64 {
        let Some(piece) = self.piece_at(mv.from) else {
            return self.hash;
        };
        let captured = self.piece_at(mv.to).map_or(0, |captured| zobrist::piece_key(captured, mv.to));
        self.hash
            ^ zobrist::piece_key(piece, mv.from)
            ^ zobrist::piece_key(placed(piece, mv), mv.to)
            ^ captured
            ^ zobrist::TURN
    }

    /// Passes the turn, for the search's null-move pruning; never a move of
    /// the game. The side to move must not be in check.
    pub(crate) fn play_null(&mut self) {
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        self.hash ^= zobrist::TURN;
        self.side_to_move = self.side_to_move.opponent();
    }

    /// The position after `mv`, if it is legal here.
    pub fn play(&self, mv: Move) -> Result<Position, IllegalMove> {
        if !self.is_legal(mv) {
            return Err(IllegalMove(mv));
        }
        let mut next = *self;
        next.play_unchecked(mv);
        Ok(next)
    }

    pub fn is_legal(&self, mv: Move) -> bool {
        self.legal_moves().contains(&mv)
    }
}

/// The man that `mv` sets down: a child promotes only to a bers.
fn placed(piece: Piece, mv: Move) -> Piece {
    if mv.promotion { Piece::new(piece.color, PieceKind::Bers) } else { piece }
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.same_arrangement(other)
            && self.halfmove_clock == other.halfmove_clock
            && self.fullmove_number == other.fullmove_number
    }
}

impl Eq for Position {}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Error)]
#[error("{0} is not a legal move here")]
pub struct IllegalMove(pub Move);
