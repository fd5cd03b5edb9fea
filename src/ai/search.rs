//! Iterative deepening principal-variation alpha-beta with a transposition
//! table, quiescence, check extensions, null-move pruning and late-move
//! reductions. Every verdict on a finished game comes from the rules core.

use super::eval::{Evaluator, value};
use super::limits::{Deadlines, Limits};
use super::see::see;
use super::table::{Bound, Hit, Table, node_key};
use crate::rules::attacks::{
    attacks_on, bishop_attacks, children_captures, line, man_attacks, mori_attacks, rook_attacks,
};
use crate::rules::{
    Bitboard, CheckSeries, Color, Game, MAX_MOVES, Move, MoveList, Outcome, PieceKind, Position, RuleOptions,
    Square,
};
use arrayvec::ArrayVec;
use std::cell::OnceCell;
use std::sync::LazyLock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A win now; a win found `n` plies ahead scores `MATE - n`.
pub const MATE: i32 = 32_000;
/// Scores beyond this are forced wins or losses.
pub const MATE_BOUND: i32 = MATE - 1_000;
pub(super) const INFINITY: i32 = MATE + 1;
pub const MAX_PLY: usize = 120;
/// How often, in nodes, the clock and the stop flag are read.
const POLL_NODES: u64 = 1024;

/// A score as UCI shows it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Score {
    Centipawns(i32),
    /// Moves to a win (positive) or a loss (negative).
    Mate(i32),
}

impl Score {
    pub fn from_internal(score: i32) -> Score {
        if score >= MATE_BOUND {
            Score::Mate((MATE - score + 1) / 2)
        } else if score <= -MATE_BOUND {
            Score::Mate(-(MATE + score) / 2)
        } else {
            Score::Centipawns(score)
        }
    }
}

/// What one finished iteration found.
#[derive(Clone, Debug)]
pub struct Report {
    pub depth: u32,
    pub seldepth: u32,
    pub score: Score,
    pub nodes: u64,
    pub elapsed: Duration,
    pub pv: Vec<Move>,
}

/// The answer of a search.
#[derive(Clone, Debug)]
pub struct Thought {
    /// `None` only when the game is over.
    pub best: Option<Move>,
    /// From the side to move's view, in internal units.
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
    pub pv: Vec<Move>,
}

impl Thought {
    /// No move: the game is over.
    fn none() -> Thought {
        Thought { best: None, score: 0, depth: 0, nodes: 0, pv: Vec::new() }
    }
}

/// A position with what decides its mates: each side's series of checks.
#[derive(Clone, Copy, Debug)]
struct Node {
    position: Position,
    series: [CheckSeries; 2],
    /// Whether the side to move stands in check.
    in_check: bool,
}

impl Node {
    fn new(position: Position, series: [CheckSeries; 2]) -> Node {
        Node { position, series, in_check: position.is_check() }
    }

    fn child(&self, mv: Move) -> Node {
        let mover = self.position.side_to_move();
        let mut child = *self;
        child.position.play_unchecked(mv);
        let checks = child.position.check_kinds();
        child.series[mover.index()] = self.series[mover.index()].after(checks);
        child.in_check = checks.is_check();
        child
    }
}

/// The search's memory between moves: the table and the move history.
pub struct Searcher {
    table: Table,
    evaluator: Evaluator,
    history: Box<[[[i32; 64]; 64]; 2]>,
    /// How well a quiet move (kind and square) answered the move before it.
    continuation: Box<[[i32; PIECE_SQUARES]; PIECE_SQUARES]>,
    /// How well a quiet move followed the mover's own move before.
    follow_up: Box<[[i32; PIECE_SQUARES]; PIECE_SQUARES]>,
    /// Evaluation noise in centipawns, for the weaker levels.
    noise: i32,
    noise_seed: u64,
}

impl Searcher {
    pub fn new(hash_megabytes: usize) -> Searcher {
        Searcher {
            table: Table::new(hash_megabytes),
            evaluator: Evaluator::default(),
            history: Box::new([[[0; 64]; 64]; 2]),
            continuation: Box::new([[0; PIECE_SQUARES]; PIECE_SQUARES]),
            follow_up: Box::new([[0; PIECE_SQUARES]; PIECE_SQUARES]),
            noise: 0,
            noise_seed: 0,
        }
    }

    /// Forgets everything learned: a new game.
    pub fn clear(&mut self) {
        self.table.clear();
        self.history.iter_mut().flatten().for_each(|row| row.fill(0));
        self.continuation.iter_mut().for_each(|row| row.fill(0));
        self.follow_up.iter_mut().for_each(|row| row.fill(0));
    }

    /// Adds up to `amplitude` centipawns of fixed pseudo-random noise to
    /// every evaluation (0 turns it off).
    pub fn set_noise(&mut self, amplitude: i32, seed: u64) {
        self.noise = amplitude.max(0);
        self.noise_seed = seed;
    }

    /// Searches the game's position within `limits`, until `stop` is set.
    /// `report` hears of every finished iteration.
    pub fn think(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        report: impl FnMut(&Report),
    ) -> Thought {
        if game.is_over() {
            return Thought::none();
        }
        let mut run = Run::new(self, game, limits, stop);
        run.iterate(report)
    }

