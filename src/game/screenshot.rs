//! `--screenshot`: render once everything has settled, write the PNG, exit.

use super::motion::Glide;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use std::path::PathBuf;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Last, take_screenshot.run_if(resource_exists::<ScreenshotPlan>));
}

/// Frames to render after the pieces settle, so that shadows and the
/// overlay are in place.
const SETTLE_FRAMES: u32 = 12;

#[derive(Resource, Debug)]
pub struct ScreenshotPlan {
    path: PathBuf,
    still_frames: u32,
    requested: bool,
}

impl ScreenshotPlan {
    pub fn new(path: PathBuf) -> ScreenshotPlan {
        ScreenshotPlan { path, still_frames: 0, requested: false }
    }
}

fn take_screenshot(mut plan: ResMut<ScreenshotPlan>, moving: Query<(), With<Glide>>, mut commands: Commands) {
    if plan.requested {
        return;
    }
    plan.still_frames = if moving.is_empty() { plan.still_frames + 1 } else { 0 };
    if plan.still_frames < SETTLE_FRAMES {
        return;
    }
    plan.requested = true;
    let path = plan.path.clone();
    commands.spawn(Screenshot::primary_window()).observe(
        move |captured: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
            let saved = captured
                .image
                .clone()
                .try_into_dynamic()
                .map_err(|error| error.to_string())
                .and_then(|image| image.to_rgb8().save(&path).map_err(|error| error.to_string()));
            match saved {
                Ok(()) => {
                    info!("screenshot written to {}", path.display());
                    exit.write(AppExit::Success);
                }
                Err(error) => {
                    error!("cannot write the screenshot {}: {error}", path.display());
                    exit.write(AppExit::from_code(3));
                }
            }
        },
    );
}
