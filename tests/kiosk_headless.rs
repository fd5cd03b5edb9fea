//! The kiosk without a window: its timers, attract loop, languages, exit
//! and a monkey that throws thousands of random events at it.
#![cfg(feature = "game")]

mod common;

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::input::mouse::MouseButtonInput;
use bevy::input::touch::{TouchInput, TouchPhase};
use bevy::picking::pointer::{PointerButton, PointerId};
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use bevy::window::PrimaryWindow;
use common::board::{assert_mirror, click_on, hit, location};
use shatar::game::kiosk::{self, Caption, Difficulty, Kiosk, KioskAction, KioskConfig, Mode};
use shatar::game::lang::{Language, Words};
use shatar::game::{ActiveGame, BoardSquare, PieceView, Player, Screen};
use shatar::variant::Variant;
use std::time::Duration;

const SIZE: Vec2 = Vec2::new(1280.0, 720.0);

/// The exhibit with this config on the welcome screen; each update moves
/// the clock by `step`.
fn exhibit(config: KioskConfig) -> App {
    let mut app = kiosk::headless(config);
    let window = Window { resolution: (SIZE.x as u32, SIZE.y as u32).into(), ..default() };
    app.world_mut().spawn((window, PrimaryWindow));
    step(&mut app, 0.1);
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Title);
    app
}

fn step(app: &mut App, seconds: f32) {
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f32(seconds)));
    app.update();
    assert!(app.should_exit().is_none(), "the exhibit quit");
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn players(app: &App) -> [Player; 2] {
    app.world().resource::<ActiveGame>().players()
}

fn window(app: &mut App) -> Entity {
    let world = app.world_mut();
    world.query_filtered::<Entity, With<PrimaryWindow>>().single(world).expect("a window")
}

fn touch(app: &mut App, at: Vec2, phase: TouchPhase, id: u64) {
    let window = window(app);
    app.world_mut().write_message(TouchInput { phase, position: at, window, force: None, id });
}

fn tap(app: &mut App, at: Vec2) {
    touch(app, at, TouchPhase::Started, 0);
    step(app, 0.05);
    touch(app, at, TouchPhase::Ended, 0);
    step(app, 0.05);
}

fn key(app: &mut App, code: KeyCode, state: ButtonState) {
    let window = window(app);
    let input = KeyboardInput {
        key_code: code,
        logical_key: Key::Unidentified(bevy::input::keyboard::NativeKey::Unidentified),
        state,
        text: None,
        repeat: false,
        window,
    };
    app.world_mut().write_message(input);
}

fn act(app: &mut App, action: KioskAction) {
    app.world_mut().trigger(action);
    step(app, 0.1);
    step(app, 0.1);
}

#[test]
fn idle_welcome_starts_the_attract_loop_and_a_touch_ends_it() {
    let mut app = exhibit(KioskConfig::default());
    step(&mut app, 80.0);
    assert_eq!(screen(&app), Screen::Title, "not yet idle for 90 s");
    step(&mut app, 11.0);
    step(&mut app, 0.1);
    assert_eq!(screen(&app), Screen::Attract);
    assert_eq!(players(&app), [Player::Ai; 2]);
    let attract_level = KioskConfig::default().levels.attract;
    assert_eq!(app.world().resource::<ActiveGame>().ai_level, attract_level);
    tap(&mut app, SIZE / 2.0);
    assert_eq!(screen(&app), Screen::Title);
    assert_eq!(players(&app), [Player::Human; 2]);
    assert_eq!(app.world().resource::<ActiveGame>().game().ply(), 0, "a fresh board");
}

#[test]
fn an_abandoned_game_counts_down_and_a_touch_cancels() {
    let mut app = exhibit(KioskConfig::default());
    act(&mut app, KioskAction::Play(Mode::Computer(Difficulty::Hard)));
    assert_eq!(screen(&app), Screen::Game);
    assert_eq!(players(&app), [Player::Human, Player::Ai]);
    assert_eq!(app.world().resource::<ActiveGame>().ai_level, KioskConfig::default().levels.hard);
    let now = |app: &App| app.world().resource::<Time>().elapsed_secs_f64();
    step(&mut app, 160.0);
    assert_eq!(app.world().resource::<Kiosk>().countdown(now(&app)), None, "no countdown at 160 s");
    step(&mut app, 10.0);
    let left = app.world().resource::<Kiosk>().countdown(now(&app)).expect("a countdown at 170 s");
    assert!((9.0..=11.0).contains(&left), "{left} s left");
    tap(&mut app, Vec2::new(300.0, 300.0));
    assert_eq!(app.world().resource::<Kiosk>().countdown(now(&app)), None, "a touch cancels it");
    assert_eq!(screen(&app), Screen::Game);
    step(&mut app, 179.0);
    assert_eq!(screen(&app), Screen::Game, "the idle time starts again from the touch");
    step(&mut app, 2.0);
    step(&mut app, 0.1);
    assert_eq!(screen(&app), Screen::Attract, "abandoned: back to the attract loop");
}

