//! The static evaluation, made for Shatar: the bers is a tereg with one
//! diagonal step, children promote only to bers, and a material lead wins
//! only while a shak mate is still possible against a side that keeps at
//! least one man besides its noyon.
//!
//! The evaluation is a sum of weighted [`terms`]; [`collect`] walks the
//! position once and hands each term to a [`Sink`], which either scores
//! it or, for the tuner, counts it.

mod cache;
pub mod terms;
mod weights;

pub use cache::Evaluator;

use super::see::see;
use crate::rules::attacks::{attacks_on, child_captures, children_captures, man_attacks, noyon_attacks};
use crate::rules::{Bitboard, Color, PieceKind, Position, Square, StalemateRule};
use terms::*;

/// How much each kind counts toward the middle game.
const PHASE: [i32; 6] = [0, 4, 1, 1, 2, 0];
pub const FULL_PHASE: i32 = 24;
/// The side to move's bonus.
pub const TEMPO: i32 = 12;

/// The middle-game value of a kind, for move ordering and pruning.
pub const fn value(kind: PieceKind) -> i32 {
    WEIGHTS[VALUE + kind.index()][0]
}

/// Hears every term of a position: `count` times `term`, for `color`.
pub trait Sink {
    fn add(&mut self, color: Color, term: usize, count: i32);
}

/// Each weight pair as one number, the middle game's weight in the high
/// half, so that one multiply-add scores both.
const PACKED: [i64; TERMS] = {
    let mut packed = [0; TERMS];
    let mut term = 0;
    while term < TERMS {
        packed[term] = ((WEIGHTS[term][0] as i64) << 32) + WEIGHTS[term][1] as i64;
        term += 1;
    }
    packed
};

/// Scores the terms with [`WEIGHTS`]: by side, the middle game and endgame
/// sums packed as [`PACKED`] packs the weights.
#[derive(Default)]
struct Scorer {
    sums: [i64; 2],
}

impl Scorer {
    fn eg(&self, color: Color) -> i32 {
        // The low half; the sums stay far inside 32 bits.
        self.sums[color.index()] as i32
    }

    fn mg(&self, color: Color) -> i32 {
        ((self.sums[color.index()] - i64::from(self.eg(color))) >> 32) as i32
    }
}

impl Sink for Scorer {
    #[inline(always)]
    fn add(&mut self, color: Color, term: usize, count: i32) {
        self.sums[color.index()] += PACKED[term] * i64::from(count);
    }
}

/// The evaluation from the side to move's point of view.
pub fn evaluate(position: &Position, stalemate: StalemateRule) -> i32 {
    let mut scorer = Scorer::default();
    collect(position, &mut scorer);
    score(position, &scorer, stalemate)
}

/// The scored terms turned into the side to move's score.
fn score(position: &Position, scorer: &Scorer, stalemate: StalemateRule) -> i32 {
    let shape = Shape::of(position);
    let (w, b) = (Color::White, Color::Black);
    let white = shape.blend(scorer.mg(w) - scorer.mg(b), scorer.eg(w) - scorer.eg(b));
    let white = shape.finish(white, stalemate);
    let us = if position.side_to_move() == Color::White { white } else { -white };
    us + TEMPO
}

/// What turns the weighted terms into a score: the game's phase, and what
/// the mate rules make of a lead.
#[derive(Clone, Copy, Debug)]
pub struct Shape {
    /// From 0 (bare endgame) to [`FULL_PHASE`] (all officers on).
    pub phase: i32,
    /// Each side's noyon, for the leader's drive against the other.
    noyons: [Square; 2],
    /// Whether the leader still has a way to a shak mate, by leader.
    can_shak_mate: [bool; 2],
    /// Men besides the noyon, by side.
    men: [u32; 2],
}

