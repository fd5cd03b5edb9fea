//! The check that the board's entities mirror the rules core.

use bevy::prelude::*;
use shatar::game::{ActiveGame, PieceView, Place};
use shatar::rules::{Color as Side, Square};
use std::collections::BTreeMap;

/// The piece entities on the board are exactly the core's position, and
/// the rest stand beside it, each in its own slot.
pub fn assert_mirror(app: &mut App) {
    let world = app.world_mut();
    let mut query = world.query::<&PieceView>();
    let views: Vec<PieceView> = query.iter(world).copied().collect();
    let position = *world.resource::<ActiveGame>().game().position();
    let mut on_board = BTreeMap::new();
    let mut beside = BTreeMap::new();
    for view in &views {
        match view.place {
            Place::Board(square) => {
                assert!(on_board.insert(square, view.piece).is_none(), "two pieces on {square}");
            }
            Place::Beside(slot) => {
                assert!(
                    beside.insert((view.piece.color.index(), slot), view.piece).is_none(),
                    "slot {slot} twice"
                );
            }
        }
    }
    for square in Square::all() {
        assert_eq!(
            on_board.get(&square).copied(),
            position.piece_at(square),
            "entities and core differ on {square}"
        );
    }
    let captured: Vec<_> =
        world.resource::<ActiveGame>().game().moves().iter().filter_map(|p| p.captured).collect();
    for color in [Side::White, Side::Black] {
        let lost: Vec<_> = captured.iter().filter(|p| p.color == color).copied().collect();
        let shown: Vec<_> =
            (0..lost.len() as u8).map(|slot| beside.get(&(color.index(), slot)).copied()).collect();
        assert_eq!(
            shown,
            lost.into_iter().map(Some).collect::<Vec<_>>(),
            "captured {color} pieces beside the board"
        );
    }
    assert_eq!(beside.len(), captured.len(), "nothing else stands beside the board");
}
