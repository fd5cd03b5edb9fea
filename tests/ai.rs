//! The computer player: tactics that follow Shatar's mate rules, legality
//! over many positions, levels, and stopping.

mod common;

use common::{game_with, reference_rows};
use shatar::ai::{Level, Limits, MATE_BOUND, MAX_LEVEL, Searcher, Thought};
use shatar::rules::{Color, Game, Move, Outcome, RuleOptions, StalemateRule, WinReason};
use std::sync::atomic::{AtomicBool, Ordering};

fn think(game: &Game, depth: u32) -> Thought {
    let stop = AtomicBool::new(false);
    Searcher::new(16).think(game, &Limits::depth(depth), &stop, |_| {})
}

fn draw_on_stalemate() -> RuleOptions {
    RuleOptions { stalemate: StalemateRule::Draw, ..RuleOptions::default() }
}

/// Whether the side to move wins by force within `moves` of its moves, as
/// the rules core judges it. Independent of the search.
fn forced_win(game: &Game, moves: u32) -> bool {
    let winner = game.position().side_to_move();
    game.legal_moves().into_iter().any(|mv| wins_after(game, mv, winner, moves))
}

fn wins_after(game: &Game, mv: Move, winner: Color, moves: u32) -> bool {
    let mut next = game.clone();
    if next.play(mv).is_err() {
        return false;
    }
    match next.outcome() {
        Some(outcome) => outcome.winner() == Some(winner),
        None if moves <= 1 => false,
        None => next.legal_moves().into_iter().all(|reply| {
            let mut after = next.clone();
            after.play(reply).is_ok()
                && match after.outcome() {
                    Some(outcome) => outcome.winner() == Some(winner),
                    None => forced_win(&after, moves - 1),
                }
        }),
    }
}

/// Plays the principal variation and returns the game's end, if it ends.
fn play_pv(game: &Game, pv: &[Move]) -> Option<Outcome> {
    let mut game = game.clone();
    for &mv in pv {
        game.play(mv).unwrap_or_else(|error| panic!("PV move {mv}: {error}"));
    }
    game.outcome()
}

#[test]
fn finds_a_shak_mate_in_two() {
    let game = game_with(RuleOptions::default(), "3r2k1/5ppp/8/8/8/8/4R3/4R2K w - - 0 1", "");
    let thought = think(&game, 6);
    assert_eq!(thought.score, shatar::ai::MATE - 3, "mate in 2: {thought:?}");
    assert_eq!(thought.best.map(|mv| mv.to_string()).as_deref(), Some("e2e8"));
    assert_eq!(
        play_pv(&game, &thought.pv),
        Some(Outcome::Win { winner: Color::White, reason: WinReason::ShakMate })
    );
    let best = thought.best.expect("a move");
    assert!(wins_after(&game, best, Color::White, 2), "the rules core confirms the forced mate");
    assert!(!forced_win(&game, 1), "no mate in 1");
}

#[test]
fn finds_a_shak_mate_in_three() {
    let game = game_with(RuleOptions::default(), "2rr2k1/5ppp/8/8/8/4J3/4R3/4R2K w - - 0 1", "");
    let thought = think(&game, 8);
    assert_eq!(thought.score, shatar::ai::MATE - 5, "mate in 3: {thought:?}");
    let best = thought.best.expect("a move");
    assert!(wins_after(&game, best, Color::White, 3), "{best} forces mate in 3");
    assert!(!forced_win(&game, 2), "no mate in 2");
    assert_eq!(
        play_pv(&game, &thought.pv),
        Some(Outcome::Win { winner: Color::White, reason: WinReason::ShakMate })
    );
}

#[test]
fn prefers_a_shak_mate_to_a_tempting_mori_mate() {
    // e4f2 mates at once, but by mori alone: a draw. The tereg mates in two.
    let fen = "8/3p4/2R5/8/2N1N3/7K/7B/7k w - - 0 1";
    let mori_mate = game_with(draw_on_stalemate(), fen, "e4f2");
    assert_eq!(mori_mate.outcome(), Some(Outcome::Draw(shatar::rules::DrawReason::MoriMate)));
    for rules in [draw_on_stalemate(), RuleOptions::default()] {
        let game = game_with(rules, fen, "");
        let thought = think(&game, 6);
        let best = thought.best.expect("a move");
        assert_ne!(best.to_string(), "e4f2", "{rules:?}");
        assert!(thought.score >= MATE_BOUND, "a win, {rules:?}: {thought:?}");
        assert!(wins_after(&game, best, Color::White, 2), "{best} wins by force, {rules:?}");
    }
}