impl Shape {
    pub fn of(position: &Position) -> Shape {
        let mut phase = 0;
        for kind in PieceKind::ALL {
            phase += PHASE[kind.index()] * position.kind(kind).count() as i32;
        }
        let noyons = [position.noyon(Color::White), position.noyon(Color::Black)];
        let mut shape =
            Shape { phase: phase.min(FULL_PHASE), noyons, can_shak_mate: [false; 2], men: [0; 2] };
        for leader in Color::BOTH {
            let l = leader.index();
            let shak_givers = position.pieces(leader, PieceKind::Bers)
                | position.pieces(leader, PieceKind::Tereg)
                | position.pieces(leader, PieceKind::Child);
            let moris = position.pieces(leader, PieceKind::Mori).count();
            shape.men[l] = (position.color(leader) & !position.pieces(leader, PieceKind::Noyon)).count();
            shape.can_shak_mate[l] = !shak_givers.is_empty() || (moris > 0 && shape.men[l] > moris);
        }
        shape
    }

    /// The middle game and endgame sums blended by phase.
    pub fn blend(&self, mg: i32, eg: i32) -> i32 {
        (mg * self.phase + eg * (FULL_PHASE - self.phase)) / FULL_PHASE
    }

    /// The blended score for White, adjusted for the endgame: the leader
    /// drives the other noyon to the edge, and a lead counts for little if it
    /// cannot end in a shak mate.
    pub fn finish(&self, white: i32, stalemate: StalemateRule) -> i32 {
        let leader = if white >= 0 { Color::White } else { Color::Black };
        let (mop_up, numerator, denominator) = self.endgame(leader, white.abs(), stalemate);
        let score = (white.abs() + mop_up) * numerator / denominator;
        if leader == Color::White { score } else { -score }
    }

    /// For a `lead` of `leader`: the mop-up bonus, then the fraction of the
    /// lead that counts. The leader needs a man that gives shak, or a child
    /// to make one; and the other side draws by robado once it has nothing
    /// but its noyon, so with one or two men left it may throw them away.
    pub fn endgame(&self, leader: Color, lead: i32, stalemate: StalemateRule) -> (i32, i32, i32) {
        let mop_up = if lead >= 300 && self.phase <= 12 {
            mop_up(self.noyons[leader.index()], self.noyons[leader.opponent().index()])
        } else {
            0
        };
        let (mut numerator, mut denominator) = (1, 1);
        if !self.can_shak_mate[leader.index()] {
            denominator = if stalemate == StalemateRule::Win { 4 } else { 8 };
        }
        match self.men[leader.opponent().index()] {
            1 => denominator *= 2,
            2 => (numerator, denominator) = (numerator * 4, denominator * 5),
            _ => {}
        }
        (mop_up, numerator, denominator)
    }
}

/// Whether a position's static evaluation can stand for it: no check, no
/// promotion and no capture that wins material.
pub fn is_quiet(position: &Position) -> bool {
    !position.is_check()
        && position
            .legal_moves()
            .iter()
            .all(|&mv| !mv.promotion && (position.piece_at(mv.to).is_none() || see(position, mv) <= 0))
}

/// What each side attacks, worked out once for all the terms.
#[derive(Default)]
struct Attacks {
    /// By any man.
    all: [Bitboard; 2],
    /// By two men or more.
    twice: [Bitboard; 2],
    /// By kind.
    by: [[Bitboard; 6]; 2],
}

impl Attacks {
    fn add(&mut self, color: Color, kind: PieceKind, attacks: Bitboard) {
        let c = color.index();
        self.twice[c] |= self.all[c] & attacks;
        self.all[c] |= attacks;
        self.by[c][kind.index()] |= attacks;
    }

    fn of(&self, color: Color, kind: PieceKind) -> Bitboard {
        self.by[color.index()][kind.index()]
    }
}

/// Hands every term of the position to `sink`.
pub fn collect(position: &Position, sink: &mut impl Sink) {
    collect_with(position, sink, |color, attacks, sink| structure(position, color, attacks, sink));
}

/// [`collect`], with the children's structure terms from `structure`,
/// which hands them to the sink and returns the side's passed children.
fn collect_with<S: Sink>(
    position: &Position,
    sink: &mut S,
    mut structure: impl FnMut(Color, &Attacks, &mut S) -> Bitboard,
) {
    let mut attacks = Attacks::default();
    for color in Color::BOTH {
        // No two children take on a square from the same side.
        for captures in children_captures(color, position.pieces(color, PieceKind::Child)) {
            attacks.add(color, PieceKind::Child, captures);
        }
        attacks.add(color, PieceKind::Noyon, noyon_attacks(position.noyon(color)));
    }
    for color in Color::BOTH {
        officers(position, color, &mut attacks, sink);
    }
    for color in Color::BOTH {
        let passed = structure(color, &attacks, sink);
        prospects(position, color, passed, &attacks, sink);
        noyon_safety(position, color, &attacks, sink);
        threats(position, color, &attacks, sink);
    }
}

