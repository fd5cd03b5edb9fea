//! Kiosk mode: the game as an unattended, touch-first exhibit. `--kiosk`
//! turns the title into a welcome screen, plays the computer against
//! itself when nobody is there (the attract loop), and returns an
//! abandoned game to that loop. The logic here runs headless; the screens
//! and the window are in `screens`, `card` and `window`.

mod card;
mod config;
mod exit;
mod screens;
pub mod soak;
mod window;

pub use config::{Corner, KioskConfig, Levels};
pub use window::window_plugin;

use super::lang::{Language, Words, man_key};
use super::session::{ActiveGame, GameAction, Player};
use super::{AppSystems, Screen};
use crate::rules::{Color, PieceKind};
use crate::shatra;
use crate::variant::{AnyGame, Variant};
use bevy::input::ButtonState;
use bevy::input::keyboard::KeyboardInput;
use bevy::input::mouse::{MouseButtonInput, MouseWheel};
use bevy::input::touch::{TouchInput, TouchPhase};
use bevy::prelude::*;

/// Seconds the end of an attract game stays on screen before the next.
pub const ATTRACT_PAUSE: f64 = 8.0;

/// The kiosk's logic: idle timers, the attract loop, the visitors' actions
/// and the staff's exit. Needs a [`Kiosk`] resource.
pub fn plugin(app: &mut App) {
    if !app.is_plugin_added::<bevy::input::InputPlugin>() {
        app.add_plugins(bevy::input::InputPlugin);
    }
    app.init_resource::<Caption>();
    if !app.world().contains_resource::<Words>() {
        let language = app.world().get_resource::<Kiosk>().map_or(Language::Mn, |k| k.config.language);
        app.insert_resource(Words::new(language));
    }
    app.add_observer(on_action);
    app.add_systems(
        Update,
        (note_activity, exit::chord, exit::gesture, idle_timers)
            .chain()
            .in_set(AppSystems::Input)
            .run_if(resource_exists::<Kiosk>),
    );
    app.add_systems(
        Update,
        caption
            .in_set(AppSystems::Mirror)
            .run_if(resource_changed::<ActiveGame>.and_eager(in_state(Screen::Attract))),
    );
    // The first move may land in the frame before the screen turns.
    app.add_systems(OnEnter(Screen::Attract), caption);
}

/// The exhibit without a window, for tests and the soak: the welcome
/// screen, the computer answering at once, and a clock that the caller
/// moves (`TimeUpdateStrategy`) by as much as an hour a frame.
pub fn headless(config: KioskConfig) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins).add_plugins(super::headless_plugin);
    let kiosk = Kiosk::new(config);
    app.insert_resource(ActiveGame::new(kiosk.new_game(kiosk.variant, Color::White), [Player::Human; 2]));
    app.insert_resource(kiosk);
    app.add_plugins(plugin);
    app.insert_resource(super::AiPace(std::time::Duration::ZERO));
    app.world_mut().resource_mut::<Time<Virtual>>().set_max_delta(std::time::Duration::from_secs(3600));
    app.update();
    super::single_threaded(&mut app);
    app
}

/// The windowed parts: the kiosk's screens, the rules card, the
/// fullscreen window and the hidden cursor.
pub fn windowed_plugin(app: &mut App) {
    app.add_plugins((screens::plugin, card::plugin, window::plugin));
}

/// The exhibit's state.
#[derive(Resource, Debug)]
pub struct Kiosk {
    pub config: KioskConfig,
    /// When a visitor last touched anything (seconds of app time).
    pub idle_since: f64,
    pub rules_open: bool,
    /// The game the visitor chose, or the first offered.
    pub variant: Variant,
    /// How the visitor's game was set up, for "Play again".
    pub mode: Option<Mode>,
    /// Attract games played to their end, or cut at `attract_max_plies`.
    pub attract_games: u64,
    /// Of those, the games cut.
    pub attract_cut: u64,
    /// When the attract game on the board ended.
    attract_over_since: Option<f64>,
}

impl Kiosk {
    pub fn new(config: KioskConfig) -> Kiosk {
        let variant = config.variants.first().copied().unwrap_or_default();
        Kiosk {
            config,
            idle_since: 0.0,
            rules_open: false,
            variant,
            mode: None,
            attract_games: 0,
            attract_cut: 0,
            attract_over_since: None,
        }
    }

    /// A fresh game of `variant` under the exhibit's rules.
    pub fn new_game(&self, variant: Variant, first: Color) -> AnyGame {
        AnyGame::with_rules(variant, first, self.config.rules, self.config.shatra_rules)
    }

