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
    let mut scratch = position.clone();
    for (from, man) in position.men(color) {
        if privileged(rules, from, man) {
            let before = free.len();
            captures_from(&mut scratch, rules, from, &mut free);
            if free.len() > before {
                free_capturers.push(from);
            }
        } else {
            captures_from(&mut scratch, rules, from, &mut forced);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shatra::GatePawn;

    fn texts(position: &Position, rules: ShatraRules) -> Vec<String> {
        let mut texts: Vec<String> = legal_moves(position, rules).iter().map(Move::to_string).collect();
        texts.sort();
        texts
    }

    fn sq(name: &str) -> Square {
        Square::parse(name).unwrap_or_else(|| panic!("{name}"))
    }

    #[test]
    fn a_reserve_man_captures_inside_his_fortress_and_is_dropped_next() {
        // A black pawn has got into White's fortress on d2; White's reserve
        // waits. The batir takes it and may stay home, or fly on up the
        // great road, but not land in the gate.
        let position = Position::from_fen("3/3/3/1/k6/7/7/7/7/6K/1/B1B/PpP/PQP w W - 0 1").expect("fen");
        let rules = ShatraRules::default();
        let moves = texts(&position, rules);
        assert!(moves.contains(&"d1:d3".to_string()) && moves.contains(&"d1:d5".to_string()), "{moves:?}");
        assert!(!moves.contains(&"d1:d4".to_string()), "{moves:?}");
        let capture = Move::Capture {
            from: sq("d1"),
            legs: vec![crate::shatra::Leg { prey: sq("d2"), to: sq("d3"), promotion: None }],
        };
        let after = position.after(&capture);
        assert_eq!(after.pending_drop(Color::White), Some(sq("d3")));
        assert!(after.fen().contains(" Wd3 "), "{}", after.fen());
        let after = after.after(&Move::Step { from: sq("a10"), to: sq("a9"), promotion: None });
        let moves = texts(&after, rules);
        assert!(!moves.is_empty() && moves.iter().all(|text| text.starts_with("d3*")), "{moves:?}");
        let dropped = after.after(&Move::Drop { from: sq("d3"), to: sq("c6") });
        assert_eq!(dropped.pending_drop(Color::White), None);
        assert!(dropped.has_initial_reserve(Color::White));
    }

    #[test]
    fn the_reserve_ends_with_the_last_man_out() {
        let position = Position::from_fen("3/3/3/1/k6/7/7/7/7/6K/1/3/3/1Q1 w W - 0 1").expect("fen");
        let after = position.after(&Move::Drop { from: sq("d1"), to: sq("a5") });
        assert!(!after.has_initial_reserve(Color::White));
        assert!(after.fen().contains(" b - "), "{}", after.fen());
    }

    #[test]
    fn a_pawn_in_the_enemys_gate_captures_like_the_biy_by_default() {
        // A white pawn on d11 beside black pawns on c10 and e10 (and the
        // square behind each vacant); Black's biy on a8, White's on g5.
        let fen = "3/3/3/P/2p1p2/7/k6/7/7/6K/1/3/3/3 w - - 0 1";
        let position = Position::from_fen(fen).expect("fen");
        let biy_like = texts(&position, ShatraRules::default());
        let general =
            texts(&position, ShatraRules { gate_pawn: GatePawn::General, ..ShatraRules::default() });
        assert_eq!(general, ["d11:b9", "d11:f9"]);
        // He may instead step or be dropped, no comrade having a capture.
        assert!(biy_like.contains(&"d11:b9".to_string()) && biy_like.contains(&"d11-d12".to_string()));
        assert!(biy_like.iter().any(|text| text.starts_with("d11*")), "{biy_like:?}");
        assert!(!biy_like.iter().any(|text| text.starts_with("g5")), "{biy_like:?}");
    }
}
