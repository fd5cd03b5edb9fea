//! Shatra's move generation checked two independent ways: the core's ray
//! walker against the slow square-pair generator in `common/slow_shatra.rs`,
//! node by node in random games and by perft counts.

mod common;

use common::slow_shatra::Slow;
use shatar::shatra::{DoubleStep, GatePawn, Move, Position, ShatraRules, legal_moves, perft};
use std::collections::BTreeMap;

/// The core's FEN without its counters.
fn board_fen(position: &Position) -> String {
    position.fen().split(' ').take(4).collect::<Vec<_>>().join(" ")
}

/// Both generators' moves and successors at `position`, which must agree.
fn assert_same_node(position: &Position, rules: ShatraRules) -> Vec<Move> {
    let core = legal_moves(position, rules);
    let core_map: BTreeMap<String, String> =
        core.iter().map(|mv| (mv.to_string(), board_fen(&position.after(mv)))).collect();
    assert_eq!(core_map.len(), core.len(), "the core lists a move twice at {position}");
    let slow = Slow::from_core(position);
    assert_eq!(slow.fen(), board_fen(position), "the slow generator reads the position");
    let slow_map: BTreeMap<String, String> =
        slow.legal(rules).into_iter().map(|mv| (mv.text, mv.after.fen())).collect();
    let core_only: Vec<&String> = core_map.keys().filter(|text| !slow_map.contains_key(*text)).collect();
    let slow_only: Vec<&String> = slow_map.keys().filter(|text| !core_map.contains_key(*text)).collect();
    assert!(
        core_only.is_empty() && slow_only.is_empty(),
        "at {position}: core only {core_only:?}, slow only {slow_only:?}"
    );
    for (text, after) in &core_map {
        assert_eq!(after, &slow_map[text], "after {text} from {position}");
    }
    core
}

fn rule_sets() -> [ShatraRules; 3] {
    let default = ShatraRules::default();
    [
        default,
        ShatraRules { drops_on_great_road: false, double_step: DoubleStep::RearmostRank, ..default },
        ShatraRules { gate_pawn: GatePawn::General, ..default },
    ]
}

#[test]
fn both_generators_agree_at_every_node_of_random_games() {
    let mut rng = fastrand::Rng::with_seed(2002);
    let mut nodes = 0;
    let mut captures = 0;
    let mut chains = 0;
    for game in 0..400 {
        let rules = rule_sets()[game % 3];
        let mut position = Position::initial();
        for _ in 0..160 {
            let moves = assert_same_node(&position, rules);
            nodes += 1;
            if moves.is_empty() {
                break;
            }
            // Prefer captures now and then so that games reach open,
            // capture-rich positions.
            let mv = &moves[rng.usize(..moves.len())];
            captures += usize::from(mv.is_capture());
            chains += usize::from(matches!(mv, Move::Capture { legs, .. } if legs.len() > 1));
            position.play(mv);
            if position.men(position.side_to_move()).all(|(_, man)| man.kind != shatar::shatra::ManKind::Biy)
            {
                break;
            }
        }
    }
    println!("{nodes} nodes, {captures} captures, {chains} chains");
    assert!(nodes > 10_000, "{nodes} nodes");
    assert!(captures > 1_000 && chains > 50, "{captures} captures, {chains} chains of two or more");
}

/// Perft counts, each computed by both generators.
const PERFT: [(&str, u32, u64); 8] = [
    ("pqp/prp/brb/k/ppppppp/7/7/7/7/PPPPPPP/K/BRB/PRP/PQP w WB - 0 1", 1, 140),
    ("pqp/prp/brb/k/ppppppp/7/7/7/7/PPPPPPP/K/BRB/PRP/PQP w WB - 0 1", 2, 19600),
    ("pqp/prp/brb/k/ppppppp/7/7/7/7/PPPPPPP/K/BRB/PRP/PQP w WB - 0 1", 3, 2198425),
    ("3/3/3/1/2p3k/4pp1/p6/7/p6/Q6/K/3/3/3 w - - 0 1", 3, 822),
    ("3/1rp/2P/1/4p2/6k/7/7/7/6K/1/3/3/3 w - - 0 1", 3, 2946),
    // A reserve man capturing inside his fortress.
    ("3/3/3/1/k6/7/7/7/7/6K/1/B1B/PpP/PQP w W - 0 1", 3, 3927),
    // A pawn in the enemy's gate.
    ("3/3/3/P/2p1p2/7/k6/7/7/6K/1/3/3/3 w - - 0 1", 3, 1210),
    // En passant.
    ("3/3/3/1/6k/7/7/1p5/7/2P3K/1/3/3/3 w - - 0 1", 4, 1134),
];

#[test]
fn perft_counts_agree() {
    for (fen, depth, expected) in PERFT {
        let position = Position::from_fen(fen).expect("fen");
        let rules = ShatraRules::default();
        let fast = perft(&position, rules, depth);
        let slow = Slow::from_core(&position).perft(rules, depth);
        println!("{fen} depth {depth}: {fast}");
        assert_eq!(fast, slow, "{fen} depth {depth}");
        if std::env::var_os("SHATRA_PERFT_PRINT").is_none() {
            assert_eq!(fast, expected, "{fen} depth {depth}");
        }
    }
}
