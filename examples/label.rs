//! Positions for tuning the evaluation: Fairy-Stockfish plays itself from
//! varied openings, now and then a random move, and every position is
//! written with its search score. Lines are `FEN;score;result`: the
//! score in centipawns for the side to move, the result 1, 0.5 or 0 for
//! White.
//!
//! With `--static FILE`, the FENs of FILE (and random walks from them) are
//! labelled instead with Fairy-Stockfish's static evaluation, which a
//! linear evaluation can match far more closely than a search score.
//!
//! ```sh
//! cargo run --release --no-default-features --example label -- --games 400 --out positions.txt
//! cargo run --release --no-default-features --example label -- --static positions.txt --walks 3 --out static.txt
//! ```

use clap::Parser;
use shatar::rules::{Color, Game, Position};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;
use support::uci::{Uci, fairy_options, fairy_rules};

mod support {
    pub mod uci;
}

#[derive(Parser)]
#[command(about = "Fairy-Stockfish-scored Shatar positions, for tuning the evaluation")]
struct Args {
    #[arg(long, default_value_t = 200)]
    games: u32,
    /// Fairy-Stockfish's nodes for each move.
    #[arg(long, default_value_t = 8_000)]
    nodes: u64,
    /// The chance of a random move instead of the engine's.
    #[arg(long, default_value_t = 0.08)]
    random: f64,
    #[arg(long, default_value_t = 2)]
    parallel: u32,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[arg(long)]
    out: PathBuf,
    #[arg(long, default_value = "/usr/games/fairy-stockfish")]
    fsf: PathBuf,
    /// Label these `FEN;...` lines with the static evaluation instead.
    #[arg(long = "static")]
    static_from: Option<PathBuf>,
    /// With `--static`: random walks of up to 8 plies from each position.
    #[arg(long, default_value_t = 0)]
    walks: u32,
}

const MAX_PLIES: usize = 300;

/// One game's scored positions and its result for White.
fn play(fsf: &mut Uci, rng: &mut fastrand::Rng, args: &Args) -> Result<(Vec<(String, i32)>, f64), String> {
    let first = if rng.bool() { Color::White } else { Color::Black };
    let mut game = Game::new(fairy_rules(), first);
    let mut scored = Vec::new();
    let opening = 2 + rng.usize(2..10);
    while !game.is_over() && game.moves().len() < MAX_PLIES {
        let moves = game.legal_moves();
        if game.moves().len() < opening || rng.f64() < args.random {
            let mv = moves[rng.usize(..moves.len())];
            game.play(mv).map_err(|error| error.to_string())?;
            continue;
        }
        let text = fsf.best_move(&game, &format!("nodes {}", args.nodes), Duration::from_secs(30))?;
        if let Some(cp) = fsf.last_score().as_deref().and_then(|score| score.strip_prefix("cp ")) {
            let cp: i32 = cp.parse().map_err(|_| format!("bad score: {cp}"))?;
            scored.push((game.position().to_fen(), cp));
        }
        if game.play_uci(&text).is_err() {
            break;
        }
    }
    let result = match game.outcome().and_then(|outcome| outcome.winner()) {
        Some(Color::White) => 1.0,
        Some(Color::Black) => 0.0,
        None => 0.5,
    };
    Ok((scored, result))
}

/// Positions asked of Fairy-Stockfish at a time.
const BATCH: usize = 500;

/// Each position of `from` and `walks` random walks from it, with
/// Fairy-Stockfish's static evaluation for the side to move. Positions in
/// check have none, and finished games none that counts: both are left out.
fn static_labels(args: &Args, from: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(from).map_err(|error| format!("{}: {error}", from.display()))?;
    let mut rng = fastrand::Rng::with_seed(args.seed);
    let mut positions = Vec::new();
    for line in text.lines().filter(|line| !line.trim().is_empty()) {
        let mut fields = line.split(';');
        let fen = fields.next().unwrap_or_default();
        let result = fields.nth(1).unwrap_or("0.5");
        let start = Position::from_fen(fen).map_err(|error| format!("{fen}: {error}"))?;
        positions.push((start, result));
        for _ in 0..args.walks {
            let mut position = start;
            for _ in 0..rng.u32(1..=8) {
                let moves = position.legal_moves();
                if moves.is_empty() || position.is_robado() {
                    break;
                }
                position =
                    position.play(moves[rng.usize(..moves.len())]).map_err(|error| error.to_string())?;
            }
            positions.push((position, result));
        }
    }
    // Finished games are the rules' business, not the evaluation's.
    positions.retain(|(position, _)| {
        !position.is_check()
            && !position.is_robado()
            && position.obligatory_opening().is_none()
            && !position.legal_moves().is_empty()
    });
    let options = [("UCI_Variant", "shatar".to_string())];
    let mut fsf = Uci::start("fairy-stockfish", &args.fsf, &options)?;
    let out = std::fs::File::create(&args.out).map_err(|error| format!("{}: {error}", args.out.display()))?;
    let mut out = std::io::BufWriter::new(out);
    for batch in positions.chunks(BATCH) {
        let evals = fsf.static_evals(batch.iter().map(|(position, _)| position.to_fen()))?;
        for ((position, result), white) in batch.iter().zip(evals) {
            let cp = if position.side_to_move() == Color::White { white } else { -white };
            writeln!(out, "{};{cp};{result}", position.to_fen()).map_err(|error| error.to_string())?;
        }
    }
    out.flush().map_err(|error| error.to_string())?;
    eprintln!("{} positions", positions.len());
    Ok(())
}

fn main() -> Result<(), String> {
    let args = Args::parse();
    if let Some(from) = &args.static_from {
        return static_labels(&args, from);
    }
    let out = std::fs::File::create(&args.out).map_err(|error| format!("{}: {error}", args.out.display()))?;
    let out = Mutex::new(std::io::BufWriter::new(out));
    let next = AtomicU32::new(0);
    let written = AtomicU32::new(0);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..args.parallel.max(1))
            .map(|worker| {
                let (args, out, next, written) = (&args, &out, &next, &written);
                scope.spawn(move || -> Result<(), String> {
                    let mut fsf = Uci::start("fairy-stockfish", &args.fsf, &fairy_options())?;
                    let mut rng = fastrand::Rng::with_seed(args.seed * 1_000 + u64::from(worker));
                    while next.fetch_add(1, Ordering::Relaxed) < args.games {
                        fsf.send("ucinewgame")?;
                        let (scored, result) = play(&mut fsf, &mut rng, args)?;
                        let mut out = out.lock().map_err(|_| "poisoned")?;
                        for (fen, cp) in &scored {
                            writeln!(out, "{fen};{cp};{result}").map_err(|error| error.to_string())?;
                        }
                        out.flush().map_err(|error| error.to_string())?;
                        let total = written.fetch_add(scored.len() as u32, Ordering::Relaxed);
                        eprintln!("{} positions", total + scored.len() as u32);
                    }
                    Ok(())
                })
            })
            .collect();
        workers
            .into_iter()
            .try_for_each(|worker| worker.join().map_err(|_| "a worker panicked".to_string())?)
    })
}
