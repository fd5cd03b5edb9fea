//! Saved games: the core's JSON records in the user's data directory.

use super::screenshot::ScreenshotPlan;
use super::session::ActiveGame;
use crate::variant::{self, AnyGame, AnyRecordError};
use bevy::prelude::*;
use std::path::{Path, PathBuf};

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(SaveDir::locate());
    app.add_systems(Last, autosave_on_exit.run_if(not(resource_exists::<ScreenshotPlan>)));
}

/// The file the game in play is written to when the game closes.
pub const AUTOSAVE: &str = "autosave.json";

/// Closing the game never loses it: it is written to `autosave.json`,
/// which Load lists like any other save.
fn autosave_on_exit(mut exits: MessageReader<AppExit>, active: Res<ActiveGame>, saves: Res<SaveDir>) {
    if exits.read().next().is_none() || active.game().ply() == 0 {
        return;
    }
    match saves.save_as(active.game(), AUTOSAVE) {
        Ok(path) => info!("game saved to {}", path.display()),
        Err(error) => error!("cannot save the game on exit: {error}"),
    }
}

/// Where saved games go: `$SHATAR_DATA_DIR`, or the platform's data
/// directory for Shatar, in `saves/`.
#[derive(Resource, Clone, Debug)]
pub struct SaveDir(pub PathBuf);

impl SaveDir {
    fn locate() -> SaveDir {
        let base = std::env::var_os("SHATAR_DATA_DIR").map(PathBuf::from).or_else(|| {
            directories::ProjectDirs::from("", "", "Shatar").map(|dirs| dirs.data_dir().to_path_buf())
        });
        SaveDir(base.unwrap_or_else(|| PathBuf::from(".")).join("saves"))
    }

    /// Writes the game under the next free name; returns the path.
    pub fn save(&self, game: &AnyGame) -> Result<PathBuf, AnyRecordError> {
        let name = (1..)
            .map(|n| format!("game-{n:03}.json"))
            .find(|name| !self.0.join(name).exists())
            .unwrap_or_else(|| "game.json".into());
        self.save_as(game, &name)
    }

    /// Writes the game to `name` in the directory, making it if need be.
    fn save_as(&self, game: &AnyGame, name: &str) -> Result<PathBuf, AnyRecordError> {
        std::fs::create_dir_all(&self.0)
            .map_err(|source| AnyRecordError::Io { path: self.0.clone(), source })?;
        let path = self.0.join(name);
        variant::save(game, &path)?;
        Ok(path)
    }

    /// The saved games, newest first.
    pub fn list(&self) -> Vec<PathBuf> {
        let Ok(entries) = std::fs::read_dir(&self.0) else { return Vec::new() };
        let mut files: Vec<(std::time::SystemTime, PathBuf)> = entries
            .flatten()
            .map(|entry| entry.path())
            .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
            .map(|path| (modified(&path), path))
            .collect();
        files.sort_by(|a, b| b.cmp(a));
        files.into_iter().map(|(_, path)| path).collect()
    }
}

fn modified(path: &Path) -> std::time::SystemTime {
    std::fs::metadata(path).and_then(|meta| meta.modified()).unwrap_or(std::time::UNIX_EPOCH)
}
