//! Piece entities that follow the core's position: one system reconciles
//! them after every change, moving, promoting, capturing and restoring.
//! Shatra's men are shown by the same figures (see `variant::figure`).

use super::AppSystems;
use super::board::{beside_position, square_center};
use super::input::{Chosen, Dropped, Hovered};
use super::session::ActiveGame;
use crate::rules::{Color, Piece};
use crate::variant::{Cell, Variant};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, sync_pieces.in_set(AppSystems::Mirror).run_if(resource_changed::<ActiveGame>));
}

/// A piece as the board shows it.
#[derive(Component, Clone, Copy, PartialEq, Eq, Debug)]
pub struct PieceView {
    pub piece: Piece,
    pub place: Place,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Place {
    Board(Cell),
    /// Captured, standing beside the board in this slot among its colour.
    Beside(u8),
}

impl PieceView {
    pub fn translation(&self, variant: Variant) -> Vec3 {
        match self.place {
            Place::Board(cell) => square_center(variant, cell),
            Place::Beside(slot) => beside_position(variant, self.piece.color, slot),
        }
    }

    pub fn cell(&self) -> Option<Cell> {
        match self.place {
            Place::Board(cell) => Some(cell),
            Place::Beside(_) => None,
        }
    }
}

/// What the entities must become: the new view of each existing piece (by
/// index; `None` to despawn it) and the pieces still to spawn.
#[derive(Debug, Default)]
pub struct Reconciled {
    pub views: Vec<Option<PieceView>>,
    pub spawns: Vec<PieceView>,
}

/// Matches existing pieces to the position and to the pieces captured so
/// far, keeping each where it can, so that only the moved, captured or
/// restored ones change.
pub fn reconcile(
    existing: &[PieceView],
    men: &[(Cell, Piece)],
    captured: &[Piece],
    variant: Variant,
) -> Reconciled {
    let mut views: Vec<Option<PieceView>> = existing.iter().copied().map(Some).collect();
    let mut matched = vec![false; views.len()];
    let mut wanted: Vec<(Piece, Cell)> = Vec::new();
    for &(cell, piece) in men {
        let keep = (0..existing.len()).find(|&index| {
            !matched[index] && existing[index].place == Place::Board(cell) && existing[index].piece == piece
        });
        match keep {
            Some(index) => matched[index] = true,
            None => wanted.push((piece, cell)),
        }
    }
    // Who goes where: first the same piece from the board (a move), then a
    // piece of the same side from the board (a promotion), then the same
    // piece from beside the board (an undone capture).
    let passes: [fn(&PieceView, Piece) -> bool; 3] = [
        |view, piece| view.cell().is_some() && view.piece == piece,
        |view, piece| view.cell().is_some() && view.piece.color == piece.color,
        |view, piece| view.cell().is_none() && view.piece == piece,
    ];
    for pass in passes {
        wanted.retain(|&(piece, cell)| {
            let target = square_center(variant, cell);
            let nearest = (0..existing.len())
                .filter(|&index| !matched[index] && pass(&existing[index], piece))
                .min_by(|&a, &b| {
                    let da = existing[a].translation(variant).distance_squared(target);
                    let db = existing[b].translation(variant).distance_squared(target);
                    da.total_cmp(&db)
                });
            match nearest {
                Some(index) => {
                    matched[index] = true;
                    views[index] = Some(PieceView { piece, place: Place::Board(cell) });
                    false
                }
                None => true,
            }
        });
    }
    let mut spawns: Vec<PieceView> =
        wanted.into_iter().map(|(piece, cell)| PieceView { piece, place: Place::Board(cell) }).collect();
    // Beside the board stand exactly the pieces captured so far, in order,
    // each colour in its own row.
    for color in Color::BOTH {
        let mut rest: Vec<usize> = (0..existing.len())
            .filter(|&index| !matched[index] && existing[index].piece.color == color)
            .collect();
        rest.sort_by_key(|&index| match existing[index].place {
            Place::Beside(slot) => (0, slot),
            Place::Board(_) => (1, 0),
        });
        let lost = captured.iter().filter(|piece| piece.color == color);
        for (slot, &piece) in lost.enumerate() {
            let place = Place::Beside(u8::try_from(slot).unwrap_or(u8::MAX));
            match rest.iter().position(|&index| existing[index].piece == piece) {
                Some(at) => {
                    let index = rest.remove(at);
                    views[index] = Some(PieceView { piece, place });
                }
                None => spawns.push(PieceView { piece, place }),
            }
        }
        for index in rest {
            views[index] = None;
        }
    }
    Reconciled { views, spawns }
}

fn sync_pieces(
    active: Res<ActiveGame>,
    mut pieces: Query<(Entity, &mut PieceView)>,
    mut shown: Local<Option<Variant>>,
    mut commands: Commands,
) {
    let game = active.game();
    let variant = game.variant();
    let mut entities: Vec<Entity> = pieces.iter().map(|(entity, _)| entity).collect();
    let mut existing: Vec<PieceView> = pieces.iter().map(|(_, view)| *view).collect();
    if shown.replace(variant) != Some(variant) {
        // Another board: its men are all new.
        for entity in entities.drain(..) {
            commands.entity(entity).despawn();
        }
        existing.clear();
    }
    let plan = reconcile(&existing, &game.men(), &game.captured(), variant);
    for (entity, view) in entities.into_iter().zip(plan.views) {
        match view {
            Some(view) => {
                if let Ok((_, mut current)) = pieces.get_mut(entity) {
                    current.set_if_neq(view);
                }
            }
            None => commands.entity(entity).despawn(),
        }
    }
    for view in plan.spawns {
        spawn_piece(&mut commands, view, variant);
    }
}

fn spawn_piece(commands: &mut Commands, view: PieceView, variant: Variant) {
    commands
        .spawn((
            Name::new(format!("{} {}", view.piece.color, view.piece.kind.name())),
            view,
            Transform::from_translation(view.translation(variant)),
            Visibility::default(),
        ))
        .observe(on_click)
        .observe(on_drop)
        .observe(on_over)
        .observe(on_out);
}

fn on_click(click: On<Pointer<Click>>, pieces: Query<&PieceView>, mut commands: Commands) {
    if click.button != PointerButton::Primary {
        return;
    }
    if let Ok(view) = pieces.get(click.entity) {
        // A captured piece beside the board is not part of the position.
        commands.trigger(Chosen(view.cell()));
    }
}

/// A piece dropped on another piece: a candidate capture.
fn on_drop(drop: On<Pointer<DragDrop>>, pieces: Query<&PieceView>, mut commands: Commands) {
    if let Ok(target) = pieces.get(drop.entity)
        && let Some(to) = target.cell()
    {
        commands.trigger(Dropped { piece: drop.dropped, to });
    }
}

fn on_over(
    over: On<Pointer<Over>>,
    pieces: Query<&PieceView>,
    active: Res<ActiveGame>,
    mut hovered: ResMut<Hovered>,
) {
    let Ok(view) = pieces.get(over.entity) else { return };
    let movable = active.human_to_move() && view.piece.color == active.game().side_to_move();
    if movable && view.cell().is_some() {
        hovered.0 = view.cell();
    }
}

fn on_out(out: On<Pointer<Out>>, pieces: Query<&PieceView>, mut hovered: ResMut<Hovered>) {
    if let Ok(view) = pieces.get(out.entity)
        && view.cell().is_some()
        && hovered.0 == view.cell()
    {
        hovered.0 = None;
    }
}
