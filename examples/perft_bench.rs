//! Perft speed of the rules core against Fairy-Stockfish's own `go perft`,
//! on the same positions, in the same run. Both are single-threaded and
//! count the last ply in bulk. Every count is checked to be equal.
//!
//! `cargo run --release --example perft_bench -- --depth 4`

use clap::Parser;
use shatar::rules::Position;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[derive(Parser)]
struct Args {
    /// Perft depth for every position.
    #[arg(long, default_value_t = 4)]
    depth: u32,
    /// Positions, one JSON object with a `fen` a line.
    #[arg(long, default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/shatar-perft.jsonl"))]
    positions: PathBuf,
    /// The Fairy-Stockfish binary (Debian's `fairy-stockfish`).
    #[arg(long, default_value = "/usr/games/fairy-stockfish")]
    fairy_stockfish: PathBuf,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args = Args::parse();
    let text = std::fs::read_to_string(&args.positions)?;
    let fens: Vec<String> = text
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let row: serde_json::Value = serde_json::from_str(line)?;
            Ok(row["fen"].as_str().unwrap_or_default().to_string())
        })
        .collect::<Result<_, serde_json::Error>>()?;
    let positions: Vec<Position> =
        fens.iter().map(|fen| Position::from_fen(fen)).collect::<Result<_, _>>()?;
    shatar::rules::attacks::init();

    let mut oracle = Command::new(&args.fairy_stockfish)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|error| format!("cannot start {}: {error}", args.fairy_stockfish.display()))?;
    let mut stdin = oracle.stdin.take().ok_or("no stdin")?;
    let mut stdout = BufReader::new(oracle.stdout.take().ok_or("no stdout")?);
    let mut read_until = |prefix: &str| -> Result<String, Box<dyn std::error::Error>> {
        let mut line = String::new();
        loop {
            line.clear();
            if stdout.read_line(&mut line)? == 0 {
                return Err("Fairy-Stockfish ended early".into());
            }
            if line.starts_with(prefix) {
                return Ok(line.trim_end().to_string());
            }
        }
    };
    writeln!(stdin, "uci\nsetoption name UCI_Variant value shatar\nisready")?;
    stdin.flush()?;
    read_until("readyok")?;

    let (mut ours_time, mut theirs_time) = (Duration::ZERO, Duration::ZERO);
    let mut nodes = 0u64;
    for (fen, position) in fens.iter().zip(&positions) {
        let started = Instant::now();
        let ours = position.perft(args.depth);
        ours_time += started.elapsed();

        writeln!(stdin, "position fen {fen}")?;
        let started = Instant::now();
        writeln!(stdin, "go perft {}", args.depth)?;
        stdin.flush()?;
        let line = read_until("Nodes searched:")?;
        theirs_time += started.elapsed();
        let theirs: u64 = line.trim_start_matches("Nodes searched:").trim().parse()?;
        if ours != theirs {
            return Err(
                format!("perft {} of {fen}: ours {ours}, Fairy-Stockfish {theirs}", args.depth).into()
            );
        }
        nodes += ours;
    }
    writeln!(stdin, "quit")?;
    let _ = oracle.wait();

    let nps = |time: Duration| nodes as f64 / time.as_secs_f64();
    println!("perft {} on {} positions: {nodes} nodes, all counts equal", args.depth, positions.len());
    println!("shatar core       {:>8.3} s  {:>7.1} Mnps", ours_time.as_secs_f64(), nps(ours_time) / 1e6);
    println!("Fairy-Stockfish   {:>8.3} s  {:>7.1} Mnps", theirs_time.as_secs_f64(), nps(theirs_time) / 1e6);
    println!("ratio (ours / Fairy-Stockfish): {:.2}x", nps(ours_time) / nps(theirs_time));
    Ok(())
}
