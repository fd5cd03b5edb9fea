//! The game without a window: `MinimalPlugins` plus the game's own plugins,
//! driven through the real input path by triggering picking events on the
//! piece and square entities.
#![cfg(feature = "game")]

mod common;

use bevy::picking::pointer::{PointerButton, PointerId};
use bevy::prelude::*;
use common::board::{assert_mirror, click_on, hit, location, piece_entity, square_entity};
use common::game_after;
use shatar::game::{
    ActiveGame, DrawOffer, GameAction, PieceView, Place, Player, SaveDir, Screen, Selection, Shake,
    SquareMark, Thinking, headless_plugin,
};
use shatar::rules::{
    Color as Side, DrawReason, Game, Outcome, PieceKind, Reason, RuleOptions, Square, StalemateRule,
    WinReason,
};
use shatar::variant::AnyGame;
use std::time::Duration;

fn app_with(game: Game, players: [Player; 2]) -> App {
    app_with_active(ActiveGame::new(game, players))
}

/// The app with this game resource from its first frame.
fn app_with_active(active: ActiveGame) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins).add_plugins(headless_plugin);
    app.insert_resource(active);
    app.update();
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Game);
    app.update();
    assert_mirror(&mut app);
    app
}

fn two_people() -> App {
    app_with(Game::new(RuleOptions::default(), Side::White), [Player::Human; 2])
}

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|| panic!("bad square {name}"))
}

fn game(app: &App) -> &Game {
    app.world().resource::<ActiveGame>().game().shatar().expect("a Shatar game")
}

/// Clicks what stands on a square: the piece if there is one, else the square.
fn click(app: &mut App, square: &str) {
    click_on(app, PointerId::Mouse, sq(square));
    app.update();
}

/// Plays a UCI move by two clicks.
fn play(app: &mut App, uci: &str) {
    let before = game(app).moves().len();
    click(app, &uci[..2]);
    click(app, &uci[2..4]);
    assert_eq!(game(app).moves().len(), before + 1, "{uci} was not played");
    assert_mirror(app);
}

fn action(app: &mut App, action: GameAction) {
    app.world_mut().trigger(action);
    app.update();
    assert_mirror(app);
}

fn mark(app: &mut App, square: &str) -> SquareMark {
    let entity = square_entity(app, sq(square));
    *app.world().get::<SquareMark>(entity).expect("a mark")
}

#[test]
fn select_shows_legal_destinations_then_move() {
    let mut app = two_people();
    click(&mut app, "d2");
    let selection = app.world().resource::<Selection>();
    assert_eq!(selection.from, Some(sq("d2").into()));
    assert_eq!(selection.moves.iter().map(|mv| mv.to().to_string()).collect::<Vec<_>>(), ["d4"]);
    assert_eq!(mark(&mut app, "d2"), SquareMark::Selected);
    assert_eq!(mark(&mut app, "d4"), SquareMark::Target);
    assert_eq!(mark(&mut app, "d3"), SquareMark::Plain, "the opening allows only the double step");
    let mover = piece_entity(&mut app, sq("d2")).expect("a child on d2");
    click(&mut app, "d4");
    assert_eq!(game(&app).moves().len(), 1);
    assert_eq!(app.world().get::<PieceView>(mover).map(|v| v.place), Some(Place::Board(sq("d4").into())));
    assert_eq!(mark(&mut app, "d2"), SquareMark::LastMove);
    assert_eq!(mark(&mut app, "d4"), SquareMark::LastMove);
    assert_eq!(app.world().resource::<Selection>().from, None);
    assert_mirror(&mut app);
}

/// Drags the piece on `from` and drops it on whatever stands on `to`.
fn drag(app: &mut App, from: &str, to: &str) {
    let piece = piece_entity(app, sq(from)).expect("a piece to drag");
    let target = piece_entity(app, sq(to)).unwrap_or_else(|| square_entity(app, sq(to)));
    let drop = DragDrop { button: PointerButton::Primary, dropped: piece, hit: hit() };
    app.world_mut().trigger(Pointer::new(PointerId::Mouse, location(), drop, target));
    app.update();
}