    /// Every root move scored to `depth`, best first. Moves more than
    /// `margin` below the best are left out. Used to pick human mistakes.
    pub fn candidates(
        &mut self,
        game: &Game,
        limits: &Limits,
        margin: i32,
        stop: &AtomicBool,
        report: impl FnMut(&Report),
    ) -> Vec<(Move, i32)> {
        let thought = self.think(game, limits, stop, report);
        let mut run = Run::new(self, game, limits, stop);
        // The scoring pass may use a little more than the limits allowed.
        run.max_nodes = run.max_nodes.saturating_mul(2);
        run.deadlines.hard = run.deadlines.hard.map(|hard| hard + (hard - run.start));
        run.candidates(thought, margin)
    }
}

struct Run<'a> {
    searcher: &'a mut Searcher,
    stop: &'a AtomicBool,
    rules: RuleOptions,
    root: Node,
    start: Instant,
    deadlines: Deadlines,
    max_depth: u32,
    max_nodes: u64,
    nodes: u64,
    seldepth: usize,
    aborted: bool,
    /// Hashes of the game's positions, then of the search path.
    keys: Vec<u64>,
    killers: [[Option<Move>; 2]; MAX_PLY + 1],
    /// The move that led to each ply of the path, as a kind and square.
    previous: [Option<usize>; MAX_PLY + 1],
    /// Whether the move that led to each ply was quiet: `Some(early)`,
    /// where `early` tells a first move or the first killer.
    quiet_before: [Option<bool>; MAX_PLY + 1],
    pv: Vec<ArrayVec<Move, MAX_PLY>>,
    /// The static evaluation at each ply of the path, to tell improvement.
    evals: [i32; MAX_PLY + 1],
    /// The table move left out at a ply, while testing whether it is singular.
    excluded: [Option<Move>; MAX_PLY + 1],
    root_best: Option<(Move, i32)>,
}

