//! `--gallery-shots DIR`: close-ups of the empty stand and of all twelve
//! figures, one PNG each, then exit. The end-to-end test and the README's
//! pictures use them.

use super::Shown;
use crate::game::screenshot::{PipelinesReady, SETTLE_FRAMES, save_png};
use crate::rules::{Color, Piece, PieceKind};
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Last, take_shots.run_if(resource_exists::<GalleryShots>));
}

/// The shots still to take, in order; `None` is the empty stand.
#[derive(Resource, Debug)]
pub struct GalleryShots {
    dir: PathBuf,
    queue: Vec<Option<Piece>>,
    still_frames: u32,
    /// Set by the capture observer once the current file is written.
    written: Arc<Mutex<Option<bool>>>,
    waiting: bool,
}

impl GalleryShots {
    /// The stand's fixed angle in the shots: a three-quarter view.
    pub const ANGLE: f32 = 0.9;

    pub fn new(dir: PathBuf) -> GalleryShots {
        let mut queue = vec![None];
        for color in Color::BOTH {
            queue.extend(PieceKind::ALL.map(|kind| Some(Piece { color, kind })));
        }
        GalleryShots { dir, queue, still_frames: 0, written: Arc::default(), waiting: false }
    }

    /// The file name of a shot: `empty.png`, `white-noyon.png`, ...
    pub fn file_name(piece: Option<Piece>) -> String {
        match piece {
            None => "empty.png".into(),
            Some(piece) => format!("{}-{}.png", piece.color.name(), piece.kind.name()),
        }
    }
}

fn take_shots(
    mut shots: ResMut<GalleryShots>,
    mut shown: ResMut<Shown>,
    (ready, time): (Res<PipelinesReady>, Res<Time>),
    mut figures: Query<&mut Visibility, With<super::stage::StandFigure>>,
    mut commands: Commands,
    mut exit: MessageWriter<AppExit>,
) {
    if shots.waiting {
        let written = shots.written.lock().ok().and_then(|mut slot| slot.take());
        match written {
            None => return,
            Some(false) => {
                exit.write(AppExit::error());
                return;
            }
            Some(true) => {
                shots.waiting = false;
                shots.queue.remove(0);
                shots.still_frames = 0;
            }
        }
    }
    let Some(&next) = shots.queue.first() else {
        exit.write(AppExit::Success);
        return;
    };
    if let Some(piece) = next
        && shown.piece != piece
    {
        shown.show(piece, time.elapsed_secs());
    }
    for mut visibility in &mut figures {
        *visibility = if next.is_some() { Visibility::Inherited } else { Visibility::Hidden };
    }
    shots.still_frames = if ready.is_ready() { shots.still_frames + 1 } else { 0 };
    if shots.still_frames < SETTLE_FRAMES {
        return;
    }
    shots.waiting = true;
    let path = shots.dir.join(GalleryShots::file_name(next));
    let written = shots.written.clone();
    commands.spawn(Screenshot::primary_window()).observe(move |captured: On<ScreenshotCaptured>| {
        let result = save_png(&captured.image, &path);
        if let Err(error) = &result {
            error!("cannot write {}: {error}", path.display());
        }
        if let Ok(mut slot) = written.lock() {
            *slot = Some(result.is_ok());
        }
    });
}
