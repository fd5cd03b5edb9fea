//! Plays `shatar-engine` against Debian's Fairy-Stockfish (`UCI_Variant
//! shatar`) and prints wins, draws, losses, the score and an Elo
//! difference with its 95 % error bar. The rules core adjudicates every
//! game, with stalemate a draw, as Fairy-Stockfish scores it.
//!
//! ```sh
//! cargo build --release --no-default-features --bin shatar-engine
//! cargo run --release --no-default-features --example match -- --games 40 --movetime 100
//! ```

use clap::Parser;
use shatar::rules::{Color, Game, Outcome, Position};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use support::uci::{FAIRY_HASH_MB, Uci, fairy_options, fairy_rules};

mod support {
    pub mod uci;
}

#[derive(Parser)]
#[command(about = "shatar-engine against Fairy-Stockfish, adjudicated by the Shatar rules core")]
struct Args {
    /// Number of games; colours alternate, each opening is played twice.
    #[arg(long, default_value_t = 40)]
    games: u32,
    /// Time per move for both engines, in milliseconds.
    #[arg(long, default_value_t = 100)]
    movetime: u64,
    /// Our engine's time per move instead, for a match at time odds.
    #[arg(long)]
    our_movetime: Option<u64>,
    /// Random plies after the obligatory d-child moves.
    #[arg(long, default_value_t = 4)]
    opening_plies: u32,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Our engine's Skill Level (1 to 8).
    #[arg(long, default_value_t = 8)]
    level: u8,
    /// Our engine's table (`Hash`) in megabytes. Fairy-Stockfish's is 16 MB,
    /// its default; its speed does not depend on it.
    #[arg(long, default_value_t = FAIRY_HASH_MB, value_parser = clap::value_parser!(u32).range(1..=4096))]
    hash: u32,
    /// Limit Fairy-Stockfish to this UCI_Elo (full strength if absent).
    #[arg(long)]
    fsf_elo: Option<u32>,
    /// Give the other engine this Skill Level: for `--fsf` set to our own
    /// engine, to place the levels below `UCI_Elo`'s floor against a placed one.
    #[arg(long, conflicts_with = "fsf_elo")]
    fsf_level: Option<u8>,
    /// Games played at the same time, each by its own pair of engines.
    #[arg(long, default_value_t = 1)]
    parallel: u32,
    #[arg(long, default_value = "/usr/games/fairy-stockfish")]
    fsf: PathBuf,
    /// Our engine; by default the `shatar-engine` built beside this program.
    #[arg(long)]
    engine: Option<PathBuf>,
    /// Print every move with the mover's score.
    #[arg(long)]
    verbose: bool,
    /// Write every position of every game here, as `FEN;;result` lines
    /// (the result for White) that `label --static` reads.
    #[arg(long)]
    positions: Option<PathBuf>,
}

/// How a game ended, from our engine's point of view.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Verdict {
    Win,
    Draw,
    Loss,
}

struct Played {
    verdict: Verdict,
    reason: String,
    game: Game,
    /// How far each engine searched: ours, then Fairy-Stockfish.
    effort: [Effort; 2],
}

/// The depth and nodes of an engine's searches, summed over its moves.
/// At a fixed time a move they tell how fast the machine ran, so that
/// matches played on different days can be compared.
#[derive(Clone, Copy, Default)]
struct Effort {
    moves: u64,
    depth: u64,
    nodes: u64,
}

impl Effort {
    fn add(&mut self, engine: &Uci) {
        if let (Some(depth), Some(nodes)) =
            (engine.last_info_number("depth"), engine.last_info_number("nodes"))
        {
            self.merge(Effort { moves: 1, depth, nodes });
        }
    }

    fn merge(&mut self, other: Effort) {
        self.moves += other.moves;
        self.depth += other.depth;
        self.nodes += other.nodes;
    }

    fn describe(&self) -> String {
        let moves = self.moves.max(1) as f64;
        format!("mean depth {:.1}, {:.0} knodes", self.depth as f64 / moves, self.nodes as f64 / moves / 1e3)
    }
}

/// The obligatory d-child moves, then random legal plies.
fn opening(rng: &mut fastrand::Rng, plies: u32) -> Game {
    loop {
        let first = if rng.bool() { Color::White } else { Color::Black };
        let mut game = Game::new(fairy_rules(), first);
        for _ in 0..2 + plies {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.usize(..moves.len())];
            if game.play(mv).is_err() {
                break;
            }
        }
        if !game.is_over() {
            return game;
        }
    }
}

