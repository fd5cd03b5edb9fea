//! The computer player for shatra: iterative deepening alpha-beta over the
//! shatra core, a quiescence search that follows the compulsory captures to
//! their end, and the same strength levels as Shatar's.

use super::level::Level;
use super::limits::Limits;
use super::search::{INFINITY, MATE, MATE_BOUND};
use crate::rules::Color;
use crate::shatra::{Game, ManKind, Move, Position, ShatraRules, legal_moves};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Captures chained beyond the horizon are followed at most this deep.
const QUIESCENCE_PLIES: i32 = 12;

/// A man's worth in centipawns; the biy's loss ends the game.
pub fn value(kind: ManKind) -> i32 {
    match kind {
        ManKind::Shatra => 100,
        ManKind::Jalkin => 320,
        ManKind::Tura => 480,
        ManKind::Batir => 850,
        ManKind::Biy => 0,
    }
}

/// The position from the side to move's view: material, and pawns the
/// nearer their end rank (where they become a lost officer) the better.
pub fn evaluate(position: &Position) -> i32 {
    let side = position.side_to_move();
    let mut score = 0;
    for color in Color::BOTH {
        let mut own = 0;
        for (square, man) in position.men(color) {
            own += value(man.kind);
            if man.kind == ManKind::Shatra {
                let rank = i32::from(square.rank()) + 1;
                let advance = if color == Color::White { rank } else { 15 - rank };
                own += (advance - 5).max(0) * 6;
            }
        }
        score += if color == side { own } else { -own };
    }
    score
}

/// Whether the computer, playing `us`, takes a draw offer: it does when its
/// evaluation says it is not ahead.
pub fn accepts_draw(game: &Game, us: Color) -> bool {
    let position = game.position();
    super::content_with_draw(evaluate(position), position.side_to_move(), us)
}

/// A move for the side to move at `level`, within the level's time in the
/// game, or `None` if the game is over. Setting `stop` ends it at once.
pub fn choose_move(game: &Game, level: u8, seed: u64, stop: &AtomicBool) -> Option<Move> {
    let level = Level::new(level);
    choose_within(game, &level, Limits::movetime(level.game_time()), seed, stop)
}

/// A move at `level` within `limits` (depth, nodes, movetime).
pub fn choose_within(
    game: &Game,
    level: &Level,
    limits: Limits,
    seed: u64,
    stop: &AtomicBool,
) -> Option<Move> {
    if game.is_over() {
        return None;
    }
    let limits = level.limits(limits);
    let mut search = Search {
        rules: game.rules(),
        nodes: 0,
        node_limit: limits.nodes.unwrap_or(u64::MAX),
        deadline: limits.movetime.map(|time| Instant::now() + time),
        stop,
        aborted: false,
        noise: fastrand::Rng::with_seed(seed),
        noise_amplitude: level.noise,
        finished_depth: 0,
    };
    let scored = search.root(game.position(), limits.depth.unwrap_or(64), level.margin);
    if level.margin == 0 {
        scored.first().map(|(mv, _)| mv.clone())
    } else {
        let close: Vec<(Move, i32)> =
            scored.iter().take_while(|(_, score)| *score >= scored[0].1 - level.margin).cloned().collect();
        level.sample(&close, seed)
    }
}

struct Search<'a> {
    rules: ShatraRules,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    stop: &'a AtomicBool,
    aborted: bool,
    noise: fastrand::Rng,
    noise_amplitude: i32,
    finished_depth: u32,
}

impl Search<'_> {
    /// Every root move with its score, best first, from the deepest
    /// iteration that finished.
    fn root(&mut self, position: &Position, max_depth: u32, margin: i32) -> Vec<(Move, i32)> {
        let mut scored: Vec<(Move, i32)> =
            ordered(position, legal_moves(position, self.rules)).into_iter().map(|mv| (mv, 0)).collect();
        if scored.len() <= 1 {
            return scored;
        }
        for depth in 1..=max_depth.max(1) {
            let mut iteration = Vec::with_capacity(scored.len());
            let mut best = -INFINITY;
            for (mv, _) in &scored {
                // Scores within `margin` of the best are exact, so a level
                // can choose among the close moves; the rest are bounds.
                let floor = best.saturating_sub(margin + 1).max(-INFINITY);
                let score = -self.search(&position.after(mv), depth as i32 - 1, -INFINITY, -floor, 1);
                if self.aborted {
                    break;
                }
                best = best.max(score);
                iteration.push((mv.clone(), score));
            }
            if self.aborted {
                break;
            }
            iteration.sort_by_key(|(_, score)| -score);
            scored = iteration;
            self.finished_depth = depth;
            if scored[0].1.abs() >= MATE_BOUND {
                break;
            }
        }
        scored
    }

    fn out_of_time(&mut self) -> bool {
        if !self.aborted && self.nodes.is_multiple_of(256) {
            let late = self.deadline.is_some_and(|deadline| Instant::now() >= deadline);
            self.aborted = late || self.stop.load(Ordering::Relaxed);
        }
        // The node budget ends the deepening, but never before the first
        // iteration has scored every move.
        if self.nodes >= self.node_limit && self.finished_depth > 0 {
            self.aborted = true;
        }
        self.aborted
    }

    fn search(&mut self, position: &Position, depth: i32, mut alpha: i32, beta: i32, ply: i32) -> i32 {
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        let side = position.side_to_move();
        if !position.men(side).any(|(_, man)| man.kind == ManKind::Biy) {
            return -MATE + ply;
        }
        let moves = legal_moves(position, self.rules);
        if moves.is_empty() {
            return -MATE + ply;
        }
        let capturing = moves.iter().any(Move::is_capture);
        let mut best = -INFINITY;
        if depth <= 0 {
            let standing = evaluate(position) + self.jitter();
            if !capturing || depth <= -QUIESCENCE_PLIES {
                return standing;
            }
            // Captures are compulsory: no standing pat unless a quiet move
            // (the biy's) is among the choices.
            if moves.iter().any(|mv| !mv.is_capture()) {
                best = standing;
                if best >= beta {
                    return best;
                }
                alpha = alpha.max(best);
            }
        }
        for mv in ordered(position, moves) {
            if depth <= 0 && !mv.is_capture() {
                continue;
            }
            let score = -self.search(&position.after(&mv), depth - 1, -beta, -alpha, ply + 1);
            if self.aborted {
                return 0;
            }
            best = best.max(score);
            alpha = alpha.max(best);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    fn jitter(&mut self) -> i32 {
        if self.noise_amplitude == 0 {
            0
        } else {
            self.noise.i32(-self.noise_amplitude..=self.noise_amplitude)
        }
    }
}

/// Captures first, the richest haul first; then the rest.
fn ordered(position: &Position, mut moves: Vec<Move>) -> Vec<Move> {
    let haul = |mv: &Move| match mv {
        Move::Capture { legs, .. } => legs
            .iter()
            .map(|leg| {
                position
                    .man_at(leg.prey)
                    .map_or(0, |man| if man.kind == ManKind::Biy { MATE } else { value(man.kind) })
            })
            .sum::<i32>(),
        _ => -1,
    };
    moves.sort_by_key(|mv| -haul(mv));
    moves
}