#[test]
fn attract_games_follow_one_another_with_captions() {
    let config = KioskConfig { levels: kiosk::Levels { attract: 1, ..default() }, ..default() };
    let mut app = exhibit(config);
    step(&mut app, 95.0);
    step(&mut app, 0.1);
    assert_eq!(screen(&app), Screen::Attract);
    let (mut checked, mut shatra_checked) = (0, 0);
    for _ in 0..40_000 {
        step(&mut app, 0.5);
        let world = app.world();
        let any = world.resource::<ActiveGame>().game();
        if let Some(game) = any.shatra()
            && let Some(last) = game.moves().last()
        {
            // The attract loop's second game is shatra's: its men by their Altai names.
            let caption = world.resource::<Caption>();
            let man = game.position().man_at(last.to()).expect("the moved man");
            let words = world.resource::<Words>();
            assert_eq!(caption.mongolian, words.get(shatar::game::lang::man_key(man.kind)));
            assert!(caption.text.contains(&last.to().to_string()), "{caption:?} for {last}");
            assert_eq!(caption.check, None);
            shatra_checked += 1;
        }
        if let Some(game) = any.shatar()
            && let Some(last) = game.moves().last()
            && !last.mv.promotion
        {
            let caption = world.resource::<Caption>();
            let kind = game.position().piece_at(last.mv.to).expect("the moved piece").kind;
            let words = world.resource::<Words>();
            assert_eq!(caption.mongolian, words.piece_mn(kind));
            assert!(caption.text.contains(&last.mv.to.to_string()), "{caption:?} for {}", last.san);
            assert_eq!(caption.check, words.checks(last.checks));
            checked += 1;
        }
        if world.resource::<Kiosk>().attract_games >= 2 && !any.is_over() {
            break;
        }
    }
    assert_eq!(app.world().resource::<Kiosk>().attract_games, 2, "two attract games played to their end");
    assert!(checked > 20, "Shatar captions checked on {checked} frames");
    assert!(shatra_checked > 20, "shatra captions checked on {shatra_checked} frames");
    assert_eq!(screen(&app), Screen::Attract);
}

/// The attract loop's first move may land in the frame that starts it,
/// before the screen turns: the caption still shows it.
#[test]
fn a_move_played_before_the_attract_screen_is_captioned() {
    let mut app = exhibit(KioskConfig::default());
    let mut game =
        shatar::rules::Game::new(shatar::rules::RuleOptions::default(), shatar::rules::Color::White);
    game.play_uci("d2d4").expect("the obligatory opening");
    app.insert_resource(ActiveGame::new(game, [Player::Human; 2]));
    // The move is seen in a frame on the welcome screen, as it is when the
    // computer answers in the frame that starts the loop.
    step(&mut app, 0.1);
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Attract);
    step(&mut app, 0.1);
    assert_eq!(screen(&app), Screen::Attract);
    let world = app.world();
    let (caption, words) = (world.resource::<Caption>(), world.resource::<Words>());
    assert_eq!(caption.mongolian, words.piece_mn(shatar::rules::PieceKind::Child));
    assert!(caption.text.contains("d4"), "{caption:?}");
}

/// Under rules that draw nothing, attract games are cut at the config's
/// ply limit and the loop goes on.
#[test]
fn attract_games_are_cut_at_the_ply_limit() {
    let rules = shatar::rules::RuleOptions { repetition_draw: false, fifty_move_draw: false, ..default() };
    let levels = kiosk::Levels { attract: 1, ..default() };
    let mut app = exhibit(KioskConfig { rules, levels, attract_max_plies: 12, ..default() });
    step(&mut app, 95.0);
    for _ in 0..2_000 {
        step(&mut app, 0.5);
        let plies = app.world().resource::<ActiveGame>().game().ply();
        assert!(plies <= 12 + 16 * 2, "the game goes on too long: {plies} plies");
        if app.world().resource::<Kiosk>().attract_games >= 3 {
            break;
        }
    }
    let kiosk = app.world().resource::<Kiosk>();
    assert_eq!((kiosk.attract_games, kiosk.attract_cut), (3, 3), "three games, each cut");
    assert_eq!(screen(&app), Screen::Attract);
}

