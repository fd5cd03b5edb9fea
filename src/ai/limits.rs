//! How long a search may run: depth, nodes, a fixed time, or a clock.

use crate::rules::Color;
use std::time::{Duration, Instant};

/// A side's clock, as UCI's `wtime`/`winc` give it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Clock {
    pub time: Duration,
    pub increment: Duration,
}

/// The limits of one search; several may be set, and the first reached ends it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Exactly this long, all of it used.
    pub movetime: Option<Duration>,
    /// The two clocks, White's first.
    pub clocks: Option<[Clock; 2]>,
    pub moves_to_go: Option<u32>,
}

/// When to stop: `soft` ends the deepening between iterations, `hard`
/// aborts a running one.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Deadlines {
    pub soft: Option<Instant>,
    pub hard: Option<Instant>,
}

/// Kept back from every clock for the lag between engine and interface.
const OVERHEAD: Duration = Duration::from_millis(15);

impl Limits {
    pub fn depth(depth: u32) -> Limits {
        Limits { depth: Some(depth), ..Limits::default() }
    }

    pub fn movetime(time: Duration) -> Limits {
        Limits { movetime: Some(time), ..Limits::default() }
    }

    /// Whether nothing bounds the search but a stop.
    pub fn is_infinite(&self) -> bool {
        self.depth.is_none() && self.nodes.is_none() && self.movetime.is_none() && self.clocks.is_none()
    }

    pub fn deadlines(&self, start: Instant, side: Color) -> Deadlines {
        let mut deadlines = Deadlines::default();
        if let Some(movetime) = self.movetime {
            let at = start + movetime.saturating_sub(Duration::from_millis(3));
            deadlines.hard = Some(at);
        }
        if let Some(clocks) = self.clocks {
            let clock = clocks[side.index()];
            let left = clock.time.saturating_sub(OVERHEAD);
            let moves = self.moves_to_go.unwrap_or(30).clamp(1, 50);
            let share = left / moves + clock.increment * 3 / 4;
            let soft = share.min(left / 2);
            let hard = (share * 4).min(left / 4).max(soft);
            deadlines.soft = Some(start + soft / 2);
            deadlines.hard = Some(deadlines.hard.map_or(start + hard, |fixed| fixed.min(start + hard)));
        }
        deadlines
    }
}
