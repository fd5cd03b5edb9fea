//! The legal moves, and playing one. Capturing is compulsory, but the
//! player picks which capture. The biy (and, by the default reading, a pawn
//! in the enemy's gate) may stop his chain partway; his partial capture is
//! an alternative to another man's capture, and when only he can capture he
//! may move instead. With no capture, a reserve man who captured inside his
//! fortress must be dropped first.

use super::board::{Region, Square};
use super::capture::{captures_from, privileged};
use super::moves::{Move, drops, forward, quiet_moves, quiet_moves_from};
use super::position::{ManKind, Position};
use super::rules::ShatraRules;
use crate::rules::Color;

pub fn legal_moves(position: &Position, rules: ShatraRules) -> Vec<Move> {
    let color = position.side_to_move();
    let mut forced = Vec::new();
    let mut free = Vec::new();
    let mut free_capturers = Vec::new();
    for (from, man) in position.men(color) {
        if privileged(rules, from, man) {
            let before = free.len();
            captures_from(position, rules, from, &mut free);
            if free.len() > before {
                free_capturers.push(from);
            }
        } else {
            captures_from(position, rules, from, &mut forced);
        }
    }
    if !forced.is_empty() {
        forced.append(&mut free);
        return forced;
    }
    if !free.is_empty() {
        for from in free_capturers {
            quiet_moves_from(position, rules, from, &mut free);
        }
        return free;
    }
    if let Some(from) = position.pending_drop(color) {
        let mut moves = Vec::new();
        drops(position, rules, from, color, &mut moves);
        if !moves.is_empty() {
            return moves;
        }
    }
    quiet_moves(position, rules)
}

impl Position {
    /// The position after `mv`, which must be legal here.
    pub fn after(&self, mv: &Move) -> Position {
        let mut next = self.clone();
        next.play(mv);
        next
    }

    /// Plays `mv`, which must be legal here: the board, the reserves, the
    /// en passant chance, the counters and the side to move follow.
    pub fn play(&mut self, mv: &Move) {
        let color = self.side_to_move;
        let from = mv.from();
        let Some(mut man) = self.take(from) else { return };
        let was_reserve = self.has_initial_reserve(color) && from.region() == Region::Fortress(color);
        if self.pending_drop[color.index()] == Some(from) {
            self.pending_drop[color.index()] = None;
        }
        self.en_passant = None;
        let mut irreversible = man.kind == ManKind::Shatra;
        match mv {
            Move::Drop { to, .. } => {
                irreversible = false;
                self.put(*to, Some(man));
            }
            Move::Step { to, promotion, .. } => {
                man.kind = promotion.unwrap_or(man.kind);
                if irreversible && to.rank().abs_diff(from.rank()) == 2 {
                    self.en_passant = from.offset((0, forward(color)));
                }
                self.put(*to, Some(man));
            }
            Move::Capture { legs, .. } => {
                irreversible = true;
                let enemy = color.opponent().index();
                for leg in legs {
                    self.take(leg.prey);
                    if self.pending_drop[enemy] == Some(leg.prey) {
                        self.pending_drop[enemy] = None;
                    }
                    man.kind = leg.promotion.unwrap_or(man.kind);
                }
                let to = mv.to();
                self.put(to, Some(man));
                if was_reserve && to.region() == Region::Fortress(color) {
                    self.pending_drop[color.index()] = Some(to);
                }
            }
        }
        for side in Color::BOTH {
            if self.has_initial_reserve(side) && !self.keeps_reserve(side) {
                self.initial_reserve[side.index()] = false;
                self.pending_drop[side.index()] = None;
            }
        }
        self.quiet_plies = if irreversible { 0 } else { self.quiet_plies.saturating_add(1) };
        if color == Color::Black {
            self.move_number = self.move_number.saturating_add(1);
        }
        self.side_to_move = color.opponent();
    }

    /// Whether a man of `color` still waits in `color`'s fortress.
    fn keeps_reserve(&self, color: Color) -> bool {
        Square::all().any(|square| {
            square.region() == Region::Fortress(color)
                && self.man_at(square).is_some_and(|man| man.color == color)
        })
    }
}

/// Leaf positions `depth` plies ahead.
pub fn perft(position: &Position, rules: ShatraRules, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = legal_moves(position, rules);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|mv| perft(&position.after(mv), rules, depth - 1)).sum()
}
