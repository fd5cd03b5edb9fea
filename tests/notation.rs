//! FEN, UCI and SAN: round trips, and clear errors on malformed input.

mod common;

use shatar::rules::{Color, FenError, Game, INITIAL_FEN, MoveError, Position, PositionError, RuleOptions};

#[test]
fn the_initial_array_reads_and_writes_for_either_side() {
    assert_eq!(Position::initial(Color::White).to_fen(), INITIAL_FEN);
    let black = "rnbjkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBJKBNR b - - 0 1";
    assert_eq!(Position::initial(Color::Black).to_fen(), black);
    assert_eq!(common::position(black), Position::initial(Color::Black));
    // The noyons face each other on the e-file; J is the bers, on d.
    let initial = Position::initial(Color::White);
    let at =
        |name| initial.piece_at(shatar::rules::Square::parse(name).expect("square")).map(|p| p.fen_char());
    assert_eq!((at("e1"), at("e8"), at("d1"), at("d8")), (Some('K'), Some('k'), Some('J'), Some('j')));
}

#[test]
fn a_fen_without_counters_gets_the_defaults() {
    let position = common::position("4k3/8/8/8/8/8/8/R3K3 b - -");
    assert_eq!(position.to_fen(), "4k3/8/8/8/8/8/8/R3K3 b - - 0 1");
}

type ErrorCheck = fn(&FenError) -> bool;

#[test]
fn malformed_fens_give_typed_errors_with_readable_messages() {
    let cases: &[(&str, ErrorCheck)] = &[
        ("", |e| matches!(e, FenError::FieldCount(0))),
        ("8/8/8/8/8/8/8 w - - 0 1", |e| matches!(e, FenError::RankCount(7))),
        ("rnbjkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBJKBNR w - - 0 1", |e| matches!(e, FenError::BadDigit('9'))),
        ("rnbjkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBJKBNR w - - 0 1", |e| {
            matches!(e, FenError::RankLength { .. })
        }),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", |e| matches!(e, FenError::BadPiece('q'))),
        ("rnbjkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBJKBNR x - - 0 1", |e| matches!(e, FenError::BadSide(_))),
        ("rnbjkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBJKBNR w KQkq - 0 1", |e| matches!(e, FenError::Castling(_))),
        ("rnbjkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBJKBNR w - e3 0 1", |e| matches!(e, FenError::EnPassant(_))),
        ("rnbjkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBJKBNR w - - x 1", |e| {
            matches!(e, FenError::BadCounter { .. })
        }),
        ("rnbjkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBJKBNR w - - 0 -1", |e| {
            matches!(e, FenError::BadCounter { .. })
        }),
        ("8/8/8/8/8/8/8/4K3 w - - 0 1", |e| {
            matches!(e, FenError::Position(PositionError::NoyonCount(Color::Black, 0)))
        }),
        ("kk6/8/8/8/8/8/8/4K3 w - - 0 1", |e| {
            matches!(e, FenError::Position(PositionError::NoyonCount(Color::Black, 2)))
        }),
        ("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", |e| {
            matches!(e, FenError::Position(PositionError::ChildOnEndRank(_)))
        }),
        ("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", |e| {
            matches!(e, FenError::Position(PositionError::OpponentInCheck(Color::Black)))
        }),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 0", |e| matches!(e, FenError::Position(PositionError::ZeroFullmove))),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra", |e| matches!(e, FenError::FieldCount(7))),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 99999999999", |e| matches!(e, FenError::BadCounter { .. })),
        ("4k3/8/8/8/8/JJJJJJJJ/JJJJJJJJ/4K3 w - - 0 1", |e| {
            matches!(e, FenError::Position(PositionError::TooManyPieces(Color::White, 17)))
        }),
        ("4k3/8/8/8/8/8/8/4Kü3 w - - 0 1", |e| matches!(e, FenError::BadPiece('ü'))),
    ];
    for (fen, expected) in cases {
        let error = Position::from_fen(fen).expect_err(fen);
        assert!(expected(&error), "{fen}: unexpected error {error:?}");
        assert!(!error.to_string().is_empty());
    }
    let message = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1")
        .expect_err("q is not a Shatar piece")
        .to_string();
    assert!(message.contains("'q'") && message.contains("J"), "{message}");
}

#[test]
fn uci_moves_parse_strictly() {
    let position = common::position("rnbjkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBJKBNR w - - 0 2");
    assert_eq!(position.parse_uci("g1f3").map(|mv| mv.to_string()), Ok("g1f3".to_string()));
    for bad in ["", "g1", "g1f", "g1f3q", "g1f3jj", "z1f3", "g9f3", "g1f3 ", "ééé", "g1f3j"] {
        let error = position.parse_uci(bad).expect_err(bad);
        assert!(matches!(error, MoveError::Syntax(_) | MoveError::Illegal(_)), "{bad}");
    }
    assert_eq!(position.parse_uci("e2e4"), Err(MoveError::Illegal("e2e4".to_string())));
    assert_eq!(position.parse_uci("e2e5x"), Err(MoveError::Syntax("e2e5x".to_string())));
}

#[test]
fn san_names_pieces_disambiguates_and_marks_checks() {
    let mut game = Game::new(RuleOptions::default(), Color::White);
    let line = "d2d4 d7d5 g1f3 b8c6 b1d2 c6b4 f3e5 b4c2 d1c2 c8f5";
    for mv in line.split_whitespace() {
        game.play_uci(mv).expect("legal line");
    }
    let sans: Vec<&str> = game.moves().iter().map(|played| played.san.as_str()).collect();
    assert_eq!(sans, ["d4", "d5", "Nf3", "Nc6", "Nbd2", "Nb4", "Ne5", "Nxc2+", "Jxc2", "Bf5"]);
    // Every SAN reads back as its own move, on every reference row.
    for row in common::reference_rows() {
        let position = common::position(&row.fen);
        for mv in position.legal_moves() {
            assert_eq!(position.parse_san(&position.san(mv)), Ok(mv), "{} {mv}", row.fen);
        }
    }
}

#[test]
fn san_marks_mate_with_a_hash() {
    let game = common::game_after("4k3/8/4K3/2B4N/p7/8/8/1R6 w - - 0 1", "b1b8");
    assert_eq!(game.moves()[0].san, "Rb8#");
}

#[test]
fn a_crowded_position_lists_every_move() {
    // Fifteen bers and a noyon; Fairy-Stockfish's `go perft 1` counts 99.
    let position = common::position("3k4/3p4/1J1J1J1J/J1J1J1J1/1J1J1J1J/J1J1J3/8/7K w - - 0 1");
    let listed = position.legal_moves().len();
    assert_eq!(listed, position.count_legal_moves());
    assert_eq!(listed, 99);
}
