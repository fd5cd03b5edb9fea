//! The staff's way out: a key chord held together, or corners tapped in
//! order. Nothing else quits the exhibit.

use super::{Corner, Kiosk};
use bevy::input::ButtonState;
use bevy::input::keyboard::{KeyboardFocusLost, KeyboardInput};
use bevy::input::touch::{TouchInput, TouchPhase};
use bevy::platform::collections::HashSet;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// How much of the screen's width and height counts as a corner.
const CORNER: f32 = 0.1;

/// Replays the key presses and releases in the order they came, so a quick
/// chord counts however the frames split it, and keys pressed one after
/// another but never held together do not.
pub(super) fn chord(
    mut keys: MessageReader<KeyboardInput>,
    mut focus_lost: MessageReader<KeyboardFocusLost>,
    kiosk: Res<Kiosk>,
    mut held: Local<HashSet<KeyCode>>,
    mut exit: MessageWriter<AppExit>,
) {
    let chord = kiosk.config.chord();
    for input in keys.read() {
        if input.state == ButtonState::Released {
            held.remove(&input.key_code);
            continue;
        }
        held.insert(input.key_code);
        let in_chord = chord.iter().any(|group| group.contains(&input.key_code));
        if !input.repeat && in_chord && chord.iter().all(|group| group.iter().any(|key| held.contains(key))) {
            info!("the staff's exit chord: the exhibit closes");
            exit.write(AppExit::Success);
        }
    }
    if !focus_lost.is_empty() {
        focus_lost.clear();
        held.clear();
    }
}

/// The corners tapped so far, with the time of the first.
#[derive(Default)]
pub(super) struct Taps {
    done: usize,
    since: f64,
}

pub(super) fn gesture(
    mut touches: MessageReader<TouchInput>,
    buttons: Res<ButtonInput<MouseButton>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    kiosk: Res<Kiosk>,
    time: Res<Time>,
    mut taps: Local<Taps>,
    mut exit: MessageWriter<AppExit>,
) {
    let sequence = &kiosk.config.exit_gesture;
    let Ok(window) = windows.single() else {
        touches.clear();
        return;
    };
    if sequence.is_empty() {
        touches.clear();
        return;
    }
    let size = window.size();
    let mut points: Vec<Vec2> = touches
        .read()
        .filter(|touch| touch.phase == TouchPhase::Started)
        .map(|touch| touch.position)
        .collect();
    if buttons.just_pressed(MouseButton::Left)
        && let Some(cursor) = window.cursor_position()
    {
        points.push(cursor);
    }
    let now = time.elapsed_secs_f64();
    for point in points {
        if taps.done > 0 && now - taps.since > f64::from(kiosk.config.exit_gesture_seconds) {
            taps.done = 0;
        }
        let corner = corner_of(point, size);
        // The corner just tapped, again: a touch and the click the system
        // makes of it, or a double tap. It neither counts nor breaks the run.
        if taps.done > 0 && corner == Some(sequence[taps.done - 1]) {
            continue;
        }
        if corner == Some(sequence[taps.done]) {
            if taps.done == 0 {
                taps.since = now;
            }
            taps.done += 1;
        } else {
            // A wrong tap starts over, and may itself be the first corner.
            taps.done = usize::from(corner == Some(sequence[0]));
            taps.since = now;
        }
        if taps.done == sequence.len() {
            info!("the staff's exit gesture: the exhibit closes");
            exit.write(AppExit::Success);
            taps.done = 0;
        }
    }
}

pub(super) fn corner_of(point: Vec2, size: Vec2) -> Option<Corner> {
    let (x, y) = (point.x / size.x.max(1.0), point.y / size.y.max(1.0));
    let left = x <= CORNER;
    let right = x >= 1.0 - CORNER;
    let top = y <= CORNER;
    let bottom = y >= 1.0 - CORNER;
    match (left, right, top, bottom) {
        (true, _, true, _) => Some(Corner::TopLeft),
        (_, true, true, _) => Some(Corner::TopRight),
        (true, _, _, true) => Some(Corner::BottomLeft),
        (_, true, _, true) => Some(Corner::BottomRight),
        _ => None,
    }
}