#[test]
fn languages_switch_and_the_attract_loop_restores_the_default() {
    let config = KioskConfig { language: Language::Mn, ..default() };
    let mut app = exhibit(config);
    assert_eq!(app.world().resource::<Words>().get("welcome.two_players"), "Хоёр тоглогч");
    for (language, text) in
        [(Language::Fr, "Deux joueurs"), (Language::Ru, "Два игрока"), (Language::En, "Two players")]
    {
        act(&mut app, KioskAction::Language(language));
        assert_eq!(app.world().resource::<Words>().get("welcome.two_players"), text);
    }
    step(&mut app, 100.0);
    step(&mut app, 0.1);
    assert_eq!(screen(&app), Screen::Attract);
    assert_eq!(app.world().resource::<Words>().language, Language::Mn);
}

#[test]
fn only_the_staff_chord_or_gesture_quits() {
    let mut app = exhibit(KioskConfig::default());
    // What a visitor might try: Escape, Alt+F4, Ctrl+Q, Alt+Tab.
    for chord in [
        &[KeyCode::Escape][..],
        &[KeyCode::AltLeft, KeyCode::F4],
        &[KeyCode::ControlLeft, KeyCode::KeyQ],
        &[KeyCode::AltLeft, KeyCode::Tab],
        &[KeyCode::ControlLeft, KeyCode::AltLeft, KeyCode::KeyQ],
    ] {
        for &code in chord {
            key(&mut app, code, ButtonState::Pressed);
            step(&mut app, 0.05);
        }
        for &code in chord {
            key(&mut app, code, ButtonState::Released);
        }
        step(&mut app, 0.05);
    }
    // Every key of the default chord within one frame, but never all held.
    for code in [KeyCode::ControlLeft, KeyCode::AltRight, KeyCode::ShiftLeft] {
        key(&mut app, code, ButtonState::Pressed);
    }
    for code in [KeyCode::ControlLeft, KeyCode::AltRight, KeyCode::ShiftLeft] {
        key(&mut app, code, ButtonState::Released);
    }
    key(&mut app, KeyCode::KeyQ, ButtonState::Pressed);
    key(&mut app, KeyCode::KeyQ, ButtonState::Released);
    step(&mut app, 0.05);
    // The corners in the wrong order, or too slowly.
    let corners =
        [Vec2::new(5.0, 5.0), Vec2::new(1275.0, 5.0), Vec2::new(1275.0, 715.0), Vec2::new(5.0, 715.0)];
    for at in [corners[0], corners[1], corners[3], corners[2]] {
        tap(&mut app, at);
    }
    for at in corners {
        tap(&mut app, at);
        step(&mut app, 2.5);
    }
    // The default chord quits, pressed within one frame.
    for code in [KeyCode::ControlLeft, KeyCode::AltRight, KeyCode::ShiftLeft, KeyCode::KeyQ] {
        key(&mut app, code, ButtonState::Pressed);
    }
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(50)));
    app.update();
    assert_eq!(app.should_exit(), Some(AppExit::Success), "the staff's chord");

    // Or split across two frames: the modifiers arrive in one, and the last
    // key with every release in the next, as a quick chord can on a slow
    // frame.
    let mut app = exhibit(KioskConfig::default());
    for code in [KeyCode::ControlLeft, KeyCode::AltRight, KeyCode::ShiftLeft] {
        key(&mut app, code, ButtonState::Pressed);
    }
    step(&mut app, 0.05);
    key(&mut app, KeyCode::KeyQ, ButtonState::Pressed);
    for code in [KeyCode::KeyQ, KeyCode::ShiftLeft, KeyCode::AltRight, KeyCode::ControlLeft] {
        key(&mut app, code, ButtonState::Released);
    }
    app.update();
    assert_eq!(app.should_exit(), Some(AppExit::Success), "the chord split across frames");

    // Each tap arrives twice, as a touch and as the click the system makes
    // of it.
    let mut app = exhibit(KioskConfig::default());
    let mut quit = None;
    for at in corners {
        for (id, phase) in [(3, TouchPhase::Started), (4, TouchPhase::Started), (3, TouchPhase::Ended)] {
            touch(&mut app, at, phase, id);
            app.update();
            quit = quit.or(app.should_exit());
        }
    }
    assert_eq!(quit, Some(AppExit::Success), "the staff's corner gesture");
}

