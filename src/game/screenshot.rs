//! `--screenshot`: render once everything has settled, write the PNG, exit.

use super::Screen;
use super::motion::Glide;
use bevy::platform::collections::HashSet;
use bevy::prelude::*;
use bevy::render::render_resource::PipelineCache;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use bevy::render::{Render, RenderApp, RenderSystems};
use bevy_egui::EguiManagedTextures;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

pub(super) fn plugin(app: &mut App) {
    let ready = PipelinesReady::default();
    app.insert_resource(ready.clone());
    if let Some(render_app) = app.get_sub_app_mut(RenderApp) {
        render_app.insert_resource(ready);
        render_app.add_systems(Render, note_pipelines.in_set(RenderSystems::Cleanup));
    }
    app.add_systems(Last, take_screenshot.run_if(resource_exists::<ScreenshotPlan>));
}

/// Whether no render pipeline is still compiling, told by the render world
/// to the main one. Pipelines compile on a task pool that may be busy (the
/// computer searches there), so a count of frames alone could catch the
/// scene before it can be drawn.
#[derive(Resource, Clone, Default)]
pub(super) struct PipelinesReady(Arc<AtomicBool>);

impl PipelinesReady {
    pub(super) fn is_ready(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Writes a captured frame as an RGB PNG.
pub(super) fn save_png(image: &Image, path: &std::path::Path) -> Result<(), String> {
    image
        .clone()
        .try_into_dynamic()
        .map_err(|error| error.to_string())
        .and_then(|image| image.to_rgb8().save(path).map_err(|error| error.to_string()))
}

fn note_pipelines(cache: Res<PipelineCache>, ready: Res<PipelinesReady>) {
    ready.0.store(cache.waiting_pipelines().next().is_none(), Ordering::Relaxed);
}

/// Frames to render after the pieces settle and every pipeline is built,
/// so that shadows and the overlay are in place.
pub(super) const SETTLE_FRAMES: u32 = 6;

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

fn take_screenshot(
    mut plan: ResMut<ScreenshotPlan>,
    moving: Query<(), With<Glide>>,
    ready: Res<PipelinesReady>,
    screen: Res<State<Screen>>,
    egui_textures: Option<Res<EguiManagedTextures>>,
    mut atlases: Local<HashSet<AssetId<Image>>>,
    mut commands: Commands,
) {
    if plan.requested {
        return;
    }
    // The attract loop never rests: it is taken as it plays.
    let still = moving.is_empty() || *screen.get() == Screen::Attract;
    // When egui's font atlas grows it becomes a new image, which reaches the
    // GPU a frame late: that frame is drawn without the overlay.
    let now: HashSet<_> = egui_textures
        .iter()
        .flat_map(|textures| textures.0.values())
        .map(|texture| texture.handle.id())
        .collect();
    let same_atlas = now == *atlases;
    *atlases = now;
    let settled = still && same_atlas && ready.is_ready();
    plan.still_frames = if settled { plan.still_frames + 1 } else { 0 };
    if plan.still_frames < SETTLE_FRAMES {
        return;
    }
    plan.requested = true;
    let path = plan.path.clone();
    commands.spawn(Screenshot::primary_window()).observe(
        move |captured: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| match save_png(
            &captured.image,
            &path,
        ) {
            Ok(()) => {
                info!("screenshot written to {}", path.display());
                exit.write(AppExit::Success);
            }
            Err(error) => {
                error!("cannot write the screenshot {}: {error}", path.display());
                exit.write(AppExit::from_code(3));
            }
        },
    );
}
