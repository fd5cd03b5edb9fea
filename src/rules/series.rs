//! When a mate counts: the unbroken series of checks a side is giving, and
//! the verdict on a position whose side to move has no legal move.

use super::check::{CheckKind, CheckKinds};
use super::options::{RuleOptions, StalemateRule};
use super::outcome::{DrawReason, Outcome, WinReason};
use super::piece::PieceKind;
use super::position::Position;

/// The series of checks a side has given with its latest moves.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum CheckSeries {
    /// The side's last move gave no check (or it has not moved).
    #[default]
    Broken,
    /// Every recent move gave check, none of them a shak.
    WithoutShak,
    /// Every recent move gave check, and one of them was a shak.
    WithShak,
}

impl CheckSeries {
    /// The series after the side's next move, which gave `checks`.
    pub const fn after(self, checks: CheckKinds) -> CheckSeries {
        if !checks.is_check() {
            CheckSeries::Broken
        } else if checks.contains(CheckKind::Shak) || matches!(self, CheckSeries::WithShak) {
            CheckSeries::WithShak
        } else {
            CheckSeries::WithoutShak
        }
    }

    pub const fn index(self) -> usize {
        self as usize
    }
}

impl Position {
    /// The outcome when the side to move has no legal move. `series` is the
    /// series of checks of the side that just moved, its last move included.
    ///
    /// Mate wins only with a shak in that series; a mate given by mori
    /// alone draws. Stalemate follows the rule option.
    pub fn outcome_without_moves(&self, series: CheckSeries, rules: RuleOptions) -> Outcome {
        let mover = self.side_to_move().opponent();
        if !self.is_check() {
            return match rules.stalemate {
                StalemateRule::Win => Outcome::Win { winner: mover, reason: WinReason::Stalemate },
                StalemateRule::Draw => Outcome::Draw(DrawReason::Stalemate),
            };
        }
        if (self.checkers() & !self.kind(PieceKind::Mori)).is_empty() {
            return Outcome::Draw(DrawReason::MoriMate);
        }
        match series {
            CheckSeries::WithShak => Outcome::Win { winner: mover, reason: WinReason::ShakMate },
            CheckSeries::WithoutShak | CheckSeries::Broken => Outcome::Draw(DrawReason::Niol),
        }
    }

    /// Whether the fifty-move rule, if in force, has drawn the game.
    pub fn fifty_moves_reached(&self, rules: RuleOptions) -> bool {
        rules.fifty_move_draw && self.halfmove_clock() >= 100
    }
}
