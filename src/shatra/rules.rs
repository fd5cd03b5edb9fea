//! Shatra's rule options: the seed's own doubts, each with the seed's
//! main-text reading as the default.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ShatraRules {
    /// Drops onto the great road (file d). Kurin's text allows them (the
    /// default); Pritchard forbids them.
    pub drops_on_great_road: bool,
    /// Which pawns may step two squares.
    pub double_step: DoubleStep,
}

impl Default for ShatraRules {
    fn default() -> ShatraRules {
        ShatraRules { drops_on_great_road: true, double_step: DoubleStep::BeforeDitch }
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