#[test]
fn drag_and_drop_plays_a_move_or_shakes() {
    let mut app = two_people();
    drag(&mut app, "e2", "e3");
    assert!(game(&app).moves().is_empty(), "the opening allows only d2-d4");
    let e2 = piece_entity(&mut app, sq("e2")).expect("a child on e2");
    assert!(app.world().get::<Shake>(e2).is_some());
    drag(&mut app, "d2", "d4");
    drag(&mut app, "d7", "d5");
    for uci in ["e2e3", "a7a6", "e3e4"] {
        play(&mut app, uci);
    }
    drag(&mut app, "d5", "e4");
    assert_eq!(
        game(&app).moves().last().map(|p| p.san.as_str()),
        Some("dxe4"),
        "a drop on a piece captures it"
    );
    assert_mirror(&mut app);
}

#[test]
fn behind_the_title_the_board_ignores_clicks() {
    let mut app = two_people();
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Title);
    app.update();
    click(&mut app, "d2");
    assert_eq!(app.world().resource::<Selection>().from, None);
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Game);
    app.update();
    click(&mut app, "d2");
    assert_eq!(app.world().resource::<Selection>().from, Some(sq("d2").into()));
}

#[test]
fn clicking_another_own_piece_or_elsewhere_changes_the_selection() {
    let mut app = two_people();
    for uci in ["d2d4", "d7d5"] {
        play(&mut app, uci);
    }
    click(&mut app, "g1");
    assert_eq!(app.world().resource::<Selection>().from, Some(sq("g1").into()));
    click(&mut app, "b1");
    assert_eq!(app.world().resource::<Selection>().from, Some(sq("b1").into()));
    click(&mut app, "b1");
    assert_eq!(app.world().resource::<Selection>().from, None, "a second click on the piece lets it go");
    click(&mut app, "b1");
    app.world_mut().trigger(shatar::game::Chosen(None));
    app.update();
    assert_eq!(app.world().resource::<Selection>().from, None, "a click off the board clears");
}

#[test]
fn capture_puts_the_piece_beside_the_board_and_marks_differ() {
    let mut app = two_people();
    for uci in ["d2d4", "d7d5", "e2e3", "a7a6", "e3e4"] {
        play(&mut app, uci);
    }
    click(&mut app, "d5");
    assert_eq!(mark(&mut app, "e4"), SquareMark::Capture);
    assert_eq!(mark(&mut app, "d4"), SquareMark::Plain, "a child cannot take straight ahead");
    let victim = piece_entity(&mut app, sq("e4")).expect("a child on e4");
    click(&mut app, "e4");
    let view = *app.world().get::<PieceView>(victim).expect("the captured child still exists");
    assert_eq!(view.place, Place::Beside(0));
    assert_eq!(view.piece.color, Side::White);
    assert_eq!(game(&app).moves().last().map(|p| p.san.as_str()), Some("dxe4"));
}

#[test]
fn undo_restores_the_captured_piece() {
    let mut app = two_people();
    for uci in ["d2d4", "d7d5", "e2e3", "a7a6", "e3e4", "d5e4"] {
        play(&mut app, uci);
    }
    action(&mut app, GameAction::Undo);
    assert_eq!(game(&app).moves().len(), 5);
    let world = app.world_mut();
    let beside =
        world.query::<&PieceView>().iter(world).filter(|v| matches!(v.place, Place::Beside(_))).count();
    assert_eq!(beside, 0, "the child is back on e4");
    assert_eq!(mark(&mut app, "e3"), SquareMark::LastMove);
}

#[test]
fn a_loaded_game_shows_its_captures_and_a_new_game_clears_them() {
    let moves = "d2d4 d7d5 e2e3 a7a6 e3e4 d5e4 d1d3 e4d3";
    let mut app = app_with(shatar::game::replay(moves).expect("legal"), [Player::Human; 2]);
    let world = app.world_mut();
    let beside =
        world.query::<&PieceView>().iter(world).filter(|v| matches!(v.place, Place::Beside(_))).count();
    assert_eq!(beside, 2, "the child and the bers stand beside the board");
    action(
        &mut app,
        GameAction::Start {
            game: Game::new(RuleOptions::default(), Side::Black).into(),
            players: [Player::Human; 2],
        },
    );
    let world = app.world_mut();
    assert_eq!(world.query::<&PieceView>().iter(world).count(), 32);
}

#[test]
fn promotion_to_bers_is_automatic_and_keeps_the_entity() {
    let fen = "7k/1P5p/8/8/8/8/8/K7 w - - 0 1";
    let mut app = app_with(game_after(fen, ""), [Player::Human; 2]);
    let child = piece_entity(&mut app, sq("b7")).expect("a child on b7");
    play(&mut app, "b7b8");
    let view = *app.world().get::<PieceView>(child).expect("the same entity");
    assert_eq!(view.place, Place::Board(sq("b8").into()));
    assert_eq!(view.piece.kind, PieceKind::Bers);
    assert!(game(&app).moves()[0].mv.promotion);
}

