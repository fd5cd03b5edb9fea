//! The 64 square entities and their marks: last move, check, selection,
//! legal destinations.

use super::AppSystems;
use super::input::{Chosen, Dropped, Hovered, Selection};
use super::session::ActiveGame;
use crate::rules::{Color, Square};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_squares);
    app.add_systems(
        Update,
        mark_squares.in_set(AppSystems::Mirror).run_if(
            resource_changed::<ActiveGame>
                .or_eager(resource_changed::<Selection>)
                .or_eager(resource_changed::<Hovered>),
        ),
    );
}

/// A square of the board.
#[derive(Component, Clone, Copy, PartialEq, Eq, Debug)]
pub struct BoardSquare(pub Square);

/// What a square shows, most important first when several apply.
#[derive(Component, Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum SquareMark {
    #[default]
    Plain,
    /// The noyon of the side to move is in check here.
    Check,
    /// The selected piece stands here.
    Selected,
    /// The selected piece can capture here.
    Capture,
    /// The selected piece can move here.
    Target,
    /// A piece of the side to move that a person could move, under the pointer.
    Hover,
    /// The last move's squares.
    LastMove,
}

/// The centre of a square's top face. White sits at +z, file a at -x.
pub fn square_center(square: Square) -> Vec3 {
    Vec3::new(square.file() as f32 - 3.5, 0.0, 3.5 - square.rank() as f32)
}

/// Where the `slot`-th captured piece of `color` stands beside the board:
/// White's losses on White's left, Black's on White's right, in rows of eight.
pub fn beside_position(color: Color, slot: u8) -> Vec3 {
    let side = match color {
        Color::White => -1.0,
        Color::Black => 1.0,
    };
    let column = f32::from(slot / 8);
    let row = f32::from(slot % 8);
    Vec3::new(side * (5.0 + 0.75 * column), 0.0, side * (3.5 - row))
}

fn spawn_squares(mut commands: Commands) {
    for square in Square::all() {
        commands
            .spawn((
                Name::new(format!("Square {square}")),
                BoardSquare(square),
                SquareMark::Plain,
                Transform::from_translation(square_center(square)),
                Visibility::default(),
            ))
            .observe(|click: On<Pointer<Click>>, squares: Query<&BoardSquare>, mut commands: Commands| {
                if click.button == PointerButton::Primary
                    && let Ok(square) = squares.get(click.entity)
                {
                    commands.trigger(Chosen(Some(square.0)));
                }
            })
            .observe(|drop: On<Pointer<DragDrop>>, squares: Query<&BoardSquare>, mut commands: Commands| {
                if let Ok(square) = squares.get(drop.entity) {
                    commands.trigger(Dropped { piece: drop.dropped, to: square.0 });
                }
            });
    }
}

fn mark_squares(
    active: Res<ActiveGame>,
    selection: Res<Selection>,
    hovered: Res<Hovered>,
    mut squares: Query<(&BoardSquare, &mut SquareMark)>,
) {
    let game = active.game();
    let position = game.position();
    let last = game.moves().last().map(|played| played.mv);
    let in_check = position.is_check().then(|| position.noyon(position.side_to_move()));
    for (square, mut mark) in &mut squares {
        let square = square.0;
        let target = selection.moves.iter().find(|mv| mv.to == square);
        let new = if in_check == Some(square) {
            SquareMark::Check
        } else if selection.from == Some(square) {
            SquareMark::Selected
        } else if target.is_some() && position.piece_at(square).is_some() {
            SquareMark::Capture
        } else if target.is_some() {
            SquareMark::Target
        } else if hovered.0 == Some(square) {
            SquareMark::Hover
        } else if last.is_some_and(|mv| mv.from == square || mv.to == square) {
            SquareMark::LastMove
        } else {
            SquareMark::Plain
        };
        mark.set_if_neq(new);
    }
}
