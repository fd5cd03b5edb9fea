//! Shatra's moves: what a move is and how it is written, and the quiet
//! moves and drops. Captures are in `capture`; `legal` puts them together.

use super::board::{Region, Square};
use super::position::{Man, ManKind, Position};
use super::rules::{DoubleStep, ShatraRules};
use crate::rules::Color;
use std::fmt;

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    /// A man from a fortress or gate put onto a vacant square of a half of
    /// the battlefield: "d2*c6".
    Drop { from: Square, to: Square },
    /// A move, with the officer a pawn becomes on the end rank: "d7-c8",
    /// "c13-c14Q".
    Step { from: Square, to: Square, promotion: Option<ManKind> },
    /// A capture chain, one leg per man taken: "e12:e14Q:c12:g8:g10".
    Capture { from: Square, legs: Vec<Leg> },
}

/// One capture of a chain: the man taken, where the capturer lands, and the
/// officer a pawn becomes there.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Leg {
    pub prey: Square,
    pub to: Square,
    pub promotion: Option<ManKind>,
}

impl Move {
    pub const fn from(&self) -> Square {
        match self {
            Move::Drop { from, .. } | Move::Step { from, .. } | Move::Capture { from, .. } => *from,
        }
    }

    /// Where the man ends the move.
    pub fn to(&self) -> Square {
        match self {
            Move::Drop { to, .. } | Move::Step { to, .. } => *to,
            Move::Capture { from, legs } => legs.last().map_or(*from, |leg| leg.to),
        }
    }

    pub const fn is_capture(&self) -> bool {
        matches!(self, Move::Capture { .. })
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let promoted = |f: &mut fmt::Formatter<'_>, promotion: Option<ManKind>| {
            promotion.map_or(Ok(()), |kind| write!(f, "{}", kind.letter()))
        };
        match self {
            Move::Drop { from, to } => write!(f, "{from}*{to}"),
            Move::Step { from, to, promotion } => {
                write!(f, "{from}-{to}")?;
                promoted(f, *promotion)
            }
            Move::Capture { from, legs } => {
                write!(f, "{from}")?;
                for leg in legs {
                    write!(f, ":{}", leg.to)?;
                    promoted(f, leg.promotion)?;
                }
                Ok(())
            }
        }
    }
}

pub(super) const ROOK: [(i8, i8); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
pub(super) const BISHOP: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
pub(super) const QUEEN: [(i8, i8); 8] =
    [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)];

/// The lines an officer moves and captures along.
pub(super) fn lines(kind: ManKind) -> &'static [(i8, i8)] {
    match kind {
        ManKind::Tura => &ROOK,
        ManKind::Jalkin => &BISHOP,
        _ => &QUEEN,
    }
}

/// Rank counted from `color`'s own edge, 1 to 14.
pub(super) fn relative_rank(color: Color, square: Square) -> u8 {
    match color {
        Color::White => square.rank() + 1,
        Color::Black => 14 - square.rank(),
    }
}

/// One square forward for `color`.
pub(super) const fn forward(color: Color) -> i8 {
    if matches!(color, Color::White) { 1 } else { -1 }
}

pub(super) fn own_home(color: Color, square: Square) -> bool {
    matches!(square.region(), Region::Fortress(c) | Region::Gate(c) if c == color)
}

pub(super) fn enemy_home(color: Color, square: Square) -> bool {
    own_home(color.opponent(), square)
}

/// Whether `man` may end a move or a leg of a capture on `to`, coming from
/// `from`. A pawn never lands in his own fortress or gate; the tura never
/// goes from his own fortress or gate into the enemy's; while the initial
/// reserve waits, only the biy enters the gate, and only a reserve man
/// already inside (capturing there) lands in the fortress.
pub(super) fn may_land(position: &Position, man: Man, from: Square, to: Square) -> bool {
    let color = man.color;
    if man.kind == ManKind::Shatra && own_home(color, to) {
        return false;
    }
    if man.kind == ManKind::Tura && own_home(color, from) && enemy_home(color, to) {
        return false;
    }
    if !position.has_initial_reserve(color) {
        return true;
    }
    match to.region() {
        Region::Fortress(c) if c == color => {
            man.kind != ManKind::Biy && from.region() == Region::Fortress(color)
        }
        Region::Gate(c) if c == color => man.kind == ManKind::Biy,
        _ => true,
    }
}

/// Whether the man on `from` is still in his side's initial reserve.
pub(super) fn in_reserve(position: &Position, from: Square, man: Man) -> bool {
    position.has_initial_reserve(man.color)
        && from.region() == Region::Fortress(man.color)
        && man.kind != ManKind::Biy
}

/// The quiet moves and drops of the side to move.
pub fn quiet_moves(position: &Position, rules: ShatraRules) -> Vec<Move> {
    let mut moves = Vec::new();
    for (from, _) in position.men(position.side_to_move()) {
        quiet_moves_from(position, rules, from, &mut moves);
    }
    moves
}

