//! Game records: JSON round trips, atomic saves, and clear errors.

mod common;

use shatar::rules::{
    Color, DrawReason, Game, GameRecord, MovesError, Outcome, RECORD_VERSION, RecordError, RuleOptions,
    StalemateRule,
};

fn finished_game() -> Game {
    let rules = RuleOptions { stalemate: StalemateRule::Draw, ..RuleOptions::default() };
    let mut game = Game::new(rules, Color::Black);
    for mv in "d7d5 d2d4 g8f6 g1f3".split_whitespace() {
        game.play_uci(mv).expect("legal");
    }
    game
}

#[test]
fn a_record_holds_rules_first_player_moves_and_result() {
    let record = GameRecord::from_game(&finished_game());
    assert_eq!(record.version, RECORD_VERSION);
    assert_eq!(record.first_player, Color::Black);
    assert_eq!(record.rules.stalemate, StalemateRule::Draw);
    assert_eq!(record.moves, ["d7d5", "d2d4", "g8f6", "g1f3"]);
    assert_eq!(record.start_fen, None);
    let json: serde_json::Value = serde_json::from_str(&record.to_json()).expect("valid JSON");
    assert_eq!(json["outcome"]["result"], "ongoing");
    assert_eq!(json["first_player"], "black");
    assert_eq!(json["rules"]["stalemate"], "draw");
}

#[test]
fn records_round_trip_through_json_and_disk() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut games = vec![finished_game(), common::game_after("4k3/8/4K3/2B4N/p7/8/8/1R6 w - - 0 1", "b1b8")];
    let mut agreed = finished_game();
    agreed.agree_draw().expect("game on");
    games.push(agreed);
    for (index, game) in games.iter().enumerate() {
        let path = dir.path().join(format!("game-{index}.json"));
        game.save(&path).expect("save");
        let loaded = Game::load(&path).expect("load");
        assert_eq!(GameRecord::from_game(&loaded), GameRecord::from_game(game));
        assert_eq!(loaded.outcome(), game.outcome());
        assert_eq!(loaded.position(), game.position());
        assert_eq!(loaded.rules(), game.rules());
    }
    assert_eq!(
        Game::load(&dir.path().join("game-2.json")).expect("load").outcome(),
        Some(Outcome::Draw(DrawReason::Agreement))
    );
    // Nothing but the saves is left behind: the temporary files were renamed.
    let names: Vec<_> =
        std::fs::read_dir(dir.path()).expect("dir").map(|e| e.expect("entry").file_name()).collect();
    assert_eq!(names.len(), 3, "{names:?}");
}

#[test]
fn a_save_replaces_the_old_file_whole() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("save.json");
    std::fs::write(&path, "old contents that are much longer than a record could ever be ".repeat(200))
        .expect("write");
    finished_game().save(&path).expect("save");
    assert!(Game::load(&path).is_ok());
}

type ErrorCheck = fn(&RecordError) -> bool;

#[test]
fn bad_records_give_clear_errors() {
    let good = GameRecord::from_game(&finished_game()).to_json();
    let edit = |from: &str, to: &str| {
        assert!(good.contains(from), "{from}");
        good.replacen(from, to, 1)
    };
    let cases: Vec<(String, ErrorCheck)> = vec![
        ("not json".to_string(), |e| matches!(e, RecordError::Json(_))),
        ("{}".to_string(), |e| matches!(e, RecordError::MissingVersion)),
        (edit("\"version\": 1", "\"version\": 2"), |e| matches!(e, RecordError::UnsupportedVersion(2))),
        (edit("\"version\": 1", "\"version\": \"1\""), |e| matches!(e, RecordError::MissingVersion)),
        (edit("\"d2d4\"", "\"d2d5\""), |e| matches!(e, RecordError::Move(MovesError { index: 2, .. }))),
        (edit("\"g8f6\"", "\"nonsense\""), |e| matches!(e, RecordError::Move(MovesError { index: 3, .. }))),
        (edit("\"first_player\": \"black\"", "\"first_player\": \"white\""), |e| {
            matches!(e, RecordError::Move(MovesError { index: 1, .. }))
        }),
        (edit("\"ongoing\"", "\"white\""), |e| matches!(e, RecordError::Outcome(_))),
        (edit("\"stalemate\": \"draw\"", "\"stalemate\": \"maybe\""), |e| matches!(e, RecordError::Json(_))),
        (edit("\"version\": 1", "\"version\": 1, \"extra\": 0"), |e| matches!(e, RecordError::Json(_))),
    ];
    for (text, expected) in cases {
        let error = GameRecord::from_json(&text).and_then(|record| record.to_game()).expect_err(&text);
        assert!(expected(&error), "{text}\ngave {error:?}");
        assert!(!error.to_string().is_empty());
    }
    let bad_fen = GameRecord {
        start_fen: Some("8/8/8 w - - 0 1".to_string()),
        ..GameRecord::from_game(&finished_game())
    };
    assert!(matches!(bad_fen.to_game(), Err(RecordError::Fen(_))));
    let wrong_first = GameRecord {
        start_fen: Some("4k3/8/8/8/8/8/p7/R3K3 w - - 0 1".to_string()),
        moves: vec![],
        ..GameRecord::from_game(&finished_game())
    };
    assert!(matches!(wrong_first.to_game(), Err(RecordError::FirstPlayer { .. })));
}

#[test]
fn a_missing_file_is_an_io_error_naming_the_path() {
    let error = Game::load(std::path::Path::new("/nonexistent/shatar/save.json")).expect_err("missing");
    assert!(matches!(error, RecordError::Io { .. }));
    assert!(error.to_string().contains("/nonexistent/shatar/save.json"));
    let dir = tempfile::tempdir().expect("temp dir");
    let error = finished_game().save(&dir.path().join("missing-dir/save.json")).expect_err("no such dir");
    assert!(matches!(error, RecordError::Io { .. }));
}