#[test]
fn refuses_robado_when_winning() {
    // Jxc4 wins the last black man, and with it the game would be robado.
    let game = game_with(RuleOptions::default(), "7k/8/5KP1/1J6/2p5/8/8/R7 w - - 0 1", "");
    let robado = game_with(RuleOptions::default(), "7k/8/5KP1/1J6/2p5/8/8/R7 w - - 0 1", "b5c4");
    assert_eq!(robado.outcome(), Some(Outcome::Draw(shatar::rules::DrawReason::Robado)));
    let thought = think(&game, 6);
    let best = thought.best.expect("a move");
    assert!(game.position().piece_at(best.to).is_none(), "no capture: {best}");
    assert_eq!(
        play_pv(&game, &thought.pv),
        Some(Outcome::Win { winner: Color::White, reason: WinReason::ShakMate })
    );
}

#[test]
fn finds_a_saving_robado_when_lost() {
    // White mates next move; b3b2 checks, and every answer takes Black's
    // last man: robado.
    let game = game_with(RuleOptions::default(), "7k/RJ6/8/8/8/1p6/P7/KN6 b - - 0 1", "");
    assert!(forced_win(&game_with(RuleOptions::default(), "7k/RJ6/8/8/8/1p6/P7/KN6 w - - 0 1", ""), 1));
    let thought = think(&game, 6);
    assert_eq!(thought.best.map(|mv| mv.to_string()).as_deref(), Some("b3b2"));
    assert_eq!(thought.score, 0, "a draw");
    let mut after = game.clone();
    after.play_uci("b3b2").expect("legal");
    for reply in after.legal_moves() {
        let mut end = after.clone();
        end.play(reply).expect("legal");
        assert_eq!(end.outcome(), Some(Outcome::Draw(shatar::rules::DrawReason::Robado)), "{reply}");
    }
}

#[test]
fn never_returns_an_illegal_move() {
    let stop = AtomicBool::new(false);
    let mut searcher = Searcher::new(4);
    for (index, row) in reference_rows().iter().enumerate().step_by(2) {
        let game = game_with(RuleOptions::default(), &row.fen, "");
        let level = Level::new(1 + (index % MAX_LEVEL as usize) as u8);
        let limits = Limits { nodes: Some(3_000), ..Limits::default() };
        let chosen = level.choose(&mut searcher, &game, limits, index as u64, &stop, |_| {});
        match chosen {
            Some(mv) => {
                assert!(row.legal.contains(&mv.to_string()), "{}: {mv} at level {}", row.fen, level.number);
            }
            None => assert!(row.legal.is_empty() && game.is_over(), "{}: no move", row.fen),
        }
    }
}

#[test]
fn plays_whole_games_legally_at_every_level() {
    let stop = AtomicBool::new(false);
    for level in 1..=MAX_LEVEL {
        let mut game = Game::new(RuleOptions::default(), Color::White);
        let mut searchers = [Searcher::new(2), Searcher::new(2)];
        while !game.is_over() && game.moves().len() < 120 {
            let side = game.position().side_to_move().index();
            let limits = Limits { nodes: Some(2_000), ..Limits::default() };
            let seed = game.moves().len() as u64;
            let mv = Level::new(level).choose(&mut searchers[side], &game, limits, seed, &stop, |_| {});
            let mv = mv.expect("a move while the game is on");
            game.play(mv).unwrap_or_else(|error| panic!("level {level}: {error}"));
        }
        assert!(game.moves().len() >= 2);
    }
}

#[test]
fn the_weaker_levels_vary_and_the_strongest_does_not() {
    let game = game_with(RuleOptions::default(), shatar::rules::INITIAL_FEN, "d2d4 d7d5");
    let stop = AtomicBool::new(false);
    let choices = |level: u8| {
        let mut searcher = Searcher::new(2);
        (0..12)
            .map(|seed| {
                searcher.clear();
                Level::new(level).choose(&mut searcher, &game, Limits::default(), seed, &stop, |_| {})
            })
            .collect::<std::collections::HashSet<_>>()
    };
    assert!(choices(1).len() >= 3, "a beginner varies its play");
    let strongest = Level::new(MAX_LEVEL);
    let mut searcher = Searcher::new(2);
    let first = strongest.choose(&mut searcher, &game, Limits::depth(4), 1, &stop, |_| {});
    searcher.clear();
    let second = strongest.choose(&mut searcher, &game, Limits::depth(4), 2, &stop, |_| {});
    assert_eq!(first, second, "full strength is deterministic");
}