/// The quiet moves and drops of the man on `from`.
pub(super) fn quiet_moves_from(position: &Position, rules: ShatraRules, from: Square, moves: &mut Vec<Move>) {
    let Some(man) = position.man_at(from) else { return };
    let color = man.color;
    if man.kind != ManKind::Biy && (own_home(color, from) || enemy_home(color, from)) {
        let half = if own_home(color, from) { color } else { color.opponent() };
        drops(position, rules, from, half, moves);
    }
    if in_reserve(position, from, man) {
        return;
    }
    let mut step = |to: Square| {
        if may_land(position, man, from, to) {
            push_step(position, man, from, to, moves);
        }
    };
    match man.kind {
        ManKind::Biy => {
            for by in QUEEN {
                if let Some(to) = from.offset(by).filter(|&to| position.man_at(to).is_none()) {
                    step(to);
                }
            }
        }
        ManKind::Batir | ManKind::Tura | ManKind::Jalkin => {
            for &by in lines(man.kind) {
                let mut at = from;
                while let Some(to) = at.offset(by).filter(|&to| position.man_at(to).is_none()) {
                    step(to);
                    at = to;
                }
            }
        }
        ManKind::Shatra => pawn_steps(position, rules, from, color, &mut step),
    }
}

/// The drops of the man on `from` onto `half` of the battlefield.
pub(super) fn drops(
    position: &Position,
    rules: ShatraRules,
    from: Square,
    half: Color,
    moves: &mut Vec<Move>,
) {
    let targets = Square::all().filter(|&to| {
        to.region() == Region::Battlefield(half)
            && position.man_at(to).is_none()
            && (rules.drops_on_great_road || !to.on_great_road())
    });
    moves.extend(targets.map(|to| Move::Drop { from, to }));
}

fn pawn_steps(
    position: &Position,
    rules: ShatraRules,
    from: Square,
    color: Color,
    step: &mut impl FnMut(Square),
) {
    let forward = forward(color);
    let rank = relative_rank(color, from);
    let empty = |to: Square| position.man_at(to).is_none();
    let ahead = from.offset((0, forward)).filter(|&to| empty(to));
    match rank {
        5 | 6 => {
            if let Some(one) = ahead {
                step(one);
                let double = match rules.double_step {
                    DoubleStep::BeforeDitch => true,
                    DoubleStep::RearmostRank => rank == 5,
                };
                if let Some(two) = one.offset((0, forward)).filter(|&to| double && empty(to)) {
                    step(two);
                }
            }
        }
        7 => {
            for by in [(0, forward), (-1, forward), (1, forward)] {
                if let Some(to) = from.offset(by).filter(|&to| empty(to)) {
                    step(to);
                }
            }
        }
        8.. => {
            for by in [(0, forward), (-1, forward), (1, forward), (-1, 0), (1, 0)] {
                if let Some(to) = from.offset(by).filter(|&to| empty(to)) {
                    step(to);
                }
            }
        }
        // In its own fortress a pawn only waits to be dropped.
        _ => {}
    }
}

/// The officers a pawn of `color` landing on the end rank may become: those
/// the enemy has taken. None: he stays a pawn and waits.
pub(super) fn promotions(position: &Position, color: Color, to: Square) -> Vec<ManKind> {
    if relative_rank(color, to) != 14 {
        return Vec::new();
    }
    [ManKind::Batir, ManKind::Tura, ManKind::Jalkin]
        .into_iter()
        .filter(|&kind| position.captured(color, kind) > 0)
        .collect()
}

