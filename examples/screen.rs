//! How much our engine's choices lose by Fairy-Stockfish's judgement: a
//! screen for search and evaluation changes, far cheaper than a match.
//!
//! For each FEN our engine picks a move. Fairy-Stockfish then searches the
//! position, and the position with only our move allowed (`searchmoves`),
//! both to the same fixed node count after `ucinewgame`, so its scores
//! repeat and are cached. A choice loses the win chance between the two.
//!
//! ```sh
//! cargo run --release --no-default-features --example screen -- positions.txt --losses base.json
//! cargo run --release --no-default-features --example screen -- positions.txt --against base.json
//! ```

use clap::Parser;
use shatar::rules::{Game, write_atomically};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;
use support::uci::{FAIRY_HASH_MB, Uci, fairy_options, fairy_rules};

mod support {
    pub mod uci;
}

#[derive(Parser)]
#[command(about = "Win chance our engine's moves lose by Fairy-Stockfish's judgement")]
struct Args {
    /// `FEN;...` lines; the first `--count` are screened, finished games left out.
    positions: PathBuf,
    #[arg(long, default_value_t = 3_000)]
    count: usize,
    /// Our engine's limit for each move.
    #[arg(long, default_value = "nodes 100000")]
    go: String,
    #[arg(long, default_value = "target/release/shatar-engine")]
    engine: PathBuf,
    /// Fairy-Stockfish's nodes for each judgement.
    #[arg(long, default_value_t = 300_000)]
    fsf_nodes: u64,
    #[arg(long, default_value = "/usr/games/fairy-stockfish")]
    fsf: PathBuf,
    /// Fairy-Stockfish's judgements, kept between runs, keyed by position, move and node count.
    #[arg(long, default_value = "screen-cache.json")]
    cache: PathBuf,
    /// Writes each position's loss, for a later `--against`.
    #[arg(long)]
    losses: Option<PathBuf>,
    /// An earlier run's losses: prints the paired difference.
    #[arg(long)]
    against: Option<PathBuf>,
    #[arg(long, default_value_t = 2)]
    parallel: usize,
}

/// Fairy-Stockfish's verdict on a position, or on one move of it.
#[derive(serde::Serialize, serde::Deserialize, Clone)]
struct Judgement {
    best: String,
    /// Centipawns for the side to move; a mate counts 10,000 less its length.
    score: i32,
}

type Cache = HashMap<String, Judgement>;

fn main() {
    if let Err(error) = run(&Args::parse()) {
        eprintln!("screen: {error}");
        std::process::exit(1);
    }
}

fn run(args: &Args) -> Result<(), String> {
    let text = std::fs::read_to_string(&args.positions)
        .map_err(|error| format!("{}: {error}", args.positions.display()))?;
    let mut games = Vec::new();
    for (number, line) in text.lines().filter(|line| !line.trim().is_empty()).take(args.count).enumerate() {
        let fen = line.split(';').next().unwrap_or_default().trim();
        let game =
            Game::from_fen(fairy_rules(), fen).map_err(|error| format!("line {}: {error}", number + 1))?;
        // A finished game has no move to judge.
        if !game.is_over() {
            games.push(game);
        }
    }
    let cache = Mutex::new(read_cache(&args.cache)?);
    let losses = Mutex::new(vec![None; games.len()]);
    let parallel = args.parallel.max(1);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..parallel)
            .map(|worker| {
                let (games, cache, losses) = (&games, &cache, &losses);
                scope.spawn(move || -> Result<(), String> {
                    // Both engines get the same table.
                    let mut ours = Uci::start(
                        "shatar-engine",
                        &args.engine,
                        &[("Stalemate", "draw".into()), ("Hash", FAIRY_HASH_MB.to_string())],
                    )?;
                    let mut fsf = Uci::start("fairy-stockfish", &args.fsf, &fairy_options())?;
                    for index in (worker..games.len()).step_by(parallel) {
                        let loss = screen(&games[index], &mut ours, &mut fsf, cache, args)?;
                        losses.lock().unwrap_or_else(|e| e.into_inner())[index] = Some(loss);
                    }
                    Ok(())
                })
            })
            .collect();
        workers
            .into_iter()
            .try_for_each(|worker| worker.join().map_err(|_| "a worker panicked".to_string())?)
    })?;
    write_json(&args.cache, &*cache.lock().unwrap_or_else(|e| e.into_inner()))?;
    let losses: Vec<Loss> =
        losses.lock().unwrap_or_else(|e| e.into_inner()).iter().flatten().cloned().collect();
    report(&losses, args)
}

#[derive(Clone, serde::Serialize, serde::Deserialize)]
struct Loss {
    agrees: bool,
    /// Win chance lost, 0 to 1.
    chance: f64,
    centipawns: i32,
    /// The position, our move and Fairy-Stockfish's score of its own best
    /// move, for reading the losses by phase or score; empty in older files.
    #[serde(default)]
    fen: String,
    #[serde(default)]
    mine: String,
    #[serde(default)]
    best_score: i32,
}

