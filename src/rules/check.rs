//! The three kinds of check.

use serde::{Deserialize, Serialize};
use std::fmt;

/// How a noyon is attacked, named after the attacker.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CheckKind {
    /// By a bers, tereg or mori. Only a mate that involves a shak wins.
    Shak,
    /// By a teme.
    Tuk,
    /// By a child.
    Tsod,
}

impl CheckKind {
    pub const ALL: [CheckKind; 3] = [CheckKind::Shak, CheckKind::Tuk, CheckKind::Tsod];

    pub const fn name(self) -> &'static str {
        match self {
            CheckKind::Shak => "shak",
            CheckKind::Tuk => "tuk",
            CheckKind::Tsod => "tsod",
        }
    }

    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

impl fmt::Display for CheckKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The kinds of check one move gives; a double check can carry two.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct CheckKinds(u8);

impl CheckKinds {
    pub const NONE: CheckKinds = CheckKinds(0);

    pub const fn with(self, kind: CheckKind) -> CheckKinds {
        CheckKinds(self.0 | kind.bit())
    }

    pub const fn contains(self, kind: CheckKind) -> bool {
        self.0 & kind.bit() != 0
    }

    pub const fn is_check(self) -> bool {
        self.0 != 0
    }

    pub fn iter(self) -> impl Iterator<Item = CheckKind> {
        CheckKind::ALL.into_iter().filter(move |kind| self.contains(*kind))
    }
}
