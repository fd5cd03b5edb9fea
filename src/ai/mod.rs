//! The computer player, beside the rules core and free of Bevy.
//!
//! For now it plays a random legal move; the searching AI replaces the
//! body of [`choose_move`] and keeps its signature.

use crate::rules::{Color, Game, Move, PieceKind, Position};

/// How strong the computer plays, from 1 to [`MAX_LEVEL`].
pub const MAX_LEVEL: u8 = 5;

/// A move for the side to move, or `None` if the game is over.
pub fn choose_move(game: &Game, _level: u8, seed: u64) -> Option<Move> {
    let moves = game.legal_moves();
    let mut rng = fastrand::Rng::with_seed(seed);
    moves.get(rng.usize(..moves.len().max(1))).copied()
}

/// Whether the computer, playing `us`, takes a draw offer: it does when it
/// is not ahead in material.
pub fn accepts_draw(position: &Position, us: Color) -> bool {
    material(position, us) <= material(position, us.opponent())
}

fn material(position: &Position, color: Color) -> u32 {
    PieceKind::ALL.iter().map(|&kind| position.pieces(color, kind).count() * value(kind)).sum()
}

fn value(kind: PieceKind) -> u32 {
    match kind {
        PieceKind::Noyon => 0,
        PieceKind::Bers => 9,
        PieceKind::Tereg => 5,
        PieceKind::Teme | PieceKind::Mori => 3,
        PieceKind::Child => 1,
    }
}
