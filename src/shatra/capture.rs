//! Captures: pawns and the biy leap an adjacent enemy in any direction;
//! officers take at a distance and land anywhere behind the prey, but on
//! the nearest square from which the capture goes on, if there is one. A
//! chain goes on while it can, the prey leaving the board at once; a pawn
//! promoted on the way goes on as his new officer. En passant opens a chain.

use super::board::{Region, Square};
use super::moves::{Leg, Move, QUEEN, forward, lines, may_land, promotions, relative_rank};
use super::position::{Man, ManKind, Position};
use super::rules::{GatePawn, ShatraRules};

/// Whether the man on `from` captures by the biy's rules: he may stop a
/// chain partway, or move instead when no other man can capture.
pub(super) fn privileged(rules: ShatraRules, from: Square, man: Man) -> bool {
    match man.kind {
        ManKind::Biy => true,
        ManKind::Shatra => {
            rules.gate_pawn == GatePawn::LikeTheBiy && from.region() == Region::Gate(man.color.opponent())
        }
        _ => false,
    }
}

/// The capture chains of the man on `from`: complete ones, or for a
/// privileged man also every chain he may stop. `board` is a scratch copy
/// of the position, left as it was found.
pub(super) fn captures_from(board: &mut Position, rules: ShatraRules, from: Square, moves: &mut Vec<Move>) {
    let Some(man) = board.man_at(from) else { return };
    let mut chain = Chain { from, legs: Vec::new(), moves };
    chain.extend(board, from, man, privileged(rules, from, man));
}

struct Chain<'a> {
    from: Square,
    legs: Vec<Leg>,
    moves: &'a mut Vec<Move>,
}

impl Chain<'_> {
    /// Goes on from `at`, where `man` stands on `board` with every prey so
    /// far removed.
    fn extend(&mut self, board: &mut Position, at: Square, man: Man, may_stop: bool) {
        let next = legs(board, at, man, self.legs.is_empty());
        if next.is_empty() || (may_stop && !self.legs.is_empty()) {
            if !self.legs.is_empty() {
                self.moves.push(Move::Capture { from: self.from, legs: self.legs.clone() });
            }
            if next.is_empty() {
                return;
            }
        }
        for (prey, to) in next {
            let taken = board.take(prey);
            board.take(at);
            let officers =
                if man.kind == ManKind::Shatra { promotions(board, man.color, to) } else { Vec::new() };
            let becomes: Vec<(Man, Option<ManKind>)> = if officers.is_empty() {
                vec![(man, None)]
            } else {
                officers.into_iter().map(|kind| (Man { kind, ..man }, Some(kind))).collect()
            };
            for (now, promotion) in becomes {
                board.put(to, Some(now));
                self.legs.push(Leg { prey, to, promotion });
                // A gate pawn's right to stop ends in the enemy's fortress.
                let still = may_stop
                    && (now.kind == ManKind::Biy || to.region() != Region::Fortress(man.color.opponent()));
                self.extend(board, to, now, still);
                self.legs.pop();
            }
            board.put(to, None);
            board.put(at, Some(man));
            board.put(prey, taken);
        }
    }
}

/// The next captures of `man` on `at`: (prey, landing) pairs, with the
/// officer's nearest-square rule applied. `board` is left as it was found.
fn legs(board: &mut Position, at: Square, man: Man, first: bool) -> Vec<(Square, Square)> {
    let mut found = Vec::new();
    match man.kind {
        ManKind::Shatra | ManKind::Biy => {
            found.extend(short_leaps(board, at, man));
            if first && man.kind == ManKind::Shatra {
                found.extend(en_passant(board, at, man));
            }
        }
        _ => {
            for &by in lines(man.kind) {
                let Some((prey, landings)) = line_prey(board, at, man, by) else { continue };
                match nearest_going_on(board, at, man, prey, &landings) {
                    Some(nearest) => found.push((prey, nearest)),
                    None => found.extend(landings.into_iter().map(|to| (prey, to))),
                }
            }
        }
    }
    found
}

/// The nearest of `landings` from which `man`, having taken `prey`, can
/// capture again; tried in place on `board` and put back.
fn nearest_going_on(
    board: &mut Position,
    at: Square,
    man: Man,
    prey: Square,
    landings: &[Square],
) -> Option<Square> {
    let taken = board.take(prey);
    board.take(at);
    let mut nearest = None;
    for &to in landings {
        board.put(to, Some(man));
        let goes_on = can_capture(board, to, man);
        board.put(to, None);
        if goes_on {
            nearest = Some(to);
            break;
        }
    }
    board.put(at, Some(man));
    board.put(prey, taken);
    nearest
}

/// Whether `man` on `at` has any capture, before the nearest-square rule.
fn can_capture(board: &Position, at: Square, man: Man) -> bool {
    match man.kind {
        ManKind::Shatra | ManKind::Biy => short_leaps(board, at, man).next().is_some(),
        _ => lines(man.kind).iter().any(|&by| line_prey(board, at, man, by).is_some()),
    }
}

/// A pawn's or the biy's leaps over an adjacent enemy onto the vacant
/// square beyond.
fn short_leaps(board: &Position, at: Square, man: Man) -> impl Iterator<Item = (Square, Square)> + '_ {
    QUEEN.into_iter().filter_map(move |by| {
        let prey = at.offset(by).filter(|&prey| is_enemy(board, man, prey))?;
        let to = prey.offset(by).filter(|&to| lands(board, man, at, to))?;
        Some((prey, to))
    })
}

/// Along the line `by` from `at`: the first man met, if an enemy, and the
/// vacant squares behind him where `man` may land, nearest first.
fn line_prey(board: &Position, at: Square, man: Man, by: (i8, i8)) -> Option<(Square, Vec<Square>)> {
    let mut prey = at.offset(by)?;
    while board.man_at(prey).is_none() {
        prey = prey.offset(by)?;
    }
    if !is_enemy(board, man, prey) {
        return None;
    }
    let mut landings = Vec::new();
    let mut to = prey;
    while let Some(next) = to.offset(by).filter(|&next| board.man_at(next).is_none()) {
        if may_land(board, man, at, next) {
            landings.push(next);
        }
        to = next;
    }
    (!landings.is_empty()).then_some((prey, landings))
}

/// A pawn just across the ditch leaping diagonally forward over the square
/// an enemy pawn has just passed in his double step, taking that pawn.
fn en_passant(board: &Position, at: Square, man: Man) -> Option<(Square, Square)> {
    let passed = board.en_passant()?;
    if relative_rank(man.color, at) != 8 {
        return None;
    }
    let ahead = forward(man.color);
    let side = [-1, 1].into_iter().find(|&side| at.offset((side, ahead)) == Some(passed))?;
    let prey = passed.offset((0, -ahead)).filter(|&prey| {
        board.man_at(prey) == Some(Man { color: man.color.opponent(), kind: ManKind::Shatra })
    })?;
    let to = passed.offset((side, ahead)).filter(|&to| lands(board, man, at, to))?;
    Some((prey, to))
}

fn is_enemy(board: &Position, man: Man, square: Square) -> bool {
    board.man_at(square).is_some_and(|other| other.color != man.color)
}

fn lands(board: &Position, man: Man, from: Square, to: Square) -> bool {
    board.man_at(to).is_none() && may_land(board, man, from, to)
}
