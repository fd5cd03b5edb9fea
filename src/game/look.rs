//! What the board and pieces look like: meshes, materials and light. Only
//! the windowed game adds this; headless tests run without it.

use super::board::{BoardSquare, SquareMark};
use super::pieces::PieceView;
use crate::rules::{Color as Side, PieceKind};
use bevy::light::GlobalAmbientLight;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(Color::srgb(0.045, 0.043, 0.05)));
    app.insert_resource(GlobalAmbientLight { brightness: 350.0, ..default() });
    app.add_systems(Startup, (load_looks, spawn_surroundings).chain());
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

#[derive(Resource)]
struct Looks {
    square: Handle<Mesh>,
    /// Indexed by square parity (0 dark), then by `MARKS` order.
    squares: [[Handle<StandardMaterial>; 7]; 2],
    shapes: Shapes,
    /// Ivory for White, red lacquer for Black.
    sides: [Handle<StandardMaterial>; 2],
}

struct Shapes {
    base: Handle<Mesh>,
    body: Handle<Mesh>,
    ball: Handle<Mesh>,
    cone: Handle<Mesh>,
    bar: Handle<Mesh>,
    block: Handle<Mesh>,
    wheel: Handle<Mesh>,
}

fn blend(base: Color, mark: SquareMark) -> Color {
    match mark_tint(mark) {
        None => base,
        Some((tint, amount)) => base.mix(&tint, amount),
    }
}

fn load_looks(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let mut square_material = |base: Color, mark: SquareMark| {
        materials.add(StandardMaterial {
            base_color: blend(base, mark),
            perceptual_roughness: 0.85,
            reflectance: 0.3,
            ..default()
        })
    };
    let squares = [
        MARKS.map(|mark| square_material(DARK_SQUARE, mark)),
        MARKS.map(|mark| square_material(LIGHT_SQUARE, mark)),
    ];
    let shapes = Shapes {
        base: meshes.add(Cylinder::new(0.34, 0.1)),
        body: meshes.add(ConicalFrustum { radius_top: 0.14, radius_bottom: 0.26, height: 1.0 }),
        ball: meshes.add(Sphere::new(1.0).mesh().uv(24, 16)),
        cone: meshes.add(Cone { radius: 1.0, height: 1.0 }),
        bar: meshes.add(Capsule3d::new(1.0, 2.0)),
        block: meshes.add(Cuboid::new(1.0, 1.0, 1.0)),
        wheel: meshes.add(Torus::new(0.07, 0.15)),
    };
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
        shapes,
        sides,
    });
}

