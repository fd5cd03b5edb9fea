//! The gallery's stage, far from the board: a turning stand under a warm
//! spot, and the small board where the shown piece plays its moves.

use super::{GalleryShots, Shown};
use crate::game::Screen;
use crate::game::SquareMark;
use crate::game::look::{Looks, mark_index};
use crate::game::sculpt::Sculpture;
use crate::rules::{Color as Side, PieceKind, Square};
use bevy::prelude::*;
use std::f32::consts::PI;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_stage.after(crate::game::look::load_looks));
    app.add_systems(OnEnter(Screen::Gallery), |mut roots: Query<&mut Visibility, With<StageRoot>>| {
        roots.iter_mut().for_each(|mut visibility| *visibility = Visibility::Visible);
    });
    app.add_systems(OnExit(Screen::Gallery), |mut roots: Query<&mut Visibility, With<StageRoot>>| {
        roots.iter_mut().for_each(|mut visibility| *visibility = Visibility::Hidden);
    });
    app.add_systems(
        PostUpdate,
        (
            dress_stage,
            turn_figure,
            play_demo.run_if(not(resource_exists::<GalleryShots>)),
            hide_demo.run_if(resource_exists::<GalleryShots>),
            place_camera,
        )
            .chain()
            .before(TransformSystems::Propagate)
            .run_if(in_state(Screen::Gallery)),
    );
}

/// Where the stage stands, out of sight of the board.
pub const STAGE: Vec3 = Vec3::new(0.0, 0.0, -60.0);
const STAND_HEIGHT: f32 = 0.3;
const FIGURE_SCALE: f32 = 1.6;
/// The small board: its centre, relative to the stage, and its squares.
const DEMO_BOARD: Vec3 = Vec3::new(2.35, 0.0, 0.2);
const DEMO_SQUARE: f32 = 0.24;
/// Seconds per demonstrated move, out and back.
const DEMO_BEAT: f32 = 1.6;
/// Radians per second the stand turns.
const TURN_SPEED: f32 = 0.35;

#[derive(Component)]
struct StageRoot;

#[derive(Component)]
pub(super) struct StandFigure;

/// The small board and its pieces, hidden in the close-up shots.
#[derive(Component)]
struct DemoPart;

#[derive(Component)]
struct DemoSquare(Square);

#[derive(Component)]
struct DemoMover;

/// An extra piece on the small board, by its index in the demo.
#[derive(Component)]
struct DemoOther(usize);

/// The piece the stage is dressed for.
#[derive(Resource, PartialEq, Eq, Clone, Copy)]
struct Dressed(crate::rules::Piece);

fn demo_square_center(square: Square) -> Vec3 {
    DEMO_BOARD
        + Vec3::new(
            (square.file() as f32 - 3.5) * DEMO_SQUARE,
            0.0,
            (3.5 - square.rank() as f32) * DEMO_SQUARE,
        )
}

fn stand() -> Sculpture {
    let mut s = Sculpture::new();
    let h = STAND_HEIGHT;
    s.lathe(
        &[
            (0.0, 0.0),
            (0.82, 0.0),
            (0.82, 0.05),
            (0.76, 0.08),
            (0.7, 0.1),
            (0.7, h - 0.06),
            (0.76, h - 0.03),
            (0.78, h),
            (0.0, h),
        ],
        Vec3::ZERO,
    );
    s
}

