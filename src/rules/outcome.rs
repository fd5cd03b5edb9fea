//! How a game ends, with the reason.

use super::square::Color;
use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    Win { winner: Color, reason: WinReason },
    Draw(DrawReason),
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum WinReason {
    /// Mate by a shak, or after an unbroken series of checks holding one.
    ShakMate,
    /// The winner left the loser no move (rule option, the default).
    Stalemate,
    /// The loser resigned.
    Resignation,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum DrawReason {
    /// Mate without any shak in the series of checks that led to it.
    Niol,
    /// Mate given by mori alone.
    MoriMate,
    /// A side has nothing but its noyon.
    Robado,
    /// Stalemate, under the rule option that makes it a draw.
    Stalemate,
    /// The same position for the third time.
    Repetition,
    /// 100 plies without a capture or a child move.
    FiftyMoves,
    /// Both players agreed.
    Agreement,
}

/// The flat reason names used in JSON.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    ShakMate,
    Niol,
    MoriMate,
    Robado,
    Stalemate,
    Repetition,
    FiftyMoves,
    Agreement,
    Resignation,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ResultTag {
    White,
    Black,
    Draw,
    Ongoing,
}

/// `{"result": "white"|"black"|"draw"|"ongoing", "reason": ...}`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultSummary {
    pub result: ResultTag,
    pub reason: Option<Reason>,
}

impl Outcome {
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw(_) => None,
        }
    }

    pub fn reason(self) -> Reason {
        match self {
            Outcome::Win { reason: WinReason::ShakMate, .. } => Reason::ShakMate,
            Outcome::Win { reason: WinReason::Stalemate, .. } => Reason::Stalemate,
            Outcome::Win { reason: WinReason::Resignation, .. } => Reason::Resignation,
            Outcome::Draw(DrawReason::Niol) => Reason::Niol,
            Outcome::Draw(DrawReason::MoriMate) => Reason::MoriMate,
            Outcome::Draw(DrawReason::Robado) => Reason::Robado,
            Outcome::Draw(DrawReason::Stalemate) => Reason::Stalemate,
            Outcome::Draw(DrawReason::Repetition) => Reason::Repetition,
            Outcome::Draw(DrawReason::FiftyMoves) => Reason::FiftyMoves,
            Outcome::Draw(DrawReason::Agreement) => Reason::Agreement,
        }
    }

    /// The JSON summary of a game's state; `None` is an ongoing game.
    pub fn summary(outcome: Option<Outcome>) -> ResultSummary {
        match outcome {
            None => ResultSummary { result: ResultTag::Ongoing, reason: None },
            Some(outcome) => ResultSummary {
                result: match outcome.winner() {
                    Some(Color::White) => ResultTag::White,
                    Some(Color::Black) => ResultTag::Black,
                    None => ResultTag::Draw,
                },
                reason: Some(outcome.reason()),
            },
        }
    }

    /// Reads a summary back; `Err` if result and reason do not fit together.
    pub fn from_summary(summary: ResultSummary) -> Result<Option<Outcome>, String> {
        let winner = match summary.result {
            ResultTag::White => Some(Color::White),
            ResultTag::Black => Some(Color::Black),
            ResultTag::Draw | ResultTag::Ongoing => None,
        };
        let outcome = match (summary.result, winner, summary.reason) {
            (ResultTag::Ongoing, _, None) => None,
            (_, Some(winner), Some(reason)) => {
                let reason = match reason {
                    Reason::ShakMate => WinReason::ShakMate,
                    Reason::Stalemate => WinReason::Stalemate,
                    Reason::Resignation => WinReason::Resignation,
                    _ => return Err(format!("{reason:?} cannot decide a win")),
                };
                Some(Outcome::Win { winner, reason })
            }
            (ResultTag::Draw, None, Some(reason)) => Some(Outcome::Draw(match reason {
                Reason::Niol => DrawReason::Niol,
                Reason::MoriMate => DrawReason::MoriMate,
                Reason::Robado => DrawReason::Robado,
                Reason::Stalemate => DrawReason::Stalemate,
                Reason::Repetition => DrawReason::Repetition,
                Reason::FiftyMoves => DrawReason::FiftyMoves,
                Reason::Agreement => DrawReason::Agreement,
                _ => return Err(format!("{reason:?} cannot end a game drawn")),
            })),
            (result, _, reason) => {
                return Err(format!("result {result:?} does not go with reason {reason:?}"));
            }
        };
        Ok(outcome)
    }
}

/// The outcome in words, for the player.
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason: WinReason::ShakMate } => {
                write!(f, "{winner} wins: mate with shak")
            }
            Outcome::Win { winner, reason: WinReason::Stalemate } => write!(f, "{winner} wins by stalemate"),
            Outcome::Win { winner, reason: WinReason::Resignation } => {
                write!(f, "{winner} wins: {} resigned", winner.opponent())
            }
            Outcome::Draw(reason) => f.write_str(match reason {
                DrawReason::Niol => "Draw: niol, mate without shak",
                DrawReason::MoriMate => "Draw: mate by the mori",
                DrawReason::Robado => "Draw: robado, bare noyon",
                DrawReason::Stalemate => "Draw by stalemate",
                DrawReason::Repetition => "Draw by repetition",
                DrawReason::FiftyMoves => "Draw: fifty moves without a capture or a child move",
                DrawReason::Agreement => "Draw by agreement",
            }),
        }
    }
}
