//! Saved games of either variant: a shatra record says so in its
//! `"variant"` field; a record without one is Shatar's.

use super::AnyGame;
use crate::rules::{GameRecord, RecordError};
use crate::shatra::{self, ShatraRecord};
use std::path::{Path, PathBuf};
use thiserror::Error;

#[derive(Debug, Error)]
pub enum AnyRecordError {
    #[error("cannot read or write {path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    #[error("not a game record: {0}")]
    Json(#[from] serde_json::Error),
    #[error(transparent)]
    Shatar(#[from] RecordError),
    #[error(transparent)]
    Shatra(#[from] shatra::RecordError),
}

/// Reads a record of either variant and replays it through its rules.
pub fn load(path: &Path) -> Result<AnyGame, AnyRecordError> {
    let text = std::fs::read_to_string(path)
        .map_err(|source| AnyRecordError::Io { path: path.to_path_buf(), source })?;
    from_json(&text)
}

pub fn from_json(text: &str) -> Result<AnyGame, AnyRecordError> {
    let value: serde_json::Value = serde_json::from_str(text)?;
    if value.get("variant").and_then(serde_json::Value::as_str) == Some("shatra") {
        Ok(AnyGame::Shatra(ShatraRecord::from_json(text)?.to_game()?))
    } else {
        Ok(AnyGame::Shatar(GameRecord::from_json(text)?.to_game()?))
    }
}

/// Writes the game's record atomically.
pub fn save(game: &AnyGame, path: &Path) -> Result<(), AnyRecordError> {
    match game {
        AnyGame::Shatar(game) => game.save(path)?,
        AnyGame::Shatra(game) => ShatraRecord::from_game(game).save(path)?,
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Color;
    use crate::variant::Variant;

    #[test]
    fn records_of_both_variants_come_back_as_their_variant() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        for variant in Variant::BOTH {
            let mut game = AnyGame::new(variant, Color::White);
            let first = game.legal_moves().into_iter().next().expect("a first move");
            game.play(&first).expect("a legal move");
            let path = dir.path().join(format!("{variant}.json"));
            save(&game, &path).expect("saved");
            let back = load(&path).expect("loaded");
            assert_eq!(back.variant(), variant);
            assert_eq!(back.move_texts(), game.move_texts());
        }
    }

    #[test]
    fn bad_records_are_errors() {
        assert!(matches!(from_json("{"), Err(AnyRecordError::Json(_))));
        assert!(matches!(from_json(r#"{"variant":"shatra"}"#), Err(AnyRecordError::Shatra(_))));
        assert!(matches!(from_json(r#"{"version":1}"#), Err(AnyRecordError::Shatar(_))));
        let missing = load(Path::new("/nonexistent/game.json"));
        assert!(matches!(missing, Err(AnyRecordError::Io { .. })));
    }
}