/// A step, or one per officer a pawn reaching the end rank may become.
fn push_step(position: &Position, man: Man, from: Square, to: Square, moves: &mut Vec<Move>) {
    let officers = if man.kind == ManKind::Shatra { promotions(position, man.color, to) } else { Vec::new() };
    if officers.is_empty() {
        moves.push(Move::Step { from, to, promotion: None });
    } else {
        moves.extend(officers.into_iter().map(|kind| Move::Step { from, to, promotion: Some(kind) }));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Square::parse(name).unwrap_or_else(|| panic!("{name}"))
    }

    fn texts(position: &Position, rules: ShatraRules) -> Vec<String> {
        let mut texts: Vec<String> = quiet_moves(position, rules).iter().map(Move::to_string).collect();
        texts.sort();
        texts
    }

    #[test]
    fn the_start_has_pawn_steps_and_drops_only() {
        let position = Position::initial();
        let moves = quiet_moves(&position, ShatraRules::default());
        let steps = moves.iter().filter(|mv| matches!(mv, Move::Step { .. })).count();
        let drops = moves.iter().filter(|mv| matches!(mv, Move::Drop { .. })).count();
        assert_eq!(steps, 14, "each of seven pawns one or two squares; the biy is hemmed in");
        assert_eq!(drops, 9 * 14, "nine reserve men onto fourteen vacant squares");
        let no_road = ShatraRules { drops_on_great_road: false, ..ShatraRules::default() };
        let drops =
            quiet_moves(&position, no_road).iter().filter(|mv| matches!(mv, Move::Drop { .. })).count();
        assert_eq!(drops, 9 * 12, "d6 and d7 are on the great road");
        assert!(moves.contains(&Move::Drop { from: sq("d1"), to: sq("a7") }));
        assert!(moves.contains(&Move::Step { from: sq("c5"), to: sq("c7"), promotion: None }));
    }

    #[test]
    fn pawns_move_by_the_ditch() {
        // White pawns on b5 (the rearmost rank), d6, f7 (at the ditch) and
        // c9 (across it); the biy on d4.
        let position = Position::from_fen("3/3/3/1/7/2P4/7/5P1/3P3/1P5/K/3/3/3 w - - 0 1").expect("fen");
        let all = texts(&position, ShatraRules::default());
        for expected in ["b5-b6", "b5-b7", "d6-d7", "d6-d8", "f7-f8", "f7-e8", "f7-g8"] {
            assert!(all.contains(&expected.to_string()), "{expected} in {all:?}");
        }
        for sideways in ["c9-b9", "c9-d9", "c9-c10", "c9-b10", "c9-d10"] {
            assert!(all.contains(&sideways.to_string()), "{sideways} in {all:?}");
        }
        assert!(
            !all.contains(&"f7-e7".to_string()) && !all.contains(&"f7-g7".to_string()),
            "no sideways before the ditch"
        );
        assert!(!all.contains(&"c9-c8".to_string()), "pawns never retreat");
        let rear =
            texts(&position, ShatraRules { double_step: DoubleStep::RearmostRank, ..ShatraRules::default() });
        assert!(rear.contains(&"b5-b7".to_string()) && !rear.contains(&"d6-d8".to_string()));
    }

    #[test]
    fn the_end_rank_promotes_to_a_captured_officer_or_waits() {
        // White: Ka5? Biy on d4, pawn on c13; White has lost one tura.
        let with_loss = "3/P2/3/1/7/7/7/7/7/7/K/B1B/1R1/1Q1 w - - 0 1";
        let position = Position::from_fen(with_loss).expect("fen");
        let all = texts(&position, ShatraRules::default());
        assert!(all.contains(&"c13-c14R".to_string()), "{all:?}");
        assert!(!all.iter().any(|text| text.starts_with("c13-c14") && text != "c13-c14R"), "{all:?}");
        // Nothing lost: the pawn reaches the end rank and waits.
        let nothing_lost = "3/P2/3/1/7/7/7/7/7/7/K/B1B/RR1/1Q1 w - - 0 1";
        let all = texts(&Position::from_fen(nothing_lost).expect("fen"), ShatraRules::default());
        assert!(all.contains(&"c13-c14".to_string()), "{all:?}");
    }

    #[test]
    fn while_the_reserve_waits_only_the_biy_comes_home() {
        // White still has a reserve man on c1; its biy on d5, a tura on d6.
        let position = Position::from_fen("3/3/3/1/7/7/7/7/3R3/3K3/1/3/3/P2 w W - 0 1").expect("fen");
        let all = texts(&position, ShatraRules::default());
        assert!(all.contains(&"d5-d4".to_string()), "the biy enters its gate: {all:?}");
        // Swapped: the tura on d5 may not enter the gate, nor slide home.
        let position = Position::from_fen("3/3/3/1/7/7/7/7/3K3/3R3/1/3/3/P2 w W - 0 1").expect("fen");
        let all = texts(&position, ShatraRules::default());
        assert!(!all.iter().any(|text| text.starts_with("d5-d4") || text.starts_with("d5-d3")), "{all:?}");
        // The reserve spent: the tura may go home.
        let position = Position::from_fen("3/3/3/1/7/7/7/7/3K3/3R3/1/3/3/3 w - - 0 1").expect("fen");
        let all = texts(&position, ShatraRules::default());
        assert!(all.contains(&"d5-d1".to_string()), "{all:?}");
    }

    #[test]
    fn a_tura_may_not_run_from_its_home_into_the_enemys() {
        // The reserve spent, a tura on d3 and the biy on a5.
        let position = Position::from_fen("3/3/3/1/7/7/7/7/7/K6/1/1R1/3/3 w - - 0 1").expect("fen");
        let all = texts(&position, ShatraRules::default());
        assert!(all.contains(&"d3-d10".to_string()), "{all:?}");
        assert!(!all.contains(&"d3-d11".to_string()) && !all.contains(&"d3-d14".to_string()), "{all:?}");
        // A man back home after the reserve is spent may be dropped again.
        let drops = all.iter().filter(|text| text.starts_with("d3*")).count();
        assert_eq!(drops, 20, "onto White's half but a5: {all:?}");
        // A man in the enemy's fortress may be dropped on the enemy's half.
        let position = Position::from_fen("3/1R1/3/1/7/7/7/7/7/K6/1/3/3/3 w - - 0 1").expect("fen");
        let drops = quiet_moves(&position, ShatraRules::default())
            .into_iter()
            .filter(|mv| matches!(mv, Move::Drop { .. }))
            .count();
        assert_eq!(drops, 21, "onto any square of Black's half");
    }
}
