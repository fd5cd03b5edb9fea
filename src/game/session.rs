//! The game resource and the actions that change it. Every change goes
//! through the rules core; this module never judges a move itself.

use crate::rules::Color;
use crate::variant::{AnyGame, AnyMove};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ActiveGame>();
    app.init_resource::<Notice>();
    app.init_resource::<DrawOffer>();
    app.add_observer(apply_action);
}

/// Who plays a side.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, clap::ValueEnum)]
pub enum Player {
    #[default]
    Human,
    /// The computer.
    Ai,
}

/// The game on the table, Shatar or shatra: the core's game, who plays
/// each side and how strong the computer is.
#[derive(Resource, Debug)]
pub struct ActiveGame {
    game: AnyGame,
    players: [Player; 2],
    pub ai_level: u8,
    /// Counts changes other than moves (undo, new game, load), so that an
    /// answer computed for an older game is dropped.
    generation: u64,
}

impl Default for ActiveGame {
    fn default() -> ActiveGame {
        ActiveGame::new(AnyGame::default(), [Player::Human; 2])
    }
}

impl ActiveGame {
    /// A friendly club player: it makes mistakes a beginner can punish.
    pub const DEFAULT_LEVEL: u8 = 4;

    pub fn new(game: impl Into<AnyGame>, players: [Player; 2]) -> ActiveGame {
        ActiveGame { game: game.into(), players, ai_level: ActiveGame::DEFAULT_LEVEL, generation: 0 }
    }

    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    pub fn player(&self, color: Color) -> Player {
        self.players[color.index()]
    }

    pub fn players(&self) -> [Player; 2] {
        self.players
    }

    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Whether a person may move now.
    pub fn human_to_move(&self) -> bool {
        !self.game.is_over() && self.player(self.game.side_to_move()) == Player::Human
    }

    /// The human side facing the computer, if exactly one side is human.
    pub fn lone_human(&self) -> Option<Color> {
        match self.players {
            [Player::Human, Player::Ai] => Some(Color::White),
            [Player::Ai, Player::Human] => Some(Color::Black),
            _ => None,
        }
    }

    fn replace(&mut self, game: AnyGame, players: [Player; 2]) {
        self.game = game;
        self.players = players;
        self.generation += 1;
    }

    /// Takes back one move; facing the computer, takes back to the
    /// person's last turn.
    fn undo(&mut self) -> bool {
        if !self.game.undo() {
            return false;
        }
        if self.lone_human().is_some() {
            while self.player(self.game.side_to_move()) == Player::Ai && self.game.undo() {}
        }
        self.generation += 1;
        true
    }
}

/// Something that changes the game, from a person, the computer or a test.
#[derive(Event, Clone, Debug)]
pub enum GameAction {
    /// Play a move; the core refuses it if it is illegal.
    Play(AnyMove),
    Undo,
    /// The side to move offers a draw. The computer answers at once; a
    /// person answers through [`DrawOffer`].
    OfferDraw,
    /// The offer was accepted: the game is drawn.
    AcceptDraw,
    DeclineDraw,
    /// The side to move resigns, or the lone person facing the computer.
    Resign,
    /// A fresh game or a loaded one, with its players.
    Start {
        game: AnyGame,
        players: [Player; 2],
    },
}

/// A line for the overlay: what just happened that the board cannot show.
#[derive(Resource, Default, Debug)]
pub struct Notice(pub Option<String>);

/// A draw offered by one person to the other, awaiting an answer.
#[derive(Resource, Default, Debug)]
pub struct DrawOffer(pub Option<Color>);

fn apply_action(
    action: On<GameAction>,
    mut active: ResMut<ActiveGame>,
    mut notice: ResMut<Notice>,
    mut offer: ResMut<DrawOffer>,
) {
    let offering = active.lone_human().unwrap_or(active.game.side_to_move());
    match action.event().clone() {
        GameAction::Play(mv) => {
            let mover = active.game.side_to_move();
            if let Err(error) = active.game.play(&mv) {
                notice.0 = Some(format!("Not played: {error}"));
                return;
            }
            info!("{mover} plays {mv}");
            offer.0 = None;
        }
        GameAction::Undo => {
            if !active.undo() {
                notice.0 = Some("There is no move to take back.".into());
            }
        }
        GameAction::OfferDraw => {
            if active.game.is_over() {
                return;
            }
            let other = offering.opponent();
            if active.player(other) == Player::Ai {
                if active.game.accepts_draw(other) {
                    let _ = active.game.agree_draw();
                } else {
                    notice.0 = Some(format!("{other} declines the draw."));
                }
            } else {
                offer.0 = Some(offering);
            }
        }
        GameAction::AcceptDraw => {
            if offer.0.take().is_some() {
                let _ = active.game.agree_draw();
            }
        }
        GameAction::DeclineDraw => {
            if let Some(by) = offer.0.take() {
                notice.0 = Some(format!("{} declines the draw.", by.opponent()));
            }
        }
        GameAction::Resign => {
            let _ = active.game.resign(offering);
        }
        GameAction::Start { game, players } => {
            active.replace(game, players);
            offer.0 = None;
            notice.0 = None;
        }
    }
}
