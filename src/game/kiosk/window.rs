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
    mut last_move: Local<f64>,
    mut cursors: Query<&mut CursorOptions, With<PrimaryWindow>>,
) {
    let now = time.elapsed_secs_f64();
    if moves.read().count() > 0 {
        *last_move = now;
    }
    let visible = now - *last_move < f64::from(kiosk.config.hide_cursor_after);
    for mut cursor in &mut cursors {
        if cursor.visible != visible {
            cursor.visible = visible;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::kiosk::KioskConfig;
    use bevy::time::TimeUpdateStrategy;
    use std::time::Duration;

    #[test]
    fn the_cursor_hides_when_the_mouse_rests_and_returns_when_it_moves() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins).add_message::<CursorMoved>();
        app.insert_resource(Kiosk::new(KioskConfig { hide_cursor_after: 3.0, ..KioskConfig::default() }));
        app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(500)));
        app.add_systems(Update, hide_cursor);
        let window = app.world_mut().spawn((Window::default(), CursorOptions::default(), PrimaryWindow)).id();
        let visible = |app: &App| app.world().get::<CursorOptions>(window).expect("cursor options").visible;
        let moved = |app: &mut App| {
            let message = CursorMoved { window, position: Vec2::new(10.0, 10.0), delta: None };
            app.world_mut().write_message(message);
        };
        moved(&mut app);
        app.update();
        assert!(visible(&app));
        for _ in 0..4 {
            app.update();
        }
        assert!(visible(&app), "2.5 s after moving, still shown");
        for _ in 0..3 {
            app.update();
        }
        assert!(!visible(&app), "hidden after 3 s at rest");
        moved(&mut app);
        app.update();
        assert!(visible(&app), "shown again when the mouse moves");
    }
}
