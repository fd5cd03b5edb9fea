//! Shatra's rule options: the seed's own doubts, each with the seed's
//! main-text reading as the default, and the draws that let AI games end.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ShatraRules {
    /// Drops onto the great road (file d). Kurin's text allows them (the
    /// default); Pritchard forbids them.
    pub drops_on_great_road: bool,
    /// Which pawns may step two squares.
    pub double_step: DoubleStep,
    /// How a pawn standing in the enemy's gate captures.
    pub gate_pawn: GatePawn,
    /// The same position, with the same side to move, a third time draws.
    pub repetition_draw: bool,
    /// Plies without a capture or a pawn move that draw; 0 turns it off.
    pub quiet_limit: u32,
}

impl Default for ShatraRules {
    fn default() -> ShatraRules {
        ShatraRules {
            drops_on_great_road: true,
            double_step: DoubleStep::BeforeDitch,
            gate_pawn: GatePawn::LikeTheBiy,
            repetition_draw: true,
            quiet_limit: 100,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DoubleStep {
    /// Any pawn on its own half that has not reached the ditch (Kurin).
    BeforeDitch,
    /// Only from the rearmost rank of the battlefield, 5 or 10 (the seed's
    /// author's guess).
    RearmostRank,
}

/// «A Pawn in the enemy's gate captures according to the general rules and
/// the rules for the King.»
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GatePawn {
    /// The seed's reading: like the biy, he may stop a chain partway (until
    /// it enters the enemy's fortress), and may move instead of capturing
    /// when no comrade can capture.
    LikeTheBiy,
    /// The general rules only: his chain is compulsory and complete.
    General,
}
