//! Game records: a whole game as versioned JSON, written atomically.

use super::fen::FenError;
use super::game::{Game, MovesError};
use super::options::RuleOptions;
use super::outcome::{DrawReason, Outcome, ResultSummary, WinReason};
use super::position::Position;
use super::square::Color;
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// The record format this build writes and reads.
pub const RECORD_VERSION: u64 = 1;

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    pub version: u64,
    pub rules: RuleOptions,
    pub first_player: Color,
    /// The start, if not the initial array.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_fen: Option<String>,
    /// The moves in UCI coordinates.
    pub moves: Vec<String>,
    pub outcome: ResultSummary,
}

#[derive(Debug, Error)]
pub enum RecordError {
    #[error("cannot read or write {path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    #[error("not a valid game record: {0}")]
    Json(#[from] serde_json::Error),
    #[error("the record has no numeric \"version\" field")]
    MissingVersion,
    #[error("record version {0} is not supported; this build reads version {RECORD_VERSION}")]
    UnsupportedVersion(u64),
    #[error("bad start position: {0}")]
    Fen(#[from] FenError),
    #[error("the record says {recorded} moved first, but the start position has {actual} to move")]
    FirstPlayer { recorded: Color, actual: Color },
    #[error(transparent)]
    Move(#[from] MovesError),
    #[error("the record's outcome is inconsistent: {0}")]
    Outcome(String),
}

impl GameRecord {
    pub fn from_game(game: &Game) -> GameRecord {
        let start = game.start_position().to_fen();
        let initial = Position::initial(game.first_player()).to_fen();
        GameRecord {
            version: RECORD_VERSION,
            rules: game.rules(),
            first_player: game.first_player(),
            start_fen: (start != initial).then_some(start),
            moves: game.moves().iter().map(|played| played.mv.to_string()).collect(),
            outcome: Outcome::summary(game.outcome()),
        }
    }

    /// Replays the record through the rules; every move and the outcome are checked.
    pub fn to_game(&self) -> Result<Game, RecordError> {
        let start = match &self.start_fen {
            Some(fen) => Position::from_fen(fen)?,
            None => Position::initial(self.first_player),
        };
        if start.side_to_move() != self.first_player {
            return Err(RecordError::FirstPlayer {
                recorded: self.first_player,
                actual: start.side_to_move(),
            });
        }
        let mut game = Game::from_position(self.rules, start);
        game.play_uci_moves(self.moves.iter().map(String::as_str))?;
        let recorded = Outcome::from_summary(self.outcome).map_err(RecordError::Outcome)?;
        let concluded = match recorded {
            Some(Outcome::Draw(DrawReason::Agreement)) => game.agree_draw(),
            Some(Outcome::Win { winner, reason: WinReason::Resignation }) => game.resign(winner.opponent()),
            _ => Ok(()),
        };
        if concluded.is_err() || game.outcome() != recorded {
            return Err(RecordError::Outcome(format!(
                "recorded {}, but the moves give {}",
                describe(recorded),
                describe(game.outcome())
            )));
        }
        Ok(game)
    }

    pub fn to_json(&self) -> String {
        // A record holds only strings, numbers and enums: serialization cannot fail.
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    pub fn from_json(text: &str) -> Result<GameRecord, RecordError> {
        let value: serde_json::Value = serde_json::from_str(text)?;
        match value.get("version").map(serde_json::Value::as_u64) {
            None | Some(None) => return Err(RecordError::MissingVersion),
            Some(Some(RECORD_VERSION)) => {}
            Some(Some(other)) => return Err(RecordError::UnsupportedVersion(other)),
        }
        Ok(serde_json::from_value(value)?)
    }

    /// Writes the record beside `path`, then renames it into place, so a
    /// crash never leaves a half-written save.
    pub fn save(&self, path: &Path) -> Result<(), RecordError> {
        write_atomically(path, &self.to_json())
            .map_err(|source| RecordError::Io { path: path.to_path_buf(), source })
    }

    pub fn load(path: &Path) -> Result<GameRecord, RecordError> {
        let text = std::fs::read_to_string(path)
            .map_err(|source| RecordError::Io { path: path.to_path_buf(), source })?;
        GameRecord::from_json(&text)
    }
}

/// Writes `text` and a newline beside `path`, then renames it into place,
/// so a crash never leaves a half-written file.
pub fn write_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let mut file = tempfile::NamedTempFile::new_in(dir)?;
    file.write_all(text.as_bytes())?;
    file.write_all(b"\n")?;
    file.as_file().sync_all()?;
    file.persist(path).map_err(|error| error.error)?;
    Ok(())
}

fn describe(outcome: Option<Outcome>) -> String {
    outcome.map_or_else(|| "an unfinished game".to_string(), |outcome| outcome.to_string())
}

impl Game {
    pub fn save(&self, path: &Path) -> Result<(), RecordError> {
        GameRecord::from_game(self).save(path)
    }

    pub fn load(path: &Path) -> Result<Game, RecordError> {
        GameRecord::load(path)?.to_game()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::INITIAL_FEN;

    #[test]
    fn initial_fen_is_the_initial_array() {
        assert_eq!(Position::initial(Color::White).to_fen(), INITIAL_FEN);
    }
}
