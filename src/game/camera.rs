//! The camera: orbit, zoom and pan within limits, and three presets.

use super::session::{ActiveGame, Player};
use super::{AppSystems, Screen};
use crate::rules::Color;
use crate::variant::Variant;
use bevy::core_pipeline::tonemapping::Tonemapping;
use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll, MouseScrollUnit};
use bevy::prelude::*;
use bevy_egui::input::{egui_wants_any_keyboard_input, egui_wants_any_pointer_input};
use std::f32::consts::{FRAC_PI_2, PI};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<StartView>();
    app.init_resource::<FollowTurn>();
    app.add_systems(Startup, spawn_camera);
    app.add_observer(show_view);
    app.add_systems(
        Update,
        (
            orbit_with_mouse.run_if(not(egui_wants_any_pointer_input)),
            orbit_with_fingers.run_if(not(egui_wants_any_pointer_input)),
            circle_the_board.run_if(in_state(Screen::Attract)),
            presets_from_keys.run_if(not(egui_wants_any_keyboard_input)),
            (fit_the_board, turn_to_side_to_move).chain().run_if(resource_changed::<ActiveGame>),
            ease_camera,
        )
            .chain()
            .in_set(AppSystems::Input)
            .run_if(not(in_state(Screen::Gallery))),
    );
    app.add_systems(OnExit(Screen::Gallery), back_to_the_board);
}

/// A camera preset.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, clap::ValueEnum)]
pub enum View {
    /// From White's side.
    #[default]
    White,
    /// From Black's side.
    Black,
    /// Straight down, White at the bottom.
    Top,
}

impl View {
    fn orbit(self, variant: Variant) -> Orbit {
        // The focus sits right of the board's centre, leaving room for the
        // panel; shatra's long board is seen from further off.
        let (pitch, near, top, focus) = match variant {
            Variant::Shatar => (0.92, 15.5, 16.5, Vec3::new(1.2, 0.0, 0.6)),
            Variant::Shatra => (1.0, 22.0, 27.0, Vec3::new(1.6, 0.0, 1.2)),
        };
        let side = Orbit { yaw: 0.0, pitch, distance: near, focus };
        match self {
            View::White => side,
            View::Black => Orbit { yaw: PI, focus: -side.focus, ..side },
            View::Top => Orbit { yaw: 0.0, pitch: MAX_PITCH, distance: top, focus: focus.with_z(0.0) },
        }
    }

    pub(super) fn camera_start(self) -> StartView {
        StartView(self)
    }
}

/// The view the camera starts in.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct StartView(pub View);

/// In a game between two people, turn the view to the side to move.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct FollowTurn(pub bool);

const MIN_PITCH: f32 = 0.25;
const MAX_PITCH: f32 = FRAC_PI_2 - 0.01;
const MIN_DISTANCE: f32 = 6.0;
const MAX_DISTANCE: f32 = 30.0;
const MAX_FOCUS: f32 = 6.0;

#[derive(Clone, Copy, PartialEq, Debug)]
struct Orbit {
    yaw: f32,
    pitch: f32,
    distance: f32,
    focus: Vec3,
}

impl Orbit {
    fn transform(self) -> Transform {
        let direction =
            Vec3::new(self.yaw.sin() * self.pitch.cos(), self.pitch.sin(), self.yaw.cos() * self.pitch.cos());
        Transform::from_translation(self.focus + direction * self.distance).looking_at(self.focus, Vec3::Y)
    }

    fn clamped(mut self) -> Orbit {
        self.pitch = self.pitch.clamp(MIN_PITCH, MAX_PITCH);
        self.distance = self.distance.clamp(MIN_DISTANCE, MAX_DISTANCE);
        self.focus = self.focus.clamp(Vec3::splat(-MAX_FOCUS), Vec3::splat(MAX_FOCUS)).with_y(0.0);
        self
    }
}