/// The files that hold a square of `squares`, one bit a file.
fn files_of(squares: Bitboard) -> u8 {
    let mut folded = squares.0;
    folded |= folded >> 32;
    folded |= folded >> 16;
    folded |= folded >> 8;
    folded as u8
}

/// The value and square of every man but the children; the officers' mobility, files and
/// attacks on the other noyon, adding what they attack to `attacks`.
fn officers(position: &Position, color: Color, attacks: &mut Attacks, sink: &mut impl Sink) {
    let occupied = position.occupied();
    let them = color.opponent();
    let own = position.color(color);
    let own_children = position.pieces(color, PieceKind::Child);
    let enemy_children = position.pieces(them, PieceKind::Child);
    let enemy_child_attacks = attacks.of(them, PieceKind::Child);
    let noyon = position.noyon(color);
    let enemy_zone = noyon_attacks(position.noyon(them)).with(position.noyon(them));
    let mut attack_units = 0;
    let mut attackers = 0;
    for kind in PieceKind::ALL {
        if kind == PieceKind::Child {
            // Scored with the children's structure.
            continue;
        }
        let men = position.pieces(color, kind);
        sink.add(color, VALUE + kind.index(), men.count() as i32);
        for square in men {
            sink.add(color, SQUARE + 32 * kind.index() + folded(square, color), 1);
            if kind == PieceKind::Noyon {
                continue;
            }
            let reach = man_attacks(kind, color, square, occupied);
            attacks.add(color, kind, reach);
            let mobility = (reach & !own & !enemy_child_attacks).count() as usize;
            let near_noyon = (reach & enemy_zone).count() as i32;
            if near_noyon > 0 {
                attackers += 1;
                attack_units += near_noyon * attack_weight(kind);
            }
            match kind {
                PieceKind::Mori | PieceKind::Teme => {
                    let minor = usize::from(kind == PieceKind::Teme);
                    let mobility_term = if minor == 0 { MORI_MOBILITY } else { TEME_MOBILITY };
                    sink.add(color, mobility_term + mobility, 1);
                    sink.add(color, NOYON_DISTANCE + minor, distance(square, noyon));
                    let out_of_reach =
                        (enemy_children & adjacent_files(square.file()) & ahead(square, color)).is_empty();
                    let rank = relative_rank(square, color);
                    if (3..=5).contains(&rank)
                        && out_of_reach
                        && attacks.of(color, PieceKind::Child).has(square)
                    {
                        sink.add(color, OUTPOST + minor, 1);
                    }
                    if minor == 1 {
                        let colour = if DARK.has(square) { DARK } else { !DARK };
                        sink.add(color, TEME_CHILDREN, (own_children & colour).count() as i32);
                    }
                }
                _ => {
                    let file = Bitboard::file(square.file());
                    let open = (file & position.kind(PieceKind::Child)).is_empty();
                    let half_open = (file & own_children).is_empty();
                    let (mobility_term, open_term) = if kind == PieceKind::Tereg {
                        (TEREG_MOBILITY, TEREG_OPEN)
                    } else {
                        (BERS_MOBILITY, BERS_OPEN)
                    };
                    sink.add(color, mobility_term + mobility, 1);
                    if open {
                        sink.add(color, open_term, 1);
                    } else if half_open {
                        sink.add(color, open_term + 1, 1);
                    }
                }
            }
        }
    }
    if position.pieces(color, PieceKind::Teme).has_many() {
        sink.add(color, TEME_PAIR, 1);
    }
    if attackers >= 2 {
        sink.add(color, NOYON_ATTACK + (attack_units as usize).min(NOYON_ATTACK_UNITS - 1), 1);
    }
    // Open files beside the other noyon are roads for a shak.
    let heavy = position.pieces(color, PieceKind::Tereg) | position.pieces(color, PieceKind::Bers);
    if !heavy.is_empty() {
        let file = position.noyon(them).file();
        let near = adjacent_files(file) | Bitboard::file(file);
        let open = files_of(near) & !files_of(enemy_children);
        sink.add(color, OPEN_BY_NOYON, open.count_ones() as i32);
    }
}