    /// Seconds left before an abandoned game returns to the attract loop,
    /// once the countdown shows.
    pub fn countdown(&self, now: f64) -> Option<f32> {
        let left = (f64::from(self.config.reset_after) - (now - self.idle_since)) as f32;
        (left <= self.config.countdown).then_some(left.max(0.0))
    }
}

/// The computer's strength, as a visitor chooses it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Difficulty {
    Easy,
    Medium,
    Hard,
}

/// A visitor's game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    Computer(Difficulty),
    TwoPlayers,
}

/// What a visitor asks for on the kiosk's screens.
#[derive(Event, Clone, Copy, PartialEq, Debug)]
pub enum KioskAction {
    Play(Mode),
    /// The same game again.
    Again,
    Learn,
    Rules(bool),
    /// Back to the welcome screen.
    Menu,
    Language(Language),
    /// Choose the game on the welcome screen.
    Variant(Variant),
    TakeBack,
    /// "I am still playing": cancels the countdown.
    Stay,
}

/// What the attract loop says about the last move.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct Caption {
    /// The moved piece's Mongolian name.
    pub mongolian: String,
    /// The move in the chosen language, naming the piece.
    pub text: String,
    /// The check called, e.g. "Shak!".
    pub check: Option<String>,
}

fn on_action(
    action: On<KioskAction>,
    mut kiosk: ResMut<Kiosk>,
    mut words: ResMut<Words>,
    mut active: ResMut<ActiveGame>,
    time: Res<Time>,
    mut screen: ResMut<NextState<Screen>>,
    mut commands: Commands,
) {
    kiosk.idle_since = time.elapsed_secs_f64();
    match *action.event() {
        KioskAction::Play(mode) => start(mode, &mut kiosk, &mut active, &mut screen, &mut commands),
        KioskAction::Again => {
            let mode = kiosk.mode.unwrap_or(Mode::TwoPlayers);
            start(mode, &mut kiosk, &mut active, &mut screen, &mut commands);
        }
        KioskAction::Learn => {
            kiosk.rules_open = false;
            screen.set(Screen::Gallery);
        }
        KioskAction::Rules(open) => kiosk.rules_open = open,
        KioskAction::Menu => welcome(&mut kiosk, &mut screen, &mut commands),
        KioskAction::Language(language) => words.language = language,
        KioskAction::Variant(variant) => {
            if kiosk.variant != variant && kiosk.config.variants.contains(&variant) {
                kiosk.variant = variant;
                welcome(&mut kiosk, &mut screen, &mut commands);
            }
        }
        KioskAction::TakeBack => {
            commands.trigger(GameAction::Undo);
        }
        KioskAction::Stay => {}
    }
}

fn start(
    mode: Mode,
    kiosk: &mut Kiosk,
    active: &mut ActiveGame,
    screen: &mut NextState<Screen>,
    commands: &mut Commands,
) {
    let levels = kiosk.config.levels;
    let players = match mode {
        Mode::Computer(difficulty) => {
            active.ai_level = match difficulty {
                Difficulty::Easy => levels.easy,
                Difficulty::Medium => levels.medium,
                Difficulty::Hard => levels.hard,
            };
            [Player::Human, Player::Ai]
        }
        Mode::TwoPlayers => [Player::Human; 2],
    };
    kiosk.mode = Some(mode);
    kiosk.rules_open = false;
    commands.trigger(GameAction::Start { game: kiosk.new_game(kiosk.variant, Color::White), players });
    screen.set(Screen::Game);
}

/// The welcome screen over a fresh board.
fn welcome(kiosk: &mut Kiosk, screen: &mut NextState<Screen>, commands: &mut Commands) {
    kiosk.rules_open = false;
    kiosk.mode = None;
    commands.trigger(GameAction::Start {
        game: kiosk.new_game(kiosk.variant, Color::White),
        players: [Player::Human; 2],
    });
    screen.set(Screen::Title);
}

/// The computer against itself, in the exhibit's own language.
fn attract(kiosk: &mut Kiosk, words: &mut Words, active: &mut ActiveGame, commands: &mut Commands) {
    kiosk.rules_open = false;
    kiosk.mode = None;
    kiosk.attract_over_since = None;
    words.language = kiosk.config.language;
    kiosk.variant = kiosk.config.variants.first().copied().unwrap_or_default();
    active.ai_level = kiosk.config.levels.attract;
    // The games offered in turn, and in each, each side opens in turn.
    let offered = &kiosk.config.variants;
    let round = kiosk.attract_games as usize;
    let variant = offered.get(round % offered.len().max(1)).copied().unwrap_or_default();
    let first = if (round / offered.len().max(1)).is_multiple_of(2) { Color::White } else { Color::Black };
    let game = kiosk.new_game(variant, first);
    commands.trigger(GameAction::Start { game, players: [Player::Ai; 2] });
}

