//! The engine front-end: UCI and the outcome command.
