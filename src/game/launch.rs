//! The command line: what the game starts with.

use super::Screen;
use super::camera::View;
use super::gallery::GalleryShots;
use super::kiosk::{Difficulty, Kiosk, KioskConfig, Mode};
use super::lang::{Language, Words};
use super::screenshot::ScreenshotPlan;
use super::session::{ActiveGame, Player};
use crate::ai;
use crate::rules::{Color, Game, MovesError, RuleOptions, Square};
use crate::shatra::{self, ShatraRules};
use crate::variant::{self, AnyGame, AnyRecordError, Variant};
use bevy::prelude::*;
use clap::Parser;
use std::path::PathBuf;
use thiserror::Error;

/// Shatar, Mongolian chess, in 3D.
#[derive(Parser, Debug, Default)]
#[command(version, about = "Shatar, Mongolian chess, in 3D")]
pub struct Cli {
    /// Start from a saved game record (JSON).
    #[arg(long, value_name = "RECORD", conflicts_with = "moves")]
    pub load: Option<PathBuf>,
    /// The game to play: Shatar, or the Altai shatra.
    #[arg(long, value_enum, default_value_t = Variant::Shatar)]
    pub variant: Variant,
    /// Show shatra's men as the flat marked discs of tournament sets.
    #[arg(long)]
    pub discs: bool,
    /// Replay these moves from the initial array: UCI for Shatar, e.g.
    /// "d2d4 d7d5 e2e3"; the core's text for shatra, e.g. "d2*c6 d13*e9".
    #[arg(long, value_name = "MOVES")]
    pub moves: Option<String>,
    /// Render the scene once everything has loaded, write this PNG and exit.
    #[arg(long, value_name = "FILE.png")]
    pub screenshot: Option<PathBuf>,
    /// Window size in pixels, WIDTHxHEIGHT.
    #[arg(long, value_name = "WxH", default_value = "1280x720", value_parser = parse_size)]
    pub size: (u32, u32),
    /// Where the camera starts.
    #[arg(long, value_enum, default_value_t = View::White)]
    pub view: View,
    /// Who plays White.
    #[arg(long, value_enum, default_value_t = Player::Human)]
    pub white: Player,
    /// Who plays Black.
    #[arg(long, value_enum, default_value_t = Player::Human)]
    pub black: Player,
    /// The computer's level, 1 (beginner) to 8 (strongest).
    #[arg(long, default_value_t = ActiveGame::DEFAULT_LEVEL, value_parser = clap::value_parser!(u8).range(1..=ai::MAX_LEVEL as i64))]
    pub level: u8,
    /// On exit, print the worst and mean frame times, while the computer
    /// thinks and otherwise.
    #[arg(long)]
    pub frame_stats: bool,
    /// Open the piece gallery.
    #[arg(long, conflicts_with_all = ["load", "moves"])]
    pub gallery: bool,
    /// Write close-ups of the empty stand and of all twelve figures to this
    /// folder (empty.png, white-noyon.png, ...), then exit.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["load", "moves", "screenshot"])]
    pub gallery_shots: Option<PathBuf>,
    /// Run as an unattended museum exhibit: fullscreen, touch-first, with
    /// an attract loop. Staff quit with the config's exit chord
    /// (default Ctrl+Alt+Shift+Q) or corner gesture.
    #[arg(long, conflicts_with_all = ["load", "moves", "gallery", "gallery_shots", "white", "black"])]
    pub kiosk: bool,
    /// The kiosk's configuration (TOML); see assets/kiosk.toml. A missing or
    /// bad file falls back to the defaults with a warning.
    #[arg(long, value_name = "FILE.toml", requires = "kiosk")]
    pub config: Option<PathBuf>,
    /// The language of the gallery and the kiosk, over the config's.
    #[arg(long, value_enum)]
    pub lang: Option<Language>,
    /// The kiosk screen to start on, e.g. for screenshots.
    #[arg(long, value_enum, requires = "kiosk")]
    pub kiosk_screen: Option<KioskScreen>,
}

/// A kiosk screen to start on.
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
pub enum KioskScreen {
    Welcome,
    /// The attract loop.
    Attract,
    /// The welcome with the rules card open.
    Rules,
    Gallery,
    /// A game against the computer at the medium level.
    Play,
}