/// Where the camera is and where it is heading.
#[derive(Component, Clone, Copy, Debug)]
struct OrbitCamera {
    now: Orbit,
    goal: Orbit,
}

/// The camera's transform at rest in a preset.
pub fn view_transform(view: View, variant: Variant) -> Transform {
    view.orbit(variant).transform()
}

/// The camera's lens.
pub fn camera_projection() -> PerspectiveProjection {
    PerspectiveProjection { fov: 0.62, ..default() }
}

fn spawn_camera(mut commands: Commands, start: Res<StartView>, active: Res<ActiveGame>) {
    let orbit = start.0.orbit(active.game().variant());
    commands.spawn((
        Name::new("Camera"),
        Camera3d::default(),
        Projection::Perspective(camera_projection()),
        Tonemapping::KhronosPbrNeutral,
        orbit.transform(),
        OrbitCamera { now: orbit, goal: orbit },
    ));
}

/// The gallery moves the camera away; put it back where it was.
fn back_to_the_board(mut cameras: Query<(&OrbitCamera, &mut Transform)>) {
    for (camera, mut transform) in &mut cameras {
        *transform = camera.now.transform();
    }
}

fn orbit_with_mouse(
    buttons: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    mut cameras: Query<&mut OrbitCamera>,
) {
    let Ok(mut camera) = cameras.single_mut() else { return };
    let mut goal = camera.goal;
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    let delta = motion.delta;
    if buttons.pressed(MouseButton::Middle) || (shift && buttons.pressed(MouseButton::Right)) {
        let right = Vec3::new(goal.yaw.cos(), 0.0, -goal.yaw.sin());
        let forward = Vec3::new(-goal.yaw.sin(), 0.0, -goal.yaw.cos());
        let scale = goal.distance * 0.0015;
        goal.focus += (-right * delta.x + forward * delta.y) * scale;
    } else if buttons.pressed(MouseButton::Right) {
        goal.yaw -= delta.x * 0.006;
        goal.pitch += delta.y * 0.004;
    }
    let lines = match scroll.unit {
        MouseScrollUnit::Line => scroll.delta.y,
        MouseScrollUnit::Pixel => scroll.delta.y / 40.0,
    };
    goal.distance *= 0.9_f32.powf(lines);
    camera.goal = goal.clamped();
}

/// Two fingers: pinching zooms, moving together orbits. One finger is
/// left to the pieces.
fn orbit_with_fingers(touches: Res<Touches>, mut cameras: Query<&mut OrbitCamera>) {
    let Ok(mut camera) = cameras.single_mut() else { return };
    let fingers: Vec<&bevy::input::touch::Touch> = touches.iter().take(3).collect();
    let [a, b] = fingers[..] else { return };
    let (before, now) =
        (a.previous_position().distance(b.previous_position()), a.position().distance(b.position()));
    let mut goal = camera.goal;
    if before > 1.0 && now > 1.0 {
        goal.distance *= before / now;
    }
    let moved = (a.delta() + b.delta()) / 2.0;
    goal.yaw -= moved.x * 0.006;
    goal.pitch += moved.y * 0.004;
    camera.goal = goal.clamped();
}

/// The attract loop's slow turn round the table.
fn circle_the_board(time: Res<Time>, active: Res<ActiveGame>, mut cameras: Query<&mut OrbitCamera>) {
    let Ok(mut camera) = cameras.single_mut() else { return };
    let goal = camera.goal;
    let distance = match active.game().variant() {
        Variant::Shatar => 17.0,
        Variant::Shatra => 22.0,
    };
    camera.goal =
        Orbit { yaw: goal.yaw + CIRCLING * time.delta_secs(), pitch: 0.8, distance, focus: Vec3::ZERO }
            .clamped();
}

/// Radians a second.
const CIRCLING: f32 = 0.06;

