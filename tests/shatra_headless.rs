//! Shatra in the game without a window: the same plugins and the same
//! input path as Shatar's headless tests, on shatra's board. Drops, capture
//! chains entered landing by landing, the biy's choice to stop, the
//! computer on its background task, and the board relaid between variants.
#![cfg(feature = "game")]

mod common;

use bevy::picking::pointer::{PointerButton, PointerId};
use bevy::prelude::*;
use common::board::{assert_mirror, click_on, hit, location, piece_entity, square_entity};
use shatar::game::{
    ActiveGame, BoardSquare, GameAction, Glide, PieceView, Place, Player, SaveDir, Screen, Selection,
    SquareMark, headless_plugin,
};
use shatar::rules::Color as Side;
use shatar::shatra::{self, ManKind, Reason, ShatraRules};
use shatar::variant::{self, AnyGame, Cell, Variant};
use std::time::Duration;

fn app_with(game: impl Into<AnyGame>, players: [Player; 2]) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins).add_plugins(headless_plugin);
    app.insert_resource(ActiveGame::new(game, players));
    app.update();
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Game);
    app.update();
    assert_mirror(&mut app);
    app
}

fn from_fen(fen: &str) -> shatra::Game {
    shatra::Game::from_fen(ShatraRules::default(), fen).unwrap_or_else(|error| panic!("{fen}: {error}"))
}

fn cell(name: &str) -> Cell {
    Cell::parse(name).unwrap_or_else(|| panic!("bad square {name}"))
}

fn game(app: &App) -> &shatra::Game {
    app.world().resource::<ActiveGame>().game().shatra().expect("a shatra game")
}

fn click(app: &mut App, square: &str) {
    click_on(app, PointerId::Mouse, cell(square));
    app.update();
}

fn mark(app: &mut App, square: &str) -> SquareMark {
    let entity = square_entity(app, cell(square));
    *app.world().get::<SquareMark>(entity).expect("a mark")
}

fn marked(app: &mut App, wanted: SquareMark) -> Vec<String> {
    let world = app.world_mut();
    let mut query = world.query::<(&BoardSquare, &SquareMark)>();
    let mut cells: Vec<String> = query
        .iter(world)
        .filter(|(_, mark)| **mark == wanted)
        .map(|(square, _)| square.0.to_string())
        .collect();
    cells.sort();
    cells
}

fn last_move(app: &App) -> Option<String> {
    game(app).moves().last().map(ToString::to_string)
}

#[test]
fn the_shatra_board_has_its_62_squares_and_34_men() {
    let mut app = app_with(AnyGame::new(Variant::Shatra, Side::White), [Player::Human; 2]);
    let world = app.world_mut();
    let squares = world.query::<&BoardSquare>().iter(world).count();
    let men = world.query::<&PieceView>().iter(world).count();
    assert_eq!((squares, men), (62, 34));
    assert!(piece_entity(&mut app, cell("d1")).is_some(), "the white batir stands on d1");
}

#[test]
fn a_reserve_man_is_dropped_by_choosing_him_then_a_vacant_square() {
    let mut app = app_with(AnyGame::new(Variant::Shatra, Side::White), [Player::Human; 2]);
    click(&mut app, "d3");
    assert_eq!(app.world().resource::<Selection>().from, Some(cell("d3")));
    assert_eq!(mark(&mut app, "d3"), SquareMark::Selected);
    let targets = marked(&mut app, SquareMark::Target);
    // Every vacant square of White's half of the battlefield, ranks 5-7
    // (rank 5 is full of pawns), and none beyond the ditch.
    let half: Vec<String> =
        ["6", "7"].iter().flat_map(|rank| ('a'..='g').map(move |file| format!("{file}{rank}"))).collect();
    let mut half = half;
    half.sort();
    assert_eq!(targets, half);
    click(&mut app, "c6");
    assert_eq!(last_move(&app), Some("d3*c6".into()));
    assert_mirror(&mut app);
    assert_eq!(mark(&mut app, "c6"), SquareMark::LastMove);
    // A drop by dragging the man onto the square.
    let man = piece_entity(&mut app, cell("d12")).expect("a black reserve man");
    let target = square_entity(&mut app, cell("e9"));
    let drop = bevy::picking::events::DragDrop { button: PointerButton::Primary, dropped: man, hit: hit() };
    app.world_mut().trigger(Pointer::new(PointerId::Mouse, location(), drop, target));
    app.update();
    assert_eq!(last_move(&app), Some("d12*e9".into()));
    assert_mirror(&mut app);
}

