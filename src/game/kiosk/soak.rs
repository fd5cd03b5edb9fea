//! The soak: the attract loop headless, in fast time, for many games,
//! with the resident memory taken every so many games.

use super::{Kiosk, KioskConfig, Levels};
use crate::game::session::ActiveGame;
use crate::game::{PieceView, Screen};
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use std::time::{Duration, Instant};

/// How long the loop may go without a ply, in frames and in real time.
/// Headless frames take microseconds, so frames alone would call a search
/// that runs its full time (up to seconds at the higher levels) a stall.
const STALL_FRAMES: u32 = 20_000;
const STALL_TIME: Duration = Duration::from_secs(60);

/// The state after a round of games.
#[derive(Clone, Copy, Debug)]
pub struct Mark {
    /// Games played to their end.
    pub games: u64,
    /// Plies played in all games so far.
    pub plies: u64,
    /// Games cut at the attract loop's ply limit, not played to their end.
    pub cut: u64,
    /// Resident memory in KiB, where the system tells it.
    pub rss_kib: Option<u64>,
}

/// Plays attract games at `level` until `games` have ended by the rules
/// (games cut at the ply limit do not count), calling `mark` every `every`
/// such games. Each frame moves the clock by half a second. Errors if the loop
/// stalls or the board stops mirroring the game.
pub fn soak(games: u64, level: u8, every: u64, mut mark: impl FnMut(Mark)) -> Result<(), String> {
    let config =
        KioskConfig { levels: Levels { attract: level, ..Levels::default() }, ..KioskConfig::default() };
    let idle = config.attract_after;
    let mut app = super::headless(config);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f32(idle + 1.0)));
    app.update();
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(500)));
    app.update();
    if *app.world().resource::<State<Screen>>().get() != Screen::Attract {
        return Err("the attract loop did not start".into());
    }
    let (mut plies, mut last_ply, mut still) = (0u64, 0usize, 0u32);
    let mut since = Instant::now();
    let mut next = every.max(1);
    loop {
        app.update();
        let world = app.world_mut();
        let played = world.resource::<ActiveGame>().game().ply();
        if played != last_ply {
            plies += played.saturating_sub(last_ply) as u64;
            last_ply = played;
            still = 0;
            since = Instant::now();
        } else {
            still += 1;
            // An attract game pauses 8 s of game time (16 frames) between
            // games; the computer's search runs in real time.
            if stalled(still, since.elapsed()) {
                let game = world.resource::<ActiveGame>().game();
                return Err(format!(
                    "the attract loop stalled after {plies} plies: {still} frames and {:.0} s without a ply, {} at ply {}",
                    since.elapsed().as_secs_f64(),
                    game.variant(),
                    game.ply()
                ));
            }
        }
        let pieces = world.query::<&PieceView>().iter(world).filter(|view| view.cell().is_some()).count();
        let on_board = world.resource::<ActiveGame>().game().men().len();
        if pieces != on_board {
            return Err(format!("{pieces} piece entities on the board for {on_board} pieces"));
        }
        let kiosk = world.resource::<Kiosk>();
        let (done, cut) = (kiosk.attract_games - kiosk.attract_cut, kiosk.attract_cut);
        if done >= next {
            mark(Mark { games: done, plies, cut, rss_kib: rss_kib() });
            next += every.max(1);
        }
        if done >= games {
            return Ok(());
        }
    }
}

/// Whether the loop has stalled: many frames and a long time without a ply.
fn stalled(frames: u32, elapsed: Duration) -> bool {
    frames > STALL_FRAMES && elapsed > STALL_TIME
}

/// This process's resident memory, from /proc on Linux.
pub fn rss_kib() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_search_is_not_a_stall() {
        // Headless frames pass in microseconds while a search thinks.
        assert!(!stalled(50_000, Duration::from_secs(2)));
        // The pause between games is counted in frames of game time.
        assert!(!stalled(16, Duration::from_secs(120)));
        assert!(stalled(STALL_FRAMES + 1, STALL_TIME + Duration::from_secs(1)));
    }
}
