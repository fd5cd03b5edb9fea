//! What the board and pieces look like: meshes, materials and light. Only
//! the windowed game adds this; headless tests run without it.

use super::board::{BoardSquare, Ground, SquareMark, square_center};
use super::figures::figure;
use super::pieces::PieceView;
use super::session::ActiveGame;
use crate::rules::{Color as Side, PieceKind};
use bevy::light::GlobalAmbientLight;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(Color::srgb(0.02, 0.018, 0.02)));
    app.insert_resource(GlobalAmbientLight { brightness: 260.0, ..default() });
    app.init_resource::<Discs>();
    app.add_systems(Startup, (load_looks, super::table::spawn_table).chain());
    app.add_systems(PostUpdate, (paint_squares, dress_pieces, super::table::dress_board));
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

/// The wood of each kind of square: Shatar's chequer; shatra's pale field,
/// its sandy great road, its brick-red fortresses and gilded gates.
fn ground_color(ground: Ground) -> Color {
    match ground {
        Ground::Light => Color::srgb(0.86, 0.74, 0.55),
        Ground::Dark => Color::srgb(0.46, 0.29, 0.16),
        Ground::Field { light: true } => Color::srgb(0.88, 0.79, 0.62),
        Ground::Field { light: false } => Color::srgb(0.62, 0.45, 0.28),
        Ground::Road { light: true } => Color::srgb(0.95, 0.84, 0.55),
        Ground::Road { light: false } => Color::srgb(0.76, 0.57, 0.27),
        Ground::Fortress { light: true } => Color::srgb(0.74, 0.46, 0.36),
        Ground::Fortress { light: false } => Color::srgb(0.52, 0.27, 0.2),
        Ground::Gate => Color::srgb(0.86, 0.64, 0.24),
    }
}

/// The meshes and materials the board, the pieces and the gallery share.
#[derive(Resource)]
pub(super) struct Looks {
    /// A square's slab, one square wide.
    pub square: Handle<Mesh>,
    /// Indexed by `Ground::index`, then by `mark_index`.
    pub squares: Vec<[Handle<StandardMaterial>; 7]>,
    /// One mesh per piece kind, by `PieceKind::index`.
    pub figures: [Handle<Mesh>; 6],
    /// Ivory for White, red lacquer for Black.
    pub sides: [Handle<StandardMaterial>; 2],
    /// The tournament look's disc, and the mark on it by `PieceKind::index`
    /// (none for the šatra, the pawn).
    pub disc: Handle<Mesh>,
    pub disc_marks: [Option<Handle<Mesh>>; 6],
    /// Matte paint for the marks, by side: red on ivory, ivory on red.
    pub mark_paint: [Handle<StandardMaterial>; 2],
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
    let squares = Ground::ALL
        .into_iter()
        .map(|ground| MARKS.map(|mark| square_material(ground_color(ground), mark)))
        .collect();
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
    let disc_marks = PieceKind::ALL.map(|kind| disc_mark(kind).map(|mark| meshes.add(mark)));
    let paint = |color: Color| StandardMaterial { base_color: color, perceptual_roughness: 0.8, ..default() };
    let mark_paint = [
        materials.add(paint(Color::srgb(0.55, 0.05, 0.04))),
        materials.add(paint(Color::srgb(0.95, 0.9, 0.78))),
    ];
    commands.insert_resource(Looks {
        square: meshes.add(Cuboid::new(1.0, 0.12, 1.0)),
        squares,
        figures,
        sides,
        grain,
        disc: meshes.add(Cylinder::new(DISC_RADIUS, DISC_HEIGHT).mesh().resolution(48)),
        disc_marks,
        mark_paint,
    });
}