#[test]
fn the_weakest_level_still_takes_a_mate_in_one() {
    let game = game_with(RuleOptions::default(), "7k/8/5KP1/8/2p5/8/8/R7 w - - 0 1", "");
    let stop = AtomicBool::new(false);
    for seed in 0..8 {
        let mv = Level::new(1).choose(&mut Searcher::new(1), &game, Limits::default(), seed, &stop, |_| {});
        assert_eq!(mv.map(|mv| mv.to_string()).as_deref(), Some("a1a8"), "seed {seed}");
    }
}

#[test]
fn a_stop_ends_the_search_within_one_poll() {
    // The flag is read every 1024 nodes; set during the search, it must end
    // it within that many more nodes, whatever the machine's speed.
    let game = game_with(RuleOptions::default(), shatar::rules::INITIAL_FEN, "d2d4 d7d5");
    let stop = AtomicBool::new(false);
    let mut nodes_at_stop = 0;
    let thought = Searcher::new(16).think(&game, &Limits::default(), &stop, |report| {
        if report.depth == 6 {
            nodes_at_stop = report.nodes;
            stop.store(true, Ordering::Relaxed);
        }
    });
    assert!(nodes_at_stop > 0, "depth 6 was reached");
    assert!(
        thought.nodes <= nodes_at_stop + 1024 + 1,
        "{} nodes after the stop",
        thought.nodes - nodes_at_stop
    );
    assert_eq!(thought.depth, 6);
    assert!(thought.best.is_some_and(|mv| game.position().is_legal(mv)));
}

#[test]
fn a_finished_game_has_no_move() {
    let game = game_with(RuleOptions::default(), "4k3/8/8/8/8/8/p7/R3K3 w - - 0 1", "a1a2");
    assert!(game.is_over());
    assert_eq!(think(&game, 3).best, None);
}

#[test]
fn the_fifty_move_rule_saves_the_lost_side_only_when_in_force() {
    // Two teregs against a child: lost for Black, but the 100th quiet ply draws.
    let fen = "4k3/7p/8/8/8/8/1R6/R5K1 b - - 99 80";
    for fifty_move_draw in [true, false] {
        let rules = RuleOptions { fifty_move_draw, ..RuleOptions::default() };
        let game = game_with(rules, fen, "");
        let thought = think(&game, 8);
        let mut after = game.clone();
        after.play(thought.best.expect("a move")).expect("legal");
        if fifty_move_draw {
            assert_eq!(thought.score, 0, "{thought:?}");
            assert_eq!(after.outcome(), Some(Outcome::Draw(shatar::rules::DrawReason::FiftyMoves)));
        } else {
            assert!(thought.score < -300, "lost without the rule: {thought:?}");
            assert_eq!(after.outcome(), None);
        }
    }
}

#[test]
fn a_second_occurrence_is_not_yet_a_draw() {
    // d8e8 would bring the start back only a second time: White turns
    // aside, and Black stays lost.
    let fen = "4k3/7p/8/8/8/8/1R6/R5K1 w - - 0 1";
    let game = game_with(RuleOptions::default(), fen, "a1a2 e8d8 a2a1");
    let thought = think(&game, 8);
    assert!(thought.score < -300, "a twofold repetition scored as a draw: {thought:?}");
}

#[test]
fn repetition_saves_the_lost_side_only_when_in_force() {
    // The teregs shuffled; Black's d8e8 brings the start back a third time.
    let fen = "4k3/7p/8/8/8/8/1R6/R5K1 w - - 0 1";
    let moves = "a1a2 e8d8 a2a1 d8e8 a1a2 e8d8 a2a1";
    for repetition_draw in [true, false] {
        let rules = RuleOptions { repetition_draw, ..RuleOptions::default() };
        let game = game_with(rules, fen, moves);
        let thought = think(&game, 8);
        let best = thought.best.expect("a move");
        let mut after = game.clone();
        after.play(best).expect("legal");
        if repetition_draw {
            assert_eq!(best.to_string(), "d8e8");
            assert_eq!(thought.score, 0, "{thought:?}");
            assert_eq!(after.outcome(), Some(Outcome::Draw(shatar::rules::DrawReason::Repetition)));
        } else {
            assert!(thought.score < -300, "lost without the rule: {thought:?}");
            assert_eq!(after.outcome(), None);
        }
    }
}
