//! Every worked example of seed 002 (shatra), with its winning line and its
//! refutations, through the core's legal moves and notation.

use shatar::rules::Color;
use shatar::shatra::{Man, ManKind, Move, Position, ShatraRules, Square, legal_moves, parse_move};

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|| panic!("{name}"))
}

fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|error| panic!("{fen}: {error}"))
}

/// The legal moves as sorted text.
fn legal(position: &Position) -> Vec<String> {
    let mut texts: Vec<String> =
        legal_moves(position, ShatraRules::default()).iter().map(Move::to_string).collect();
    texts.sort();
    texts
}

fn play(position: &Position, text: &str) -> Position {
    let mv =
        parse_move(position, ShatraRules::default(), text).unwrap_or_else(|error| panic!("{text}: {error}"));
    position.after(&mv)
}

fn has_biy(position: &Position, color: Color) -> bool {
    position.men(color).any(|(_, man)| man.kind == ManKind::Biy)
}

#[test]
fn a_pawn_promoted_in_mid_chain_goes_on_as_a_batir() {
    // White: Kg5, p e12; Black: Kg9, Rd13, p e13; and a black pawn on e10.
    // The seed's list has no black man on the c12-g8 diagonal, so its line
    // e12:e14Q:c12:g8:g10 could not be a chain of captures; the pawn on e10
    // is our reading of the man its diagram must have shown.
    let start = position("3/1rp/2P/1/4p2/6k/7/7/7/6K/1/3/3/3 w - - 0 1");
    assert_eq!(
        legal(&start),
        [
            "e12:c14B",
            "e12:c14Q",
            "e12:c14R",
            "e12:e14B:c12:f9",
            "e12:e14B:c12:g8",
            "e12:e14Q:c12:g8:g10",
            "e12:e14R"
        ],
        "the pawn takes d13 or e13 and becomes an officer White has lost; only the batir goes on to the biy"
    );
    let after = play(&start, "e12:e14Q:c12:g8:g10×");
    assert!(!has_biy(&after, Color::Black), "the chain ends by taking the biy");
    assert_eq!(after.man_at(sq("g10")), Some(Man { color: Color::White, kind: ManKind::Batir }));
    assert_eq!(after.men(Color::Black).count(), 0);
    // The batir must land on g8, the nearest square from which it goes on.
    let error = parse_move(&start, ShatraRules::default(), "e12:e14Q:c12:f9")
        .expect_err("f9 is not nearest-going-on");
    assert!(error.to_string().contains("not legal"), "{error}");

    // The seed's position as printed: the batir's chain ends on c12.
    let printed = position("3/1rp/2P/1/7/6k/7/7/7/6K/1/3/3/3 w - - 0 1");
    let moves = legal(&printed);
    assert!(moves.contains(&"e12:e14Q:c12".to_string()), "{moves:?}");
    assert!(!moves.iter().any(|text| text.contains("g8")), "{moves:?}");
}

#[test]
fn an_officer_goes_on_from_the_nearest_square_behind_the_prey() {
    // White: Kd4, Ra5, pp b6, d7; Black: Kf7, Qc10.
    let start = position("3/3/3/1/2q4/7/7/3P1k1/1P5/R6/K/3/3/3 w - - 0 1");
    let after = play(&start, "d7-c8");
    // Rank 6 is nearer the first capture than the a7-e3 diagonal: the
    // batir must land on c6 and take b6, not on c5 to take the biy on d4.
    assert_eq!(legal(&after), ["c10:c6:a6"]);
    assert_eq!(
        parse_move(&after, ShatraRules::default(), "Qc10:a6").map(|mv| mv.to_string()),
        Ok("c10:c6:a6".into())
    );
    assert!(parse_move(&after, ShatraRules::default(), "Qc10:e3").is_err());
    let after = play(&after, "Qc10:a6");
    assert_eq!(legal(&after), ["a5:a7:g7"], "the tura lands on a7, from which he takes the biy");
    let after = play(&after, "Ra5:a7:g7×");
    assert!(!has_biy(&after, Color::Black));
}