/// Ten thousand random taps, drags, hovers, raw touches, clicks, keys,
/// overlay buttons and idle spells. Nothing panics, no visitor quits, and
/// after every event the board mirrors the rules core.
#[test]
fn a_monkey_cannot_break_or_leave_the_exhibit() {
    let config =
        KioskConfig { levels: kiosk::Levels { easy: 1, medium: 2, hard: 2, attract: 1 }, ..default() };
    let mut app = exhibit(config);
    let mut rng = fastrand::Rng::with_seed(0x5EED_0006);
    let keys = [
        KeyCode::Escape,
        KeyCode::F4,
        KeyCode::AltLeft,
        KeyCode::ControlLeft,
        KeyCode::Tab,
        KeyCode::Enter,
        KeyCode::Space,
        KeyCode::ArrowLeft,
        KeyCode::ArrowRight,
        KeyCode::Digit1,
        KeyCode::Digit3,
        KeyCode::KeyQ,
    ];
    let actions = |rng: &mut fastrand::Rng| match rng.usize(0..12) {
        0 => KioskAction::Play(Mode::Computer(Difficulty::Easy)),
        1 => KioskAction::Play(Mode::Computer(Difficulty::Hard)),
        2 => KioskAction::Play(Mode::TwoPlayers),
        3 => KioskAction::Again,
        4 => KioskAction::Learn,
        5 => KioskAction::Rules(true),
        6 => KioskAction::Rules(false),
        7 => KioskAction::Menu,
        8 => KioskAction::Language(Language::ALL[rng.usize(0..4)]),
        9 => KioskAction::TakeBack,
        10 => KioskAction::Stay,
        _ => KioskAction::Play(Mode::Computer(Difficulty::Medium)),
    };
    let mut screens = std::collections::BTreeSet::new();
    let mut moves = 0;
    for event in 0..10_000 {
        let targets: Vec<Entity> = {
            let world = app.world_mut();
            let pieces: Vec<Entity> = world.query_filtered::<Entity, With<PieceView>>().iter(world).collect();
            let squares: Vec<Entity> =
                world.query_filtered::<Entity, With<BoardSquare>>().iter(world).collect();
            pieces.into_iter().chain(squares).collect()
        };
        let pointer = if rng.bool() { PointerId::Mouse } else { PointerId::Touch(rng.u64(0..3)) };
        let hit = hit();
        let target = targets[rng.usize(0..targets.len())];
        let anywhere = Vec2::new(rng.f32() * SIZE.x, rng.f32() * SIZE.y);
        let mut seconds = 0.02 + rng.f32() * 0.5;
        match rng.usize(0..20) {
            0..=5 => {
                let click = Click {
                    button: PointerButton::Primary,
                    hit,
                    duration: Duration::from_millis(80),
                    count: 1,
                };
                app.world_mut().trigger(Pointer::new(pointer, location(), click, target));
            }
            6 | 7 => {
                let dropped = targets[rng.usize(0..targets.len())];
                let drop = DragDrop { button: PointerButton::Primary, dropped, hit };
                app.world_mut().trigger(Pointer::new(pointer, location(), drop, target));
            }
            8 => app.world_mut().trigger(Pointer::new(pointer, location(), Over { hit }, target)),
            9 => app.world_mut().trigger(Pointer::new(pointer, location(), Out { hit }, target)),
            10 | 11 => {
                let phase = [TouchPhase::Started, TouchPhase::Moved, TouchPhase::Ended, TouchPhase::Canceled]
                    [rng.usize(0..4)];
                touch(&mut app, anywhere, phase, rng.u64(0..3));
            }
            12 => {
                let window = window(&mut app);
                let button = [MouseButton::Left, MouseButton::Right, MouseButton::Middle][rng.usize(0..3)];
                let state = if rng.bool() { ButtonState::Pressed } else { ButtonState::Released };
                app.world_mut().write_message(MouseButtonInput { button, state, window });
            }
            13 => {
                let code = keys[rng.usize(0..keys.len())];
                key(&mut app, code, ButtonState::Pressed);
                step(&mut app, 0.02);
                key(&mut app, code, ButtonState::Released);
            }
            14..=17 => app.world_mut().trigger(actions(&mut rng)),
            18 => seconds = 60.0 + rng.f32() * 150.0,
            _ => seconds = 1.0 + rng.f32() * 5.0,
        }
        step(&mut app, seconds);
        assert_mirror(&mut app);
        screens.insert(format!("{:?}", screen(&app)));
        moves += usize::from(event % 50 == 0) * app.world().resource::<ActiveGame>().game().ply();
    }
    assert_eq!(screens.len(), 4, "the monkey saw every screen: {screens:?}");
    assert!(moves > 0, "moves were played");
}