fn spawn_stage(
    screen: Res<State<Screen>>,
    mut commands: Commands,
    looks: Res<Looks>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let wood = materials.add(StandardMaterial {
        base_color: Color::srgb(0.16, 0.08, 0.04),
        perceptual_roughness: 0.45,
        reflectance: 0.4,
        ..default()
    });
    let velvet = materials.add(StandardMaterial {
        base_color: Color::srgb(0.05, 0.05, 0.06),
        perceptual_roughness: 1.0,
        reflectance: 0.1,
        ..default()
    });
    let root = commands
        .spawn((
            Name::new("Gallery stage"),
            StageRoot,
            Transform::from_translation(STAGE),
            // The game may start in the gallery, whose OnEnter has run by now.
            if *screen.get() == Screen::Gallery { Visibility::Visible } else { Visibility::Hidden },
        ))
        .id();
    let mut children = vec![
        commands
            .spawn((
                Mesh3d(meshes.add(Circle::new(40.0).mesh().resolution(64))),
                MeshMaterial3d(velvet),
                Transform::from_rotation(Quat::from_rotation_x(-PI / 2.0)).with_translation(Vec3::Y * -0.001),
            ))
            .id(),
        commands.spawn((Mesh3d(meshes.add(stand().into_mesh())), MeshMaterial3d(wood.clone()))).id(),
        commands
            .spawn((
                Mesh3d(meshes.add(Cuboid::new(8.0 * DEMO_SQUARE + 0.16, 0.06, 8.0 * DEMO_SQUARE + 0.16))),
                MeshMaterial3d(wood),
                DemoPart,
                Transform::from_translation(DEMO_BOARD - Vec3::Y * 0.04),
            ))
            .id(),
        commands
            .spawn((
                Name::new("Gallery spot"),
                SpotLight {
                    intensity: 1_800_000.0,
                    color: Color::srgb(1.0, 0.9, 0.76),
                    range: 30.0,
                    radius: 0.3,
                    outer_angle: 0.62,
                    inner_angle: 0.3,
                    shadow_maps_enabled: true,
                    ..default()
                },
                Transform::from_xyz(0.8, 7.0, 4.5).looking_at(Vec3::new(1.0, 0.3, 0.0), Vec3::Y),
            ))
            .id(),
        commands
            .spawn((
                StandFigure,
                Transform::from_xyz(0.0, STAND_HEIGHT, 0.0).with_scale(Vec3::splat(FIGURE_SCALE)),
            ))
            .id(),
        commands.spawn((DemoMover, DemoPart, Transform::from_scale(Vec3::splat(DEMO_SQUARE)))).id(),
    ];
    for square in Square::all() {
        children.push(
            commands
                .spawn((
                    DemoSquare(square),
                    DemoPart,
                    Mesh3d(looks.square.clone()),
                    MeshMaterial3d(looks.squares[parity(square)][0].clone()),
                    Transform::from_translation(demo_square_center(square) - Vec3::Y * 0.06 * DEMO_SQUARE)
                        .with_scale(Vec3::splat(DEMO_SQUARE)),
                ))
                .id(),
        );
    }
    commands.entity(root).add_children(&children);
}

fn parity(square: Square) -> usize {
    usize::from((square.file() + square.rank()) % 2 == 1)
}

/// Figures face -z; turned half round they face the camera.
fn facing(side: Side) -> Quat {
    match side {
        Side::White => Quat::from_rotation_y(PI),
        Side::Black => Quat::IDENTITY,
    }
}

fn dress_stage(
    shown: Res<Shown>,
    dressed: Option<Res<Dressed>>,
    looks: Res<Looks>,
    root: Query<Entity, With<StageRoot>>,
    figure: Query<Entity, Or<(With<StandFigure>, With<DemoMover>)>>,
    others: Query<Entity, With<DemoOther>>,
    mut commands: Commands,
) {
    if dressed.is_some_and(|dressed| dressed.0 == shown.piece) {
        return;
    }
    commands.insert_resource(Dressed(shown.piece));
    let mesh = Mesh3d(looks.figures[shown.piece.kind.index()].clone());
    let material = MeshMaterial3d(looks.sides[shown.piece.color.index()].clone());
    for entity in &figure {
        commands.entity(entity).insert((mesh.clone(), material.clone()));
    }
    for entity in &others {
        commands.entity(entity).despawn();
    }
    let Ok(root) = root.single() else { return };
    for (index, (piece, square)) in shown.demo.others.iter().enumerate() {
        let other = commands
            .spawn((
                DemoOther(index),
                DemoPart,
                Mesh3d(looks.figures[piece.kind.index()].clone()),
                MeshMaterial3d(looks.sides[piece.color.index()].clone()),
                Transform::from_translation(demo_square_center(*square))
                    .with_rotation(facing(piece.color) * Quat::from_rotation_y(PI))
                    .with_scale(Vec3::splat(DEMO_SQUARE)),
            ))
            .id();
        commands.entity(root).add_child(other);
    }
}

/// The stand's angle: turning slowly, or fixed for the close-up shots.
fn turn_figure(
    time: Res<Time>,
    shown: Res<Shown>,
    shots: Option<Res<GalleryShots>>,
    mut figure: Query<&mut Transform, With<StandFigure>>,
) {
    let angle = match shots {
        Some(_) => GalleryShots::ANGLE,
        None => (time.elapsed_secs() - shown.since) * TURN_SPEED + 0.9,
    };
    for mut transform in &mut figure {
        transform.rotation = facing(Side::White) * Quat::from_rotation_y(angle);
    }
}