/// The children's values, squares and structure, which depend on nothing
/// but the children: the terms go to `sink`, the passed children back.
fn structure(position: &Position, color: Color, attacks: &Attacks, sink: &mut impl Sink) -> Bitboard {
    let them = color.opponent();
    let own = position.pieces(color, PieceKind::Child);
    let enemy = position.pieces(them, PieceKind::Child);
    let guarded = attacks.of(color, PieceKind::Child);
    let enemy_guarded = attacks.of(them, PieceKind::Child);
    let mut passed = Bitboard::EMPTY;
    sink.add(color, VALUE + PieceKind::Child.index(), own.count() as i32);
    for square in own {
        sink.add(color, SQUARE + 32 * PieceKind::Child.index() + folded(square, color), 1);
        let rank = relative_rank(square, color);
        let beside = adjacent_files(square.file());
        let next = square.ahead(color);
        if guarded.has(square) {
            sink.add(color, DEFENDED, 1);
        }
        if guarded.has(square) || !(own & beside & Bitboard::rank(square.rank())).is_empty() {
            sink.add(color, CONNECTED + rank, 1);
        }
        if (own & beside).is_empty() {
            sink.add(color, ISOLATED, 1);
        } else if (own & beside & !ahead(square, color)).is_empty()
            && next.is_some_and(|next| enemy_guarded.has(next) || enemy.has(next))
        {
            sink.add(color, BACKWARD, 1);
        }
        if !(own & Bitboard::file(square.file()) & ahead(square, color)).is_empty() {
            sink.add(color, DOUBLED, 1);
        }
        if (enemy & front_span(square, color)).is_empty() {
            sink.add(color, PASSED + rank, 1);
            passed = passed.with(square);
        }
    }
    passed
}

/// The passed children's prospects: the noyons' distances and a free path.
fn prospects(position: &Position, color: Color, passed: Bitboard, attacks: &Attacks, sink: &mut impl Sink) {
    let them = color.opponent();
    for square in passed {
        let rank = relative_rank(square, color);
        if let Some(next) = square.ahead(color) {
            sink.add(color, PASSED_THEIR_NOYON + rank, distance(next, position.noyon(them)));
            sink.add(color, PASSED_OUR_NOYON + rank, distance(next, position.noyon(color)));
            if position.piece_at(next).is_none() && !attacks.all[them.index()].has(next) {
                sink.add(color, PASSED_FREE + rank, 1);
            }
        }
    }
}

/// `color`'s chances of a check against the other noyon from a safe square.
fn noyon_safety(position: &Position, color: Color, attacks: &Attacks, sink: &mut impl Sink) {
    let them = color.opponent();
    let occupied = position.occupied();
    let noyon = position.noyon(them);
    let safe = !position.color(color) & !attacks.all[them.index()];
    let from = attacks_on(noyon, color, occupied);
    let kinds = [PieceKind::Bers, PieceKind::Tereg, PieceKind::Teme, PieceKind::Mori];
    for (index, kind) in kinds.into_iter().enumerate() {
        if !(attacks.of(color, kind) & from[kind.index()] & safe).is_empty() {
            sink.add(color, SAFE_CHECK + index, 1);
        }
    }
}

/// What `color` threatens: men attacked where they are weak.
fn threats(position: &Position, color: Color, attacks: &Attacks, sink: &mut impl Sink) {
    let (c, them) = (color.index(), color.opponent());
    let t = them.index();
    let theirs = position.color(them) & !position.pieces(them, PieceKind::Noyon);
    let officers = theirs & !position.pieces(them, PieceKind::Child);
    let strongly = attacks.of(them, PieceKind::Child) | (attacks.twice[t] & !attacks.twice[c]);
    let weak = theirs & !strongly & attacks.all[c];
    let by_minor = attacks.of(color, PieceKind::Mori) | attacks.of(color, PieceKind::Teme);
    for square in ((officers & strongly) | weak) & by_minor {
        if let Some(piece) = position.piece_at(square) {
            sink.add(color, THREAT_BY_MINOR + piece.kind.index(), 1);
        }
    }
    for square in weak & attacks.of(color, PieceKind::Tereg) {
        if let Some(piece) = position.piece_at(square) {
            sink.add(color, THREAT_BY_TEREG + piece.kind.index(), 1);
        }
    }
    if !(weak & attacks.of(color, PieceKind::Noyon)).is_empty() {
        sink.add(color, THREAT_BY_NOYON, 1);
    }
    let hanging = weak & (!attacks.all[t] | (officers & attacks.twice[c]));
    sink.add(color, HANGING, hanging.count() as i32);
    let restricted = attacks.all[t] & !strongly & attacks.all[c];
    sink.add(color, RESTRICTED, restricted.count() as i32);
    let safe_children = position.pieces(color, PieceKind::Child) & (!attacks.all[t] | attacks.all[c]);
    let by_safe_child =
        safe_children.fold(Bitboard::EMPTY, |all, square| all | child_captures(color, square));
    sink.add(color, THREAT_BY_CHILD, (officers & by_safe_child).count() as i32);
}

