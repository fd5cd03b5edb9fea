//! Static exchange evaluation: what a capture wins once every piece that
//! bears on the square has taken in turn, cheapest first.

use super::eval::value;
use crate::rules::{Move, PieceKind, Position};

/// Cheapest first, as exchanges are played.
const ORDER: [PieceKind; 6] =
    [PieceKind::Child, PieceKind::Mori, PieceKind::Teme, PieceKind::Tereg, PieceKind::Bers, PieceKind::Noyon];

fn worth(kind: PieceKind) -> i32 {
    if kind == PieceKind::Noyon { 20_000 } else { value(kind) }
}

/// The material the mover gains by `mv` and the exchanges after it, in
/// centipawns; pins are ignored.
pub fn see(position: &Position, mv: Move) -> i32 {
    let Some(mover) = position.piece_at(mv.from) else {
        return 0;
    };
    let target = mv.to;
    let mut gains = [0i32; 34];
    gains[0] = position.piece_at(target).map_or(0, |piece| worth(piece.kind));
    let mut on_square = if mv.promotion { worth(PieceKind::Bers) } else { worth(mover.kind) };
    if mv.promotion {
        gains[0] += worth(PieceKind::Bers) - worth(PieceKind::Child);
    }
    let mut occupied = position.occupied().without(mv.from);
    let mut side = mover.color;
    let mut depth = 0;
    loop {
        side = side.opponent();
        let attackers = position.attackers(target, occupied) & occupied & position.color(side);
        let Some((kind, from)) = ORDER
            .iter()
            .find_map(|&kind| (attackers & position.kind(kind)).first().map(|square| (kind, square)))
        else {
            break;
        };
        depth += 1;
        gains[depth] = on_square - gains[depth - 1];
        if (-gains[depth - 1]).max(gains[depth]) < 0 || depth + 1 >= gains.len() {
            break;
        }
        occupied = occupied.without(from);
        on_square = worth(kind);
    }
    while depth > 0 {
        gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
        depth -= 1;
    }
    gains[0]
}