#[test]
fn a_chain_is_entered_landing_by_landing_and_walked_leg_by_leg() {
    // Seed 002's mid-chain promotion, with a black pawn on e10.
    let start = from_fen("3/1rp/2P/1/4p2/6k/7/7/7/6K/1/3/3/3 w - - 0 1");
    let mut app = app_with(start, [Player::Human; 2]);
    click(&mut app, "e12");
    assert_eq!(marked(&mut app, SquareMark::Capture), ["c14", "e14"], "the first landings");
    click(&mut app, "e14");
    assert_eq!(game(&app).moves().len(), 0, "the chain goes on");
    assert_eq!(marked(&mut app, SquareMark::Selected), ["e12", "e14"]);
    assert_eq!(marked(&mut app, SquareMark::Capture), ["c12"]);
    click(&mut app, "c12");
    assert_eq!(marked(&mut app, SquareMark::Capture), ["f9", "g8"]);
    click(&mut app, "a5");
    assert_eq!(marked(&mut app, SquareMark::Capture), ["f9", "g8"], "a stray square keeps the chain");
    click(&mut app, "g8");
    assert_eq!(app.world().resource::<Selection>().path, [cell("e14"), cell("c12"), cell("g8")]);
    assert_eq!(marked(&mut app, SquareMark::Capture), ["g10"]);
    click(&mut app, "g10");
    assert_eq!(last_move(&app), Some("e12:e14Q:c12:g8:g10".into()));
    let outcome = game(&app).outcome().expect("the biy is taken");
    assert_eq!(outcome.reason(), Reason::BiyCaptured);
    assert_mirror(&mut app);
    // The batir walks the chain: a glide through its four landings.
    let batir = piece_entity(&mut app, cell("g10")).expect("the batir");
    let view = app.world().get::<PieceView>(batir).expect("a view");
    assert_eq!(view.piece.kind, shatar::rules::PieceKind::Bers, "the batir is shown by the bers");
    assert_eq!(app.world().get::<Glide>(batir).map(Glide::legs), Some(4));
    let world = app.world_mut();
    let beside =
        world.query::<&PieceView>().iter(world).filter(|v| matches!(v.place, Place::Beside(_))).count();
    assert_eq!(beside, 4, "the four men taken stand beside the board");
}

#[test]
fn the_biy_ends_his_chain_by_being_chosen_again() {
    let start = "3/3/3/1/7/kP1P3/7/7/7/7/K/3/3/3 b - - 0 1";
    let mut app = app_with(from_fen(start), [Player::Human; 2]);
    click(&mut app, "a9");
    assert_eq!(marked(&mut app, SquareMark::Capture), ["c9"]);
    assert_eq!(marked(&mut app, SquareMark::Target), ["a10", "a8", "b10", "b8"], "or he moves instead");
    click(&mut app, "c9");
    assert!(app.world().resource::<Selection>().can_stop(), "he may stop here or go on");
    assert_eq!(marked(&mut app, SquareMark::Capture), ["e9"]);
    click(&mut app, "c9");
    assert_eq!(last_move(&app), Some("a9:c9".into()));
    assert_mirror(&mut app);
    // Taken back, the whole chain instead.
    app.world_mut().trigger(GameAction::Undo);
    app.update();
    for square in ["a9", "c9", "e9"] {
        click(&mut app, square);
    }
    assert_eq!(last_move(&app), Some("a9:c9:e9".into()));
    assert_mirror(&mut app);
}

