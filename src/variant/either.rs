//! `AnyGame` and `AnyMove`: a Shatar or a shatra game and move, with the
//! questions the game layer asks of either answered by its own core.

use super::{Cell, Variant, figure};
use crate::ai;
use crate::rules::{self, Color, Piece};
use crate::shatra;
use std::fmt;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::atomic::AtomicBool;
use thiserror::Error;

/// A game of either variant.
#[derive(Clone, Debug)]
pub enum AnyGame {
    Shatar(rules::Game),
    Shatra(shatra::Game),
}

/// A move of either variant.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum AnyMove {
    Shatar(rules::Move),
    Shatra(shatra::Move),
}

/// How either game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum AnyOutcome {
    Shatar(rules::Outcome),
    Shatra(shatra::Outcome),
}

#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum PlayError {
    #[error(transparent)]
    Shatar(#[from] rules::GameError),
    #[error(transparent)]
    Shatra(#[from] shatra::GameError),
    #[error("a {0} move cannot be played in a game of the other variant")]
    Variant(Variant),
}

impl From<rules::Game> for AnyGame {
    fn from(game: rules::Game) -> AnyGame {
        AnyGame::Shatar(game)
    }
}

impl From<shatra::Game> for AnyGame {
    fn from(game: shatra::Game) -> AnyGame {
        AnyGame::Shatra(game)
    }
}

impl From<rules::Move> for AnyMove {
    fn from(mv: rules::Move) -> AnyMove {
        AnyMove::Shatar(mv)
    }
}

impl From<shatra::Move> for AnyMove {
    fn from(mv: shatra::Move) -> AnyMove {
        AnyMove::Shatra(mv)
    }
}

impl Default for AnyGame {
    fn default() -> AnyGame {
        AnyGame::new(Variant::Shatar, Color::White)
    }
}

impl AnyGame {
    /// A fresh game under the default rules. `first` only matters in
    /// Shatar, where either side may open; in shatra White begins.
    pub fn new(variant: Variant, first: Color) -> AnyGame {
        AnyGame::with_rules(variant, first, rules::RuleOptions::default(), shatra::ShatraRules::default())
    }

    /// A fresh game of `variant` under the rule options for its game.
    pub fn with_rules(
        variant: Variant,
        first: Color,
        rules: rules::RuleOptions,
        shatra_rules: shatra::ShatraRules,
    ) -> AnyGame {
        match variant {
            Variant::Shatar => AnyGame::Shatar(rules::Game::new(rules, first)),
            Variant::Shatra => AnyGame::Shatra(shatra::Game::new(shatra_rules)),
        }
    }

    pub const fn variant(&self) -> Variant {
        match self {
            AnyGame::Shatar(_) => Variant::Shatar,
            AnyGame::Shatra(_) => Variant::Shatra,
        }
    }

    /// The Shatar game, for what only Shatar has (checks, SAN, rule options).
    pub const fn shatar(&self) -> Option<&rules::Game> {
        match self {
            AnyGame::Shatar(game) => Some(game),
            AnyGame::Shatra(_) => None,
        }
    }

    pub const fn shatra(&self) -> Option<&shatra::Game> {
        match self {
            AnyGame::Shatra(game) => Some(game),
            AnyGame::Shatar(_) => None,
        }
    }

    pub fn side_to_move(&self) -> Color {
        match self {
            AnyGame::Shatar(game) => game.position().side_to_move(),
            AnyGame::Shatra(game) => game.position().side_to_move(),
        }
    }

    pub fn outcome(&self) -> Option<AnyOutcome> {
        match self {
            AnyGame::Shatar(game) => game.outcome().map(AnyOutcome::Shatar),
            AnyGame::Shatra(game) => game.outcome().map(AnyOutcome::Shatra),
        }
    }

    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// How many moves have been played.
    pub fn ply(&self) -> usize {
        match self {
            AnyGame::Shatar(game) => game.moves().len(),
            AnyGame::Shatra(game) => game.moves().len(),
        }
    }

    /// The moves as the move list writes them.
    pub fn move_texts(&self) -> Vec<String> {
        match self {
            AnyGame::Shatar(game) => game.moves().iter().map(|played| played.san.clone()).collect(),
            AnyGame::Shatra(game) => game.moves().iter().map(ToString::to_string).collect(),
        }
    }

    pub fn last_move(&self) -> Option<AnyMove> {
        match self {
            AnyGame::Shatar(game) => game.moves().last().map(|played| AnyMove::Shatar(played.mv)),
            AnyGame::Shatra(game) => game.moves().last().cloned().map(AnyMove::Shatra),
        }
    }

    /// Every man on the board, as the figure that shows him.
    pub fn men(&self) -> Vec<(Cell, Piece)> {
        match self {
            AnyGame::Shatar(game) => {
                let position = game.position();
                rules::Square::all()
                    .filter_map(|square| position.piece_at(square).map(|piece| (square.into(), piece)))
                    .collect()
            }
            AnyGame::Shatra(game) => Color::BOTH
                .into_iter()
                .flat_map(|color| game.position().men(color))
                .map(|(square, man)| (square.into(), figure(man)))
                .collect(),
        }
    }

    pub fn figure_at(&self, cell: Cell) -> Option<Piece> {
        match self {
            AnyGame::Shatar(game) => cell.shatar().and_then(|square| game.position().piece_at(square)),
            AnyGame::Shatra(game) => {
                cell.shatra().and_then(|square| game.position().man_at(square)).map(figure)
            }
        }
    }

    /// The men taken so far, in the order they fell.
    pub fn captured(&self) -> Vec<Piece> {
        match self {
            AnyGame::Shatar(game) => game.moves().iter().filter_map(|played| played.captured).collect(),
            AnyGame::Shatra(game) => {
                let before = game.positions().iter();
                let mut taken = Vec::new();
                for (position, mv) in before.zip(game.moves()) {
                    if let shatra::Move::Capture { legs, .. } = mv {
                        let prey = legs.iter().filter_map(|leg| position.man_at(leg.prey));
                        taken.extend(prey.map(figure));
                    }
                }
                taken
            }
        }
    }

    /// The square of the noyon in check, in Shatar.
    pub fn check(&self) -> Option<Cell> {
        let position = self.shatar()?.position();
        position.is_check().then(|| position.noyon(position.side_to_move()).into())
    }

    pub fn legal_moves(&self) -> Vec<AnyMove> {
        match self {
            AnyGame::Shatar(game) => game.legal_moves().into_iter().map(AnyMove::Shatar).collect(),
            AnyGame::Shatra(game) => game.legal_moves().into_iter().map(AnyMove::Shatra).collect(),
        }
    }

    /// Whether the move takes a man (on its first landing, for a chain).
    pub fn is_capture(&self, mv: &AnyMove) -> bool {
        match mv {
            AnyMove::Shatar(mv) => self.figure_at(mv.to.into()).is_some(),
            AnyMove::Shatra(mv) => mv.is_capture(),
        }
    }

    pub fn play(&mut self, mv: &AnyMove) -> Result<(), PlayError> {
        match (self, mv) {
            (AnyGame::Shatar(game), AnyMove::Shatar(mv)) => game.play(*mv).map(|_| ()).map_err(Into::into),
            (AnyGame::Shatra(game), AnyMove::Shatra(mv)) => game.play(mv).map_err(Into::into),
            (_, mv) => Err(PlayError::Variant(mv.variant())),
        }
    }

    /// Takes back the last move; false if there was none.
    pub fn undo(&mut self) -> bool {
        match self {
            AnyGame::Shatar(game) => game.undo().is_some(),
            AnyGame::Shatra(game) => game.undo().is_some(),
        }
    }

    pub fn agree_draw(&mut self) -> Result<(), PlayError> {
        match self {
            AnyGame::Shatar(game) => game.agree_draw().map_err(Into::into),
            AnyGame::Shatra(game) => game.agree_draw().map_err(Into::into),
        }
    }

    pub fn resign(&mut self, loser: Color) -> Result<(), PlayError> {
        match self {
            AnyGame::Shatar(game) => game.resign(loser).map_err(Into::into),
            AnyGame::Shatra(game) => game.resign(loser).map_err(Into::into),
        }
    }

    /// A number that differs between positions, to seed the computer's choices.
    pub fn position_hash(&self) -> u64 {
        match self {
            AnyGame::Shatar(game) => game.position().hash(),
            AnyGame::Shatra(game) => {
                let mut hasher = DefaultHasher::new();
                game.position().hash(&mut hasher);
                hasher.finish()
            }
        }
    }

    /// The computer's move at `level`; `None` if the game is over.
    pub fn choose_move(&self, level: u8, seed: u64, stop: &AtomicBool) -> Option<AnyMove> {
        match self {
            AnyGame::Shatar(game) => ai::choose_move(game, level, seed, stop).map(AnyMove::Shatar),
            AnyGame::Shatra(game) => ai::shatra::choose_move(game, level, seed, stop).map(AnyMove::Shatra),
        }
    }

    /// Whether the computer, playing `us`, takes a draw offer.
    pub fn accepts_draw(&self, us: Color) -> bool {
        match self {
            AnyGame::Shatar(game) => ai::accepts_draw(game, us),
            AnyGame::Shatra(game) => ai::shatra::accepts_draw(game, us),
        }
    }
}

impl AnyMove {
    pub const fn variant(&self) -> Variant {
        match self {
            AnyMove::Shatar(_) => Variant::Shatar,
            AnyMove::Shatra(_) => Variant::Shatra,
        }
    }

    pub fn from(&self) -> Cell {
        match self {
            AnyMove::Shatar(mv) => mv.from.into(),
            AnyMove::Shatra(mv) => mv.from().into(),
        }
    }

    /// Where the man lands, in order: once for a move or a drop, once per
    /// man taken in a capture chain.
    pub fn path(&self) -> Vec<Cell> {
        match self {
            AnyMove::Shatar(mv) => vec![mv.to.into()],
            AnyMove::Shatra(shatra::Move::Capture { legs, .. }) => {
                legs.iter().map(|leg| leg.to.into()).collect()
            }
            AnyMove::Shatra(mv) => vec![mv.to().into()],
        }
    }

    /// The officer a shatra pawn becomes in this move, if he does.
    pub fn promotion(&self) -> Option<shatra::ManKind> {
        match self {
            AnyMove::Shatra(shatra::Move::Step { promotion, .. }) => *promotion,
            AnyMove::Shatra(shatra::Move::Capture { legs, .. }) => legs.iter().find_map(|leg| leg.promotion),
            _ => None,
        }
    }

    /// The men a shatra chain takes, leg by leg; none for other moves
    /// (a Shatar capture takes the man on `to`).
    pub fn prey(&self) -> Vec<Cell> {
        match self {
            AnyMove::Shatra(shatra::Move::Capture { legs, .. }) => {
                legs.iter().map(|leg| leg.prey.into()).collect()
            }
            _ => Vec::new(),
        }
    }

    pub fn to(&self) -> Cell {
        match self {
            AnyMove::Shatar(mv) => mv.to.into(),
            AnyMove::Shatra(mv) => mv.to().into(),
        }
    }
}

impl fmt::Display for AnyMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyMove::Shatar(mv) => write!(f, "{mv}"),
            AnyMove::Shatra(mv) => write!(f, "{mv}"),
        }
    }
}

