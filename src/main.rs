//! Shatar, Mongolian chess, in 3D.

use bevy::prelude::*;
use clap::Parser;
use shatar::game::{Cli, Launch, add_windowed};
use std::process::ExitCode;

fn main() -> ExitCode {
    let launch = match Launch::from_cli(Cli::parse()) {
        Ok(launch) => launch,
        Err(error) => {
            eprintln!("shatar: {error}");
            return ExitCode::from(2);
        }
    };
    if cfg!(target_os = "linux") && std::env::var_os("DISPLAY").is_none() {
        eprintln!("shatar: no X display (DISPLAY is not set); run it on a desktop, or under xvfb-run");
        return ExitCode::from(1);
    }
    let mut app = App::new();
    add_windowed(&mut app, launch);
    match app.run() {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(code) => ExitCode::from(code.get()),
    }
}