#[test]
fn an_illegal_click_shakes_and_changes_nothing() {
    let mut app = two_people();
    click(&mut app, "e2");
    let e2 = piece_entity(&mut app, sq("e2")).expect("a child on e2");
    assert!(app.world().get::<Shake>(e2).is_some(), "the opening forbids e2: it shakes");
    assert_eq!(app.world().resource::<Selection>().from, None);
    play(&mut app, "d2d4");
    play(&mut app, "d7d5");
    click(&mut app, "g1");
    click(&mut app, "g4");
    let g1 = piece_entity(&mut app, sq("g1")).expect("a mori on g1");
    assert!(app.world().get::<Shake>(g1).is_some(), "g1-g4 is no mori move");
    assert_eq!(game(&app).moves().len(), 2);
    assert_eq!(app.world().resource::<Selection>().from, None);
    click(&mut app, "e7");
    let e7 = piece_entity(&mut app, sq("e7")).expect("a child on e7");
    assert!(app.world().get::<Shake>(e7).is_some(), "not White's piece");
    assert_eq!(game(&app).moves().len(), 2);
    assert_mirror(&mut app);
}

#[test]
fn hover_marks_only_a_movable_piece() {
    let mut app = two_people();
    for (square, expected) in [("d2", SquareMark::Hover), ("d7", SquareMark::Plain)] {
        let entity = piece_entity(&mut app, sq(square)).expect("a piece");
        let over = Over { hit: hit() };
        app.world_mut().trigger(Pointer::new(PointerId::Mouse, location(), over, entity));
        app.update();
        assert_eq!(mark(&mut app, square), expected, "{square}");
        app.world_mut().trigger(Pointer::new(PointerId::Mouse, location(), Out { hit: hit() }, entity));
        app.update();
        assert_eq!(mark(&mut app, square), SquareMark::Plain);
    }
}

#[test]
fn the_computer_answers_on_a_background_task() {
    let mut app = app_with(Game::new(RuleOptions::default(), Side::White), [Player::Human, Player::Ai]);
    click(&mut app, "d2");
    click(&mut app, "d4");
    for _ in 0..2000 {
        if game(&app).moves().len() == 2 {
            break;
        }
        std::thread::sleep(Duration::from_millis(1));
        app.update();
    }
    assert_eq!(game(&app).moves().get(1).map(|p| p.mv.to_string()), Some("d7d5".to_string()));
    assert_mirror(&mut app);
    click(&mut app, "e7");
    assert_eq!(app.world().resource::<Selection>().from, None, "a person cannot move the computer's pieces");
    action(&mut app, GameAction::Undo);
    assert_eq!(game(&app).moves().len(), 0, "take back returns to the person's turn");
}

fn thinking_flag(app: &mut App) -> Option<std::sync::Arc<std::sync::atomic::AtomicBool>> {
    let world = app.world_mut();
    let mut query = world.query::<&Thinking>();
    query.iter(world).next().map(Thinking::stop_flag)
}

#[test]
fn new_game_and_take_back_stop_the_computer_at_once() {
    use std::sync::atomic::Ordering;
    // At the top level the computer would think for seconds.
    // The level is set before the first frame, so no weaker search starts.
    let top_level = |players| {
        let mut active = ActiveGame::new(game_after(shatar::rules::INITIAL_FEN, "d2d4 d7d5"), players);
        active.ai_level = shatar::ai::MAX_LEVEL;
        app_with_active(active)
    };
    let mut app = top_level([Player::Ai, Player::Human]);
    let flag = thinking_flag(&mut app).expect("the computer is thinking");
    assert!(!flag.load(Ordering::Relaxed));
    action(
        &mut app,
        GameAction::Start {
            game: Game::new(RuleOptions::default(), Side::White).into(),
            players: [Player::Human; 2],
        },
    );
    assert!(flag.load(Ordering::Relaxed), "a new game stops the search");
    assert!(thinking_flag(&mut app).is_none());

    let mut app = top_level([Player::Human, Player::Ai]);
    play(&mut app, "e2e3");
    app.update();
    let flag = thinking_flag(&mut app).expect("the computer is thinking");
    action(&mut app, GameAction::Undo);
    assert!(flag.load(Ordering::Relaxed), "take back stops the search");
    for _ in 0..20 {
        std::thread::sleep(Duration::from_millis(5));
        app.update();
    }
    assert_eq!(game(&app).moves().len(), 2, "the stopped search plays nothing");
    assert!(thinking_flag(&mut app).is_none(), "nothing thinks on the person's turn");
}

