//! The static evaluation, made for Shatar: the bers is a tereg with one
//! diagonal step, children promote only to bers, and a material lead wins
//! only while a shak mate is still possible against a side that keeps at
//! least one man besides its noyon.

use crate::rules::attacks::{
    bers_attacks, bishop_attacks, child_captures, mori_attacks, noyon_attacks, rook_attacks,
};
use crate::rules::{Bitboard, Color, PieceKind, Position, Square, StalemateRule};

/// Middle game and endgame values of each kind, in centipawns.
const VALUES: [(i32, i32); 6] = [
    (0, 0),     // noyon
    (820, 900), // bers: a tereg plus one diagonal step, well short of a queen
    (390, 430), // teme
    (370, 400), // mori
    (600, 650), // tereg
    (65, 100),  // child
];

/// How much each kind counts toward the middle game.
const PHASE: [i32; 6] = [0, 4, 1, 1, 2, 0];
const FULL_PHASE: i32 = 24;

/// The value of a kind for move ordering and pruning.
pub const fn value(kind: PieceKind) -> i32 {
    VALUES[kind.index()].0
}

/// Advancement bonus of a child, by ranks from its own first rank.
const CHILD_RANK: [(i32, i32); 8] = [(0, 0), (0, 0), (4, 8), (10, 18), (22, 34), (40, 62), (70, 110), (0, 0)];
/// Extra bonus for a passed child, by rank.
const PASSED_RANK: [(i32, i32); 8] =
    [(0, 0), (4, 10), (8, 16), (14, 28), (26, 52), (44, 90), (70, 140), (0, 0)];

const TEMPO: i32 = 12;

/// The evaluation from the side to move's point of view.
pub fn evaluate(position: &Position, stalemate: StalemateRule) -> i32 {
    let mut mg = [0i32; 2];
    let mut eg = [0i32; 2];
    let mut phase = 0;
    let occupied = position.occupied();
    for color in Color::BOTH {
        let c = color.index();
        let them = color.opponent();
        let own = position.color(color);
        let enemy_children = position.pieces(them, PieceKind::Child);
        let enemy_child_attacks = children_attacks(enemy_children, them);
        let enemy_zone = {
            let noyon = position.noyon(them);
            noyon_attacks(noyon).with(noyon)
        };
        let mut attack_units = 0;
        let mut attackers = 0;
        for kind in PieceKind::ALL {
            for square in position.pieces(color, kind) {
                let (vm, ve) = VALUES[kind.index()];
                mg[c] += vm;
                eg[c] += ve;
                phase += PHASE[kind.index()];
                let relative = relative_rank(square, color);
                let attacks = match kind {
                    PieceKind::Bers => bers_attacks(square, occupied),
                    PieceKind::Tereg => rook_attacks(square, occupied),
                    PieceKind::Teme => bishop_attacks(square, occupied),
                    PieceKind::Mori => mori_attacks(square),
                    PieceKind::Noyon | PieceKind::Child => Bitboard::EMPTY,
                };
                let mobility = (attacks & !own & !enemy_child_attacks).count() as i32;
                let near_noyon = (attacks & enemy_zone).count() as i32;
                if near_noyon > 0 {
                    attackers += 1;
                    attack_units += near_noyon * attack_weight(kind);
                }
                let center = centrality(square);
                match kind {
                    PieceKind::Mori => {
                        mg[c] += 4 * mobility + 6 * center - 10;
                        eg[c] += 3 * mobility + 4 * center;
                    }
                    PieceKind::Teme => {
                        mg[c] += 5 * mobility + 2 * center - 15;
                        eg[c] += 4 * mobility;
                    }
                    PieceKind::Tereg | PieceKind::Bers => {
                        let file = Bitboard::file(square.file());
                        let open = (file & position.kind(PieceKind::Child)).is_empty();
                        let half_open = (file & position.pieces(color, PieceKind::Child)).is_empty();
                        let file_bonus = if open {
                            20
                        } else if half_open {
                            10
                        } else {
                            0
                        };
                        mg[c] += 3 * mobility + file_bonus - 10;
                        eg[c] += 4 * mobility + file_bonus / 2;
                        if relative == 6 {
                            mg[c] += 15;
                            eg[c] += 20;
                        }
                    }
                    PieceKind::Child => {
                        let (am, ae) = CHILD_RANK[relative];
                        mg[c] += am + if (2..=5).contains(&square.file()) { 4 * relative as i32 } else { 0 };
                        eg[c] += ae;
                        if is_passed(square, color, enemy_children) {
                            let (pm, pe) = PASSED_RANK[relative];
                            mg[c] += pm;
                            eg[c] += pe;
                        }
                        let neighbours =
                            position.pieces(color, PieceKind::Child) & adjacent_files(square.file());
                        if neighbours.is_empty() {
                            mg[c] -= 10;
                            eg[c] -= 15;
                        }
                    }
                    PieceKind::Noyon => {
                        // Early on the noyon hides behind its children; late, it leads.
                        let home = (relative as i32) * -18 - 8 * center;
                        let shield =
                            (position.pieces(color, PieceKind::Child) & noyon_attacks(square)).count();
                        mg[c] += home + 12 * shield.min(3) as i32;
                        eg[c] += 10 * center;
                    }
                }
            }
        }
        if attackers >= 2 {
            mg[c] += attack_units * attack_units.min(30);
        }
        // Open files beside the other noyon are roads for a shak.
        let their_noyon = position.noyon(them);
        let own_heavy = position.pieces(color, PieceKind::Tereg) | position.pieces(color, PieceKind::Bers);
        if !own_heavy.is_empty() {
            let near = adjacent_files(their_noyon.file()) | Bitboard::file(their_noyon.file());
            for file in 0..8u8 {
                let mask = Bitboard::file(file);
                if (mask & near).is_empty() {
                    continue;
                }
                if (mask & position.pieces(them, PieceKind::Child)).is_empty() {
                    mg[c] += 18;
                }
            }
        }
    }
    let phase = phase.min(FULL_PHASE);
    let blend = |side: usize| (mg[side] * phase + eg[side] * (FULL_PHASE - phase)) / FULL_PHASE;
    let white = blend(0) - blend(1);
    let white = white + mop_up(position, white, phase);
    let white = scale_for_mate_rules(position, white, stalemate);
    let us = if position.side_to_move() == Color::White { white } else { -white };
    us + TEMPO
}