impl<'a> Run<'a> {
    fn new(searcher: &'a mut Searcher, game: &Game, limits: &Limits, stop: &'a AtomicBool) -> Run<'a> {
        let start = Instant::now();
        let position = *game.position();
        let series = [game.series(Color::White), game.series(Color::Black)];
        searcher.table.new_search();
        Run {
            searcher,
            stop,
            rules: game.rules(),
            root: Node::new(position, series),
            start,
            deadlines: limits.deadlines(start, position.side_to_move()),
            max_depth: limits.depth.unwrap_or(MAX_PLY as u32 - 10).clamp(1, MAX_PLY as u32 - 10),
            max_nodes: limits.nodes.unwrap_or(u64::MAX),
            nodes: 0,
            seldepth: 0,
            aborted: false,
            keys: game.positions().iter().map(Position::hash).collect(),
            killers: [[None; 2]; MAX_PLY + 1],
            previous: [None; MAX_PLY + 1],
            quiet_before: [None; MAX_PLY + 1],
            pv: vec![ArrayVec::new(); MAX_PLY + 1],
            evals: [0; MAX_PLY + 1],
            excluded: [None; MAX_PLY + 1],
            root_best: None,
        }
    }

    fn iterate(&mut self, mut report: impl FnMut(&Report)) -> Thought {
        let moves = if self.root.position.is_robado() {
            Default::default()
        } else {
            self.root.position.legal_moves()
        };
        let Some(&fallback) = moves.first() else {
            return Thought::none();
        };
        let mut thought = Thought { best: Some(fallback), score: 0, depth: 0, nodes: 0, pv: vec![fallback] };
        // A forced move is played at once when time counts.
        let max_depth = if moves.len() == 1 && self.deadlines.hard.is_some() { 1 } else { self.max_depth };
        let root = self.root;
        for depth in 1..=max_depth {
            self.root_best = None;
            self.seldepth = 0;
            let score = self.aspiration(&root, depth as i32, thought.score);
            if self.aborted {
                // A move that beat the last iteration's best is still worth playing.
                if let Some((mv, score)) = self.root_best.filter(|_| depth > 1) {
                    if Some(mv) != thought.best {
                        thought.pv = vec![mv];
                    }
                    thought.best = Some(mv);
                    thought.score = score;
                }
                break;
            }
            thought.best = self.pv[0].first().copied().or(thought.best);
            thought.pv = self.pv[0].to_vec();
            thought.score = score;
            thought.depth = depth;
            report(&Report {
                depth,
                seldepth: self.seldepth.max(depth as usize) as u32,
                score: Score::from_internal(score),
                nodes: self.nodes,
                elapsed: self.start.elapsed(),
                pv: thought.pv.clone(),
            });
            if self.deadlines.soft.is_some_and(|soft| Instant::now() >= soft) {
                break;
            }
        }
        thought.nodes = self.nodes;
        thought
    }

    /// A narrow window around the last score, widened on failure.
    fn aspiration(&mut self, root: &Node, depth: i32, last: i32) -> i32 {
        if depth < 5 || last.abs() >= MATE_BOUND {
            return self.search(root, depth, -INFINITY, INFINITY, 0, false);
        }
        let mut delta = 30;
        let (mut alpha, mut beta) = (last - delta, last + delta);
        loop {
            let score = self.search(root, depth, alpha, beta, 0, false);
            if self.aborted {
                return score;
            }
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITY);
            } else if score >= beta {
                beta = (score + delta).min(INFINITY);
            } else {
                return score;
            }
            delta *= 2;
            if delta > 1_000 {
                alpha = -INFINITY;
                beta = INFINITY;
            }
        }
    }

    fn candidates(&mut self, thought: Thought, margin: i32) -> Vec<(Move, i32)> {
        let root = self.root;
        let depth = thought.depth.max(1) as i32;
        let floor = thought.score.saturating_sub(margin.max(0));
        let mut scored = Vec::new();
        for mv in root.position.legal_moves() {
            let child = root.child(mv);
            self.keys.push(child.position.hash());
            self.previous[1] = piece_square(&root.position, mv);
            self.quiet_before[1] = None;
            let score = -self.search(&child, depth - 1, -INFINITY, -floor + 1, 1, true);
            self.keys.pop();
            if self.aborted {
                break;
            }
            if score >= floor {
                scored.push((mv, score));
            }
        }
        if scored.is_empty()
            && let Some(best) = thought.best
        {
            scored.push((best, thought.score));
        }
        scored.sort_by_key(|&(_, score)| std::cmp::Reverse(score));
        scored
    }

    fn poll(&mut self) {
        if self.nodes.is_multiple_of(POLL_NODES)
            && (self.stop.load(Ordering::Relaxed)
                || self.deadlines.hard.is_some_and(|hard| Instant::now() >= hard))
        {
            self.aborted = true;
        }
        if self.nodes >= self.max_nodes {
            self.aborted = true;
        }
    }

    fn evaluate(&mut self, position: &Position) -> i32 {
        let score = self.searcher.evaluator.evaluate(position, self.rules.stalemate);
        if self.searcher.noise == 0 {
            return score;
        }
        let mut rng = fastrand::Rng::with_seed(position.hash() ^ self.searcher.noise_seed);
        score + rng.i32(-self.searcher.noise..=self.searcher.noise)
    }

    /// Whether the position at `ply` draws by repetition: it occurred
    /// before inside the search, where the side that repeats could repeat
    /// again, or twice before in all, so that this is the third time. One
    /// occurrence in the game before the root is not yet a draw: the other
    /// side may still turn aside.
    fn is_repetition(&self, position: &Position, ply: usize) -> bool {
        if !self.rules.repetition_draw {
            return false;
        }
        let hash = position.hash();
        let len = self.keys.len();
        let window = (position.halfmove_clock() as usize).min(len.saturating_sub(1));
        let mut before = 0;
        for back in (2..=window).step_by(2).filter(|&back| self.keys[len - 1 - back] == hash) {
            before += 1;
            if back < ply || before == 2 {
                return true;
            }
        }
        false
    }

    fn outcome_score(outcome: Outcome, side: Color, ply: usize) -> i32 {
        match outcome.winner() {
            Some(winner) if winner == side => MATE - ply as i32,
            Some(_) => -(MATE - ply as i32),
            None => 0,
        }
    }

    fn search(
        &mut self,
        node: &Node,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        null_ok: bool,
    ) -> i32 {
        self.pv[ply].clear();
        let position = &node.position;
        if ply > 0 {
            if position.is_robado() || self.is_repetition(position, ply) {
                return 0;
            }
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        if depth <= 0 {
            return self.quiesce(node, alpha, beta, ply, true);
        }
        self.nodes += 1;
        self.poll();
        if self.aborted {
            return 0;
        }
        if ply >= MAX_PLY {
            return self.evaluate(position);
        }
        let side = position.side_to_move();
        let pv_node = beta - alpha > 1;
        let key = node_key(position.hash(), node.series);
        let excluded = self.excluded[ply];
        // Finished games are never stored, so a hit is a game still on.
        let hit = self.searcher.table.probe(key);
        if ply > 0
            && !pv_node
            && excluded.is_none()
            && let Some(hit) = hit
            && let Some(score) = table_cutoff(hit, depth, alpha, beta, ply)
        {
            // The table's verdict teaches the histories as a search would.
            let quiet_move = hit.mv.filter(|&mv| is_quiet(position, mv));
            if score >= beta {
                if let Some(mv) = quiet_move {
                    self.reward(position, mv, &[], depth, ply);
                }
                if self.quiet_before[ply] == Some(true) {
                    self.nudge_prior(ply, -bonus(depth + 1));
                }
            } else if let Some(mv) = quiet_move {
                self.nudge_quiet(position, mv, -bonus(depth), ply);
            }
            return score;
        }
        // The moves are listed only once no pruning has cut the node.
        if !position.has_legal_moves() {
            let outcome = position.outcome_without_moves(node.series[side.opponent().index()], self.rules);
            return Self::outcome_score(outcome, side, ply);
        }
        if ply > 0 && position.fifty_moves_reached(self.rules) {
            return 0;
        }
        let in_check = node.in_check;
        let raw_eval = if in_check {
            -INFINITY
        } else {
            hit.and_then(|hit| hit.eval).unwrap_or_else(|| self.evaluate(position))
        };
        self.evals[ply] = raw_eval;
        let improving = !in_check && ply >= 2 && raw_eval > self.evals[ply - 2];
        // A bound from the table says more than the static evaluation.
        let static_eval = match hit {
            Some(hit) if !in_check && hit.score.abs() < MATE_BOUND => {
                let tighter = if hit.score > raw_eval { Bound::Lower } else { Bound::Upper };
                if hit.bound == tighter || hit.bound == Bound::Exact { hit.score } else { raw_eval }
            }
            _ => raw_eval,
        };

        if !pv_node && !in_check && excluded.is_none() && depth <= 6 && beta.abs() < MATE_BOUND {
            let margin = 90 * (depth - i32::from(improving));
            if static_eval - margin >= beta {
                return static_eval;
            }
        }
        if !pv_node
            && !in_check
            && null_ok
            && excluded.is_none()
            && depth >= 3
            && static_eval >= beta
            && has_officers(position, side)
        {
            let mut child = *node;
            child.position.play_null();
            child.series[side.index()] = CheckSeries::Broken;
            child.in_check = false;
            self.keys.push(child.position.hash());
            self.previous[ply + 1] = None;
            self.quiet_before[ply + 1] = None;
            let reduction = 3 + depth / 4 + ((static_eval - beta) / 200).min(3);
            let score = -self.search(&child, depth - 1 - reduction, -beta, -beta + 1, ply + 1, false);
            self.keys.pop();
            if self.aborted {
                return 0;
            }
            if score >= beta {
                return if score >= MATE_BOUND { beta } else { score };
            }
        }

        let mut moves = MoveList::new();
        position.legal_moves_into(&mut moves);
        let tt_move = hit.and_then(|hit| hit.mv).filter(|mv| moves.contains(mv) && Some(*mv) != excluded);
        // Deep and without a move from the table, a shallower search costs less.
        let depth = if depth >= 7 && tt_move.is_none() && excluded.is_none() { depth - 1 } else { depth };
        // A table move far better than every other is extended.
        let mut singular = false;
        if let (Some(mv), Some(hit)) = (tt_move, hit)
            && ply > 0
            && depth >= 8
            && excluded.is_none()
            && hit.bound != Bound::Upper
            && hit.depth >= depth - 3
            && hit.score.abs() < MATE_BOUND
        {
            let singular_beta = hit.score - 2 * depth;
            self.excluded[ply] = Some(mv);
            let score = self.search(node, (depth - 1) / 2, singular_beta - 1, singular_beta, ply, false);
            self.excluded[ply] = None;
            if self.aborted {
                return 0;
            }
            if score < singular_beta {
                singular = true;
            } else if singular_beta >= beta {
                // Several moves beat beta: cut at once.
                return singular_beta;
            }
        }
        let mut scores = ArrayVec::new();
        let tt_slot = self.order(position, &moves, tt_move, ply, &mut scores);
        // Where the best move is a capture, quiet ones are less likely to matter.
        let tt_capture = tt_move.is_some_and(|mv| position.piece_at(mv.to).is_some());
        let mut threats_told = false;
        let mut checks = None;
        let killers = self.killers[ply];
        let mut best_score = -INFINITY;
        let mut best_move = None;
        let mut quiets_tried: ArrayVec<Move, 64> = ArrayVec::new();
        let mut searched = 0usize;
        for index in 0..moves.len() {
            let (mv, order_score) =
                pick(position, &mut moves, &mut scores, index, tt_slot, &mut threats_told);
            if Some(mv) == excluded {
                continue;
            }
            // Early, while the move is weighed and played.
            self.searcher.table.prefetch(position.hash_after(mv));
            let capture = position.piece_at(mv.to).is_some();
            let tactical = mv.promotion || capture;
            // Ordering has already told threats from history-scored moves.
            let threat = !tactical
                && match order_score {
                    THREAT_ORDER => true,
                    score if score > THREAT_ORDER => makes_threat(position, mv),
                    _ => false,
                };
            let plain = !tactical && !threat;
            // A plain move is played before pruning only if it may check.
            let may_check =
                plain && checks.get_or_insert_with(|| CheckSquares::of(position)).may(position, mv);
            let played = may_check.then(|| node.child(mv));
            let quiet = plain && !played.is_some_and(|child| child.in_check);
            // Pruning and the check extension share the move's exchange, worked
            // out once when first asked.
            let exchange_once = OnceCell::new();
            let exchange = || *exchange_once.get_or_init(|| see(position, mv));
            if !pv_node && !in_check && best_score > -MATE_BOUND {
                if quiet && depth <= 6 {
                    let late = quiets_tried.len() as i32 >= 3 + depth * depth;
                    if late || static_eval + 150 + 125 * depth <= alpha {
                        continue;
                    }
                }
                // A capture losing more than a pawn a ply, to depth 4.
                if capture && depth <= 4 && !wins_or_trades(position, mv) && exchange() < -100 * depth {
                    continue;
                }
            }
            let child = played.unwrap_or_else(|| node.child(mv));
            let gives_check = child.in_check;
            let sound_check = gives_check && exchange() >= 0;
            let extension =
                i32::from(ply < 2 * MAX_PLY / 3 && ((singular && Some(mv) == tt_move) || sound_check));
            let new_depth = depth - 1 + extension;
            self.keys.push(child.position.hash());
            self.previous[ply + 1] = piece_square(position, mv);
            self.quiet_before[ply + 1] = (!tactical).then_some(searched == 0 || killers[0] == Some(mv));
            let score = if searched == 0 {
                -self.search(&child, new_depth, -beta, -alpha, ply + 1, true)
            } else {
                let reduction = if depth >= 3 && searched > usize::from(pv_node) && quiet {
                    let mut r = reduction(depth, searched);
                    // One ply more away from PV nodes where the evaluation is not
                    // improving and the table reduces at all.
                    r += i32::from(!pv_node && !improving && r > 0);
                    r += i32::from(tt_capture);
                    r -= i32::from(killers.contains(&Some(mv)));
                    // Counted from 4,000, so a move with little history is reduced more.
                    r -= (self.quiet_history(position, mv, ply) - 4_000) / 8_192;
                    r.clamp(0, new_depth - 1)
                } else {
                    0
                };
                let mut score =
                    -self.search(&child, new_depth - reduction, -alpha - 1, -alpha, ply + 1, true);
                if score > alpha && reduction > 0 {
                    score = -self.search(&child, new_depth, -alpha - 1, -alpha, ply + 1, true);
                    // What the full depth found teaches the move's answers' histories.
                    if !self.aborted {
                        let delta = if score > alpha { bonus(new_depth) } else { -bonus(new_depth) };
                        self.nudge_prior(ply + 1, delta);
                    }
                }
                if score > alpha && score < beta {
                    score = -self.search(&child, new_depth, -beta, -alpha, ply + 1, true);
                }
                score
            };
            self.keys.pop();
            if self.aborted {
                return 0;
            }
            searched += 1;
            if score > best_score {
                best_score = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(mv);
                    self.set_pv(ply, mv);
                    if ply == 0 {
                        self.root_best = Some((mv, score));
                    }
                    if score >= beta {
                        if !tactical {
                            self.reward(position, mv, &quiets_tried, depth, ply);
                        }
                        break;
                    }
                }
            }
            if !tactical {
                let _ = quiets_tried.try_push(mv);
            }
        }
        if excluded.is_some() {
            // Not stored: the move left out may be the best. If it was the
            // only legal one, it is singular.
            return if searched == 0 { alpha } else { best_score };
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_move.is_some() {
            Bound::Exact
        } else {
            Bound::Upper
        };
        // A quiet move into this node: refuted at once, or a good answer.
        if let Some(early) = self.quiet_before[ply].filter(|_| ply > 0) {
            if best_score >= beta && early {
                self.nudge_prior(ply, -bonus(depth + 1));
            } else if best_move.is_none() && (depth >= 3 || pv_node) {
                self.nudge_prior(ply, bonus(depth));
            }
        }
        let eval = (!in_check).then_some(raw_eval);
        self.searcher.table.store(key, best_move, to_table(best_score, ply), depth, bound, eval);
        best_score
    }

    /// Captures and promotions until the position is quiet, and at the
    /// first ply quiet checks; all evasions when in check, so that mates
    /// are judged by the rules.
    fn quiesce(&mut self, node: &Node, mut alpha: i32, beta: i32, ply: usize, checks: bool) -> i32 {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        self.poll();
        if self.aborted {
            return 0;
        }
        let position = &node.position;
        if position.is_robado() {
            return 0;
        }
        if ply >= MAX_PLY {
            return self.evaluate(position);
        }
        let side = position.side_to_move();
        let key = node_key(position.hash(), node.series);
        let hit = self.searcher.table.probe(key);
        let depth = if checks { 0 } else { -1 };
        if let Some(score) = hit.and_then(|hit| table_cutoff(hit, depth, alpha, beta, ply)) {
            return score;
        }
        let original_alpha = alpha;
        let in_check = node.in_check;
        let mut moves = MoveList::new();
        let stand = if in_check {
            position.legal_moves_into(&mut moves);
            if moves.is_empty() {
                let outcome =
                    position.outcome_without_moves(node.series[side.opponent().index()], self.rules);
                return Self::outcome_score(outcome, side, ply);
            }
            -INFINITY
        } else {
            let stand = hit.and_then(|hit| hit.eval).unwrap_or_else(|| self.evaluate(position));
            if stand >= beta {
                self.searcher.table.store(key, None, to_table(stand, ply), depth, Bound::Lower, Some(stand));
                return stand;
            }
            alpha = alpha.max(stand);
            if checks {
                // From one generation: captures and promotions, then direct checks.
                let mut all = MoveList::new();
                position.legal_moves_into(&mut all);
                let tactical = |mv: &Move| mv.promotion || position.piece_at(mv.to).is_some();
                moves.extend(all.iter().copied().filter(tactical));
                let checks = CheckSquares::of(position);
                moves.extend(all.into_iter().filter(|mv| !tactical(mv) && checks.direct(position, *mv)));
            } else {
                position.legal_captures_into(&mut moves);
            }
            stand
        };
        let tt_move = hit.and_then(|hit| hit.mv).filter(|mv| moves.contains(mv));
        let mut scores = ArrayVec::new();
        let tt_slot = self.order(position, &moves, tt_move, MAX_PLY, &mut scores);
        let mut best = stand;
        let mut best_move = None;
        let mut threats_told = false;
        for index in 0..moves.len() {
            let (mv, _) = pick(position, &mut moves, &mut scores, index, tt_slot, &mut threats_told);
            if !in_check && !mv.promotion {
                let victim = worth(position, mv.to);
                if stand + victim + 180 < alpha {
                    continue;
                }
                if !wins_or_trades(position, mv) && see(position, mv) < 0 {
                    continue;
                }
            }
            self.searcher.table.prefetch(position.hash_after(mv));
            let child = node.child(mv);
            let score = -self.quiesce(&child, -beta, -alpha, ply + 1, false);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(mv);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let eval = (!in_check).then_some(stand);
        self.searcher.table.store(key, best_move, to_table(best, ply), depth, bound, eval);
        best
    }

    fn order(
        &self,
        position: &Position,
        moves: &[Move],
        tt_move: Option<Move>,
        ply: usize,
        scores: &mut ArrayVec<i32, MAX_MOVES>,
    ) -> Option<usize> {
        let killers = self.killers.get(ply).copied().unwrap_or([None; 2]);
        let histories = self.histories(position, ply);
        let mut tt_slot = None;
        scores.clear();
        scores.extend(moves.iter().enumerate().map(|(slot, &mv)| {
            if Some(mv) == tt_move {
                tt_slot = Some(slot);
                10_000_000
            } else if let Some(victim) = position.piece_at(mv.to) {
                let attacker = worth(position, mv.from);
                let mvv_lva = 10 * value(victim.kind) - attacker / 10 + if mv.promotion { 5_000 } else { 0 };
                // Losing captures wait until after the quiet moves.
                if wins_or_trades(position, mv) || see(position, mv) >= 0 {
                    1_000_000 + mvv_lva
                } else {
                    -100_000 + mvv_lva
                }
            } else if mv.promotion {
                950_000
            } else if Some(mv) == killers[0] {
                900_000
            } else if Some(mv) == killers[1] {
                KILLER_ORDER
            } else {
                // Threats are told apart later, in `pick`, if ever needed.
                histories.of(position, mv)
            }
        }));
        tt_slot
    }

    /// How well a quiet move did before: by its squares, and as an answer
    /// to the move that led here.
    fn quiet_history(&self, position: &Position, mv: Move, ply: usize) -> i32 {
        self.histories(position, ply).of(position, mv)
    }

    /// The history rows that score the quiet moves of the node at `ply`.
    fn histories(&self, position: &Position, ply: usize) -> Histories<'_> {
        let [answered, followed] = if ply < MAX_PLY { self.moves_before(ply) } else { [None; 2] };
        Histories {
            squares: &self.searcher.history[position.side_to_move().index()],
            answer: answered.map(|before| &self.searcher.continuation[before]),
            follow_up: followed.map(|before| &self.searcher.follow_up[before]),
        }
    }

    /// The moves one and two plies before `ply`, as kinds and squares: what
    /// continuation and follow-up history are keyed by.
    fn moves_before(&self, ply: usize) -> [Option<usize>; 2] {
        [self.previous[ply], ply.checked_sub(1).and_then(|back| self.previous[back])]
    }

    fn reward(&mut self, position: &Position, mv: Move, tried: &[Move], depth: i32, ply: usize) {
        if self.killers[ply][0] != Some(mv) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(mv);
        }
        let bonus = bonus(depth);
        self.nudge_quiet(position, mv, bonus, ply);
        for &other in tried {
            self.nudge_quiet(position, other, -bonus, ply);
        }
    }

    /// Moves a quiet move's three histories by `delta`.
    fn nudge_quiet(&mut self, position: &Position, mv: Move, delta: i32, ply: usize) {
        let side = position.side_to_move().index();
        nudge(&mut self.searcher.history[side][mv.from.index()][mv.to.index()], delta);
        if let Some(now) = piece_square(position, mv) {
            self.nudge_answers(ply, now, delta);
        }
    }

    /// Moves the continuation and follow-up histories of the move that led
    /// to `ply` by `delta`.
    fn nudge_prior(&mut self, ply: usize, delta: i32) {
        if let Some(now) = self.previous[ply] {
            self.nudge_answers(ply - 1, now, delta);
        }
    }

    /// Moves the continuation and follow-up histories of `now`, played at
    /// `ply`, by `delta`.
    fn nudge_answers(&mut self, ply: usize, now: usize, delta: i32) {
        let [answered, followed] = self.moves_before(ply);
        if let Some(before) = answered {
            nudge(&mut self.searcher.continuation[before][now], delta);
        }
        if let Some(before) = followed {
            nudge(&mut self.searcher.follow_up[before][now], delta);
        }
    }

    fn set_pv(&mut self, ply: usize, mv: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        if let Some(rest) = tail.first() {
            let room = MAX_PLY - 1;
            line.extend(rest.iter().copied().take(room));
        }
    }
}

