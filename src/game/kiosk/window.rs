//! The exhibit's window: fullscreen without borders (set when it opens),
//! no way to close it, and a cursor that hides when the mouse rests.

use super::Kiosk;
use bevy::prelude::*;
use bevy::window::{CursorOptions, PrimaryWindow, Window, WindowMode, WindowPlugin};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, hide_cursor.run_if(resource_exists::<Kiosk>));
}

/// The window plugin for the exhibit: the whole screen, no title bar, and
/// a close request (Alt+F4, the window manager) is ignored.
pub fn window_plugin() -> WindowPlugin {
    WindowPlugin {
        primary_window: Some(Window {
            title: "Shatar".into(),
            mode: WindowMode::BorderlessFullscreen(MonitorSelection::Current),
            decorations: false,
            ..default()
        }),
        close_when_requested: false,
        ..default()
    }
}

fn hide_cursor(
    mut moves: MessageReader<CursorMoved>,
    kiosk: Res<Kiosk>,
    time: Res<Time<Real>>,
    mut last_move: Local<f32>,
    mut cursors: Query<&mut CursorOptions, With<PrimaryWindow>>,
) {
    let now = time.elapsed_secs();
    if moves.read().count() > 0 {
        *last_move = now;
    }
    let visible = now - *last_move < kiosk.config.hide_cursor_after;
    for mut cursor in &mut cursors {
        if cursor.visible != visible {
            cursor.visible = visible;
        }
    }
}
