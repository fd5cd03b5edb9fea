//! The 3D game. Bevy only mirrors the rules core: a resource holds the
//! game, entities follow it, and input becomes moves the core validates.

mod board;
mod camera;
mod carving;
mod dialogs;
mod figures;
mod frames;
mod gallery;
mod input;
pub mod kiosk;
pub mod lang;
mod launch;
mod look;
mod motion;
mod opponent;
mod overlay;
mod pieces;
mod screenshot;
mod sculpt;
mod session;
mod storage;
mod table;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

pub use board::{BoardSquare, SquareMark, beside_position, square_center};
pub use camera::{View, camera_projection, view_transform};
pub use gallery::{Demo, GalleryShots, demo};
pub use input::{Chosen, Dropped, Selection};
pub use launch::{Cli, Launch, LaunchError, replay};
pub use motion::{Glide, Shake};
pub use opponent::{AiPace, Thinking};
pub use pieces::{PieceView, Place};
pub use session::{ActiveGame, DrawOffer, GameAction, Notice, Player};
pub use storage::{AUTOSAVE, SaveDir};

/// The screens of the game, as a state.
#[derive(States, Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Screen {
    /// A welcome over the board: choose how to play.
    #[default]
    Title,
    Game,
    /// The kiosk's attract loop: the computer plays itself for passers-by.
    Attract,
    /// The piece gallery.
    Gallery,
}

/// Whether a game is on the board for people to play: the board takes input.
pub(crate) fn at_the_board(screen: Res<State<Screen>>) -> bool {
    *screen.get() == Screen::Game
}

/// The order of the game's systems within a frame, set once here.
#[derive(SystemSet, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum AppSystems {
    /// Pointer, keyboard and camera input.
    Input,
    /// Collect the computer's moves.
    Opponent,
    /// Make entities follow the game.
    Mirror,
    /// Glides, hops and shakes.
    Animate,
}

/// Everything that runs without a window or GPU: the game resource, the
/// board and piece entities, input handling and the computer player.
/// Headless tests add this to `MinimalPlugins`.
pub fn headless_plugin(app: &mut App) {
    if !app.is_plugin_added::<StatesPlugin>() {
        app.add_plugins(StatesPlugin);
    }
    app.init_state::<Screen>();
    app.configure_sets(
        Update,
        (AppSystems::Input, AppSystems::Opponent, AppSystems::Mirror, AppSystems::Animate).chain(),
    );
    app.add_plugins((
        session::plugin,
        board::plugin,
        pieces::plugin,
        input::plugin,
        opponent::plugin,
        motion::plugin,
    ));
}

/// Runs every schedule of a headless app on one thread. For tests and the
/// kiosk soak: with a handful of systems a frame, waking the executor's
/// threads costs far more than the systems themselves.
pub fn single_threaded(app: &mut App) {
    use bevy::ecs::schedule::SingleThreadedExecutor;
    for (_, schedule) in app.world_mut().resource_mut::<Schedules>().iter_mut() {
        schedule.set_executor(SingleThreadedExecutor::new());
    }
}

/// Adds the windowed game, as `launch` asks for it.
pub fn add_windowed(app: &mut App, launch: Launch) {
    let (width, height) = launch.size;
    let window = if launch.kiosk.is_some() {
        kiosk::window_plugin()
    } else {
        WindowPlugin {
            primary_window: Some(Window {
                title: "Shatar".into(),
                resolution: (width, height).into(),
                ..default()
            }),
            ..default()
        }
    };
    app.add_plugins(DefaultPlugins.set(window).set(TaskPoolPlugin { task_pool_options: task_pools() }));
    app.add_plugins(MeshPickingPlugin);
    app.add_plugins(headless_plugin);
    launch.install(app);
    app.add_plugins((
        look::plugin,
        camera::plugin,
        overlay::plugin,
        storage::plugin,
        screenshot::plugin,
        gallery::plugin,
        kiosk::windowed_plugin,
    ));
    app.insert_resource(AiPace::WATCHABLE);
}

/// The computer's search holds an async compute thread for seconds, and
/// Bevy compiles render pipelines and saves screenshots on that same pool:
/// with one thread (any machine under 6 cores) the screen would stay black
/// while the computer thinks. So the pool always has a second thread.
fn task_pools() -> TaskPoolOptions {
    let mut options = TaskPoolOptions::default();
    options.async_compute.min_threads = options.async_compute.min_threads.max(2);
    options
}