/// Which move is shown now, and how far along it is, from 0 to 1.
fn demo_beat(elapsed: f32, moves: usize) -> Option<(usize, f32)> {
    if moves == 0 {
        return None;
    }
    let beats = (elapsed.max(0.0) / DEMO_BEAT) as usize;
    Some((beats % moves, (elapsed.max(0.0) / DEMO_BEAT).fract()))
}

/// The mover goes out to the move's square, waits, and comes home; the
/// squares show every destination, the current one in amber.
/// The close-up shots show the figure alone.
fn hide_demo(mut parts: Query<&mut Visibility, With<DemoPart>>) {
    parts.iter_mut().for_each(|mut visibility| *visibility = Visibility::Hidden);
}

fn play_demo(
    time: Res<Time>,
    shown: Res<Shown>,
    looks: Res<Looks>,
    mut mover: Query<&mut Transform, With<DemoMover>>,
    mut squares: Query<(&DemoSquare, &mut MeshMaterial3d<StandardMaterial>)>,
    mut others: Query<(&DemoOther, &mut Visibility)>,
) {
    let demo = &shown.demo;
    let beat = demo_beat(time.elapsed_secs() - shown.since - 0.5, demo.targets.len());
    let home = demo_square_center(demo.home);
    let (position, current) = match beat {
        Some((index, t)) => {
            let target = demo.targets[index].0;
            let away = demo_square_center(target);
            // Out in the first third, there in the second, home in the last.
            let out = smooth((t * 3.0).clamp(0.0, 1.0)) - smooth((t * 3.0 - 2.0).clamp(0.0, 1.0));
            let hop = if shown.piece.kind == PieceKind::Mori {
                let travelling = (t * 3.0 < 1.0) || (t * 3.0 > 2.0);
                if travelling { (out * PI).sin() * 0.35 * DEMO_SQUARE * 2.0 } else { 0.0 }
            } else {
                0.0
            };
            (home.lerp(away, out) + Vec3::Y * hop, Some((target, out > 0.5)))
        }
        None => (home, None),
    };
    if let Ok(mut transform) = mover.single_mut() {
        transform.translation = position;
        transform.rotation = facing(shown.piece.color) * Quat::from_rotation_y(PI);
    }
    for (square, mut material) in &mut squares {
        let mark = if Some(square.0) == current.map(|(target, _)| target) {
            SquareMark::LastMove
        } else if square.0 == demo.home {
            SquareMark::Selected
        } else {
            match demo.targets.iter().find(|(target, _)| *target == square.0) {
                Some((_, true)) => SquareMark::Capture,
                Some((_, false)) => SquareMark::Target,
                None => SquareMark::Plain,
            }
        };
        let handle = &looks.squares[parity(square.0)][mark_index(mark)];
        if material.0 != *handle {
            material.0 = handle.clone();
        }
    }
    // A piece being taken steps aside while the mover stands on it.
    for (other, mut visibility) in &mut others {
        let taken = current.is_some_and(|(target, there)| {
            there && demo.others.get(other.0).is_some_and(|(_, square)| *square == target)
        });
        *visibility = if taken { Visibility::Hidden } else { Visibility::Inherited };
    }
}

fn smooth(t: f32) -> f32 {
    t * t * (3.0 - 2.0 * t)
}

fn place_camera(shots: Option<Res<GalleryShots>>, mut cameras: Query<&mut Transform, With<Camera3d>>) {
    let (eye, target) = match shots {
        // Close on the figure alone.
        Some(_) => (Vec3::new(0.0, 1.55, 3.6), Vec3::new(0.0, 1.0, 0.0)),
        None => (Vec3::new(0.2, 2.9, 6.2), Vec3::new(0.2, 0.85, 0.0)),
    };
    for mut transform in &mut cameras {
        *transform = Transform::from_translation(STAGE + eye).looking_at(STAGE + target, Vec3::Y);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_demo_visits_every_move_in_turn() {
        assert_eq!(demo_beat(0.0, 3), Some((0, 0.0)));
        assert_eq!(demo_beat(DEMO_BEAT * 1.5, 3).map(|beat| beat.0), Some(1));
        assert_eq!(demo_beat(DEMO_BEAT * 3.25, 3).map(|beat| beat.0), Some(0));
        assert_eq!(demo_beat(5.0, 0), None);
    }
}