/// Our move in one position, and what it loses.
fn screen(
    game: &Game,
    ours: &mut Uci,
    fsf: &mut Uci,
    cache: &Mutex<Cache>,
    args: &Args,
) -> Result<Loss, String> {
    ours.send("ucinewgame")?;
    let mine = ours.best_move(game, &args.go, Duration::from_secs(60))?;
    let fen = game.position().to_fen();
    let best = judge(fsf, game, &fen, None, cache, args)?;
    let chosen = judge(fsf, game, &fen, Some(&mine), cache, args)?;
    let agrees = mine == best.best;
    // The same move may score a little differently alone.
    let score = if agrees { chosen.score.min(best.score) } else { chosen.score };
    Ok(Loss {
        agrees,
        chance: (win_chance(best.score) - win_chance(score)).max(0.0),
        centipawns: (best.score - score).clamp(0, 500),
        fen,
        mine,
        best_score: best.score,
    })
}

/// Fairy-Stockfish's verdict on the position `fen` of `game`, or on its
/// move `only` alone, cached as `fen|move or *|nodes`, so that a cache
/// never answers for another node count.
fn judge(
    fsf: &mut Uci,
    game: &Game,
    fen: &str,
    only: Option<&str>,
    cache: &Mutex<Cache>,
    args: &Args,
) -> Result<Judgement, String> {
    let key = format!("{fen}|{}|{}", only.unwrap_or("*"), args.fsf_nodes);
    if let Some(known) = cache.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return Ok(known.clone());
    }
    fsf.send("ucinewgame")?;
    let restrict = only.map(|mv| format!(" searchmoves {mv}")).unwrap_or_default();
    let best =
        fsf.best_move(game, &format!("nodes {}{restrict}", args.fsf_nodes), Duration::from_secs(120))?;
    let score = fsf.last_score().ok_or("fairy-stockfish gave no score")?;
    let judgement = Judgement { best, score: centipawns(&score)? };
    cache.lock().unwrap_or_else(|e| e.into_inner()).insert(key, judgement.clone());
    Ok(judgement)
}

/// "cp 31" or "mate -2" as centipawns.
fn centipawns(score: &str) -> Result<i32, String> {
    let bad = || format!("bad score: {score}");
    let (kind, number) = score.split_once(' ').ok_or_else(bad)?;
    let number: i32 = number.parse().map_err(|_| bad())?;
    match kind {
        "cp" => Ok(number),
        "mate" => Ok((10_000 - number.abs()) * number.signum()),
        _ => Err(bad()),
    }
}

fn win_chance(centipawns: i32) -> f64 {
    1.0 / (1.0 + 10f64.powf(-f64::from(centipawns.clamp(-2_000, 2_000)) / 400.0))
}

fn report(losses: &[Loss], args: &Args) -> Result<(), String> {
    let n = losses.len().max(1) as f64;
    let agree = losses.iter().filter(|loss| loss.agrees).count() as f64 / n;
    let chance = losses.iter().map(|loss| loss.chance).sum::<f64>() / n;
    let centipawns = losses.iter().map(|loss| f64::from(loss.centipawns)).sum::<f64>() / n;
    println!(
        "{} positions: same move as Fairy-Stockfish {:.1} %, win chance lost {:.3} %, centipawns lost {centipawns:.1}",
        losses.len(),
        agree * 100.0,
        chance * 100.0
    );
    if let Some(path) = &args.losses {
        write_json(path, &losses)?;
    }
    if let Some(path) = &args.against {
        let text = std::fs::read_to_string(path).map_err(|error| format!("{}: {error}", path.display()))?;
        let before: Vec<Loss> =
            serde_json::from_str(&text).map_err(|error| format!("{}: {error}", path.display()))?;
        if before.len() != losses.len() {
            return Err(format!(
                "{} has {} positions, this run {}",
                path.display(),
                before.len(),
                losses.len()
            ));
        }
        let differences: Vec<f64> =
            losses.iter().zip(&before).map(|(now, then)| now.chance - then.chance).collect();
        let mean = differences.iter().sum::<f64>() / n;
        let variance = differences.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
        println!(
            "against {}: {:+.3} % win chance lost (95 %: ±{:.3})",
            path.display(),
            mean * 100.0,
            1.96 * (variance / n).sqrt() * 100.0
        );
    }
    Ok(())
}

fn read_cache(path: &Path) -> Result<Cache, String> {
    match std::fs::read_to_string(path) {
        Ok(text) => serde_json::from_str(&text).map_err(|error| format!("{}: {error}", path.display())),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(Cache::new()),
        Err(error) => Err(format!("{}: {error}", path.display())),
    }
}

fn write_json(path: &Path, value: &impl serde::Serialize) -> Result<(), String> {
    let text = serde_json::to_string(value).map_err(|error| error.to_string())?;
    write_atomically(path, &text).map_err(|error| format!("{}: {error}", path.display()))
}
