//! The square entities of the board in play and their marks: last move,
//! check, selection, legal destinations. Where each square lies is the
//! variant's geometry; a new game of the other variant lays a new board.

use super::AppSystems;
use super::input::{Chosen, Dropped, Hovered, Selection};
use super::session::ActiveGame;
use crate::rules::Color;
use crate::shatra::{self, Region};
use crate::variant::{Cell, Variant};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            lay_board.run_if(resource_changed::<ActiveGame>),
            super::input::drop_stale_selection.run_if(resource_changed::<ActiveGame>),
            mark_squares.run_if(
                resource_changed::<ActiveGame>
                    .or_eager(resource_changed::<Selection>)
                    .or_eager(resource_changed::<Hovered>),
            ),
        )
            .chain()
            .in_set(AppSystems::Mirror),
    );
}

/// A square of the board.
#[derive(Component, Clone, Copy, PartialEq, Eq, Debug)]
pub struct BoardSquare(pub Cell);

/// What a square is made of: a chequered Shatar square, or the region of
/// the shatra board it belongs to.
#[derive(Component, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Ground {
    Dark,
    Light,
    /// A shatra battlefield square, chequered.
    Field {
        light: bool,
    },
    /// A battlefield square on the great road, file d.
    Road {
        light: bool,
    },
    Fortress {
        light: bool,
    },
    Gate,
}

impl Ground {
    pub const ALL: [Ground; 9] = [
        Ground::Dark,
        Ground::Light,
        Ground::Field { light: false },
        Ground::Field { light: true },
        Ground::Road { light: false },
        Ground::Road { light: true },
        Ground::Fortress { light: false },
        Ground::Fortress { light: true },
        Ground::Gate,
    ];

    pub fn of(variant: Variant, cell: Cell) -> Ground {
        let light = cell.is_light();
        match (variant, cell.shatra().map(shatra::Square::region)) {
            (Variant::Shatar, _) if light => Ground::Light,
            (Variant::Shatar, _) => Ground::Dark,
            (Variant::Shatra, Some(Region::Fortress(_))) => Ground::Fortress { light },
            (Variant::Shatra, Some(Region::Gate(_))) => Ground::Gate,
            (Variant::Shatra, _) if cell.file == 3 => Ground::Road { light },
            (Variant::Shatra, _) => Ground::Field { light },
        }
    }

    pub fn index(self) -> usize {
        Ground::ALL.iter().position(|ground| *ground == self).unwrap_or(0)
    }
}

/// What a square shows, most important first when several apply.
#[derive(Component, Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum SquareMark {
    #[default]
    Plain,
    /// The noyon of the side to move is in check here.
    Check,
    /// The selected piece stands here, or a capture chain has been entered
    /// this far.
    Selected,
    /// The selected piece can capture here (lands here, in shatra).
    Capture,
    /// The selected piece can move here.
    Target,
    /// A piece of the side to move that a person could move, under the pointer.
    Hover,
    /// The last move's squares.
    LastMove,
}

/// The gap between shatra's two halves of the battlefield, the ditch.
pub const DITCH: f32 = 0.5;

/// The centre of a square's top face. White sits at +z, file a at -x.
pub fn square_center(variant: Variant, cell: Cell) -> Vec3 {
    let (file, rank) = (f32::from(cell.file), f32::from(cell.rank));
    match variant {
        Variant::Shatar => Vec3::new(file - 3.5, 0.0, 3.5 - rank),
        Variant::Shatra => {
            let ditch = if cell.rank <= 6 { DITCH / 2.0 } else { -DITCH / 2.0 };
            Vec3::new(file - 3.0, 0.0, 6.5 - rank + ditch)
        }
    }
}