/// One node's rows of the three histories.
struct Histories<'a> {
    squares: &'a [[i32; 64]; 64],
    answer: Option<&'a [i32; PIECE_SQUARES]>,
    follow_up: Option<&'a [i32; PIECE_SQUARES]>,
}

impl Histories<'_> {
    /// A quiet move's three histories together.
    fn of(&self, position: &Position, mv: Move) -> i32 {
        let history = self.squares[mv.from.index()][mv.to.index()];
        let Some(now) = piece_square(position, mv) else {
            return history;
        };
        history + self.answer.map_or(0, |row| row[now]) + self.follow_up.map_or(0, |row| row[now])
    }
}

/// What a quiet move that cuts off at `depth` earns in the histories.
fn bonus(depth: i32) -> i32 {
    (32 * depth * depth + 128 * depth - 128).min(6_000)
}

/// Moves a history entry toward `delta`'s sign, kept within ±16,384.
fn nudge(entry: &mut i32, delta: i32) {
    *entry += delta - *entry * delta.abs() / 16_384;
}

/// A move of the side to move that takes nothing and promotes nothing.
fn is_quiet(position: &Position, mv: Move) -> bool {
    !mv.promotion
        && position.piece_at(mv.to).is_none()
        && position.piece_at(mv.from).is_some_and(|piece| piece.color == position.side_to_move())
}