#[test]
fn the_biy_may_stop_or_decline_but_not_for_a_quiet_move_when_another_man_must_capture() {
    // White: Kd4, Ra5, p c9; Black: Ka9, p a8.
    let start = position("3/3/3/1/7/k1P4/p6/7/7/R6/K/3/3/3 w - - 0 1");
    let after = play(&start, "c9-b9!");
    // The pawn a8 can capture, so the biy may take b9 but may not move
    // quietly instead.
    assert_eq!(legal(&after), ["a8:c10", "a9:c9"]);
    let king_took = play(&after, "Ka9:c9");
    assert_eq!(legal(&king_took), ["a5:a9:d9", "a5:a9:e9", "a5:a9:f9", "a5:a9:g9"]);
    assert!(!has_biy(&play(&king_took, "Ra5:a9:d9"), Color::Black));
    let pawn_took = play(&after, "a8:c10");
    assert_eq!(legal(&pawn_took), ["a5:a10:d10", "a5:a10:e10", "a5:a10:f10", "a5:a10:g10"]);
    assert!(!has_biy(&play(&pawn_took, "Ra5:a10:g10×"), Color::Black));

    // When only the biy can capture, he may capture, stop partway or move.
    // Black: Ka9 with White pawns on b9 and d9 (c9 between is empty).
    let alone = position("3/3/3/1/7/kP1P3/7/7/7/7/K/3/3/3 b - - 0 1");
    let moves = legal(&alone);
    for expected in ["a9:c9", "a9:c9:e9", "a9-a10", "a9-a8", "a9-b10", "a9-b8"] {
        assert!(moves.contains(&expected.to_string()), "{expected} in {moves:?}");
    }
    assert_eq!(moves.len(), 6, "{moves:?}");
    // A pawn with a capture leaves the biy no quiet move, but his chain may
    // still stop partway.
    let pawn_too = position("3/3/3/1/7/kP1P3/p6/1P5/7/7/K/3/3/3 b - - 0 1");
    let moves = legal(&pawn_too);
    assert!(moves.contains(&"a9:c9".to_string()) && moves.contains(&"a8:c6".to_string()), "{moves:?}");
    assert!(!moves.iter().any(|text| text.contains('-')), "no quiet move: {moves:?}");
}

#[test]
fn a_pawn_never_captures_into_his_own_gate() {
    // White: Kg5, p d8; Black: Kd11, pp d7, d5.
    let start = position("3/3/3/k/7/7/3P3/3p3/7/3p2K/1/3/3/3 w - - 0 1");
    assert_eq!(legal(&start), ["d8:d6"], "not d8:d6:d4, into White's gate");
}

#[test]
fn a_man_leapt_once_is_gone_and_the_circular_chain_stops() {
    // White: Kd4, Qa5; Black: Kg10, pp a6, a8, c10, e9, f9.
    let start = position("3/3/3/1/2p3k/4pp1/p6/7/p6/Q6/K/3/3/3 w - - 0 1");
    let moves = legal(&start);
    for expected in ["a5:a7:a10:d10:f8:f10", "a5:f10:a10:a7:a5"] {
        assert!(moves.contains(&expected.to_string()), "{expected} in {moves:?}");
    }
    // From a9 the batir could not go on, so the chain may not stop there.
    assert!(!moves.iter().any(|text| text.starts_with("a5:a7:a9")), "{moves:?}");
    // The bad line: the biy may take the batir back (or, the only man able
    // to capture, step aside).
    let bad = play(&start, "Qa5:a10:d10:f8:f10");
    assert_eq!(legal(&bad), ["g10-f9", "g10-g9", "g10:e10"]);
    assert_eq!(play(&bad, "Kg10:e10").men(Color::White).count(), 1, "a bare biy against a bare biy");
    // The good one: the batir comes back to a5 and stops, e9 being gone.
    let good = play(&start, "Qa5:f10:a10:a5");
    assert_eq!(good.man_at(sq("a5")), Some(Man { color: Color::White, kind: ManKind::Batir }));
    let left: Vec<String> = good.men(Color::Black).map(|(square, _)| square.to_string()).collect();
    assert_eq!(left, ["f9", "g10"]);
}

#[test]
fn en_passant_is_taken_at_once_or_never() {
    // White: Kg5, p c5; Black: Kg10, p b7. White plays c5-c7.
    let start = position("3/3/3/1/6k/7/7/1p5/7/2P3K/1/3/3/3 w - - 0 1");
    let after = play(&start, "c5-c7");
    assert_eq!(after.en_passant(), Some(sq("c6")));
    assert_eq!(legal(&after), ["b7:d5", "b7:d7"]);
    let taken = play(&after, "b7:d5 e.p.");
    assert_eq!(taken.man_at(sq("c7")), None, "the pawn that passed c6 is taken");
    assert_eq!(taken.man_at(sq("d5")), Some(Man { color: Color::Black, kind: ManKind::Shatra }));
    // Only the move right after the double step may take en passant.
    let later = play(&play(&after, "b7:d7"), "g5-g6");
    assert_eq!(later.en_passant(), None);
    let single = play(&start, "c5-c6");
    assert_eq!(single.en_passant(), None, "a single step leaves no chance");
}