fn spawn_surroundings(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let walnut = materials.add(StandardMaterial {
        base_color: Color::srgb(0.20, 0.11, 0.06),
        perceptual_roughness: 0.8,
        reflectance: 0.3,
        ..default()
    });
    let felt = materials.add(StandardMaterial {
        base_color: Color::srgb(0.09, 0.12, 0.11),
        perceptual_roughness: 0.95,
        ..default()
    });
    commands.spawn((
        Name::new("Board frame"),
        Mesh3d(meshes.add(Cuboid::new(9.0, 0.2, 9.0))),
        MeshMaterial3d(walnut),
        Transform::from_xyz(0.0, -0.11, 0.0),
        Pickable::IGNORE,
    ));
    commands
        .spawn((
            Name::new("Table"),
            Mesh3d(meshes.add(Plane3d::default().mesh().size(60.0, 60.0))),
            MeshMaterial3d(felt),
            Transform::from_xyz(0.0, -0.21, 0.0),
        ))
        .observe(|click: On<Pointer<Click>>, mut commands: Commands| {
            if click.button == PointerButton::Primary {
                commands.trigger(super::input::Chosen(None));
            }
        });
    commands.spawn((
        Name::new("Sun"),
        DirectionalLight { illuminance: 5500.0, shadow_maps_enabled: true, ..default() },
        Transform::from_xyz(-4.0, 10.0, 6.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    commands.spawn((
        Name::new("Fill light"),
        PointLight { intensity: 400_000.0, range: 40.0, ..default() },
        Transform::from_xyz(6.0, 7.0, -5.0),
    ));
}

fn paint_squares(
    looks: Option<Res<Looks>>,
    mut commands: Commands,
    squares: Query<(Entity, &BoardSquare, Ref<SquareMark>), Changed<SquareMark>>,
) {
    let Some(looks) = looks else { return };
    for (entity, square, mark) in &squares {
        let parity = usize::from((square.0.file() + square.0.rank()) % 2 == 1);
        let index = MARKS.iter().position(|m| *m == *mark).unwrap_or(0);
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
        transform.rotation = match view.piece.color {
            Side::White => Quat::IDENTITY,
            Side::Black => Quat::from_rotation_y(std::f32::consts::PI),
        };
        let mut piece = commands.entity(entity);
        piece.despawn_related::<Children>();
        piece.insert(Dressed(view.piece.kind));
        piece.with_children(|parent| {
            for (shape, part) in parts(&looks.shapes, view.piece.kind) {
                parent.spawn((Mesh3d(shape), MeshMaterial3d(material.clone()), part));
            }
        });
    }
}

fn at(x: f32, y: f32, z: f32) -> Transform {
    Transform::from_xyz(x, y, z)
}

/// Placeholder figures from simple solids; `-z` is forward.
fn parts(shapes: &Shapes, kind: PieceKind) -> Vec<(Handle<Mesh>, Transform)> {
    let s = shapes;
    let mut parts = vec![(s.base.clone(), at(0.0, 0.05, 0.0))];
    let tilt = |angle: f32| Quat::from_rotation_x(angle);
    match kind {
        PieceKind::Noyon => parts.extend([
            (s.body.clone(), at(0.0, 0.42, 0.0).with_scale(Vec3::new(1.0, 0.64, 1.0))),
            (s.ball.clone(), at(0.0, 0.86, 0.0).with_scale(Vec3::splat(0.15))),
            (s.cone.clone(), at(0.0, 1.06, 0.0).with_scale(Vec3::new(0.13, 0.22, 0.13))),
            (s.block.clone(), at(0.0, 0.42, 0.2).with_scale(Vec3::new(0.5, 0.55, 0.1))),
        ]),
        PieceKind::Bers => parts.extend([
            (s.body.clone(), at(0.0, 0.36, 0.0).with_scale(Vec3::new(0.95, 0.52, 0.95))),
            (s.ball.clone(), at(0.0, 0.74, -0.04).with_scale(Vec3::new(0.17, 0.15, 0.19))),
            (s.ball.clone(), at(-0.1, 0.86, -0.02).with_scale(Vec3::splat(0.05))),
            (s.ball.clone(), at(0.1, 0.86, -0.02).with_scale(Vec3::splat(0.05))),
        ]),
        PieceKind::Teme => parts.extend([
            (
                s.bar.clone(),
                at(0.0, 0.36, 0.04)
                    .with_rotation(tilt(std::f32::consts::FRAC_PI_2))
                    .with_scale(Vec3::new(0.16, 0.1, 0.14)),
            ),
            (s.ball.clone(), at(0.0, 0.5, 0.13).with_scale(Vec3::new(0.11, 0.13, 0.11))),
            (s.ball.clone(), at(0.0, 0.5, -0.06).with_scale(Vec3::new(0.11, 0.13, 0.11))),
            (
                s.bar.clone(),
                at(0.0, 0.52, -0.24).with_rotation(tilt(-0.35)).with_scale(Vec3::new(0.06, 0.07, 0.06)),
            ),
            (s.ball.clone(), at(0.0, 0.66, -0.3).with_scale(Vec3::new(0.07, 0.06, 0.1))),
            (s.block.clone(), at(0.0, 0.18, 0.0).with_scale(Vec3::new(0.22, 0.2, 0.4))),
        ]),
        PieceKind::Mori => parts.extend([
            (s.body.clone(), at(0.0, 0.3, 0.04).with_scale(Vec3::new(0.85, 0.42, 0.85))),
            (
                s.bar.clone(),
                at(0.0, 0.58, -0.06).with_rotation(tilt(-0.45)).with_scale(Vec3::new(0.11, 0.1, 0.11)),
            ),
            (
                s.block.clone(),
                at(0.0, 0.74, -0.2).with_rotation(tilt(0.5)).with_scale(Vec3::new(0.14, 0.13, 0.3)),
            ),
            (s.cone.clone(), at(0.0, 0.6, 0.12).with_scale(Vec3::new(0.05, 0.3, 0.05))),
        ]),
        PieceKind::Tereg => parts.extend([
            (s.block.clone(), at(0.0, 0.36, 0.0).with_scale(Vec3::new(0.42, 0.3, 0.5))),
            (s.cone.clone(), at(0.0, 0.66, 0.0).with_scale(Vec3::new(0.3, 0.3, 0.3))),
            (
                s.wheel.clone(),
                at(-0.24, 0.25, 0.0).with_rotation(Quat::from_rotation_z(std::f32::consts::FRAC_PI_2)),
            ),
            (
                s.wheel.clone(),
                at(0.24, 0.25, 0.0).with_rotation(Quat::from_rotation_z(std::f32::consts::FRAC_PI_2)),
            ),
        ]),
        PieceKind::Child => {
            parts[0].1.scale = Vec3::new(0.75, 1.0, 0.75);
            parts.extend([
                (s.body.clone(), at(0.0, 0.25, 0.0).with_scale(Vec3::new(0.6, 0.3, 0.6))),
                (s.ball.clone(), at(0.0, 0.46, 0.0).with_scale(Vec3::splat(0.11))),
            ]);
        }
    }
    parts
}
