//! Plays two shatra levels against each other and prints wins, draws and
//! losses with the stronger side's score: a check that the levels climb.
//! Colours alternate; each game opens with a few random plies.
//!
//! ```sh
//! cargo run --release --no-default-features --example shatra_ladder -- --low 1 --high 4 --games 10
//! ```

use clap::Parser;
use shatar::ai::shatra::choose_within;
use shatar::ai::{Level, Limits};
use shatar::rules::Color;
use shatar::shatra::{Game, ShatraRules};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

#[derive(Parser)]
#[command(about = "one shatra level against another")]
struct Args {
    #[arg(long, default_value_t = 1)]
    low: u8,
    #[arg(long, default_value_t = 4)]
    high: u8,
    #[arg(long, default_value_t = 10)]
    games: u32,
    /// Time per move in milliseconds (besides each level's own budget).
    #[arg(long, default_value_t = 100)]
    movetime: u64,
    /// Random plies at the start of each game.
    #[arg(long, default_value_t = 4)]
    opening_plies: u32,
    /// Games longer than this are counted as draws.
    #[arg(long, default_value_t = 300)]
    max_plies: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

fn main() {
    let args = Args::parse();
    let stop = AtomicBool::new(false);
    let mut rng = fastrand::Rng::with_seed(args.seed);
    let (mut wins, mut draws, mut losses, mut plies) = (0, 0, 0, 0);
    let started = Instant::now();
    for number in 0..args.games {
        let high_side = if number % 2 == 0 { Color::White } else { Color::Black };
        let mut game = Game::new(ShatraRules::default());
        for _ in 0..args.opening_plies {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let _ = game.play(&moves[rng.usize(..moves.len())]);
        }
        while !game.is_over() && game.moves().len() < args.max_plies {
            let side = game.position().side_to_move();
            let level = Level::new(if side == high_side { args.high } else { args.low });
            let limits = Limits::movetime(Duration::from_millis(args.movetime));
            let Some(mv) = choose_within(&game, &level, limits, rng.u64(..), &stop) else { break };
            if let Err(error) = game.play(&mv) {
                eprintln!("game {}: the AI chose {mv}: {error}", number + 1);
                std::process::exit(1);
            }
        }
        plies += game.moves().len();
        let result = match game.outcome().and_then(|outcome| outcome.winner()) {
            Some(winner) if winner == high_side => {
                wins += 1;
                "win"
            }
            Some(_) => {
                losses += 1;
                "loss"
            }
            None => {
                draws += 1;
                "draw"
            }
        };
        let how = game.outcome().map_or_else(|| "ply limit".to_string(), |outcome| outcome.to_string());
        println!(
            "game {:>3}: level {} ({high_side}) {result} in {} plies: {how}",
            number + 1,
            args.high,
            game.moves().len()
        );
    }
    let score = (f64::from(wins) + f64::from(draws) / 2.0) / f64::from(args.games.max(1));
    println!(
        "level {} against level {}: +{wins} ={draws} -{losses}, score {:.1} %, {plies} plies in {:.0} s",
        args.high,
        args.low,
        score * 100.0,
        started.elapsed().as_secs_f64()
    );
}