#[test]
fn draw_offer_and_resignation() {
    let mut app = two_people();
    play(&mut app, "d2d4");
    action(&mut app, GameAction::OfferDraw);
    assert_eq!(app.world().resource::<DrawOffer>().0, Some(Side::Black));
    action(&mut app, GameAction::DeclineDraw);
    assert_eq!(game(&app).outcome(), None);
    action(&mut app, GameAction::OfferDraw);
    action(&mut app, GameAction::AcceptDraw);
    assert_eq!(game(&app).outcome(), Some(Outcome::Draw(DrawReason::Agreement)));
    click(&mut app, "d7");
    assert_eq!(app.world().resource::<Selection>().from, None, "no moves once the game is over");
    action(&mut app, GameAction::Undo);
    assert_eq!(game(&app).outcome(), None);
    action(&mut app, GameAction::Resign);
    assert_eq!(
        game(&app).outcome(),
        Some(Outcome::Win { winner: Side::Black, reason: WinReason::Resignation })
    );
}

#[test]
fn saves_go_to_the_data_directory_and_load_back() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let saves = SaveDir(dir.path().join("saves"));
    let played = shatar::game::replay("d2d4 d7d5 e2e3").expect("legal");
    let played = AnyGame::from(played);
    let first = saves.save(&played).expect("saved");
    let second = saves.save(&played).expect("saved again");
    assert_ne!(first, second, "a save never overwrites another");
    assert_eq!(saves.list().len(), 2);
    let loaded = Game::load(&first).expect("loads");
    assert_eq!(AnyGame::from(loaded).move_texts(), played.move_texts());
    let broken = dir.path().join("saves").join("broken.json");
    std::fs::write(&broken, "{").expect("written");
    assert!(Game::load(&broken).is_err(), "a broken file is an error, not a crash");
}

/// A random game, played in the core alone, that ends for `reason`.
fn random_game_ending_in(reason: Reason, rules: RuleOptions) -> Game {
    for seed in 0..200_000u64 {
        let mut rng = fastrand::Rng::with_seed(seed);
        let first = if seed % 2 == 0 { Side::White } else { Side::Black };
        let mut game = Game::new(rules, first);
        while !game.is_over() {
            let moves = game.legal_moves();
            let mv = moves[rng.usize(..moves.len())];
            game.play(mv).expect("a legal move");
        }
        if Outcome::summary(game.outcome()).reason == Some(reason) {
            return game;
        }
    }
    panic!("no random game ended in {reason:?}");
}

#[test]
fn full_games_through_clicks_end_in_every_kind_of_outcome() {
    let drawn_stalemate = RuleOptions { stalemate: StalemateRule::Draw, ..RuleOptions::default() };
    let cases = [
        (Reason::ShakMate, RuleOptions::default()),
        (Reason::Niol, RuleOptions::default()),
        (Reason::MoriMate, RuleOptions::default()),
        (Reason::Robado, RuleOptions::default()),
        (Reason::Stalemate, RuleOptions::default()),
        (Reason::Stalemate, drawn_stalemate),
        (Reason::Repetition, RuleOptions::default()),
        (Reason::FiftyMoves, RuleOptions::default()),
    ];
    for (reason, rules) in cases {
        let ended = random_game_ending_in(reason, rules);
        let moves: Vec<String> = ended.moves().iter().map(|played| played.mv.to_string()).collect();
        let mut app = app_with(Game::new(rules, ended.first_player()), [Player::Human; 2]);
        for uci in &moves {
            play(&mut app, uci);
        }
        let summary = Outcome::summary(game(&app).outcome());
        assert_eq!(summary.reason, Some(reason), "{moves:?}");
        if rules.stalemate == StalemateRule::Draw && reason == Reason::Stalemate {
            assert_eq!(game(&app).outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
        }
        let world = app.world_mut();
        let pieces = world.query::<&PieceView>().iter(world).count();
        assert_eq!(pieces, 32, "no piece entity is lost or made up ({reason:?})");
    }
}