/// Kinds times squares: the index of a moved man and where it went.
const PIECE_SQUARES: usize = 6 * 64;

fn piece_square(position: &Position, mv: Move) -> Option<usize> {
    position.piece_at(mv.from).map(|piece| piece.kind.index() * 64 + mv.to.index())
}

/// Moves the best-scored move from `index..` to `index`, with its score in
/// `scores`, and returns it with its score. Quiet threats get
/// [`THREAT_ORDER`] once every move scored above them has been tried, so
/// that a node cut off early never looks for them. The table move, at
/// `tt_slot`, is first without a look.
fn pick(
    position: &Position,
    moves: &mut [Move],
    scores: &mut [i32],
    index: usize,
    tt_slot: Option<usize>,
    threats_told: &mut bool,
) -> (Move, i32) {
    if let Some(slot) = tt_slot.filter(|_| index == 0) {
        moves.swap(0, slot);
        scores.swap(0, slot);
        return (moves[0], scores[0]);
    }
    // The last of equal scores, as `max_by_key` would choose.
    let best_of = |scores: &[i32]| {
        let rest = &scores[index..];
        let top = rest.iter().fold(i32::MIN, |top, &score| top.max(score));
        index + rest.iter().rposition(|&score| score == top).unwrap_or(0)
    };
    let mut best = best_of(scores);
    if !*threats_told && scores[best] < KILLER_ORDER {
        *threats_told = true;
        let threats = ThreatSquares::of(position);
        for (&mv, score) in moves.iter().zip(scores.iter_mut()).skip(index) {
            let quiet = !mv.promotion && position.piece_at(mv.to).is_none();
            if *score < THREAT_ORDER && quiet && threats.made_by(position, mv) {
                *score = THREAT_ORDER;
            }
        }
        best = best_of(scores);
    }
    moves.swap(index, best);
    scores.swap(index, best);
    (moves[index], scores[index])
}

