//! Turns chosen squares into candidate moves for the core to validate.

use super::motion::Shake;
use super::pieces::PieceView;
use super::session::{ActiveGame, GameAction};
use crate::rules::{Move, Square};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Selection>();
    app.init_resource::<Hovered>();
    // Behind the title the board is only a picture.
    app.add_observer(on_chosen.run_if(super::at_the_board));
    app.add_observer(on_dropped.run_if(super::at_the_board));
    app.add_systems(
        Update,
        drop_stale_selection.in_set(super::AppSystems::Input).run_if(resource_changed::<ActiveGame>),
    );
}

/// A person chose a square (a click, tap or drop), or clicked off the
/// board (`None`).
#[derive(Event, Clone, Copy, PartialEq, Eq, Debug)]
pub struct Chosen(pub Option<Square>);

/// A person dragged a piece entity and dropped it on a square.
#[derive(Event, Clone, Copy, PartialEq, Eq, Debug)]
pub struct Dropped {
    pub piece: Entity,
    pub to: Square,
}

/// The selected piece's square and its legal moves, as the core lists them.
#[derive(Resource, Default, Debug)]
pub struct Selection {
    pub from: Option<Square>,
    pub moves: Vec<Move>,
}

/// The square of the movable piece under the pointer.
#[derive(Resource, Default, Debug)]
pub struct Hovered(pub Option<Square>);

fn on_chosen(
    chosen: On<Chosen>,
    active: Res<ActiveGame>,
    mut selection: ResMut<Selection>,
    pieces: Query<(Entity, &PieceView)>,
    mut commands: Commands,
) {
    let game = active.game();
    let side = game.position().side_to_move();
    let Some(square) = chosen.0 else {
        *selection = Selection::default();
        return;
    };
    let piece_entity = |at: Square| pieces.iter().find(|(_, view)| view.square() == Some(at)).map(|(e, _)| e);
    if !active.human_to_move() {
        if let Some(entity) = piece_entity(square) {
            commands.entity(entity).insert(Shake::default());
        }
        return;
    }
    if let Some(from) = selection.from
        && let Some(mv) = game.find_move(from, square)
    {
        *selection = Selection::default();
        commands.trigger(GameAction::Play(mv));
        return;
    }
    if selection.from == Some(square) {
        *selection = Selection::default();
        return;
    }
    let own = game.position().piece_at(square).is_some_and(|piece| piece.color == side);
    if own {
        let moves: Vec<Move> = game.legal_moves().into_iter().filter(|mv| mv.from == square).collect();
        if moves.is_empty() {
            *selection = Selection::default();
            if let Some(entity) = piece_entity(square) {
                commands.entity(entity).insert(Shake::default());
            }
        } else {
            *selection = Selection { from: Some(square), moves };
        }
        return;
    }
    // Not a move, not a new choice: say so gently and start over.
    let shaken = selection.from.or(game.position().piece_at(square).map(|_| square));
    if let Some(entity) = shaken.and_then(piece_entity) {
        commands.entity(entity).insert(Shake::default());
    }
    *selection = Selection::default();
}

fn on_dropped(
    dropped: On<Dropped>,
    active: Res<ActiveGame>,
    mut selection: ResMut<Selection>,
    pieces: Query<&PieceView>,
    mut commands: Commands,
) {
    let Some(from) = pieces.get(dropped.piece).ok().and_then(PieceView::square) else { return };
    if from == dropped.to {
        return;
    }
    *selection = Selection::default();
    match active.game().find_move(from, dropped.to).filter(|_| active.human_to_move()) {
        Some(mv) => commands.trigger(GameAction::Play(mv)),
        None => {
            commands.entity(dropped.piece).insert(Shake::default());
        }
    }
}

/// After any change to the game, an old selection no longer applies.
fn drop_stale_selection(mut selection: ResMut<Selection>, mut hovered: ResMut<Hovered>) {
    if selection.from.is_some() {
        *selection = Selection::default();
    }
    hovered.0 = None;
}