fn play(
    ours: &mut Uci,
    theirs: &mut Uci,
    start: &Game,
    we_are: Color,
    movetimes: Movetimes,
    verbose: bool,
) -> Result<Played, String> {
    for engine in [&mut *ours, &mut *theirs] {
        engine.send("ucinewgame")?;
        engine.ready()?;
    }
    let mut game = start.clone();
    let mut effort = [Effort::default(); 2];
    let verdict_for = |outcome: Outcome| match outcome.winner() {
        Some(winner) if winner == we_are => Verdict::Win,
        Some(_) => Verdict::Loss,
        None => Verdict::Draw,
    };
    while !game.is_over() {
        let side = game.position().side_to_move();
        let (engine, movetime) =
            if side == we_are { (&mut *ours, movetimes.ours) } else { (&mut *theirs, movetimes.theirs) };
        let text = engine.best_move(
            &game,
            &format!("movetime {movetime}"),
            Duration::from_millis(movetime + 5_000),
        )?;
        effort[usize::from(side != we_are)].add(engine);
        if verbose {
            let score = engine.last_score();
            let score = score.as_deref().unwrap_or("-");
            println!("    {:>3}. {:<15} {text:<6} {score}", game.moves().len() + 1, engine.name);
        }
        if let Err(error) = game.play_uci(&text) {
            let verdict = if side == we_are { Verdict::Loss } else { Verdict::Win };
            let reason = format!("{} forfeits: bestmove {text}: {error}", engine.name);
            return Ok(Played { verdict, reason, game, effort });
        }
    }
    let outcome = game.outcome().ok_or("a finished game has an outcome")?;
    Ok(Played { verdict: verdict_for(outcome), reason: outcome.to_string(), game, effort })
}

/// Each engine's time per move, in milliseconds.
#[derive(Clone, Copy)]
struct Movetimes {
    ours: u64,
    theirs: u64,
}

/// The other engine's file name, for headers and errors.
fn other_engine(args: &Args) -> String {
    args.fsf.file_name().map_or("the other engine".into(), |name| name.to_string_lossy().into_owned())
}

fn engines(args: &Args, ours_path: &Path) -> Result<(Uci, Uci), String> {
    let ours = Uci::start(
        "shatar-engine",
        ours_path,
        &[
            ("Stalemate", "draw".into()),
            ("Skill Level", args.level.to_string()),
            ("Hash", args.hash.to_string()),
        ],
    )?;
    // Our own engine as the other side must know that stalemate draws here;
    // Fairy-Stockfish, which already scores it so, ignores the option.
    let mut fsf_options = fairy_options();
    fsf_options.extend([("Threads", "1".into()), ("Stalemate", "draw".into())]);
    if let Some(elo) = args.fsf_elo {
        fsf_options.push(("UCI_LimitStrength", "true".into()));
        fsf_options.push(("UCI_Elo", elo.to_string()));
    }
    if let Some(level) = args.fsf_level {
        fsf_options.push(("Skill Level", level.to_string()));
    }
    let theirs = Uci::start(&other_engine(args), &args.fsf, &fsf_options)?;
    Ok((ours, theirs))
}

/// Appends the game's positions with its result for White.
fn write_positions(
    out: &std::sync::Mutex<std::fs::File>,
    played: &Played,
    we_are: Color,
) -> Result<(), String> {
    let result = match (played.verdict, we_are) {
        (Verdict::Draw, _) => "0.5",
        (Verdict::Win, Color::White) | (Verdict::Loss, Color::Black) => "1",
        _ => "0",
    };
    let text: String =
        played.game.positions().iter().map(|position| format!("{};;{result}\n", position.to_fen())).collect();
    let mut file = out.lock().map_err(|_| "the positions file's lock is poisoned")?;
    file.write_all(text.as_bytes()).map_err(|error| format!("positions: {error}"))
}

fn elo(score: f64) -> f64 {
    let score = score.clamp(1e-3, 1.0 - 1e-3);
    -400.0 * (1.0 / score - 1.0).log10()
}

