//! Move generation against Fairy-Stockfish's truth, row by row.

mod common;

#[test]
fn legal_moves_match_every_reference_row() {
    let rows = common::reference_rows();
    assert_eq!(rows.len(), 400);
    for row in &rows {
        let position = common::position(&row.fen);
        let mut ours: Vec<String> = position.legal_moves().iter().map(ToString::to_string).collect();
        ours.sort();
        assert_eq!(ours, row.legal, "legal moves of {}", row.fen);
    }
}

/// The early exit of `has_legal_moves` agrees with the full list, over
/// every reference row and every position one and two moves on.
#[test]
fn has_legal_moves_agrees_with_the_list_along_the_tree() {
    let (mut with, mut without) = (0, 0);
    let mut check = |position: &shatar::rules::Position| {
        let listed = !position.legal_moves().is_empty();
        assert_eq!(position.has_legal_moves(), listed, "{}", position.to_fen());
        if listed { with += 1 } else { without += 1 }
    };
    for row in common::reference_rows() {
        let position = common::position(&row.fen);
        check(&position);
        for mv in position.legal_moves() {
            let next = position.play(mv).expect("generated move is legal");
            check(&next);
            for reply in next.legal_moves() {
                check(&next.play(reply).expect("generated move is legal"));
            }
        }
    }
    assert!(with > 0 && without > 0, "{with} positions with moves, {without} without");
}

#[test]
fn perft_matches_every_reference_row_at_every_depth() {
    for row in common::reference_rows() {
        let position = common::position(&row.fen);
        for (depth, expected) in (1..).zip(&row.perft) {
            assert_eq!(position.perft(depth), *expected, "perft {depth} of {}", row.fen);
        }
    }
}

#[test]
fn fen_round_trips_on_every_reference_row() {
    for row in common::reference_rows() {
        assert_eq!(common::position(&row.fen).to_fen(), row.fen);
    }
}

#[test]
fn incremental_hash_equals_full_hash_along_the_tree() {
    for row in common::reference_rows().iter().step_by(7) {
        let position = common::position(&row.fen);
        for mv in position.legal_moves() {
            let next = position.play(mv).expect("generated move is legal");
            assert_eq!(next.hash(), next.compute_hash(), "{} after {mv}", row.fen);
            assert_eq!(position.hash_after(mv), next.hash(), "hash_after: {} after {mv}", row.fen);
            for reply in next.legal_moves() {
                let last = next.play(reply).expect("generated move is legal");
                assert_eq!(last.hash(), last.compute_hash());
                assert_eq!(next.hash_after(reply), last.hash());
            }
        }
    }
}
