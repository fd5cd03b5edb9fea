//! Shatra game records: versioned JSON like Shatar's, marked with their
//! variant, replayed through the rules when read, written atomically.

use super::game::{Game, GameError, MovesError, Outcome, Reason};
use super::position::{Position, PositionError};
use super::rules::ShatraRules;
use crate::rules::{Color, ResultTag, write_atomically};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// The record format this build writes and reads.
pub const RECORD_VERSION: u64 = 1;

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Variant {
    Shatra,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShatraRecord {
    pub version: u64,
    pub variant: Variant,
    pub rules: ShatraRules,
    /// The start, if not the initial array.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_fen: Option<String>,
    /// The moves as written by the core: `d2*c6`, `d7-c8`, `e12:e14Q:c12`.
    pub moves: Vec<String>,
    pub result: ResultTag,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<Reason>,
}

#[derive(Debug, Error)]
pub enum RecordError {
    #[error("cannot read or write {path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    #[error("not a valid shatra record: {0}")]
    Json(#[from] serde_json::Error),
    #[error("record version {0:?} is not supported; this build reads version {RECORD_VERSION}")]
    Version(Option<u64>),
    #[error("bad start position: {0}")]
    Fen(#[from] PositionError),
    #[error("move {index} ({text}): {source}")]
    Move { index: usize, text: String, source: GameError },
    #[error("the record's outcome is inconsistent: recorded {recorded}, but the moves give {replayed}")]
    Outcome { recorded: String, replayed: String },
}

impl ShatraRecord {
    pub fn from_game(game: &Game) -> ShatraRecord {
        let start = game.start_position().fen();
        let outcome = game.outcome();
        ShatraRecord {
            version: RECORD_VERSION,
            variant: Variant::Shatra,
            rules: game.rules(),
            start_fen: (start != Position::initial().fen()).then_some(start),
            moves: game.moves().iter().map(ToString::to_string).collect(),
            result: match outcome.map(Outcome::winner) {
                None => ResultTag::Ongoing,
                Some(None) => ResultTag::Draw,
                Some(Some(Color::White)) => ResultTag::White,
                Some(Some(Color::Black)) => ResultTag::Black,
            },
            reason: outcome.map(Outcome::reason),
        }
    }

    /// Replays the record; every move and the outcome are checked.
    pub fn to_game(&self) -> Result<Game, RecordError> {
        let start = match &self.start_fen {
            Some(fen) => Position::from_fen(fen)?,
            None => Position::initial(),
        };
        let mut game = Game::from_position(self.rules, start);
        game.play_texts(self.moves.iter().map(String::as_str))
            .map_err(|MovesError { index, text, source }| RecordError::Move { index, text, source })?;
        match (self.result, self.reason) {
            (ResultTag::Draw, Some(Reason::Agreement)) => {
                let _ = game.agree_draw();
            }
            (ResultTag::White | ResultTag::Black, Some(Reason::Resignation)) => {
                let loser = if self.result == ResultTag::White { Color::Black } else { Color::White };
                let _ = game.resign(loser);
            }
            _ => {}
        }
        let replayed = ShatraRecord::from_game(&game);
        if (replayed.result, replayed.reason) != (self.result, self.reason) {
            return Err(RecordError::Outcome {
                recorded: format!("{:?} {:?}", self.result, self.reason),
                replayed: game.outcome().map_or_else(|| "an unfinished game".into(), |o| o.to_string()),
            });
        }
        Ok(game)
    }

    pub fn to_json(&self) -> String {
        // A record holds only strings, numbers and enums: serialization cannot fail.
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    pub fn from_json(text: &str) -> Result<ShatraRecord, RecordError> {
        let value: serde_json::Value = serde_json::from_str(text)?;
        match value.get("version").and_then(serde_json::Value::as_u64) {
            Some(RECORD_VERSION) => Ok(serde_json::from_value(value)?),
            other => Err(RecordError::Version(other)),
        }
    }

    pub fn save(&self, path: &Path) -> Result<(), RecordError> {
        write_atomically(path, &self.to_json())
            .map_err(|source| RecordError::Io { path: path.to_path_buf(), source })
    }

    pub fn load(path: &Path) -> Result<ShatraRecord, RecordError> {
        let text = std::fs::read_to_string(path)
            .map_err(|source| RecordError::Io { path: path.to_path_buf(), source })?;
        ShatraRecord::from_json(&text)
    }
}