/// The lowest ordering score above the threats: the second killer's.
const KILLER_ORDER: i32 = 899_000;

/// The ordering score of a quiet threat; the table move, captures that do
/// not lose, promotions and killers score above it, history far below.
const THREAT_ORDER: i32 = 800_000;

/// The value of the man on a square, 0 where it is empty.
fn worth(position: &Position, square: Square) -> i32 {
    position.piece_at(square).map_or(0, |piece| value(piece.kind))
}

/// A capture of a man worth at least the capturer's value: its exchange
/// cannot lose, so it needs no static exchange evaluation.
fn wins_or_trades(position: &Position, mv: Move) -> bool {
    match (position.piece_at(mv.to), position.piece_at(mv.from)) {
        (Some(victim), Some(mover)) => value(victim.kind) >= value(mover.kind),
        _ => false,
    }
}

/// The moved man's kind and what it attacks from its new square.
fn reach_after(position: &Position, mv: Move) -> Option<(PieceKind, Bitboard)> {
    let mover = position.piece_at(mv.from)?;
    let occupied = position.occupied().without(mv.from).with(mv.to);
    Some((mover.kind, man_attacks(mover.kind, mover.color, mv.to, occupied)))
}

/// A quiet move that attacks a man worth more than the mover: a threat
/// that is neither pruned nor reduced, since it may trap the man it attacks.
fn makes_threat(position: &Position, mv: Move) -> bool {
    let Some((kind, reach)) = reach_after(position, mv) else {
        return false;
    };
    !(reach & threat_targets(position, kind)).is_empty()
}

