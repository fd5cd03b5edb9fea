//! A shatra game: the positions so far, the moves, and the outcome. The
//! game is won by capturing the enemy's biy or by stalemating him; it is
//! drawn by agreement and, as rule options, by repetition or a long spell
//! without captures or pawn moves.

use super::legal::legal_moves;
use super::moves::Move;
use super::notation::{MoveTextError, parse_move};
use super::position::{ManKind, Position, PositionError};
use super::rules::ShatraRules;
use crate::rules::Color;
use serde::{Deserialize, Serialize};
use std::fmt;
use thiserror::Error;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// The loser's biy was taken.
    BiyCaptured,
    /// The loser, to move, had no move.
    Stalemate,
    Resignation,
    /// The same position for the third time (option).
    Repetition,
    /// `quiet_limit` plies without a capture or a pawn move (option).
    QuietLimit,
    Agreement,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    Win { winner: Color, reason: Reason },
    Draw(Reason),
}

impl Outcome {
    pub const fn winner(self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw(_) => None,
        }
    }

    pub const fn reason(self) -> Reason {
        match self {
            Outcome::Win { reason, .. } | Outcome::Draw(reason) => reason,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Outcome::Win { winner, reason: Reason::BiyCaptured } => {
                write!(f, "{winner} wins: the {} biy is taken", winner.opponent())
            }
            Outcome::Win { winner, reason: Reason::Stalemate } => write!(f, "{winner} wins by stalemate"),
            Outcome::Win { winner, .. } => write!(f, "{winner} wins: {} resigned", winner.opponent()),
            Outcome::Draw(Reason::Repetition) => f.write_str("Draw by repetition"),
            Outcome::Draw(Reason::QuietLimit) => {
                f.write_str("Draw: too long without a capture or a pawn move")
            }
            Outcome::Draw(_) => f.write_str("Draw by agreement"),
        }
    }
}

#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum GameError {
    #[error("the game is already over ({0})")]
    Over(Outcome),
    #[error("{0} is not legal here")]
    Illegal(String),
    #[error(transparent)]
    Text(#[from] MoveTextError),
}

/// A move in a list that could not be played, with its 1-based index.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
#[error("move {index} ({text}): {source}")]
pub struct MovesError {
    pub index: usize,
    pub text: String,
    pub source: GameError,
}

#[derive(Clone, Debug)]
pub struct Game {
    rules: ShatraRules,
    /// `positions[0]` is the start; `positions[i]` follows `moves[i - 1]`.
    positions: Vec<Position>,
    moves: Vec<Move>,
    outcome: Option<Outcome>,
}

impl Game {
    pub fn new(rules: ShatraRules) -> Game {
        Game::from_position(rules, Position::initial())
    }

    /// A game from any position; it may already be over.
    pub fn from_position(rules: ShatraRules, start: Position) -> Game {
        let mut game = Game { rules, positions: vec![start], moves: Vec::new(), outcome: None };
        game.outcome = game.judge();
        game
    }

    pub fn from_fen(rules: ShatraRules, fen: &str) -> Result<Game, PositionError> {
        Ok(Game::from_position(rules, Position::from_fen(fen)?))
    }

    pub const fn rules(&self) -> ShatraRules {
        self.rules
    }

    pub fn start_position(&self) -> &Position {
        &self.positions[0]
    }

    pub fn position(&self) -> &Position {
        self.positions.last().unwrap_or_else(|| unreachable!("a game always has its start"))
    }

    /// Every position so far: the start, then one after each move.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    pub const fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    pub const fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The legal moves; none once the game is over.
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.is_over() { Vec::new() } else { legal_moves(self.position(), self.rules) }
    }

    pub fn play(&mut self, mv: &Move) -> Result<(), GameError> {
        if let Some(outcome) = self.outcome {
            return Err(GameError::Over(outcome));
        }
        if !self.legal_moves().contains(mv) {
            return Err(GameError::Illegal(mv.to_string()));
        }
        self.push(mv.clone());
        Ok(())
    }

    /// Plays a move written as `d2*c6`, `d7-c8` or `e12:e14Q:c12`.
    pub fn play_text(&mut self, text: &str) -> Result<(), GameError> {
        if let Some(outcome) = self.outcome {
            return Err(GameError::Over(outcome));
        }
        // The text is read against the legal moves: no second check.
        let mv = parse_move(self.position(), self.rules, text)?;
        self.push(mv);
        Ok(())
    }

    /// Plays moves written as `play_text` reads them, stopping at the first
    /// that cannot be played.
    pub fn play_texts<'a>(&mut self, texts: impl IntoIterator<Item = &'a str>) -> Result<(), MovesError> {
        for (index, text) in texts.into_iter().enumerate() {
            self.play_text(text).map_err(|source| MovesError {
                index: index + 1,
                text: text.to_string(),
                source,
            })?;
        }
        Ok(())
    }

    /// Plays a move already known to be legal.
    fn push(&mut self, mv: Move) {
        let next = self.position().after(&mv);
        self.positions.push(next);
        self.moves.push(mv);
        self.outcome = self.judge();
    }

    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.outcome = self.judge();
        Some(mv)
    }

    pub fn agree_draw(&mut self) -> Result<(), GameError> {
        self.conclude(Outcome::Draw(Reason::Agreement))
    }

    pub fn resign(&mut self, loser: Color) -> Result<(), GameError> {
        self.conclude(Outcome::Win { winner: loser.opponent(), reason: Reason::Resignation })
    }

    fn conclude(&mut self, outcome: Outcome) -> Result<(), GameError> {
        if let Some(over) = self.outcome {
            return Err(GameError::Over(over));
        }
        self.outcome = Some(outcome);
        Ok(())
    }

    /// The outcome the rules give the current position.
    fn judge(&self) -> Option<Outcome> {
        let position = self.position();
        let to_move = position.side_to_move();
        let has_biy = |color| position.men(color).any(|(_, man)| man.kind == ManKind::Biy);
        for color in [to_move, to_move.opponent()] {
            if !has_biy(color) {
                return Some(Outcome::Win { winner: color.opponent(), reason: Reason::BiyCaptured });
            }
        }
        if legal_moves(position, self.rules).is_empty() {
            return Some(Outcome::Win { winner: to_move.opponent(), reason: Reason::Stalemate });
        }
        let same = |other: &&Position| other.same_place(position);
        if self.rules.repetition_draw && self.positions.iter().filter(same).count() >= 3 {
            return Some(Outcome::Draw(Reason::Repetition));
        }
        if self.rules.quiet_limit > 0 && position.quiet_plies() >= self.rules.quiet_limit {
            return Some(Outcome::Draw(Reason::QuietLimit));
        }
        None
    }
}

impl Position {
    /// The same men, side to move, reserves and en passant chance: the
    /// same position for repetition, whatever the counters.
    pub fn same_place(&self, other: &Position) -> bool {
        self.board == other.board
            && self.side_to_move == other.side_to_move
            && self.initial_reserve == other.initial_reserve
            && self.pending_drop == other.pending_drop
            && self.en_passant == other.en_passant
    }
}