#[derive(Debug, Error)]
pub enum LaunchError {
    #[error("cannot load {path}: {source}")]
    Load { path: PathBuf, source: AnyRecordError },
    #[error("--moves: {0}")]
    Moves(#[from] MovesError),
    #[error("--moves: {0}")]
    ShatraMoves(#[from] shatra::MovesError),
}

/// What the windowed game starts with, checked before any window opens.
#[derive(Debug)]
pub struct Launch {
    pub active: ActiveGame,
    pub size: (u32, u32),
    pub view: View,
    pub screenshot: Option<PathBuf>,
    pub screen: Screen,
    pub frame_stats: bool,
    pub discs: bool,
    pub gallery_shots: Option<PathBuf>,
    /// The exhibit's state, in kiosk mode.
    pub kiosk: Option<Kiosk>,
    pub language: Language,
}

impl Launch {
    pub fn from_cli(cli: Cli) -> Result<Launch, LaunchError> {
        let players = [cli.white, cli.black];
        let fresh = AnyGame::new(cli.variant, Color::White);
        let (game, screen) = if let Some(path) = &cli.load {
            let game =
                variant::load(path).map_err(|source| LaunchError::Load { path: path.clone(), source })?;
            (game, Screen::Game)
        } else if let Some(moves) = &cli.moves {
            let game = match cli.variant {
                Variant::Shatar => replay(moves)?.into(),
                Variant::Shatra => replay_shatra(moves)?.into(),
            };
            (game, Screen::Game)
        } else if players != [Player::Human; 2] || cli.variant != Variant::Shatar {
            (fresh, Screen::Game)
        } else {
            (fresh, Screen::Title)
        };
        let screen = if cli.gallery || cli.gallery_shots.is_some() { Screen::Gallery } else { screen };
        let mut active = ActiveGame::new(game, players);
        active.ai_level = cli.level;
        let (kiosk, screen) = if cli.kiosk {
            let (mut config, warnings) = KioskConfig::load(cli.config.as_deref());
            for warning in warnings {
                // Bevy's log is not up yet.
                eprintln!("WARN shatar: {warning}");
            }
            if let Some(language) = cli.lang {
                config.language = language;
            }
            let mut kiosk = Kiosk::new(config);
            let levels = kiosk.config.levels;
            let people = [Player::Human; 2];
            let (screen, players, level) = match cli.kiosk_screen.unwrap_or(KioskScreen::Welcome) {
                KioskScreen::Welcome => (Screen::Title, people, cli.level),
                KioskScreen::Rules => {
                    kiosk.rules_open = true;
                    (Screen::Title, people, cli.level)
                }
                KioskScreen::Gallery => (Screen::Gallery, people, cli.level),
                KioskScreen::Play => {
                    kiosk.mode = Some(Mode::Computer(Difficulty::Medium));
                    (Screen::Game, [Player::Human, Player::Ai], levels.medium)
                }
                KioskScreen::Attract => (Screen::Attract, [Player::Ai; 2], levels.attract),
            };
            active = ActiveGame::new(kiosk.new_game(kiosk.variant, Color::White), players);
            active.ai_level = level;
            (Some(kiosk), screen)
        } else {
            (None, screen)
        };
        let language = kiosk.as_ref().map_or(cli.lang.unwrap_or_default(), |k| k.config.language);
        Ok(Launch {
            active,
            size: cli.size,
            view: cli.view,
            screenshot: cli.screenshot,
            screen,
            frame_stats: cli.frame_stats,
            discs: cli.discs,
            gallery_shots: cli.gallery_shots,
            kiosk,
            language,
        })
    }

    pub(super) fn install(self, app: &mut App) {
        app.insert_resource(self.active);
        app.insert_resource(Words::new(self.language));
        if let Some(kiosk) = self.kiosk {
            app.insert_resource(kiosk);
            app.add_plugins(super::kiosk::plugin);
        }
        app.insert_state(self.screen);
        if self.frame_stats {
            app.add_plugins(super::frames::plugin);
        }
        app.insert_resource(self.view.camera_start());
        app.insert_resource(super::look::Discs(self.discs));
        if let Some(path) = self.screenshot {
            app.insert_resource(ScreenshotPlan::new(path));
        }
        if let Some(dir) = self.gallery_shots {
            app.insert_resource(GalleryShots::new(dir));
        }
    }
}

/// Replays shatra moves, written as the core writes them, from the
/// initial array.
pub fn replay_shatra(moves: &str) -> Result<shatra::Game, LaunchError> {
    let mut game = shatra::Game::new(ShatraRules::default());
    game.play_texts(moves.split_whitespace())?;
    Ok(game)
}

/// Replays UCI moves from the initial array. Either side may open; the
/// first move's square tells which.
pub fn replay(moves: &str) -> Result<Game, MovesError> {
    let first = moves
        .split_whitespace()
        .next()
        .and_then(|text| text.get(..2))
        .and_then(Square::parse)
        .map_or(Color::White, |from| if from.rank() >= 4 { Color::Black } else { Color::White });
    let mut game = Game::new(RuleOptions::default(), first);
    game.play_uci_moves(moves.split_whitespace())?;
    Ok(game)
}

fn parse_size(text: &str) -> Result<(u32, u32), String> {
    let bad = || format!("'{text}' is not a size like 1280x720");
    let (width, height) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let width: u32 = width.trim().parse().map_err(|_| bad())?;
    let height: u32 = height.trim().parse().map_err(|_| bad())?;
    if !(320..=7680).contains(&width) || !(240..=4320).contains(&height) {
        return Err(format!("{width}x{height} is outside 320x240 to 7680x4320"));
    }
    Ok((width, height))
}
