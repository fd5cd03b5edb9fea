//! Shatar, Mongolian chess: the rules core and the engine front-end.

pub mod ai;
pub mod engine;
#[cfg(feature = "game")]
pub mod game;
pub mod rules;
pub mod shatra;
pub mod variant;