/// With a clear lead in the ending, drive the other noyon to the edge and
/// bring one's own near: the way mates are found.
fn mop_up(ours: Square, theirs: Square) -> i32 {
    12 * (3 - centrality(theirs)) + 6 * (7 - distance(ours, theirs))
}

/// Noyon steps between two squares.
fn distance(a: Square, b: Square) -> i32 {
    (a.file() as i32 - b.file() as i32).abs().max((a.rank() as i32 - b.rank() as i32).abs())
}

/// The squares of a1's colour.
const DARK: Bitboard = Bitboard(0xAA55_AA55_AA55_AA55);

fn attack_weight(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::Bers => 4,
        PieceKind::Tereg => 3,
        PieceKind::Mori | PieceKind::Teme => 2,
        PieceKind::Noyon | PieceKind::Child => 1,
    }
}

/// The ranks ahead of a square, from `color`'s side.
fn ahead(square: Square, color: Color) -> Bitboard {
    AHEAD[color.index()][square.rank() as usize]
}

/// By colour and rank, the ranks ahead of it.
const AHEAD: [[Bitboard; 8]; 2] = {
    let mut table = [[Bitboard::EMPTY; 8]; 2];
    let mut rank = 0;
    while rank < 8 {
        table[0][rank] = Bitboard(if rank == 7 { 0 } else { u64::MAX << (8 * (rank + 1)) });
        table[1][rank] = Bitboard(if rank == 0 { 0 } else { u64::MAX >> (8 * (8 - rank)) });
        rank += 1;
    }
    table
};

/// The squares ahead on the child's file and the files beside it.
fn front_span(square: Square, color: Color) -> Bitboard {
    (adjacent_files(square.file()) | Bitboard::file(square.file())) & ahead(square, color)
}

fn adjacent_files(file: u8) -> Bitboard {
    ADJACENT_FILES[file as usize]
}

/// By file, the files beside it.
const ADJACENT_FILES: [Bitboard; 8] = {
    let mut table = [Bitboard::EMPTY; 8];
    let mut file = 0;
    while file < 8 {
        if file > 0 {
            table[file].0 |= Bitboard::file(file as u8 - 1).0;
        }
        if file < 7 {
            table[file].0 |= Bitboard::file(file as u8 + 1).0;
        }
        file += 1;
    }
    table
};

fn relative_rank(square: Square, color: Color) -> usize {
    match color {
        Color::White => square.rank() as usize,
        Color::Black => 7 - square.rank() as usize,
    }
}

/// The square's index in a kind's 32 square weights.
fn folded(square: Square, color: Color) -> usize {
    let file = square.file().min(7 - square.file()) as usize;
    relative_rank(square, color) * 4 + file
}