/// The other side's men that a man of `kind` threatens: those worth more.
fn threat_targets(position: &Position, kind: PieceKind) -> Bitboard {
    let theirs = |kind| position.pieces(position.side_to_move().opponent(), kind);
    let heavy = theirs(PieceKind::Tereg) | theirs(PieceKind::Bers);
    match kind {
        PieceKind::Child => heavy | theirs(PieceKind::Mori) | theirs(PieceKind::Teme),
        PieceKind::Mori | PieceKind::Teme => heavy,
        PieceKind::Tereg => theirs(PieceKind::Bers),
        PieceKind::Bers | PieceKind::Noyon => Bitboard::EMPTY,
    }
}

/// By kind, the squares from which a man of the side to move would attack
/// a man worth more than itself: where a quiet move of it makes a threat.
struct ThreatSquares([Bitboard; 6]);

impl ThreatSquares {
    fn of(position: &Position) -> ThreatSquares {
        let them = position.side_to_move().opponent();
        let occupied = position.occupied();
        let targets = |kind| threat_targets(position, kind);
        let mut to = [Bitboard::EMPTY; 6];
        let [left, right] = children_captures(them, targets(PieceKind::Child));
        to[PieceKind::Child.index()] = left | right;
        for target in targets(PieceKind::Mori) {
            to[PieceKind::Mori.index()] |= mori_attacks(target);
        }
        for target in targets(PieceKind::Teme) {
            to[PieceKind::Teme.index()] |= bishop_attacks(target, occupied);
        }
        for target in targets(PieceKind::Tereg) {
            to[PieceKind::Tereg.index()] |= rook_attacks(target, occupied);
        }
        ThreatSquares(to)
    }

    /// [`makes_threat`], read off the squares. A teme or tereg that already
    /// attacks a target may reach past the square it leaves, so for it the
    /// move is worked out.
    fn made_by(&self, position: &Position, mv: Move) -> bool {
        let Some(piece) = position.piece_at(mv.from) else {
            return false;
        };
        let squares = self.0[piece.kind.index()];
        if squares.has(mv.from) && matches!(piece.kind, PieceKind::Teme | PieceKind::Tereg) {
            return makes_threat(position, mv);
        }
        squares.has(mv.to)
    }
}

/// By kind, the squares from which a man of the side to move attacks the
/// other noyon. Leaving a square opens no line for the mover itself: a man
/// on that line with the way clear would already give check, which a legal
/// position to move in cannot have.
struct CheckSquares {
    by_kind: [Bitboard; 6],
    noyon: Square,
}

impl CheckSquares {
    fn of(position: &Position) -> CheckSquares {
        let us = position.side_to_move();
        let noyon = position.noyon(us.opponent());
        CheckSquares { by_kind: attacks_on(noyon, us, position.occupied()), noyon }
    }

    /// Whether the moved man attacks the other noyon from its new square.
    fn direct(&self, position: &Position, mv: Move) -> bool {
        position.piece_at(mv.from).is_some_and(|piece| self.by_kind[piece.kind.index()].has(mv.to))
    }

    /// Whether a move may give check: it attacks the other noyon from its
    /// new square, or leaves a line to that noyon that a slider may now use.
    fn may(&self, position: &Position, mv: Move) -> bool {
        !line(self.noyon, mv.from).is_empty() || self.direct(position, mv)
    }
}

