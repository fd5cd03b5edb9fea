//! Every way a game of Shatar ends, each built from the seeds' texts.

mod common;

use common::{game_after, game_with};
use shatar::rules::{
    CheckKind, Color, DrawReason, Game, INITIAL_FEN, Outcome, RuleOptions, StalemateRule, WinReason,
};

fn white_wins(reason: WinReason) -> Option<Outcome> {
    Some(Outcome::Win { winner: Color::White, reason })
}

fn draw(reason: DrawReason) -> Option<Outcome> {
    Some(Outcome::Draw(reason))
}

fn checks(game: &Game) -> Vec<CheckKind> {
    game.last_checks().iter().collect()
}

#[test]
fn mate_with_a_shak_wins() {
    // "One may not mate except by a shak": the tereg mates along the back rank.
    let game = game_after("4k3/8/4K3/2B4N/p7/8/8/1R6 w - - 0 1", "b1b8");
    assert_eq!(checks(&game), [CheckKind::Shak]);
    assert_eq!(game.outcome(), white_wins(WinReason::ShakMate));
    assert_eq!(game.outcome().map(|o| o.to_string()).as_deref(), Some("White wins: mate with shak"));
}

#[test]
fn mate_after_a_series_that_began_with_a_shak_wins() {
    // Seed 000: "checking with a knight, then in the next move with a pawn,
    // and then mating with a bishop, then the game is won".
    let game = game_after("5K2/8/1k3N2/1P6/8/1B6/5p2/8 w - - 0 1", "f6d7 b6a7 b5b6 a7a8");
    assert_eq!(game.outcome(), None);
    let kinds: Vec<_> = game.moves().iter().step_by(2).map(|played| played.checks).collect();
    assert!(kinds[0].contains(CheckKind::Shak) && kinds[1].contains(CheckKind::Tsod));
    let mut game = game;
    game.play_uci("b3d5").expect("the teme mates");
    assert_eq!(checks(&game), [CheckKind::Tuk]);
    assert_eq!(game.outcome(), white_wins(WinReason::ShakMate));
}

#[test]
fn mate_without_any_shak_is_niol() {
    // Seed 003: "nulle s'il est mis en échec d'abord par un chameau puis mat par un pion".
    let game = game_after("8/8/k6P/2K3p1/B7/1P6/8/8 w - - 0 1", "a4b5 a6a5 b3b4");
    assert_eq!(game.moves()[0].checks.iter().collect::<Vec<_>>(), [CheckKind::Tuk]);
    assert_eq!(checks(&game), [CheckKind::Tsod]);
    assert_eq!(game.outcome(), draw(DrawReason::Niol));
    assert_eq!(game.outcome().map(|o| o.to_string()).as_deref(), Some("Draw: niol, mate without shak"));
}

#[test]
fn a_quiet_move_breaks_the_series_so_a_later_tuk_mate_is_niol() {
    // A bers shak (by promotion), a quiet bers move, then the teme mates.
    let game = game_after("6R1/4P3/8/8/B7/K7/4k2p/8 w - - 0 1", "e7e8j e2f1 e8e3 h2h1j a4b5");
    assert_eq!(game.moves()[0].checks.iter().collect::<Vec<_>>(), [CheckKind::Shak]);
    assert!(!game.moves()[2].checks.is_check());
    assert_eq!(checks(&game), [CheckKind::Tuk]);
    assert_eq!(game.outcome(), draw(DrawReason::Niol));
}

#[test]
fn mate_by_the_mori_alone_is_drawn() {
    let game = game_after("8/3p4/8/8/2N1N3/7K/7B/7k w - - 0 1", "e4f2");
    assert_eq!(checks(&game), [CheckKind::Shak]);
    assert_eq!(game.outcome(), draw(DrawReason::MoriMate));
    assert_eq!(game.outcome().map(|o| o.to_string()).as_deref(), Some("Draw: mate by the mori"));
}

#[test]
fn mate_by_the_mori_is_drawn_even_after_a_shak() {
    // "The final move, which delivers checkmate, can not be made by a knight".
    let game = game_after("N7/1K5p/1B6/8/1k6/8/7R/8 w - - 0 1", "h2h4 b4b5 a8c7");
    assert!(game.moves()[0].checks.contains(CheckKind::Shak));
    assert_eq!(game.outcome(), draw(DrawReason::MoriMate));
}