/// 0 on the rim to 3 in the centre.
fn centrality(square: Square) -> i32 {
    let file = square.file() as i32;
    let rank = square.rank() as i32;
    file.min(7 - file).min(rank).min(7 - rank)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file's bit is set exactly when the file holds a square of the set.
    #[test]
    fn files_of_marks_each_file_holding_a_square() {
        let mut rng = fastrand::Rng::with_seed(7);
        for _ in 0..1_000 {
            let squares = Bitboard(rng.u64(..) & rng.u64(..) & rng.u64(..));
            for file in 0..8u8 {
                let held = !(squares & Bitboard::file(file)).is_empty();
                assert_eq!(files_of(squares) & (1 << file) != 0, held, "{:#x} file {file}", squares.0);
            }
        }
    }

    const FENS: [&str; 6] = [
        "rnbjkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBJKBNR w - - 0 1",
        "r1bjk2r/pp2bppp/2n1pn2/2pp4/3P1B2/2P1PN2/PP1N1PPP/R2JKB1R w - - 0 7",
        // Outposts, backward and connected children, threats, safe checks.
        "r2j1rk1/1b3ppp/p2p1n2/1p1Np3/4P3/1B3N2/PPP2PPP/R2JR1K1 b - - 3 14",
        // Passed children with free and blocked paths, noyons near and far.
        "8/2k5/1pP5/1P2K3/6p1/8/5PP1/3r2R1 w - - 0 45",
        "6J1/8/1p6/7B/PP2kP2/6K1/5P2/8 b - - 0 58",
        "4k3/8/8/8/8/8/3R4/4K3 w - - 0 1",
    ];

    /// A FEN board letter with its man's colour swapped.
    pub(super) fn swap_colour(c: char) -> char {
        if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() }
    }

    /// The same position with the colours swapped and the board turned.
    fn mirrored(fen: &str) -> String {
        let fields: Vec<&str> = fen.split(' ').collect();
        let board: Vec<String> =
            fields[0].split('/').rev().map(|rank| rank.chars().map(swap_colour).collect()).collect();
        let side = if fields[1] == "w" { "b" } else { "w" };
        format!("{} {side} {}", board.join("/"), fields[2..].join(" "))
    }

    #[test]
    fn both_colours_are_judged_alike() {
        for fen in FENS {
            let position = Position::from_fen(fen).expect("a valid FEN");
            let turned = Position::from_fen(&mirrored(fen)).expect("a valid FEN");
            for rule in [StalemateRule::Win, StalemateRule::Draw] {
                assert_eq!(evaluate(&position, rule), evaluate(&turned, rule), "{fen}");
            }
        }
    }

    #[test]
    fn the_tables_of_files_and_ranks_are_the_board_s() {
        for square in (0..64).filter_map(Square::from_index) {
            let (file, rank) = (i32::from(square.file()), i32::from(square.rank()));
            let set = |keep: &dyn Fn(i32, i32) -> bool| {
                (0..64)
                    .filter_map(Square::from_index)
                    .filter(|s| keep(i32::from(s.file()), i32::from(s.rank())))
                    .fold(Bitboard::EMPTY, |all, s| all.with(s))
            };
            assert_eq!(ahead(square, Color::White), set(&|_, r| r > rank), "{square}");
            assert_eq!(ahead(square, Color::Black), set(&|_, r| r < rank), "{square}");
            assert_eq!(adjacent_files(square.file()), set(&|f, _| (f - file).abs() == 1), "{square}");
            assert_eq!(
                front_span(square, Color::White),
                set(&|f, r| (f - file).abs() <= 1 && r > rank),
                "{square}"
            );
        }
    }

    /// The tuner counts the terms and weighs them itself: the counts times
    /// the weights must be the evaluation's own sums.
    #[test]
    fn counted_terms_weigh_up_to_the_evaluation() {
        struct Counts(Vec<[i32; 2]>);
        impl Sink for Counts {
            fn add(&mut self, color: Color, term: usize, count: i32) {
                self.0[term][color.index()] += count;
            }
        }
        for fen in FENS {
            let position = Position::from_fen(fen).expect("a valid FEN");
            let mut scorer = Scorer::default();
            collect(&position, &mut scorer);
            let mut counts = Counts(vec![[0; 2]; TERMS]);
            collect(&position, &mut counts);
            for color in Color::BOTH {
                let c = color.index();
                let mg: i32 = counts.0.iter().zip(WEIGHTS).map(|(n, w)| n[c] * w[0]).sum();
                let eg: i32 = counts.0.iter().zip(WEIGHTS).map(|(n, w)| n[c] * w[1]).sum();
                assert_eq!((mg, eg), (scorer.mg(color), scorer.eg(color)), "{fen}");
            }
            assert!(counts.0[VALUE + PieceKind::Noyon.index()] == [1, 1], "{fen}");
        }
    }
}