impl AnyOutcome {
    pub fn winner(self) -> Option<Color> {
        match self {
            AnyOutcome::Shatar(outcome) => outcome.winner(),
            AnyOutcome::Shatra(outcome) => outcome.winner(),
        }
    }
}

impl fmt::Display for AnyOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyOutcome::Shatar(outcome) => write!(f, "{outcome}"),
            AnyOutcome::Shatra(outcome) => write!(f, "{outcome}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(game: &mut AnyGame, text: &str) {
        let mv = game.legal_moves().into_iter().find(|mv| mv.to_string() == text);
        game.play(&mv.unwrap_or_else(|| panic!("{text} is not legal"))).expect("legal");
    }

    #[test]
    fn a_shatra_chain_lists_its_landings_and_its_prey() {
        // Seed 002's mid-chain promotion, with the black pawn on e10.
        let fen = "3/1rp/2P/1/4p2/6k/7/7/7/6K/1/3/3/3 w - - 0 1";
        let start = shatra::Game::from_fen(shatra::ShatraRules::default(), fen).expect("a position");
        let mut game = AnyGame::from(start);
        let chains: Vec<AnyMove> = game.legal_moves().into_iter().filter(|mv| game.is_capture(mv)).collect();
        assert!(!chains.is_empty(), "the pawn must capture");
        let longest = chains.iter().max_by_key(|mv| mv.path().len()).cloned().expect("a chain");
        assert_eq!(longest.from(), Cell::parse("e12").expect("e12"));
        assert_eq!(longest.path().len(), 4, "{longest}");
        game.play(&longest).expect("legal");
        assert_eq!(game.captured().len(), 4);
        assert!(game.is_over(), "the chain takes the biy");
        assert!(game.captured().iter().all(|piece| piece.color == Color::Black));
        assert_eq!(game.last_move(), Some(longest));
        assert!(game.undo());
        assert!(game.captured().is_empty());
    }

    #[test]
    fn moves_of_the_other_variant_are_refused() {
        let mut shatar = AnyGame::new(Variant::Shatar, Color::White);
        let shatra_move = AnyGame::new(Variant::Shatra, Color::White).legal_moves().remove(0);
        assert_eq!(shatar.play(&shatra_move), Err(PlayError::Variant(Variant::Shatra)));
        play(&mut shatar, "d2d4");
        assert_eq!(shatar.move_texts().len(), 1);
        assert_eq!(shatar.men().len(), 32);
        assert_eq!(AnyGame::new(Variant::Shatra, Color::Black).men().len(), 34);
    }
}