fn main() -> Result<(), String> {
    let args = Args::parse();
    let ours_path = match &args.engine {
        Some(path) => path.clone(),
        None => {
            let exe = std::env::current_exe().map_err(|error| error.to_string())?;
            let dir = exe.parent().and_then(|examples| examples.parent()).ok_or("no target directory")?;
            dir.join("shatar-engine")
        }
    };
    if !ours_path.exists() {
        return Err(format!(
            "{} not found: build it with `cargo build --release --no-default-features --bin shatar-engine`",
            ours_path.display()
        ));
    }
    let mut rng = fastrand::Rng::with_seed(args.seed);
    let openings: Vec<Game> =
        (0..args.games.div_ceil(2)).map(|_| opening(&mut rng, args.opening_plies)).collect();
    let jobs: Vec<(u32, Game, Color)> = (0..args.games)
        .map(|index| {
            let start = openings[(index / 2) as usize].clone();
            let side = start.position().side_to_move();
            let we_are = if index % 2 == 0 { side } else { side.opponent() };
            (index, start, we_are)
        })
        .collect();
    let other = match (args.fsf_level, args.fsf_elo) {
        (Some(level), _) => format!("level {level}"),
        (None, Some(elo)) => format!("UCI_Elo {elo}"),
        (None, None) => "full strength".to_string(),
    };
    let other_engine = other_engine(&args);
    let movetimes = Movetimes { ours: args.our_movetime.unwrap_or(args.movetime), theirs: args.movetime };
    let times = if movetimes.ours == movetimes.theirs {
        format!("{} ms a move", movetimes.ours)
    } else {
        format!("{} ms a move against {} ms", movetimes.ours, movetimes.theirs)
    };
    println!(
        "shatar-engine (level {}, {} MB table) vs {other_engine} ({other}), {} games, {times}, stalemate draws",
        args.level, args.hash, args.games
    );
    let started = Instant::now();
    let results = std::sync::Mutex::new(Vec::new());
    let next = std::sync::atomic::AtomicUsize::new(0);
    let failure = std::sync::Mutex::new(None);
    let positions = match &args.positions {
        Some(path) => Some(std::sync::Mutex::new(
            std::fs::File::create(path).map_err(|error| format!("{}: {error}", path.display()))?,
        )),
        None => None,
    };
    std::thread::scope(|scope| {
        for _ in 0..args.parallel.max(1) {
            scope.spawn(|| {
                let (mut ours, mut theirs) = match engines(&args, &ours_path) {
                    Ok(pair) => pair,
                    Err(error) => {
                        *failure.lock().unwrap_or_else(|e| e.into_inner()) = Some(error);
                        return;
                    }
                };
                loop {
                    let index = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some((number, start, we_are)) = jobs.get(index) else { break };
                    match play(&mut ours, &mut theirs, start, *we_are, movetimes, args.verbose) {
                        Ok(played) => {
                            let mark = match played.verdict {
                                Verdict::Win => "win ",
                                Verdict::Draw => "draw",
                                Verdict::Loss => "loss",
                            };
                            println!(
                                "game {:>3}: we play {:<5} {mark}  {} ({} plies)",
                                number + 1,
                                we_are.name(),
                                played.reason,
                                played.game.moves().len()
                            );
                            if args.verbose {
                                println!("           from {}", start_fen(start));
                            }
                            if let Some(out) = &positions
                                && let Err(error) = write_positions(out, &played, *we_are)
                            {
                                *failure.lock().unwrap_or_else(|e| e.into_inner()) = Some(error);
                                break;
                            }
                            results
                                .lock()
                                .unwrap_or_else(|e| e.into_inner())
                                .push((played.verdict, played.effort));
                        }
                        Err(error) => {
                            *failure.lock().unwrap_or_else(|e| e.into_inner()) = Some(error);
                            break;
                        }
                    }
                }
            });
        }
    });
    if let Some(error) = failure.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(error);
    }
    let results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    let count = |verdict| results.iter().filter(|(v, _)| *v == verdict).count() as f64;
    let mut effort = [Effort::default(); 2];
    for (_, played) in &results {
        effort[0].merge(played[0]);
        effort[1].merge(played[1]);
    }
    let (wins, draws, losses) = (count(Verdict::Win), count(Verdict::Draw), count(Verdict::Loss));
    let games = wins + draws + losses;
    let score = (wins + draws / 2.0) / games;
    let variance =
        (wins * (1.0 - score).powi(2) + draws * (0.5 - score).powi(2) + losses * score.powi(2)) / games;
    let margin = 1.96 * (variance / games).sqrt();
    println!(
        "\n+{wins} ={draws} -{losses} of {games}: score {:.1} %, Elo {:+.0} (95 %: {:+.0} to {:+.0}), {:.0} s",
        100.0 * score,
        elo(score),
        elo(score - margin),
        elo(score + margin),
        started.elapsed().as_secs_f64()
    );
    println!(
        "searched (each move's last info line): shatar-engine {}; {other_engine} {}",
        effort[0].describe(),
        effort[1].describe()
    );
    Ok(())
}

fn start_fen(game: &Game) -> String {
    let moves: Vec<String> = game.moves().iter().map(|played| played.mv.to_string()).collect();
    format!("{} moves {}", Position::to_fen(game.start_position()), moves.join(" "))
}