/// Null moves are unsafe when only the noyon and children could move:
/// there zugzwang is common, and stalemate may even win.
fn has_officers(position: &Position, side: Color) -> bool {
    let officers = position.color(side)
        & !position.pieces(side, PieceKind::Noyon)
        & !position.pieces(side, PieceKind::Child);
    !officers.is_empty()
}

fn reduction(depth: i32, index: usize) -> i32 {
    static TABLE: LazyLock<[[u8; MAX_MOVES]; 64]> = LazyLock::new(|| {
        let mut table = [[0; MAX_MOVES]; 64];
        for (depth, row) in table.iter_mut().enumerate().skip(1) {
            for (index, r) in row.iter_mut().enumerate().skip(1) {
                *r = (0.4 + (depth as f64).ln() * (index as f64).ln() / 2.6) as u8;
            }
        }
        table
    });
    i32::from(TABLE[(depth as usize).min(63)][index.min(MAX_MOVES - 1)])
}

/// The table's score, when the entry is deep enough and its bound settles
/// the window.
fn table_cutoff(hit: Hit, depth: i32, alpha: i32, beta: i32, ply: usize) -> Option<i32> {
    let score = from_table(hit.score, ply);
    let usable = match hit.bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
    };
    (hit.depth >= depth && usable).then_some(score)
}

/// Mate scores count from the node in the table, from the root in search.
fn to_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The positions of the reference perft file.
    fn reference_positions() -> Vec<Position> {
        crate::rules::attacks::init();
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/shatar-perft.jsonl");
        let text = std::fs::read_to_string(path).expect("the reference positions");
        text.lines()
            .map(|line| {
                let row: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
                let fen = row["fen"].as_str().expect("a fen field");
                Position::from_fen(fen).expect("a valid FEN")
            })
            .collect()
    }

    /// Over the reference positions, a move lands on a check square exactly
    /// when the moved man, from its new square, attacks the other noyon.
    #[test]
    fn check_squares_tell_the_checks_the_moved_man_gives() {
        let mut checks = 0;
        for position in reference_positions() {
            let fen = position.to_fen();
            let squares = CheckSquares::of(&position);
            let noyon = position.noyon(position.side_to_move().opponent());
            for mv in position.legal_moves() {
                let attacks = reach_after(&position, mv).is_some_and(|(_, reach)| reach.has(noyon));
                assert_eq!(squares.direct(&position, mv), attacks, "{fen} {mv}");
                checks += usize::from(attacks);
            }
        }
        assert!(checks > 100, "too few checking moves to tell anything: {checks}");
    }

    /// Over the reference positions, the threat squares tell the quiet
    /// moves that attack a man worth more than the mover.
    #[test]
    fn threat_squares_tell_the_threats_quiet_moves_make() {
        let mut threats = [0; 6];
        for position in reference_positions() {
            let fen = position.to_fen();
            let squares = ThreatSquares::of(&position);
            for mv in position.legal_moves() {
                if mv.promotion || position.piece_at(mv.to).is_some() {
                    continue;
                }
                let threat = makes_threat(&position, mv);
                assert_eq!(squares.made_by(&position, mv), threat, "{fen} {mv}");
                if threat && let Some(piece) = position.piece_at(mv.from) {
                    threats[piece.kind.index()] += 1;
                }
            }
        }
        for kind in [PieceKind::Child, PieceKind::Mori, PieceKind::Teme, PieceKind::Tereg] {
            assert!(threats[kind.index()] > 0, "no threat by {kind:?} to tell anything");
        }
    }

    /// A refuted or a good move into a node moves its own continuation and
    /// follow-up entries, keyed by the two moves before it, and no others.
    #[test]
    fn the_move_into_a_node_answers_for_it() {
        crate::rules::attacks::init();
        let mut searcher = Searcher::new(1);
        let game = Game::new(RuleOptions::default(), Color::White);
        let stop = AtomicBool::new(false);
        let (first, second, third) = (64 + 12, 2 * 64 + 40, 3 * 64 + 27);
        {
            let mut run = Run::new(&mut searcher, &game, &Limits::depth(1), &stop);
            run.previous[1] = Some(first);
            run.previous[2] = Some(second);
            run.previous[3] = Some(third);
            run.nudge_prior(3, -bonus(5));
            run.nudge_prior(2, bonus(3));
        }
        assert_eq!(searcher.continuation[second][third], -bonus(5));
        assert_eq!(searcher.follow_up[first][third], -bonus(5));
        assert_eq!(searcher.continuation[first][second], bonus(3));
        let touched = |table: &[[i32; PIECE_SQUARES]; PIECE_SQUARES]| {
            table.iter().flatten().filter(|&&entry| entry != 0).count()
        };
        assert_eq!(touched(&searcher.continuation), 2);
        assert_eq!(touched(&searcher.follow_up), 1);
    }

    /// Only a move of the side to move that takes and promotes nothing is quiet.
    #[test]
    fn quiet_moves_take_nothing() {
        let mut quiet = 0;
        for position in reference_positions() {
            for mv in position.legal_moves() {
                let takes = position.piece_at(mv.to).is_some();
                assert_eq!(is_quiet(&position, mv), !takes && !mv.promotion, "{} {mv}", position.to_fen());
                quiet += usize::from(!takes && !mv.promotion);
                // With the other side to move, the man is not theirs to move.
                let mut other = position;
                other.play_null();
                assert!(!is_quiet(&other, mv), "{} {mv}", other.to_fen());
            }
        }
        assert!(quiet > 0);
    }
}