/// A lead counts for little if it cannot end in a shak mate: the leader
/// needs a man that gives shak, or a child to make one; and the other side
/// draws by robado once it has nothing but its noyon, so with one or two men
/// left it may throw them away.
fn scale_for_mate_rules(position: &Position, white: i32, stalemate: StalemateRule) -> i32 {
    let (leader, score) = if white >= 0 { (Color::White, white) } else { (Color::Black, -white) };
    let defender = leader.opponent();
    let shak_givers = position.pieces(leader, PieceKind::Bers)
        | position.pieces(leader, PieceKind::Tereg)
        | position.pieces(leader, PieceKind::Child);
    let moris = position.pieces(leader, PieceKind::Mori).count();
    let others = (position.color(leader) & !position.pieces(leader, PieceKind::Noyon)).count();
    let can_shak_mate = !shak_givers.is_empty() || (moris > 0 && others > moris);
    let defenders = (position.color(defender) & !position.pieces(defender, PieceKind::Noyon)).count();
    let mut scaled = score;
    if !can_shak_mate {
        scaled /= if stalemate == StalemateRule::Win { 4 } else { 8 };
    }
    scaled = match defenders {
        1 => scaled / 2,
        2 => scaled * 4 / 5,
        _ => scaled,
    };
    if white >= 0 { scaled } else { -scaled }
}

/// With a clear lead in the ending, drive the other noyon to the edge and
/// bring one's own near: the way mates are found.
fn mop_up(position: &Position, white: i32, phase: i32) -> i32 {
    if white.abs() < 300 || phase > 12 {
        return 0;
    }
    let leader = if white > 0 { Color::White } else { Color::Black };
    let theirs = position.noyon(leader.opponent());
    let ours = position.noyon(leader);
    let distance = (theirs.file() as i32 - ours.file() as i32)
        .abs()
        .max((theirs.rank() as i32 - ours.rank() as i32).abs());
    let bonus = 12 * (3 - centrality(theirs)) + 6 * (7 - distance);
    if leader == Color::White { bonus } else { -bonus }
}

fn attack_weight(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::Bers => 4,
        PieceKind::Tereg => 3,
        PieceKind::Mori | PieceKind::Teme => 2,
        PieceKind::Noyon | PieceKind::Child => 1,
    }
}

fn children_attacks(children: Bitboard, color: Color) -> Bitboard {
    children.fold(Bitboard::EMPTY, |all, square| all | child_captures(color, square))
}

fn is_passed(square: Square, color: Color, enemy_children: Bitboard) -> bool {
    let files = adjacent_files(square.file()) | Bitboard::file(square.file());
    let ahead = match color {
        Color::White => Bitboard(u64::MAX.checked_shl(8 * (square.rank() as u32 + 1)).unwrap_or(0)),
        Color::Black => Bitboard(!u64::MAX.checked_shl(8 * square.rank() as u32).unwrap_or(0)),
    };
    (enemy_children & files & ahead).is_empty()
}

fn adjacent_files(file: u8) -> Bitboard {
    let mut files = Bitboard::EMPTY;
    if file > 0 {
        files |= Bitboard::file(file - 1);
    }
    if file < 7 {
        files |= Bitboard::file(file + 1);
    }
    files
}

fn relative_rank(square: Square, color: Color) -> usize {
    match color {
        Color::White => square.rank() as usize,
        Color::Black => 7 - square.rank() as usize,
    }
}

/// 0 on the rim to 3 in the centre.
fn centrality(square: Square) -> i32 {
    let file = square.file() as i32;
    let rank = square.rank() as i32;
    file.min(7 - file).min(rank).min(7 - rank)
}
