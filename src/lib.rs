//! Shatar, Mongolian chess: the rules core and the engine front-end.

pub mod engine;
pub mod rules;