#[test]
fn the_computer_plays_shatra_on_the_background_task() {
    let mut app = app_with(AnyGame::new(Variant::Shatra, Side::White), [Player::Ai, Player::Human]);
    for _ in 0..4000 {
        if !game(&app).moves().is_empty() {
            break;
        }
        std::thread::sleep(Duration::from_millis(1));
        app.update();
    }
    let played = game(&app).moves().first().cloned().expect("the computer moved");
    assert!(game(&app).start_position().clone().after(&played).same_place(game(&app).position()));
    assert!(shatra::legal_moves(game(&app).start_position(), ShatraRules::default()).contains(&played));
    assert_mirror(&mut app);
    // The person answers, square by square, with the first legal move.
    let answer = app.world().resource::<ActiveGame>().game().legal_moves().remove(0);
    click(&mut app, &answer.from().to_string());
    for landing in answer.path() {
        click(&mut app, &landing.to_string());
    }
    assert_eq!(game(&app).moves().len(), 2, "the person answers with {answer}");
    assert_mirror(&mut app);
}

#[test]
fn a_new_game_of_the_other_variant_relays_the_board_and_its_men() {
    let mut app = app_with(AnyGame::new(Variant::Shatar, Side::White), [Player::Human; 2]);
    let count = |app: &mut App| {
        let world = app.world_mut();
        let squares = world.query::<&BoardSquare>().iter(world).count();
        (squares, world.query::<&PieceView>().iter(world).count())
    };
    assert_eq!(count(&mut app), (64, 32));
    for (variant, expected) in
        [(Variant::Shatra, (62, 34)), (Variant::Shatar, (64, 32)), (Variant::Shatra, (62, 34))]
    {
        let game = AnyGame::new(variant, Side::White);
        app.world_mut().trigger(GameAction::Start { game, players: [Player::Human; 2] });
        app.update();
        app.update();
        assert_eq!(count(&mut app), expected, "{variant}");
        assert_mirror(&mut app);
    }
}

#[test]
fn a_shatra_game_is_saved_and_loaded_as_shatra() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let saves = SaveDir(dir.path().join("saves"));
    let mut played = AnyGame::new(Variant::Shatra, Side::White);
    for text in ["d3*c6", "d12*e9"] {
        let mv = played.legal_moves().into_iter().find(|mv| mv.to_string() == text).expect("legal");
        played.play(&mv).expect("played");
    }
    let path = saves.save(&played).expect("saved");
    let loaded = variant::load(&path).expect("loaded");
    assert_eq!(loaded.variant(), Variant::Shatra);
    assert_eq!(loaded.move_texts(), ["d3*c6", "d12*e9"]);
    let mut app = app_with(loaded, [Player::Human; 2]);
    assert_eq!(
        game(&app).position().man_at(shatra::Square::parse("c6").expect("c6")).map(|m| m.kind),
        Some(ManKind::Tura)
    );
    assert_mirror(&mut app);
}

#[test]
fn a_pawn_promoted_at_the_end_of_his_move_waits_for_the_officer_to_be_chosen() {
    let start = from_fen("3/1rp/2P/1/4p2/6k/7/7/7/6K/1/3/3/3 w - - 0 1");
    let mut app = app_with(start, [Player::Human; 2]);
    click(&mut app, "e12");
    click(&mut app, "c14");
    assert!(game(&app).moves().is_empty(), "played before the officer was chosen");
    let offered = app.world().resource::<Selection>().promotions.clone();
    let kinds: Vec<Option<ManKind>> = offered.iter().map(|mv| mv.promotion()).collect();
    for kind in [ManKind::Batir, ManKind::Tura, ManKind::Jalkin] {
        assert!(kinds.contains(&Some(kind)), "{kind:?} is offered: {kinds:?}");
    }
    // The panel's button for the tura plays that move.
    let tura = offered.into_iter().find(|mv| mv.promotion() == Some(ManKind::Tura)).expect("the tura");
    app.world_mut().trigger(GameAction::Play(tura));
    app.update();
    assert_eq!(last_move(&app), Some("e12:c14R".into()));
    assert!(app.world().resource::<Selection>().promotions.is_empty());
    assert_mirror(&mut app);
}