/// A board of another variant: the view from the same side, fitted to it.
fn fit_the_board(
    active: Res<ActiveGame>,
    mut shown: Local<Option<Variant>>,
    mut cameras: Query<&mut OrbitCamera>,
) {
    let variant = active.game().variant();
    let first = shown.is_none();
    if shown.replace(variant) == Some(variant) || first {
        return;
    }
    let Ok(mut camera) = cameras.single_mut() else { return };
    let view = if camera.goal.pitch >= MAX_PITCH {
        View::Top
    } else if camera.goal.yaw.cos() < 0.0 {
        View::Black
    } else {
        View::White
    };
    set_view(&mut camera, view, variant);
}

fn presets_from_keys(
    keys: Res<ButtonInput<KeyCode>>,
    active: Res<ActiveGame>,
    mut cameras: Query<&mut OrbitCamera>,
) {
    let Ok(mut camera) = cameras.single_mut() else { return };
    let view = if keys.just_pressed(KeyCode::Digit1) {
        View::White
    } else if keys.just_pressed(KeyCode::Digit2) {
        View::Black
    } else if keys.just_pressed(KeyCode::Digit3) {
        View::Top
    } else {
        return;
    };
    set_view(&mut camera, view, active.game().variant());
}

fn set_view(camera: &mut OrbitCamera, view: View, variant: Variant) {
    let mut goal = view.orbit(variant);
    // Turn the short way round.
    while goal.yaw - camera.now.yaw > PI {
        goal.yaw -= 2.0 * PI;
    }
    while camera.now.yaw - goal.yaw > PI {
        goal.yaw += 2.0 * PI;
    }
    camera.goal = goal;
}

/// Sets the camera to a preset, easing there.
#[derive(Event, Clone, Copy, Debug)]
pub struct ShowView(pub View);

fn show_view(view: On<ShowView>, active: Res<ActiveGame>, mut cameras: Query<&mut OrbitCamera>) {
    if let Ok(mut camera) = cameras.single_mut() {
        set_view(&mut camera, view.0, active.game().variant());
    }
}

fn turn_to_side_to_move(
    active: Res<ActiveGame>,
    follow: Res<FollowTurn>,
    mut cameras: Query<&mut OrbitCamera>,
) {
    let Ok(mut camera) = cameras.single_mut() else { return };
    if !follow.0 || active.players() != [Player::Human; 2] || camera.goal.pitch >= MAX_PITCH {
        return;
    }
    let view = match active.game().side_to_move() {
        Color::White => View::White,
        Color::Black => View::Black,
    };
    set_view(&mut camera, view, active.game().variant());
}

