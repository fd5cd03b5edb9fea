//! The computer player, on a background task so that frames never wait.

use super::AppSystems;
use super::session::{ActiveGame, GameAction, Player};
use crate::variant::AnyMove;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AiPace>();
    app.add_systems(Update, (start_thinking, collect_move).chain().in_set(AppSystems::Opponent));
}

/// The least time the computer takes per move, so people can follow it.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct AiPace(pub Duration);

impl AiPace {
    pub const WATCHABLE: AiPace = AiPace(Duration::from_millis(700));
}

/// A move being worked out for one exact state of the game. Despawning it
/// (undo, new game, quit) stops the search at once.
#[derive(Component)]
pub struct Thinking {
    // Declared first, so the flag is set before the task is dropped.
    stop: StopOnDrop,
    task: Task<Option<AnyMove>>,
    generation: u64,
    ply: usize,
    started: Duration,
}

impl Thinking {
    /// The search's stop flag: set once this is despawned.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop.0)
    }
}

/// Sets the search's stop flag when dropped.
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

fn start_thinking(
    active: Res<ActiveGame>,
    thinking: Query<&Thinking>,
    time: Res<Time<Real>>,
    mut commands: Commands,
) {
    let game = active.game();
    let side = game.side_to_move();
    if game.is_over() || active.player(side) != Player::Ai || !thinking.is_empty() {
        return;
    }
    let snapshot = game.clone();
    let level = active.ai_level;
    let ply = game.ply();
    let seed = active.generation().wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ ply as u64 ^ game.position_hash();
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let task = AsyncComputeTaskPool::get().spawn(async move { snapshot.choose_move(level, seed, &flag) });
    commands.spawn((
        Name::new("Computer thinking"),
        Thinking {
            stop: StopOnDrop(stop),
            task,
            generation: active.generation(),
            ply,
            started: time.elapsed(),
        },
    ));
}

fn collect_move(
    active: Res<ActiveGame>,
    mut thinking: Query<(Entity, &mut Thinking)>,
    pace: Res<AiPace>,
    time: Res<Time<Real>>,
    mut commands: Commands,
) {
    for (entity, mut thought) in &mut thinking {
        let current = thought.generation == active.generation() && thought.ply == active.game().ply();
        if !current {
            // The game changed under it (undo, new game): drop the answer.
            commands.entity(entity).despawn();
            continue;
        }
        if time.elapsed().saturating_sub(thought.started) < pace.0 || !thought.task.is_finished() {
            continue;
        }
        let answer = block_on(poll_once(&mut thought.task)).flatten();
        commands.entity(entity).despawn();
        if let Some(mv) = answer {
            commands.trigger(GameAction::Play(mv));
        }
    }
}
