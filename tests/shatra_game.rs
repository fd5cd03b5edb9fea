//! Shatra games: how they end, and their JSON records.

use shatar::rules::{Color, ResultTag};
use shatar::shatra::{Game, GameError, Outcome, Reason, RecordError, ShatraRecord, ShatraRules};

fn game(fen: &str, rules: ShatraRules) -> Game {
    Game::from_fen(rules, fen).unwrap_or_else(|error| panic!("{fen}: {error}"))
}

fn play(game: &mut Game, moves: &[&str]) {
    for text in moves {
        game.play_text(text).unwrap_or_else(|error| panic!("{text}: {error}"));
    }
}

#[test]
fn taking_the_biy_wins_and_ends_the_game() {
    let mut game = game("3/3/3/1/2q4/7/7/3P1k1/1P5/R6/K/3/3/3 w - - 0 1", ShatraRules::default());
    play(&mut game, &["d7-c8", "Qc10:a6", "Ra5:a7:g7"]);
    assert_eq!(game.outcome(), Some(Outcome::Win { winner: Color::White, reason: Reason::BiyCaptured }));
    assert!(game.legal_moves().is_empty());
    assert!(matches!(game.play_text("g7-g8"), Err(GameError::Over(_))));
    assert_eq!(game.undo().map(|mv| mv.to_string()), Some("a5:a7:g7".into()));
    assert_eq!(game.outcome(), None, "undo reopens the game");
}

#[test]
fn the_stalemated_side_loses() {
    // Black's biy in the corner c14, hemmed in by White pawns he cannot leap.
    let game = game("kPP/PP1/P1P/1/7/7/7/7/7/6K/1/3/3/3 b - - 0 1", ShatraRules::default());
    assert_eq!(game.outcome(), Some(Outcome::Win { winner: Color::White, reason: Reason::Stalemate }));
}

#[test]
fn repetition_and_the_quiet_limit_draw_as_options() {
    let fen = "3/3/3/1/k6/7/7/7/7/6K/1/3/3/3 w - - 0 1";
    let shuffle = ["g5-g6", "a10-a9", "g6-g5", "a9-a10"];
    let mut repeated = game(fen, ShatraRules { quiet_limit: 0, ..ShatraRules::default() });
    play(&mut repeated, &shuffle);
    assert_eq!(repeated.outcome(), None, "the start has come twice");
    play(&mut repeated, &shuffle);
    assert_eq!(repeated.outcome(), Some(Outcome::Draw(Reason::Repetition)));

    let mut endless =
        game(fen, ShatraRules { quiet_limit: 0, repetition_draw: false, ..ShatraRules::default() });
    for _ in 0..5 {
        play(&mut endless, &shuffle);
    }
    assert_eq!(endless.outcome(), None, "with both options off the kings shuffle on");

    let mut limited = game(fen, ShatraRules { quiet_limit: 3, ..ShatraRules::default() });
    play(&mut limited, &shuffle[..3]);
    assert_eq!(limited.outcome(), Some(Outcome::Draw(Reason::QuietLimit)));
}

#[test]
fn agreement_and_resignation_end_the_game() {
    let mut drawn = Game::new(ShatraRules::default());
    drawn.agree_draw().expect("a draw");
    assert_eq!(drawn.outcome(), Some(Outcome::Draw(Reason::Agreement)));
    assert!(drawn.resign(Color::White).is_err());
    let mut resigned = Game::new(ShatraRules::default());
    resigned.resign(Color::Black).expect("resigns");
    assert_eq!(resigned.outcome().and_then(Outcome::winner), Some(Color::White));
}

#[test]
fn records_round_trip_through_json_and_files() {
    let mut game = Game::new(ShatraRules::default());
    play(&mut game, &["c5-c6", "d14*a8", "d1*g6"]);
    let record = ShatraRecord::from_game(&game);
    assert_eq!(record.moves, ["c5-c6", "d14*a8", "d1*g6"]);
    assert_eq!(record.result, ResultTag::Ongoing);
    assert!(record.to_json().contains("\"variant\": \"shatra\""), "{}", record.to_json());
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("game.json");
    record.save(&path).expect("saved");
    let back = ShatraRecord::load(&path).expect("loaded");
    assert_eq!(back, record);
    let replayed = back.to_game().expect("replayed");
    assert_eq!(replayed.position(), game.position());

    let mut won = self::game("3/3/3/1/2q4/7/7/3P1k1/1P5/R6/K/3/3/3 w - - 0 1", ShatraRules::default());
    play(&mut won, &["d7-c8", "Qc10:a6", "Ra5:a7:g7"]);
    let record = ShatraRecord::from_game(&won);
    assert!(record.start_fen.is_some());
    assert_eq!((record.result, record.reason), (ResultTag::White, Some(Reason::BiyCaptured)));
    assert_eq!(
        ShatraRecord::from_json(&record.to_json()).expect("json").to_game().expect("replay").outcome(),
        won.outcome()
    );
}

#[test]
fn bad_records_are_clear_errors() {
    let good = ShatraRecord::from_game(&Game::new(ShatraRules::default())).to_json();
    let cases: [(String, fn(&RecordError) -> bool); 6] = [
        ("not json".into(), |e| matches!(e, RecordError::Json(_))),
        (good.replace("\"version\": 1", "\"version\": 9"), |e| matches!(e, RecordError::Version(Some(9)))),
        (good.replace("\"moves\": []", "\"moves\": [], \"extra\": 1"), |e| matches!(e, RecordError::Json(_))),
        (good.replace("\"moves\": []", "\"moves\": [\"c5-c8\"]"), |e| {
            matches!(e, RecordError::Move { index: 1, .. })
        }),
        (good.replace("\"result\": \"ongoing\"", "\"result\": \"white\", \"reason\": \"stalemate\""), |e| {
            matches!(e, RecordError::Outcome { .. })
        }),
        (good.replace("\"moves\": []", "\"start_fen\": \"3/3 w\", \"moves\": []"), |e| {
            matches!(e, RecordError::Fen(_))
        }),
    ];
    for (text, expected) in cases {
        let error = ShatraRecord::from_json(&text).and_then(|record| record.to_game());
        let error = error.expect_err(&text);
        assert!(expected(&error), "{text}: {error}");
        assert!(!error.to_string().is_empty());
    }
}
