//! Search speed against Fairy-Stockfish's own search, on the same
//! middle-game positions, in the same run. Each engine searches each
//! position to a fixed depth from an empty table, single-threaded; the
//! ratio is of nodes a second. Our node total is the search's signature:
//! a change meant only to be faster must leave it as it was.
//!
//! `cargo run --release --example search_bench -- --depth 15`

use clap::Parser;
use shatar::ai::{Limits, Searcher};
use shatar::rules::{Game, Position};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use support::uci::{FAIRY_HASH_MB, Uci, fairy_options, fairy_rules};

mod support {
    pub mod uci;
}

#[derive(Parser)]
struct Args {
    /// Our search's depth.
    #[arg(long, default_value_t = 15)]
    depth: u32,
    /// Fairy-Stockfish's search depth.
    #[arg(long, default_value_t = 13)]
    fsf_depth: u32,
    /// How many positions: the first with at least 28 legal moves and 22 men.
    #[arg(long, default_value_t = 12)]
    count: usize,
    /// Positions, one JSON object with a `fen` a line.
    #[arg(long, default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/shatar-perft.jsonl"))]
    positions: PathBuf,
    /// The Fairy-Stockfish binary (Debian's `fairy-stockfish`).
    #[arg(long, default_value = "/usr/games/fairy-stockfish")]
    fairy_stockfish: PathBuf,
    /// Our table (`Hash`) in megabytes; Fairy-Stockfish keeps 16 MB.
    #[arg(long, default_value_t = FAIRY_HASH_MB, value_parser = clap::value_parser!(u32).range(1..=4096))]
    hash: u32,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args = Args::parse();
    shatar::rules::attacks::init();
    let text = std::fs::read_to_string(&args.positions)?;
    let mut games = Vec::new();
    for line in text.lines().filter(|line| !line.trim().is_empty()) {
        let row: serde_json::Value = serde_json::from_str(line)?;
        let fen = row["fen"].as_str().ok_or("a row without a fen")?;
        let position = Position::from_fen(fen)?;
        if position.legal_moves().len() >= 28 && position.occupied().count() >= 22 {
            games.push(Game::from_position(fairy_rules(), position));
        }
        if games.len() == args.count {
            break;
        }
    }

    let mut fsf = Uci::start("Fairy-Stockfish", &args.fairy_stockfish, &fairy_options())?;
    let (mut ours, mut theirs) = ((0u64, Duration::ZERO), (0u64, Duration::ZERO));
    println!(
        "{:>3}  {:>10} {:>8} {:<6}  {:>10} {:>8} {:<6}",
        "", "ours", "ms", "move", "Fairy-SF", "ms", "move"
    );
    for (i, game) in games.iter().enumerate() {
        let stop = AtomicBool::new(false);
        let mut searcher = Searcher::new(args.hash as usize);
        let started = Instant::now();
        let thought = searcher.think(game, &Limits::depth(args.depth), &stop, |_| {});
        let time = started.elapsed();
        ours = (ours.0 + thought.nodes, ours.1 + time);
        let best = thought.best.map_or("(none)".to_string(), |mv| mv.to_string());

        fsf.send("ucinewgame")?;
        fsf.ready()?;
        let reply = fsf.best_move(game, &format!("depth {}", args.fsf_depth), Duration::from_secs(600))?;
        let nodes = fsf.last_info_number("nodes").ok_or("Fairy-Stockfish gave no node count")?;
        let millis = fsf.last_info_number("time").ok_or("Fairy-Stockfish gave no time")?;
        theirs = (theirs.0 + nodes, theirs.1 + Duration::from_millis(millis));
        println!(
            "{:>3}  {:>10} {:>8} {best:<6}  {nodes:>10} {millis:>8} {reply:<6}",
            i + 1,
            thought.nodes,
            time.as_millis()
        );
    }
    let nps = |(nodes, time): (u64, Duration)| nodes as f64 / time.as_secs_f64().max(1e-9);
    println!("{} positions, our table {} MB, Fairy-Stockfish's {FAIRY_HASH_MB} MB", games.len(), args.hash);
    println!(
        "shatar search    depth {:>2}  {:>11} nodes {:>8.3} s {:>7.0} knps",
        args.depth,
        ours.0,
        ours.1.as_secs_f64(),
        nps(ours) / 1e3
    );
    println!(
        "Fairy-Stockfish  depth {:>2}  {:>11} nodes {:>8.3} s {:>7.0} knps",
        args.fsf_depth,
        theirs.0,
        theirs.1.as_secs_f64(),
        nps(theirs) / 1e3
    );
    println!("nodes a second, ours / Fairy-Stockfish: {:.2}x", nps(ours) / nps(theirs));
    Ok(())
}
