//! A game: the positions so far, the moves with their checks, and the
//! outcome, judged after every move by the rules in force.

use super::check::CheckKinds;
use super::fen::FenError;
use super::moves::{Move, MoveList};
use super::options::RuleOptions;
use super::outcome::{DrawReason, Outcome, WinReason};
use super::piece::Piece;
use super::position::Position;
use super::series::CheckSeries;
use super::square::{Color, Square};
use super::uci::MoveError;
use thiserror::Error;

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PlayedMove {
    pub mv: Move,
    /// The move in the SAN-like notation, as the move list shows it.
    pub san: String,
    /// The kinds of check the move gave; empty if none.
    pub checks: CheckKinds,
    pub captured: Option<Piece>,
}

#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum GameError {
    #[error("the game is already over ({0})")]
    Over(Outcome),
    #[error(transparent)]
    Move(#[from] MoveError),
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
    rules: RuleOptions,
    /// `positions[0]` is the start; `positions[i]` follows `moves[i - 1]`.
    positions: Vec<Position>,
    moves: Vec<PlayedMove>,
    outcome: Option<Outcome>,
}

impl Game {
    /// A game from the initial array, `first` to move.
    pub fn new(rules: RuleOptions, first: Color) -> Game {
        Game::from_position(rules, Position::initial(first))
    }

    /// A game from any position; it may already be over.
    pub fn from_position(rules: RuleOptions, start: Position) -> Game {
        let mut game = Game { rules, positions: vec![start], moves: Vec::new(), outcome: None };
        game.outcome = game.judge();
        game
    }

    pub fn from_fen(rules: RuleOptions, fen: &str) -> Result<Game, FenError> {
        Ok(Game::from_position(rules, Position::from_fen(fen)?))
    }

    pub fn rules(&self) -> RuleOptions {
        self.rules
    }

    pub fn start_position(&self) -> &Position {
        &self.positions[0]
    }

    /// The side that moved first.
    pub fn first_player(&self) -> Color {
        self.start_position().side_to_move()
    }

    pub fn position(&self) -> &Position {
        // Never empty: `positions` starts with the start and undo keeps it.
        self.positions.last().unwrap_or(&self.positions[0])
    }

    /// Every position so far, the start first.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    pub fn moves(&self) -> &[PlayedMove] {
        &self.moves
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The kinds of check the last move gave.
    pub fn last_checks(&self) -> CheckKinds {
        self.moves.last().map_or(CheckKinds::NONE, |played| played.checks)
    }

    /// The moves the side to move may play; none once the game is over.
    pub fn legal_moves(&self) -> MoveList {
        if self.is_over() { MoveList::new() } else { self.position().legal_moves() }
    }

    /// The legal move from one square to another, if the game is on.
    pub fn find_move(&self, from: Square, to: Square) -> Option<Move> {
        if self.is_over() { None } else { self.position().find_move(from, to) }
    }

    /// Plays a move, if the game is on and the move is legal.
    pub fn play(&mut self, mv: Move) -> Result<&PlayedMove, GameError> {
        if let Some(outcome) = self.outcome {
            return Err(GameError::Over(outcome));
        }
        let before = self.position();
        let after = before.play(mv).map_err(|_| MoveError::Illegal(mv.to_string()))?;
        let played = PlayedMove {
            mv,
            san: before.san(mv),
            checks: after.check_kinds(),
            captured: before.piece_at(mv.to),
        };
        self.positions.push(after);
        self.moves.push(played);
        self.outcome = self.judge();
        Ok(&self.moves[self.moves.len() - 1])
    }

    /// Plays a move given in UCI coordinates.
    pub fn play_uci(&mut self, text: &str) -> Result<&PlayedMove, GameError> {
        if let Some(outcome) = self.outcome {
            return Err(GameError::Over(outcome));
        }
        let mv = self.position().parse_uci(text)?;
        self.play(mv)
    }

    /// Plays UCI moves in order, stopping at the first that cannot be played.
    pub fn play_uci_moves<'a>(&mut self, moves: impl IntoIterator<Item = &'a str>) -> Result<(), MovesError> {
        for (index, text) in moves.into_iter().enumerate() {
            self.play_uci(text).map_err(|source| MovesError {
                index: index + 1,
                text: text.to_string(),
                source,
            })?;
        }
        Ok(())
    }

    /// Takes back the last move; the game is open again.
    pub fn undo(&mut self) -> Option<PlayedMove> {
        let played = self.moves.pop()?;
        self.positions.pop();
        self.outcome = None;
        Some(played)
    }

    /// Both players agree to a draw.
    pub fn agree_draw(&mut self) -> Result<(), GameError> {
        self.conclude(Outcome::Draw(DrawReason::Agreement))
    }

    pub fn resign(&mut self, loser: Color) -> Result<(), GameError> {
        self.conclude(Outcome::Win { winner: loser.opponent(), reason: WinReason::Resignation })
    }

    fn conclude(&mut self, outcome: Outcome) -> Result<(), GameError> {
        match self.outcome {
            Some(over) => Err(GameError::Over(over)),
            None => {
                self.outcome = Some(outcome);
                Ok(())
            }
        }
    }

    /// The outcome the rules give the current position and its history.
    fn judge(&self) -> Option<Outcome> {
        let position = self.position();
        if position.is_robado() {
            return Some(Outcome::Draw(DrawReason::Robado));
        }
        if !position.has_legal_moves() {
            let mover = position.side_to_move().opponent();
            return Some(position.outcome_without_moves(self.series(mover), self.rules));
        }
        if self.rules.repetition_draw && self.occurrences(position) >= 3 {
            return Some(Outcome::Draw(DrawReason::Repetition));
        }
        if position.fifty_moves_reached(self.rules) {
            return Some(Outcome::Draw(DrawReason::FiftyMoves));
        }
        None
    }

    /// The series of checks `color` is giving, counted from the game's start.
    pub fn series(&self, color: Color) -> CheckSeries {
        self.positions
            .iter()
            .zip(&self.moves)
            .filter(|(before, _)| before.side_to_move() == color)
            .fold(CheckSeries::Broken, |series, (_, played)| series.after(played.checks))
    }

    fn occurrences(&self, position: &Position) -> usize {
        let window = position.halfmove_clock() as usize + 1;
        self.positions.iter().rev().take(window).filter(|earlier| earlier.same_arrangement(position)).count()
    }
}