#[test]
fn the_soak_plays_complete_games_and_takes_memory() {
    let mut marks = Vec::new();
    kiosk::soak::soak(3, 1, 1, |mark| marks.push(mark)).expect("the soak runs");
    assert_eq!(marks.iter().map(|m| m.games).collect::<Vec<_>>(), [1, 2, 3]);
    assert!(marks.windows(2).all(|pair| pair[1].plies > pair[0].plies), "{marks:?}");
    assert!(marks.iter().all(|mark| mark.rss_kib.is_some_and(|kib| kib > 1000)), "{marks:?}");
}

/// The window manager's close request (Alt+F4, a close button) is ignored
/// by the exhibit's window, where Bevy's default closes the window.
#[test]
fn the_exhibit_window_ignores_close_requests() {
    for (plugin, survives) in [(kiosk::window_plugin(), true), (WindowPlugin::default(), false)] {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins).add_plugins(plugin);
        app.update();
        let world = app.world_mut();
        let window = world.query_filtered::<Entity, With<PrimaryWindow>>().single(world).expect("a window");
        let mode = world.get::<Window>(window).expect("a window").mode;
        app.world_mut().write_message(bevy::window::WindowCloseRequested { window });
        app.update();
        app.update();
        assert_eq!(app.world().get_entity(window).is_ok(), survives, "{mode:?}");
        if survives {
            assert!(
                matches!(mode, bevy::window::WindowMode::BorderlessFullscreen(_)),
                "fullscreen: {mode:?}"
            );
            let decorated = app.world().get::<Window>(window).expect("the window").decorations;
            assert!(!decorated, "no title bar");
        }
    }
}

/// A tap on a piece, then a tap on its square, plays the move, exactly as
/// two clicks do.
#[test]
fn taps_play_moves_like_clicks() {
    let mut app = exhibit(KioskConfig::default());
    act(&mut app, KioskAction::Play(Mode::TwoPlayers));
    assert_eq!(screen(&app), Screen::Game);
    for (finger, uci) in [(0, "d2d4"), (1, "d7d5"), (0, "b1c3")] {
        for name in [&uci[..2], &uci[2..]] {
            let square = shatar::rules::Square::parse(name).expect("a square");
            click_on(&mut app, PointerId::Touch(finger), square);
            step(&mut app, 0.1);
        }
        let game = app.world().resource::<ActiveGame>().game();
        assert_eq!(game.last_move().map(|mv| mv.to_string()), Some(uci.to_string()));
        assert_mirror(&mut app);
    }
}

/// The welcome screen's game choice: the board behind it, the visitor's
/// game and "Play again" follow it; the attract loop shows both games and
/// the next visitor finds the exhibit's first game chosen again.
#[test]
fn a_visitor_chooses_the_game_and_the_next_finds_the_default() {
    let variant = |app: &App| app.world().resource::<ActiveGame>().game().variant();
    let mut app = exhibit(KioskConfig::default());
    assert_eq!(variant(&app), Variant::Shatar, "the config's first game");
    act(&mut app, KioskAction::Variant(Variant::Shatra));
    assert_eq!(
        (screen(&app), variant(&app)),
        (Screen::Title, Variant::Shatra),
        "the board behind the welcome"
    );
    act(&mut app, KioskAction::Play(Mode::Computer(Difficulty::Easy)));
    assert_eq!((screen(&app), variant(&app)), (Screen::Game, Variant::Shatra));
    assert_eq!(players(&app), [Player::Human, Player::Ai]);
    act(&mut app, KioskAction::Again);
    assert_eq!(variant(&app), Variant::Shatra, "play again keeps the game");
    act(&mut app, KioskAction::Menu);
    assert_eq!(variant(&app), Variant::Shatra);
    // Abandoned: the attract loop, then a new visitor.
    step(&mut app, 95.0);
    step(&mut app, 0.1);
    assert_eq!(screen(&app), Screen::Attract);
    tap(&mut app, SIZE / 2.0);
    assert_eq!((screen(&app), variant(&app)), (Screen::Title, Variant::Shatar), "back to the default");
    // A config offering only shatra never shows Shatar.
    let only = KioskConfig { variants: vec![Variant::Shatra], ..default() };
    let mut app = exhibit(only);
    act(&mut app, KioskAction::Variant(Variant::Shatar));
    assert_eq!(variant(&app), Variant::Shatra, "a game not offered cannot be chosen");
}
