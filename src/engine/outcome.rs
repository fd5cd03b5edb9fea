//! `shatar-engine outcome`: plays moves from a position and reports, as one
//! JSON line, the result, its reason, the last move's checks and the FEN.

use crate::rules::{CheckKind, Game, MovesError, Outcome, ResultSummary, RuleOptions, StalemateRule};
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
    #[error("move {} of --moves ({}) cannot be played: {}", .0.index, .0.text, .0.source)]
    Move(#[from] MovesError),
}

pub fn report(fen: &str, moves: &str, rules: RuleOptions) -> Result<Report, OutcomeError> {
    let mut game = Game::from_fen(rules, fen)?;
    game.play_uci_moves(moves.split_whitespace())?;
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
