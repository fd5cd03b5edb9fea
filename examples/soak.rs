//! The kiosk soak: the attract loop headless, in fast time, for many
//! complete games, with resident memory every 50. Exits 1 on a stall, a
//! broken board or memory after the last game more than 5 % above memory
//! after the first 50.
//!
//! cargo run --release --example soak -- --games 500 --level 1

use clap::Parser;
use shatar::game::kiosk::soak::{Mark, soak};
use std::process::ExitCode;
use std::time::Instant;

#[derive(Parser)]
struct Args {
    /// Attract games to play to their end (games cut at the ply limit come on top).
    #[arg(long, default_value_t = 500)]
    games: u64,
    /// The computer's level in the attract loop, 1 to 8.
    #[arg(long, default_value_t = 1)]
    level: u8,
    /// Take the resident memory every this many games.
    #[arg(long, default_value_t = 50)]
    every: u64,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let started = Instant::now();
    let mut marks: Vec<Mark> = Vec::new();
    println!("{:>6} {:>8} {:>10} {:>8}", "games", "plies", "RSS KiB", "seconds");
    let result = soak(args.games, args.level, args.every, |mark| {
        let rss = mark.rss_kib.map_or("?".into(), |kib| kib.to_string());
        println!("{:>6} {:>8} {:>10} {:>8.1}", mark.games, mark.plies, rss, started.elapsed().as_secs_f64());
        marks.push(mark);
    });
    if let Err(error) = result {
        eprintln!("soak: {error}");
        return ExitCode::FAILURE;
    }
    let (Some(first), Some(last)) = (marks.first(), marks.last()) else {
        eprintln!("soak: no memory marks taken");
        return ExitCode::FAILURE;
    };
    let (Some(first_kib), Some(last_kib)) = (first.rss_kib, last.rss_kib) else {
        eprintln!("soak: this system does not report resident memory");
        return ExitCode::FAILURE;
    };
    let growth = (last_kib as f64 / first_kib as f64 - 1.0) * 100.0;
    println!(
        "{} games ({} cut at the ply limit), {} plies in {:.0} s; RSS after {} games {} KiB, after {} games {} KiB: {:+.2} % (target within 5 %)",
        last.games,
        last.cut,
        last.plies,
        started.elapsed().as_secs_f64(),
        first.games,
        first_kib,
        last.games,
        last_kib,
        growth
    );
    if growth.abs() > 5.0 { ExitCode::FAILURE } else { ExitCode::SUCCESS }
}
