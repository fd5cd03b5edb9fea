//! The rule options: every point where the sources disagree, or where
//! unattended play needs an end. Defaults follow the seeds.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RuleOptions {
    /// What a stalemate means. Default: a win for the side that stalemates
    /// (seed 003). `Draw` matches Fairy-Stockfish.
    pub stalemate: StalemateRule,
    /// The third occurrence of a position (same placement, same side to
    /// move) draws. Default: on, so that unattended games end.
    pub repetition_draw: bool,
    /// 100 plies without a capture or a child move draw. Default: on.
    pub fifty_move_draw: bool,
}

impl Default for RuleOptions {
    fn default() -> RuleOptions {
        RuleOptions { stalemate: StalemateRule::Win, repetition_draw: true, fifty_move_draw: true }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum StalemateRule {
    /// The side that stalemates wins: a nomad must not lose his freedom to move.
    #[default]
    Win,
    /// Stalemate is a draw.
    Draw,
}

impl FromStr for StalemateRule {
    type Err = String;

    fn from_str(text: &str) -> Result<StalemateRule, String> {
        match text {
            "win" => Ok(StalemateRule::Win),
            "draw" => Ok(StalemateRule::Draw),
            other => Err(format!("stalemate must be 'win' or 'draw', not '{other}'")),
        }
    }
}

impl fmt::Display for StalemateRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            StalemateRule::Win => "win",
            StalemateRule::Draw => "draw",
        })
    }
}
