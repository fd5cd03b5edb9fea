//! `shatar-engine`: the Shatar rules core for scripts and chess software.
//! Without a subcommand it speaks UCI on stdin and stdout.

use clap::{Parser, Subcommand};
use shatar::engine::{outcome, protocol::Engine};
use shatar::rules::{INITIAL_FEN, StalemateRule};
use std::process::ExitCode;

#[derive(Parser)]
#[command(version, about = "Shatar (Mongolian chess) engine: UCI on stdin/stdout, or a subcommand")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Plays moves and prints the result as one JSON line.
    Outcome {
        /// The start position (default: the initial array, White to move).
        #[arg(long, default_value = INITIAL_FEN)]
        fen: String,
        /// UCI moves separated by spaces.
        #[arg(long, default_value = "")]
        moves: String,
        /// What stalemate means: win (for the side that stalemates) or draw.
        #[arg(long, default_value_t = StalemateRule::Win)]
        stalemate: StalemateRule,
        /// Threefold repetition draws: on or off.
        #[arg(long, default_value = "on", value_parser = on_off, action = clap::ArgAction::Set)]
        repetition: bool,
        /// 100 plies without a capture or child move draw: on or off.
        #[arg(long, default_value = "on", value_parser = on_off, action = clap::ArgAction::Set)]
        fifty_moves: bool,
    },
}

fn on_off(text: &str) -> Result<bool, String> {
    match text {
        "on" => Ok(true),
        "off" => Ok(false),
        other => Err(format!("expected 'on' or 'off', not '{other}'")),
    }
}

fn main() -> ExitCode {
    match Cli::parse().command {
        None => {
            let stdin = std::io::stdin();
            let mut stdout = std::io::stdout();
            match Engine::new().run(stdin.lock(), &mut stdout) {
                Ok(()) => ExitCode::SUCCESS,
                Err(error) => {
                    eprintln!("shatar-engine: {error}");
                    ExitCode::FAILURE
                }
            }
        }
        Some(Command::Outcome { fen, moves, stalemate, repetition, fifty_moves }) => {
            match outcome::report(&fen, &moves, outcome::rules(stalemate, repetition, fifty_moves)) {
                Ok(report) => match serde_json::to_string(&report) {
                    Ok(json) => {
                        println!("{json}");
                        ExitCode::SUCCESS
                    }
                    Err(error) => {
                        eprintln!("shatar-engine: {error}");
                        ExitCode::FAILURE
                    }
                },
                Err(error) => {
                    eprintln!("shatar-engine: {error}");
                    ExitCode::from(2)
                }
            }
        }
    }
}
