//! Helpers shared by the integration tests.
#![allow(dead_code, reason = "each test crate uses a different part")]

#[cfg(feature = "game")]
pub mod board;
pub mod slow_shatra;

use serde::Deserialize;
use shatar::rules::{Game, Position, RuleOptions};

#[derive(Deserialize)]
pub struct PerftRow {
    pub fen: String,
    pub legal: Vec<String>,
    pub perft: Vec<u64>,
}

pub fn reference_rows() -> Vec<PerftRow> {
    let text = include_str!("../data/shatar-perft.jsonl");
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| serde_json::from_str(line).expect("reference row"))
        .collect()
}

pub fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|error| panic!("{fen}: {error}"))
}

/// A game from `fen` after the UCI `moves`, with the default rules.
pub fn game_after(fen: &str, moves: &str) -> Game {
    game_with(RuleOptions::default(), fen, moves)
}

pub fn game_with(rules: RuleOptions, fen: &str, moves: &str) -> Game {
    let mut game = Game::from_fen(rules, fen).unwrap_or_else(|error| panic!("{fen}: {error}"));
    if let Err(error) = game.play_uci_moves(moves.split_whitespace()) {
        panic!("{error}, from {fen}");
    }
    game
}