fn ease_camera(time: Res<Time>, mut cameras: Query<(&mut OrbitCamera, &mut Transform)>) {
    let Ok((mut camera, mut transform)) = cameras.single_mut() else { return };
    if camera.now == camera.goal {
        return;
    }
    let t = 1.0 - (-10.0 * time.delta_secs()).exp();
    let (now, goal) = (camera.now, camera.goal);
    let mut next = Orbit {
        yaw: now.yaw + (goal.yaw - now.yaw) * t,
        pitch: now.pitch + (goal.pitch - now.pitch) * t,
        distance: now.distance + (goal.distance - now.distance) * t,
        focus: now.focus.lerp(goal.focus, t),
    };
    if (next.yaw - goal.yaw).abs() < 1e-4
        && (next.pitch - goal.pitch).abs() < 1e-4
        && (next.distance - goal.distance).abs() < 1e-3
        && next.focus.distance(goal.focus) < 1e-3
    {
        next = goal;
    }
    camera.now = next;
    *transform = next.transform();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_camera_stays_within_its_limits() {
        let wild =
            Orbit { yaw: 9.0, pitch: -1.0, distance: 100.0, focus: Vec3::new(30.0, 5.0, -30.0) }.clamped();
        assert_eq!(wild.pitch, MIN_PITCH, "never below the table");
        assert_eq!(wild.distance, MAX_DISTANCE);
        assert_eq!(wild.focus, Vec3::new(MAX_FOCUS, 0.0, -MAX_FOCUS), "the board stays in view");
        let close = Orbit { pitch: 3.0, distance: 0.1, ..wild }.clamped();
        assert_eq!((close.pitch, close.distance), (MAX_PITCH, MIN_DISTANCE));
    }

    /// Two fingers pinching in and out, and sweeping far across the
    /// screen, move the camera but never past its limits.
    #[test]
    fn fingers_pinch_and_turn_within_limits() {
        use bevy::input::InputPlugin;
        use bevy::input::touch::{TouchInput, TouchPhase};
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, InputPlugin));
        app.add_systems(Update, orbit_with_fingers);
        let start = View::White.orbit(Variant::Shatar);
        let camera = app.world_mut().spawn(OrbitCamera { now: start, goal: start }).id();
        let finger = |app: &mut App, id: u64, at: Vec2, phase: TouchPhase| {
            let window = Entity::PLACEHOLDER;
            app.world_mut().write_message(TouchInput { phase, position: at, window, force: None, id });
        };
        let goal = |app: &App| app.world().get::<OrbitCamera>(camera).expect("the camera").goal;
        let centre = Vec2::new(640.0, 360.0);
        finger(&mut app, 0, centre - Vec2::X * 100.0, TouchPhase::Started);
        finger(&mut app, 1, centre + Vec2::X * 100.0, TouchPhase::Started);
        app.update();
        // Spread the fingers: zoom in, step by step, down to the limit.
        for step in 1..=40 {
            let half = 100.0 + 20.0 * step as f32;
            finger(&mut app, 0, centre - Vec2::X * half, TouchPhase::Moved);
            finger(&mut app, 1, centre + Vec2::X * half, TouchPhase::Moved);
            app.update();
            if step == 1 {
                assert!(goal(&app).distance < start.distance, "spreading zooms in");
            }
        }
        assert_eq!(goal(&app).distance, MIN_DISTANCE);
        // Pinch back together: zoom out, never past the far limit.
        for step in (0..40).rev() {
            let half = 5.0 + 20.0 * step as f32;
            finger(&mut app, 0, centre - Vec2::X * half, TouchPhase::Moved);
            finger(&mut app, 1, centre + Vec2::X * half, TouchPhase::Moved);
            app.update();
        }
        assert_eq!(goal(&app).distance, MAX_DISTANCE);
        // Both fingers sweep down, far: the camera tilts only to its limit.
        for step in 1..=60 {
            let down = Vec2::Y * 30.0 * step as f32;
            finger(&mut app, 0, centre - Vec2::X * 5.0 + down, TouchPhase::Moved);
            finger(&mut app, 1, centre + Vec2::X * 5.0 + down, TouchPhase::Moved);
            app.update();
        }
        assert_eq!(goal(&app).pitch, MAX_PITCH);
        let yaw = goal(&app).yaw;
        // One finger alone is left to the pieces.
        finger(&mut app, 1, centre, TouchPhase::Ended);
        app.update();
        finger(&mut app, 0, centre + Vec2::new(400.0, -300.0), TouchPhase::Moved);
        app.update();
        assert_eq!(goal(&app).yaw, yaw, "one finger does not turn the camera");
    }

    #[test]
    fn presets_face_the_board_from_their_side() {
        let white = view_transform(View::White, Variant::Shatar);
        let black = view_transform(View::Black, Variant::Shatar);
        let top = view_transform(View::Top, Variant::Shatra);
        assert!(white.translation.z > 5.0 && black.translation.z < -5.0);
        assert!(top.forward().y < -0.99, "the top view looks straight down");
        for view in [white, black, top] {
            assert!(
                view.forward().dot(Vec3::ZERO - view.translation).is_sign_positive(),
                "looks at the board"
            );
        }
    }
}
