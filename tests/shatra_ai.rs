//! The shatra computer player: it takes the biy, finds a forced win, plays
//! only legal moves at every level, and stops when told.

use shatar::ai::Level;
use shatar::ai::Limits;
use shatar::ai::shatra::{choose_move, choose_within};
use shatar::rules::Color;
use shatar::shatra::{Game, ManKind, Move, Position, ShatraRules, legal_moves};
use std::sync::atomic::AtomicBool;

fn game(fen: &str) -> Game {
    Game::from_fen(ShatraRules::default(), fen).unwrap_or_else(|error| panic!("{fen}: {error}"))
}

fn takes_biy(position: &Position, mv: &Move) -> bool {
    let enemy = position.side_to_move().opponent();
    !position.after(mv).men(enemy).any(|(_, man)| man.kind == ManKind::Biy)
}

fn nodes(count: u64) -> Limits {
    Limits { nodes: Some(count), ..Limits::default() }
}

#[test]
fn every_level_takes_the_biy_when_it_can() {
    // The seed's mid-chain promotion: one of seven captures takes the biy.
    let game = game("3/1rp/2P/1/4p2/6k/7/7/7/6K/1/3/3/3 w - - 0 1");
    let stop = AtomicBool::new(false);
    for level in 1..=8 {
        let mv =
            choose_within(&game, &Level::new(level), nodes(20_000), u64::from(level), &stop).expect("a move");
        assert_eq!(mv.to_string(), "e12:e14Q:c12:g8:g10", "level {level}");
    }
}

#[test]
fn the_strong_levels_find_the_seeds_forced_win() {
    // White: Kd4, Ra5, pp b6, d7; Black: Kf7, Qc10. 1. d7-c8 forces the win.
    let game = game("3/3/3/1/2q4/7/7/3P1k1/1P5/R6/K/3/3/3 w - - 0 1");
    let stop = AtomicBool::new(false);
    for level in [6, 8] {
        let mv = choose_within(&game, &Level::new(level), Limits::depth(4), 7, &stop).expect("a move");
        let after = game.position().after(&mv);
        let replies = legal_moves(&after, game.rules());
        assert!(!replies.is_empty(), "level {level}: {mv}");
        for reply in replies {
            let next = after.after(&reply);
            assert!(
                legal_moves(&next, game.rules()).iter().any(|win| takes_biy(&next, win)),
                "level {level}: after {mv} {reply} White cannot take the biy"
            );
        }
    }
}

#[test]
fn every_level_plays_only_legal_moves() {
    let mut rng = fastrand::Rng::with_seed(77);
    let stop = AtomicBool::new(false);
    let mut asked = 0;
    for game_number in 0..12 {
        let mut game = Game::new(ShatraRules::default());
        for ply in 0..120 {
            if game.is_over() {
                break;
            }
            let legal = game.legal_moves();
            let mv = if ply % 9 == game_number % 9 {
                let level = rng.u8(1..=8);
                let mv = choose_within(&game, &Level::new(level), nodes(3_000), rng.u64(..), &stop)
                    .expect("a move");
                assert!(legal.contains(&mv), "level {level} chose {mv} at {}", game.position());
                asked += 1;
                mv
            } else {
                legal[rng.usize(..legal.len())].clone()
            };
            game.play(&mv).expect("legal");
        }
    }
    assert!(asked >= 40, "{asked} positions asked");
}

#[test]
fn a_stopped_search_still_answers_with_a_legal_move() {
    let game = Game::new(ShatraRules::default());
    let stop = AtomicBool::new(true);
    let mv = choose_move(&game, 8, 1, &stop).expect("a move");
    assert!(game.legal_moves().contains(&mv));
    let mut over = Game::new(ShatraRules::default());
    over.resign(Color::White).expect("resigned");
    assert_eq!(choose_move(&over, 3, 1, &AtomicBool::new(false)), None);
}

#[test]
fn a_deeper_search_beats_a_shallow_one() {
    // Two short games, colours swapped: depth 3 against depth 1.
    let stop = AtomicBool::new(false);
    let mut deep_points = 0.0;
    for deep_side in Color::BOTH {
        let mut game = Game::new(ShatraRules::default());
        while !game.is_over() && game.moves().len() < 200 {
            let side = game.position().side_to_move();
            let depth = if side == deep_side { 3 } else { 1 };
            let limits = Limits { depth: Some(depth), nodes: Some(200_000), ..Limits::default() };
            let mv = choose_within(&game, &Level::new(8), limits, 3, &stop).expect("a move");
            game.play(&mv).expect("legal");
        }
        deep_points += match game.outcome().and_then(|outcome| outcome.winner()) {
            Some(winner) if winner == deep_side => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
    }
    assert!(deep_points >= 1.5, "depth 3 scored {deep_points} of 2 against depth 1");
}
