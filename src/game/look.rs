//! What the board and pieces look like: meshes, materials and light. Only
//! the windowed game adds this; headless tests run without it.

use super::board::{BoardSquare, SquareMark};
use super::figures::figure;
use super::pieces::PieceView;
use crate::rules::{Color as Side, PieceKind};
use bevy::light::GlobalAmbientLight;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(Color::srgb(0.02, 0.018, 0.02)));
    app.insert_resource(GlobalAmbientLight { brightness: 260.0, ..default() });
    app.add_systems(Startup, (load_looks, super::table::spawn_table).chain());
    app.add_systems(PostUpdate, (paint_squares, dress_pieces));
}

const MARKS: [SquareMark; 7] = [
    SquareMark::Plain,
    SquareMark::Check,
    SquareMark::Selected,
    SquareMark::Capture,
    SquareMark::Target,
    SquareMark::Hover,
    SquareMark::LastMove,
];

/// The colour a mark blends into a square, and how strongly.
pub fn mark_tint(mark: SquareMark) -> Option<(Color, f32)> {
    match mark {
        SquareMark::Plain => None,
        SquareMark::Check => Some((Color::srgb(0.95, 0.08, 0.05), 0.75)),
        SquareMark::Selected => Some((Color::srgb(0.30, 0.80, 0.35), 0.65)),
        SquareMark::Capture => Some((Color::srgb(0.95, 0.40, 0.15), 0.60)),
        SquareMark::Target => Some((Color::srgb(0.35, 0.75, 0.40), 0.40)),
        SquareMark::Hover => Some((Color::srgb(1.0, 1.0, 0.9), 0.25)),
        SquareMark::LastMove => Some((Color::srgb(0.95, 0.68, 0.10), 0.65)),
    }
}

const LIGHT_SQUARE: Color = Color::srgb(0.86, 0.74, 0.55);
const DARK_SQUARE: Color = Color::srgb(0.46, 0.29, 0.16);

/// The meshes and materials the board, the pieces and the gallery share.
#[derive(Resource)]
pub(super) struct Looks {
    /// A square's slab, one square wide.
    pub square: Handle<Mesh>,
    /// Indexed by square parity (0 dark), then by `mark_index`.
    pub squares: [[Handle<StandardMaterial>; 7]; 2],
    /// One mesh per piece kind, by `PieceKind::index`.
    pub figures: [Handle<Mesh>; 6],
    /// Ivory for White, red lacquer for Black.
    pub sides: [Handle<StandardMaterial>; 2],
    /// The grey wood grain every wooden surface tints.
    pub grain: Handle<Image>,
}

/// A mark's place in `Looks::squares`.
pub(super) fn mark_index(mark: SquareMark) -> usize {
    MARKS.iter().position(|m| *m == mark).unwrap_or(0)
}

fn blend(base: Color, mark: SquareMark) -> Color {
    match mark_tint(mark) {
        None => base,
        Some((tint, amount)) => base.mix(&tint, amount),
    }
}

pub(super) fn load_looks(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut images: ResMut<Assets<Image>>,
) {
    let grain = images.add(super::table::wood_grain());
    let mut square_material = |base: Color, mark: SquareMark| {
        materials.add(StandardMaterial {
            base_color: blend(base, mark),
            base_color_texture: Some(grain.clone()),
            perceptual_roughness: 0.85,
            reflectance: 0.3,
            ..default()
        })
    };
    let squares = [
        MARKS.map(|mark| square_material(DARK_SQUARE, mark)),
        MARKS.map(|mark| square_material(LIGHT_SQUARE, mark)),
    ];
    let figures = PieceKind::ALL.map(|kind| meshes.add(figure(kind).into_mesh()));
    let sides = [
        materials.add(StandardMaterial {
            base_color: Color::srgb(0.93, 0.87, 0.74),
            perceptual_roughness: 0.42,
            ..default()
        }),
        materials.add(StandardMaterial {
            base_color: Color::srgb(0.50, 0.07, 0.05),
            perceptual_roughness: 0.28,
            reflectance: 0.6,
            ..default()
        }),
    ];
    commands.insert_resource(Looks {
        square: meshes.add(Cuboid::new(1.0, 0.12, 1.0)),
        squares,
        figures,
        sides,
        grain,
    });
}

fn paint_squares(
    looks: Option<Res<Looks>>,
    mut commands: Commands,
    squares: Query<(Entity, &BoardSquare, Ref<SquareMark>), Changed<SquareMark>>,
) {
    let Some(looks) = looks else { return };
    for (entity, square, mark) in &squares {
        let parity = usize::from((square.0.file() + square.0.rank()) % 2 == 1);
        let index = mark_index(*mark);
        let mut square_entity = commands.entity(entity);
        square_entity.insert(MeshMaterial3d(looks.squares[parity][index].clone()));
        if mark.is_added() {
            // The slab's top face is the board's surface.
            square_entity.insert((
                Mesh3d(looks.square.clone()),
                Transform::from_translation(super::board::square_center(square.0) - Vec3::Y * 0.06),
            ));
        }
    }
}

/// The piece a set of child meshes was built for.
#[derive(Component, PartialEq, Eq)]
struct Dressed(PieceKind);

fn dress_pieces(
    looks: Option<Res<Looks>>,
    mut commands: Commands,
    mut pieces: Query<(Entity, &PieceView, Option<&Dressed>, &mut Transform), Changed<PieceView>>,
) {
    let Some(looks) = looks else { return };
    for (entity, view, dressed, mut transform) in &mut pieces {
        if dressed == Some(&Dressed(view.piece.kind)) {
            continue;
        }
        let material = looks.sides[view.piece.color.index()].clone();
        transform.rotation = facing(view.piece.color);
        let mut piece = commands.entity(entity);
        piece.despawn_related::<Children>();
        piece.insert(Dressed(view.piece.kind));
        piece.with_children(|parent| {
            parent.spawn((
                Mesh3d(looks.figures[view.piece.kind.index()].clone()),
                MeshMaterial3d(material),
                Transform::from_scale(Vec3::splat(FIGURE_SCALE)),
            ));
        });
    }
}

/// The figures are made to fit a square; on the board they stand a little
/// larger, their plinths still clear of the next square.
const FIGURE_SCALE: f32 = 1.12;
const _: () = assert!(FIGURE_SCALE * super::figures::REACH < 0.5);

/// Figures face -z when made. On the board they stand turned most of the
/// way to their right, towards the enemy, so that from either side of the
/// table one sees them in profile: the humps, the neck, the wheels, the
/// throne.
pub(super) fn facing(side: Side) -> Quat {
    let turn = -1.22;
    match side {
        Side::White => Quat::from_rotation_y(turn),
        Side::Black => Quat::from_rotation_y(turn + std::f32::consts::PI),
    }
}
