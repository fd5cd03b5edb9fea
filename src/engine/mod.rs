//! The engine front-end: UCI for chess software, and the `outcome` command
//! for scripts. Both only call the rules core.

pub mod outcome;
pub mod protocol;
