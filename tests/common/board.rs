//! The headless game's board for tests: finding its entities, pointer
//! events on them, and the check that they mirror the rules core.

use bevy::camera::NormalizedRenderTarget;
use bevy::picking::backend::HitData;
use bevy::picking::pointer::{Location, PointerButton, PointerId};
use bevy::prelude::*;
use shatar::game::{ActiveGame, BoardSquare, PieceView, Place};
use shatar::rules::Color as Side;
use shatar::variant::Cell;
use std::collections::BTreeMap;
use std::time::Duration;

pub fn piece_entity(app: &mut App, square: impl Into<Cell>) -> Option<Entity> {
    let cell = square.into();
    let world = app.world_mut();
    let mut query = world.query::<(Entity, &PieceView)>();
    query.iter(world).find(|(_, view)| view.place == Place::Board(cell)).map(|(entity, _)| entity)
}

pub fn square_entity(app: &mut App, square: impl Into<Cell>) -> Entity {
    let cell = square.into();
    let world = app.world_mut();
    let mut query = world.query::<(Entity, &BoardSquare)>();
    query.iter(world).find(|(_, s)| s.0 == cell).map(|(entity, _)| entity).expect("a square entity")
}

/// What a pointer event on an entity carries; picking is not run here.
pub fn location() -> Location {
    Location {
        target: NormalizedRenderTarget::None { width: 1280, height: 720 },
        position: Vec2::new(640.0, 360.0),
    }
}

pub fn hit() -> HitData {
    HitData::new(Entity::PLACEHOLDER, 1.0, None, None)
}

/// A click by `pointer` on what stands on a square: the piece if there is
/// one, else the square. The caller runs the frame.
pub fn click_on(app: &mut App, pointer: PointerId, square: impl Into<Cell>) {
    let square = square.into();
    let target = piece_entity(app, square).unwrap_or_else(|| square_entity(app, square));
    let click =
        Click { button: PointerButton::Primary, hit: hit(), duration: Duration::from_millis(90), count: 1 };
    app.world_mut().trigger(Pointer::new(pointer, location(), click, target));
}

/// The piece entities on the board are exactly the core's position, and
/// the rest stand beside it, each in its own slot.
pub fn assert_mirror(app: &mut App) {
    let world = app.world_mut();
    let mut query = world.query::<&PieceView>();
    let views: Vec<PieceView> = query.iter(world).copied().collect();
    let game = world.resource::<ActiveGame>().game().clone();
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
    let men: BTreeMap<Cell, _> = game.men().into_iter().collect();
    assert_eq!(men.len(), game.men().len(), "one man a square");
    assert_eq!(on_board, men, "entities and core differ");
    let captured = game.captured();
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