#[test]
fn a_mori_that_uncovers_a_tereg_mates_with_two_checkers_and_wins() {
    // Not every checker is a mori: the tereg's shak counts.
    let game = game_after("7k/p7/5K2/8/7N/8/B7/7R w - - 0 1", "h4g6");
    let position = game.position();
    assert_eq!(position.checkers().count(), 2);
    assert_eq!(game.outcome(), white_wins(WinReason::ShakMate));
}

#[test]
fn a_double_check_carries_two_kinds() {
    let game = game_after("7k/p7/8/4N3/8/8/8/B3K3 w - - 0 1", "e5f7");
    assert_eq!(checks(&game), [CheckKind::Shak, CheckKind::Tuk]);
}

#[test]
fn robado_a_capture_that_leaves_a_bare_noyon_draws_at_once() {
    let game = game_after("4k3/8/8/8/8/8/p7/R3K3 w - - 0 1", "a1a2");
    assert!(game.position().is_bare(Color::Black));
    assert_eq!(game.outcome(), draw(DrawReason::Robado));
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.outcome().map(|o| o.to_string()).as_deref(), Some("Draw: robado, bare noyon"));
}

#[test]
fn robado_takes_precedence_over_a_mate_on_the_same_capture() {
    // The tereg takes Black's last piece, giving what would be a shak mate.
    let game = game_after("r6k/8/6K1/8/8/8/8/R7 w - - 0 1", "a1a8");
    assert!(game.position().is_check() && game.position().legal_moves().is_empty());
    assert_eq!(game.outcome(), draw(DrawReason::Robado));
    // The same mate with a black piece left on the board wins.
    let game = game_after("r6k/8/6K1/8/8/8/7p/R7 w - - 0 1", "a1a8");
    assert_eq!(game.outcome(), white_wins(WinReason::ShakMate));
}