/// Where the `slot`-th captured piece of `color` stands beside the board:
/// White's losses on White's left, Black's on White's right.
pub fn beside_position(variant: Variant, color: Color, slot: u8) -> Vec3 {
    let side = match color {
        Color::White => -1.0,
        Color::Black => 1.0,
    };
    let (edge, per_row, first) = match variant {
        Variant::Shatar => (5.0, 8, 3.5),
        Variant::Shatra => (4.6, 10, 4.5),
    };
    let column = f32::from(slot / per_row);
    let row = f32::from(slot % per_row);
    Vec3::new(side * (edge + 0.75 * column), 0.0, side * (first - row))
}

/// The cells of a variant's board.
pub fn cells(variant: Variant) -> Vec<Cell> {
    match variant {
        Variant::Shatar => crate::rules::Square::all().map(Cell::from).collect(),
        Variant::Shatra => shatra::Square::all().map(Cell::from).collect(),
    }
}

/// Lays the squares of the game's variant, replacing another variant's.
fn lay_board(
    active: Res<ActiveGame>,
    squares: Query<Entity, With<BoardSquare>>,
    mut laid: Local<Option<Variant>>,
    mut commands: Commands,
) {
    let variant = active.game().variant();
    if laid.replace(variant) == Some(variant) {
        return;
    }
    for entity in &squares {
        commands.entity(entity).despawn();
    }
    for cell in cells(variant) {
        commands
            .spawn((
                Name::new(format!("Square {cell}")),
                BoardSquare(cell),
                Ground::of(variant, cell),
                SquareMark::Plain,
                Transform::from_translation(square_center(variant, cell)),
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
    let last: Vec<Cell> =
        game.last_move().map(|mv| [vec![mv.from()], mv.path()].concat()).unwrap_or_default();
    let in_check = game.check();
    let next = selection.next();
    for (square, mut mark) in &mut squares {
        let cell = square.0;
        let target = next.iter().find(|(to, _)| *to == cell);
        let new = if in_check == Some(cell) {
            SquareMark::Check
        } else if selection.from == Some(cell) || selection.path.contains(&cell) {
            SquareMark::Selected
        } else if let Some((_, capture)) = target {
            if *capture { SquareMark::Capture } else { SquareMark::Target }
        } else if hovered.0 == Some(cell) {
            SquareMark::Hover
        } else if last.contains(&cell) {
            SquareMark::LastMove
        } else {
            SquareMark::Plain
        };
        mark.set_if_neq(new);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_are_laid_without_overlap_and_the_ditch_parts_the_halves() {
        for variant in Variant::BOTH {
            let centres: Vec<Vec3> =
                cells(variant).into_iter().map(|cell| square_center(variant, cell)).collect();
            for (i, a) in centres.iter().enumerate() {
                for b in &centres[i + 1..] {
                    assert!(a.distance(*b) >= 0.99, "{variant}: squares overlap");
                }
            }
        }
        let z = |name| Cell::parse(name).map(|cell| square_center(Variant::Shatra, cell).z);
        let (seven, eight, six) = (z("a7").unwrap_or(0.0), z("a8").unwrap_or(0.0), z("a6").unwrap_or(0.0));
        assert!((seven - eight - (1.0 + DITCH)).abs() < 1e-5, "the ditch lies between ranks 7 and 8");
        assert!((six - seven - 1.0).abs() < 1e-5);
        assert_eq!(cells(Variant::Shatra).len(), 62);
    }

    #[test]
    fn shatra_regions_have_their_own_ground() {
        let ground = |name| Cell::parse(name).map(|cell| Ground::of(Variant::Shatra, cell));
        assert_eq!(ground("d4"), Some(Ground::Gate));
        assert_eq!(ground("d11"), Some(Ground::Gate));
        assert!(matches!(ground("c2"), Some(Ground::Fortress { .. })));
        assert!(matches!(ground("d6"), Some(Ground::Road { .. })));
        assert!(matches!(ground("a5"), Some(Ground::Field { .. })));
        assert_eq!(Ground::of(Variant::Shatar, Cell::new(0, 0)), Ground::Dark);
    }
}
