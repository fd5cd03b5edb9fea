//! `shatar-engine outcome`: plays moves from a position and reports, as one
//! JSON line, the result, its reason, the last move's checks and the FEN.

use crate::rules::{CheckKind, Game, GameError, Outcome, ResultSummary, RuleOptions, StalemateRule};
use serde::Serialize;
use thiserror::Error;

#[derive(Serialize)]
pub struct Report {
    #[serde(flatten)]
    pub outcome: ResultSummary,
    pub check: Vec<CheckKind>,
    pub fen: String,
}

#[derive(Debug, Error)]
pub enum OutcomeError {
    #[error("bad --fen: {0}")]
    Fen(#[from] crate::rules::FenError),
    #[error("move {index} of --moves ({text}) cannot be played: {source}")]
    Move { index: usize, text: String, source: GameError },
}

pub fn report(fen: &str, moves: &str, rules: RuleOptions) -> Result<Report, OutcomeError> {
    let mut game = Game::from_fen(rules, fen)?;
    for (index, text) in moves.split_whitespace().enumerate() {
        game.play_uci(text).map_err(|source| OutcomeError::Move {
            index: index + 1,
            text: text.to_string(),
            source,
        })?;
    }
    Ok(Report {
        outcome: Outcome::summary(game.outcome()),
        check: game.last_checks().iter().collect(),
        fen: game.position().to_fen(),
    })
}

/// Rule options as the command line spells them.
pub fn rules(stalemate: StalemateRule, repetition: bool, fifty_moves: bool) -> RuleOptions {
    RuleOptions { stalemate, repetition_draw: repetition, fifty_move_draw: fifty_moves }
}