/// Any press, touch, key or wheel turn is a visitor. In the attract loop it
/// brings back the welcome screen.
fn note_activity(
    (mut buttons, mut touches, mut keys, mut wheels): (
        MessageReader<MouseButtonInput>,
        MessageReader<TouchInput>,
        MessageReader<KeyboardInput>,
        MessageReader<MouseWheel>,
    ),
    mut kiosk: ResMut<Kiosk>,
    time: Res<Time>,
    state: Res<State<Screen>>,
    mut screen: ResMut<NextState<Screen>>,
    mut commands: Commands,
) {
    let pressed = buttons.read().filter(|b| b.state == ButtonState::Pressed).count()
        + touches.read().filter(|t| matches!(t.phase, TouchPhase::Started | TouchPhase::Moved)).count()
        + keys.read().filter(|k| k.state == ButtonState::Pressed).count()
        + wheels.read().count();
    if pressed == 0 {
        return;
    }
    kiosk.idle_since = time.elapsed_secs_f64();
    if *state.get() == Screen::Attract {
        info!("a visitor: the attract loop stops");
        welcome(&mut kiosk, &mut screen, &mut commands);
    }
}

fn idle_timers(
    mut kiosk: ResMut<Kiosk>,
    mut words: ResMut<Words>,
    mut active: ResMut<ActiveGame>,
    time: Res<Time>,
    state: Res<State<Screen>>,
    mut screen: ResMut<NextState<Screen>>,
    mut commands: Commands,
) {
    let now = time.elapsed_secs_f64();
    let idle = now - kiosk.idle_since;
    let config = &kiosk.config;
    let go = match state.get() {
        Screen::Title | Screen::Gallery => idle >= f64::from(config.attract_after),
        Screen::Game => idle >= f64::from(config.reset_after),
        Screen::Attract => {
            let game = active.game();
            let cut = game.ply() >= config.attract_max_plies;
            if game.is_over() || cut {
                match kiosk.attract_over_since {
                    None => {
                        kiosk.attract_over_since = Some(now);
                        kiosk.attract_games += 1;
                        kiosk.attract_cut += u64::from(!game.is_over());
                        false
                    }
                    Some(since) => now - since >= ATTRACT_PAUSE,
                }
            } else {
                false
            }
        }
    };
    if go {
        if *state.get() != Screen::Attract {
            info!("idle: the attract loop starts");
        }
        attract(&mut kiosk, &mut words, &mut active, &mut commands);
        // Not `set`: the same state again would run its exit and entry.
        NextState::set_if_neq(&mut screen, Screen::Attract);
    }
}

/// The caption for the last move of the attract game.
fn caption(active: Res<ActiveGame>, words: Res<Words>, mut caption: ResMut<Caption>) {
    let game = match active.game() {
        AnyGame::Shatar(game) => game,
        AnyGame::Shatra(game) => {
            *caption = shatra_caption(game, &words);
            return;
        }
    };
    let Some(last) = game.moves().last() else {
        *caption = Caption::default();
        return;
    };
    let mv = last.mv;
    let kind = if mv.promotion {
        PieceKind::Child
    } else {
        game.position().piece_at(mv.to).map_or(PieceKind::Child, |piece| piece.kind)
    };
    let name = words.piece(kind);
    let (from, to) = (mv.from.to_string(), mv.to.to_string());
    let text = if last.captured.is_some() {
        words.fill("attract.takes", &[("piece", name), ("to", &to)])
    } else {
        words.fill("attract.moves", &[("piece", name), ("from", &from), ("to", &to)])
    };
    let text = if mv.promotion { format!("{text}. {}", words.get("attract.promotes")) } else { text };
    *caption =
        Caption { mongolian: words.piece_mn(kind).to_string(), text, check: words.checks(last.checks) };
}

/// The caption for a shatra move: the man by his Altai name, his move, and
/// how many he took.
fn shatra_caption(game: &shatra::Game, words: &Words) -> Caption {
    let Some(last) = game.moves().last() else { return Caption::default() };
    let Some(man) = game.position().man_at(last.to()) else { return Caption::default() };
    let name = words.get(man_key(man.kind));
    let (from, to) = (last.from().to_string(), last.to().to_string());
    let text = match last {
        shatra::Move::Drop { .. } => words.fill("attract.drops", &[("piece", name), ("to", &to)]),
        shatra::Move::Step { .. } => {
            words.fill("attract.moves", &[("piece", name), ("from", &from), ("to", &to)])
        }
        shatra::Move::Capture { legs, .. } => {
            let count = legs.len().to_string();
            words.fill("attract.captures", &[("piece", name), ("count", &count), ("to", &to)])
        }
    };
    Caption { mongolian: name.to_string(), text, check: None }
}