#[test]
fn robado_at_the_start_ends_the_game_before_any_move() {
    let game = game_after("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "");
    assert_eq!(game.outcome(), draw(DrawReason::Robado));
}

#[test]
fn stalemate_wins_by_default_and_draws_under_the_option() {
    let fen = "7k/8/6K1/3N4/8/p7/P7/8 w - - 0 1";
    let game = game_after(fen, "d5f6");
    assert!(!game.position().is_check());
    assert_eq!(game.outcome(), white_wins(WinReason::Stalemate));
    assert_eq!(game.outcome().map(|o| o.to_string()).as_deref(), Some("White wins by stalemate"));
    let drawn = RuleOptions { stalemate: StalemateRule::Draw, ..RuleOptions::default() };
    assert_eq!(game_with(drawn, fen, "d5f6").outcome(), draw(DrawReason::Stalemate));
}

#[test]
fn threefold_repetition_draws_and_can_be_switched_off() {
    let shuffle = "d2d4 d7d5 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8";
    let game = game_after(INITIAL_FEN, shuffle);
    assert_eq!(game.outcome(), draw(DrawReason::Repetition));
    let short = game_after(INITIAL_FEN, "d2d4 d7d5 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
    assert_eq!(short.outcome(), None, "only twice so far");
    let off = RuleOptions { repetition_draw: false, ..RuleOptions::default() };
    assert_eq!(game_with(off, INITIAL_FEN, shuffle).outcome(), None);
}

#[test]
fn fifty_moves_without_capture_or_child_move_draw() {
    let fen = "4k3/p7/8/8/8/8/P7/4K2R w - - 99 80";
    assert_eq!(game_after(fen, "h1h2").outcome(), draw(DrawReason::FiftyMoves));
    assert_eq!(game_after(fen, "a2a3").outcome(), None, "a child move resets the count");
    let off = RuleOptions { fifty_move_draw: false, ..RuleOptions::default() };
    assert_eq!(game_with(off, fen, "h1h2").outcome(), None);
}

#[test]
fn draw_by_agreement_and_resignation_are_explicit_actions() {
    let mut game = game_after(INITIAL_FEN, "d2d4 d7d5");
    game.agree_draw().expect("the game is on");
    assert_eq!(game.outcome(), draw(DrawReason::Agreement));
    assert!(game.play_uci("e2e3").is_err(), "no move after the agreement");
    assert!(game.agree_draw().is_err());
    let mut game = game_after(INITIAL_FEN, "d2d4 d7d5");
    game.resign(Color::Black).expect("the game is on");
    assert_eq!(game.outcome(), white_wins(WinReason::Resignation));
}

#[test]
fn no_move_is_accepted_after_a_mate() {
    let mut game = game_after("4k3/8/4K3/2B4N/p7/8/8/1R6 w - - 0 1", "b1b8");
    assert!(game.play_uci("a4a3").is_err());
    assert!(game.legal_moves().is_empty());
    game.undo().expect("one move to take back");
    assert_eq!(game.outcome(), None);
    assert_eq!(game.legal_moves().len(), game.position().legal_moves().len());
}

#[test]
fn the_obligatory_opening_with_white_first() {
    let mut game = Game::new(RuleOptions::default(), Color::White);
    assert_eq!(moves(&game), ["d2d4"]);
    assert!(game.play_uci("e2e4").is_err());
    game.play_uci("d2d4").expect("the obligatory move");
    assert_eq!(moves(&game), ["d7d5"]);
    assert!(game.play_uci("d7d6").is_err());
    game.play_uci("d7d5").expect("the obligatory answer");
    assert_eq!(moves(&game).len(), 20);
    assert!(!moves(&game).contains(&"e2e4".to_string()), "no other child steps twice");
    assert_eq!(game.position().to_fen(), "rnbjkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBJKBNR w - - 0 2");
}

#[test]
fn the_obligatory_opening_with_black_first() {
    let mut game = Game::new(RuleOptions::default(), Color::Black);
    assert_eq!(game.position().to_fen(), "rnbjkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBJKBNR b - - 0 1");
    assert_eq!(moves(&game), ["d7d5"]);
    game.play_uci("d7d5").expect("the obligatory move");
    assert_eq!(moves(&game), ["d2d4"]);
    game.play_uci("d2d4").expect("the obligatory answer");
    assert_eq!(game.position().side_to_move(), Color::Black);
    assert_eq!(moves(&game).len(), 20);
    assert_eq!(game.position().perft(2), 400);
}

#[test]
fn perft_from_the_initial_array_runs_through_the_opening() {
    let game = Game::new(RuleOptions::default(), Color::White);
    let counts: Vec<u64> = (1..=4).map(|depth| game.position().perft(depth)).collect();
    assert_eq!(counts, [1, 1, 20, 400]);
}

#[test]
fn a_child_promotes_to_bers_and_only_to_bers() {
    let mut game = game_after("4k3/P7/8/8/8/8/p7/4K3 w - - 0 1", "");
    let promotions: Vec<String> =
        game.legal_moves().iter().filter(|mv| mv.promotion).map(ToString::to_string).collect();
    assert_eq!(promotions, ["a7a8j"]);
    let played = game.play_uci("a7a8").expect("the suffix may be left out").clone();
    assert_eq!(played.san, "a8=J+");
    assert_eq!(played.checks.iter().collect::<Vec<_>>(), [CheckKind::Shak]);
    assert_eq!(game.position().to_fen(), "J3k3/8/8/8/8/8/p7/4K3 b - - 0 1");
    assert!(game.play_uci("a2a1q").is_err(), "no other promotion");
    game.play_uci("e8d7").expect("the noyon steps out of the shak");
    assert!(game.play_uci("a8a7j").is_err(), "only a child promotes");
}

#[test]
fn no_castling_no_en_passant_no_double_step_after_the_opening() {
    // The e2 child may step once only; the noyon may not castle.
    let game = game_after("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w - - 0 1", "");
    let list = moves(&game);
    assert!(!list.contains(&"e1g1".to_string()) && !list.contains(&"e1c1".to_string()));
    assert!(!list.contains(&"e2e4".to_string()) && list.contains(&"e2e3".to_string()));
    // After b7-b5 next to a white child on a5 there is no en passant capture.
    let game = game_after("4k3/1p6/8/P7/8/8/8/4K3 b - - 0 1", "b7b6 a5a6 b6b5");
    assert!(!moves(&game).iter().any(|mv| mv.starts_with("a6b")));
}

fn moves(game: &Game) -> Vec<String> {
    game.legal_moves().iter().map(ToString::to_string).collect()
}