fn paint_squares(
    looks: Option<Res<Looks>>,
    active: Res<ActiveGame>,
    mut commands: Commands,
    squares: Query<(Entity, &BoardSquare, &Ground, Ref<SquareMark>), Changed<SquareMark>>,
) {
    let Some(looks) = looks else { return };
    let variant = active.game().variant();
    for (entity, square, ground, mark) in &squares {
        let index = mark_index(*mark);
        let mut square_entity = commands.entity(entity);
        square_entity.insert(MeshMaterial3d(looks.squares[ground.index()][index].clone()));
        if mark.is_added() {
            // The slab's top face is the board's surface.
            square_entity.insert((
                Mesh3d(looks.square.clone()),
                Transform::from_translation(square_center(variant, square.0) - Vec3::Y * 0.06),
            ));
        }
    }
}

/// Shatra's men as tournament sets make them, flat discs marked in the
/// other side's colour (seed 002), instead of the sculpted figures.
#[derive(Resource, Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Discs(pub bool);

const DISC_RADIUS: f32 = 0.4;
const DISC_HEIGHT: f32 = 0.14;

/// The mark on a disc: a small circle for the biy, a triangle for the
/// batïr, a square for the tura, a straight line for the jalkïn.
fn disc_mark(kind: PieceKind) -> Option<Mesh> {
    let thin = 0.02;
    match kind {
        PieceKind::Noyon => Some(Torus { minor_radius: 0.035, major_radius: 0.17 }.mesh().build()),
        PieceKind::Bers => Some(Cylinder::new(0.24, thin).mesh().resolution(3).build()),
        PieceKind::Tereg => Some(Cuboid::new(0.3, thin, 0.3).mesh().build()),
        PieceKind::Teme => Some(Cuboid::new(0.5, thin, 0.08).mesh().build()),
        PieceKind::Mori | PieceKind::Child => None,
    }
}

/// What a piece's child meshes were built as.
#[derive(Component, PartialEq, Eq)]
struct Dressed(PieceKind, bool);

fn dress_pieces(
    looks: Option<Res<Looks>>,
    discs: Res<Discs>,
    active: Res<ActiveGame>,
    mut commands: Commands,
    mut pieces: Query<(Entity, &PieceView, Option<&Dressed>, &mut Transform)>,
) {
    let Some(looks) = looks else { return };
    let as_discs = discs.0 && active.game().shatra().is_some();
    for (entity, view, dressed, mut transform) in &mut pieces {
        let wanted = Dressed(view.piece.kind, as_discs);
        if dressed == Some(&wanted) {
            continue;
        }
        let side = view.piece.color.index();
        let mut piece = commands.entity(entity);
        piece.despawn_related::<Children>();
        piece.insert(wanted);
        if as_discs {
            // Marks square to the board, the batïr's triangle towards the enemy.
            transform.rotation = Quat::from_rotation_y(if side == 0 { 0.0 } else { std::f32::consts::PI });
            let mark = looks.disc_marks[view.piece.kind.index()].clone();
            piece.with_children(|parent| {
                parent.spawn((
                    Mesh3d(looks.disc.clone()),
                    MeshMaterial3d(looks.sides[side].clone()),
                    Transform::from_xyz(0.0, DISC_HEIGHT / 2.0, 0.0),
                ));
                if let Some(mark) = mark {
                    parent.spawn((
                        Mesh3d(mark),
                        MeshMaterial3d(looks.mark_paint[side].clone()),
                        // The triangle's point towards the enemy.
                        Transform::from_xyz(0.0, DISC_HEIGHT + 0.005, 0.0)
                            .with_rotation(Quat::from_rotation_y(std::f32::consts::FRAC_PI_2)),
                    ));
                }
            });
        } else {
            transform.rotation = facing(view.piece.color);
            piece.with_children(|parent| {
                parent.spawn((
                    Mesh3d(looks.figures[view.piece.kind.index()].clone()),
                    MeshMaterial3d(looks.sides[side].clone()),
                    Transform::from_scale(Vec3::splat(FIGURE_SCALE)),
                ));
            });
        }
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
