//! Either game behind one interface: what the 3D game needs to show a
//! board, take moves, let the computer think and keep records, for Shatar
//! and shatra alike. Bevy-free; every rule stays in its own core.

mod cell;
mod either;
mod record;

pub use cell::{Cell, figure};
pub use either::{AnyGame, AnyMove, AnyOutcome, PlayError};
pub use record::{AnyRecordError, load, save};

use serde::{Deserialize, Serialize};
use std::fmt;

/// Which game is on the table.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "snake_case")]
pub enum Variant {
    /// Mongolian chess.
    #[default]
    Shatar,
    /// The Altai game of seed 002.
    Shatra,
}

impl Variant {
    pub const BOTH: [Variant; 2] = [Variant::Shatar, Variant::Shatra];

    pub const fn name(self) -> &'static str {
        match self {
            Variant::Shatar => "Shatar",
            Variant::Shatra => "Shatra",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
