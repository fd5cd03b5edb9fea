//! Reading a move's text against the legal moves. Moves are written
//! `d2*c6` (a drop), `d7-c8` or `c13-c14R` (a step), and capture chains
//! with every landing square, `e12:e14Q:c12:g8:g10`. As in the seed, a
//! chain may skip landings, `Qc10:a6` for c10:c6:a6, when only one legal
//! chain fits; a leading man letter and trailing marks (`×`, `+`, `!`,
//! `?`, `e.p.`) are allowed.

use super::board::Square;
use super::legal::legal_moves;
use super::moves::Move;
use super::position::{ManKind, Position};
use super::rules::ShatraRules;
use thiserror::Error;

#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum MoveTextError {
    #[error("'{0}' is not a shatra move (like d2*c6, d7-c8, c13-c14R or e12:e14Q:c12)")]
    Syntax(String),
    #[error("{0} is not legal here")]
    Illegal(String),
    #[error("{text} could mean {}", .candidates.join(" or "))]
    Ambiguous { text: String, candidates: Vec<String> },
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Drop,
    Step,
    Capture,
}

/// The legal move that `text` names.
pub fn parse_move(position: &Position, rules: ShatraRules, text: &str) -> Result<Move, MoveTextError> {
    let syntax = || MoveTextError::Syntax(text.to_string());
    let (letter, kind, squares) = split(text).ok_or_else(syntax)?;
    let from = squares.first().ok_or_else(syntax)?.0;
    if let Some(letter) = letter
        && position.man_at(from).is_none_or(|man| man.kind.letter() != letter)
    {
        return Err(MoveTextError::Illegal(text.to_string()));
    }
    let candidates: Vec<Move> =
        legal_moves(position, rules).into_iter().filter(|mv| fits(mv, kind, &squares)).collect();
    match candidates.as_slice() {
        [] => Err(MoveTextError::Illegal(text.to_string())),
        [only] => Ok(only.clone()),
        many => Err(MoveTextError::Ambiguous {
            text: text.to_string(),
            candidates: many.iter().map(Move::to_string).collect(),
        }),
    }
}

type Written = (Square, Option<ManKind>);

/// The man letter, the kind of move and the written squares.
fn split(text: &str) -> Option<(Option<char>, Kind, Vec<Written>)> {
    let mut body = text.trim();
    for mark in ["e.p.", "ep", "×", "x", "+", "#", "!", "?"] {
        while let Some(rest) = body.strip_suffix(mark) {
            body = rest.trim_end();
        }
    }
    let letter = body.chars().next().filter(|c| "KQRBP".contains(*c));
    if letter.is_some() {
        body = &body[1..];
    }
    let (kind, separator) = if body.contains('*') {
        (Kind::Drop, '*')
    } else if body.contains(':') {
        (Kind::Capture, ':')
    } else {
        (Kind::Step, '-')
    };
    let squares: Option<Vec<Written>> = body.split(separator).map(written).collect();
    let squares = squares?;
    let enough = if kind == Kind::Capture { squares.len() >= 2 } else { squares.len() == 2 };
    enough.then_some((letter, kind, squares))
}

fn written(text: &str) -> Option<Written> {
    let (square, promotion) = match text.chars().last() {
        Some(c) if c.is_ascii_uppercase() => {
            let kind = ManKind::ALL.into_iter().find(|kind| kind.letter() == c)?;
            (&text[..text.len() - 1], Some(kind))
        }
        _ => (text, None),
    };
    Some((Square::parse(square)?, promotion))
}

fn fits(mv: &Move, kind: Kind, squares: &[Written]) -> bool {
    let [(from, _), rest @ ..] = squares else { return false };
    if mv.from() != *from {
        return false;
    }
    match (mv, kind, rest) {
        (Move::Drop { to, .. }, Kind::Drop, [(written, None)]) => to == written,
        (Move::Step { to, promotion, .. }, Kind::Step, [(written, wanted)]) => {
            to == written && (wanted.is_none() || wanted == promotion)
        }
        (Move::Capture { legs, .. }, Kind::Capture, _) => {
            // The written landings, in order, among the chain's; the last
            // written is where the chain ends.
            let mut landings = legs.iter();
            let in_order = rest.iter().all(|(square, wanted)| {
                landings.any(|leg| leg.to == *square && (wanted.is_none() || *wanted == leg.promotion))
            });
            in_order && rest.last().map(|(square, _)| *square) == Some(mv.to())
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_text_is_a_clear_error_never_a_panic() {
        let position = Position::initial();
        let rules = ShatraRules::default();
        for text in [
            "", "×", "-", ":", "*", "Q", "c5", "c5-", "c5-c9", "z5-z6", "c5-c6-c7", "d1*d1*d2", "é5-é6",
            "c5:c7Ж",
        ] {
            let error = parse_move(&position, rules, text).expect_err(text);
            assert!(!error.to_string().is_empty(), "{text}");
        }
        assert_eq!(parse_move(&position, rules, "Qd1*c6").map(|mv| mv.to_string()), Ok("d1*c6".into()));
        assert!(
            matches!(parse_move(&position, rules, "Rd1*c6"), Err(MoveTextError::Illegal(_))),
            "d1 holds the batir"
        );
        assert_eq!(parse_move(&position, rules, " c5-c7+ ").map(|mv| mv.to_string()), Ok("c5-c7".into()));
    }

    #[test]
    fn shortened_chains_resolve_and_a_missing_promotion_is_ambiguous() {
        // The biy on a9 may stop after c9 or go on to e9: "a9:e9" is one
        // chain, "a9:c9" names the stop.
        let position = Position::from_fen("3/3/3/1/7/kP1P3/7/7/7/7/K/3/3/3 b - - 0 1").expect("fen");
        let rules = ShatraRules::default();
        assert_eq!(parse_move(&position, rules, "a9:e9").map(|mv| mv.to_string()), Ok("a9:c9:e9".into()));
        assert_eq!(parse_move(&position, rules, "a9:c9").map(|mv| mv.to_string()), Ok("a9:c9".into()));
        // A promotion left out where several officers are free.
        let position = Position::from_fen("3/P2/3/1/7/7/7/7/7/6K/1/3/3/3 w - - 0 1").expect("fen");
        let error = parse_move(&position, rules, "c13-c14").expect_err("three officers are free");
        assert!(
            matches!(&error, MoveTextError::Ambiguous { candidates, .. } if candidates.len() == 3),
            "{error}"
        );
    }
}
