//! The computer player, beside the rules core and free of Bevy: a search
//! ([`Searcher`]), an evaluation made for Shatar, and strength [`Level`]s.

pub mod eval;
mod level;
mod limits;
mod search;
mod see;
pub mod shatra;
mod table;

pub use eval::evaluate;
pub use level::{Level, MAX_LEVEL};
pub use limits::{Clock, Limits};
pub use search::{MATE, MATE_BOUND, Report, Score, Searcher, Thought};
pub use table::{DEFAULT_HASH_MB, MAX_HASH_MB};

use crate::rules::{Color, Game, Move};
use std::sync::atomic::AtomicBool;

/// A move for the side to move at `level`, within the level's time in the
/// game, or `None` if the game is over. Setting `stop` ends it at once.
pub fn choose_move(game: &Game, level: u8, seed: u64, stop: &AtomicBool) -> Option<Move> {
    let level = Level::new(level);
    // A table far larger than the level's node budget only costs the time
    // to fill it with empty entries, on every move.
    let megabytes =
        level.nodes.map_or(DEFAULT_HASH_MB, |nodes| ((nodes as usize * 32) >> 20).clamp(1, DEFAULT_HASH_MB));
    let mut searcher = Searcher::new(megabytes);
    level.choose(&mut searcher, game, Limits::movetime(level.game_time()), seed, stop, |_| {})
}

/// Whether the computer, playing `us`, takes a draw offer: it does when its
/// evaluation, under the game's rules, says it is not ahead.
pub fn accepts_draw(game: &Game, us: Color) -> bool {
    let position = game.position();
    content_with_draw(evaluate(position, game.rules().stalemate), position.side_to_move(), us)
}

/// Whether `us` takes a draw, given the evaluation for the side to move:
/// when it is not ahead. Both games' computers use this.
pub(crate) fn content_with_draw(score: i32, to_move: Color, us: Color) -> bool {
    let ours = if to_move == us { score } else { -score };
    ours <= 50
}
