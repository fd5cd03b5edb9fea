//! A UCI engine in a child process, for the match and tuning programs,
//! and the rules their games are played by.

use shatar::rules::{Game, RuleOptions, StalemateRule};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// An engine whose output lines arrive on a channel.
pub struct Uci {
    pub name: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// The last search's last `info` line with a score.
    last_info: Option<String>,
}

impl Uci {
    pub fn start(name: &str, path: &Path, options: &[(&str, String)]) -> Result<Uci, String> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|error| format!("cannot start {}: {error}", path.display()))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = Uci { name: name.to_string(), child, stdin, lines, last_info: None };
        engine.send("uci")?;
        engine.wait_for("uciok", Duration::from_secs(10))?;
        for (option, value) in options {
            engine.send(&format!("setoption name {option} value {value}"))?;
        }
        engine.ready()?;
        Ok(engine)
    }

    pub fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|error| format!("{}: {error}", self.name))
    }

    fn wait_for(&mut self, prefix: &str, timeout: Duration) -> Result<String, String> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.starts_with(prefix) => return Ok(line),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!("{}: no '{prefix}' in time", self.name));
                }
                Err(RecvTimeoutError::Disconnected) => return Err(format!("{}: exited", self.name)),
            }
        }
    }

    pub fn ready(&mut self) -> Result<(), String> {
        self.send("isready")?;
        self.wait_for("readyok", Duration::from_secs(10)).map(|_| ())
    }

    /// Searches the game's position with `go {limit}` and returns the
    /// bestmove text; the search's last `info` line is kept.
    pub fn best_move(&mut self, game: &Game, limit: &str, timeout: Duration) -> Result<String, String> {
        self.send(&position_command(game))?;
        self.send(&format!("go {limit}"))?;
        let deadline = Instant::now() + timeout;
        self.last_info = None;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.starts_with("bestmove") => {
                    return Ok(line.split_whitespace().nth(1).unwrap_or("(none)").to_string());
                }
                Ok(line) if line.contains(" score ") => self.last_info = Some(line),
                Ok(_) => {}
                Err(_) => return Err(format!("{}: no bestmove in time", self.name)),
            }
        }
    }

    /// The last search's score, as "cp 31" or "mate -2".
    #[allow(dead_code, reason = "not every program with this module asks for it")]
    pub fn last_score(&self) -> Option<String> {
        let score = self.last_info.as_deref()?.split(" score ").nth(1)?;
        Some(score.split_whitespace().take(2).collect::<Vec<_>>().join(" "))
    }

    /// A number from the last search's last `info` line, such as `nodes`.
    #[allow(dead_code, reason = "not every program with this module asks for it")]
    pub fn last_info_number(&self, key: &str) -> Option<u64> {
        let mut words = self.last_info.as_deref()?.split_whitespace();
        words.find(|word| *word == key)?;
        words.next()?.parse().ok()
    }

    /// Fairy-Stockfish's static evaluation of each FEN, in centipawns for
    /// White, from its `eval` command. None may be in check.
    #[allow(dead_code, reason = "not every program with this module asks for it")]
    pub fn static_evals(&mut self, fens: impl Iterator<Item = String>) -> Result<Vec<i32>, String> {
        let mut asked = 0;
        for fen in fens {
            self.send(&format!("position fen {fen}"))?;
            self.send("eval")?;
            asked += 1;
        }
        self.send("isready")?;
        let mut evals = Vec::with_capacity(asked);
        loop {
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(30))
                .map_err(|_| format!("{}: no eval in time", self.name))?;
            if line.starts_with("readyok") {
                break;
            }
            if let Some(rest) = line.strip_prefix("Total evaluation: ") {
                let pawns: f64 = rest
                    .split_whitespace()
                    .next()
                    .and_then(|number| number.parse().ok())
                    .ok_or_else(|| format!("{}: unreadable '{line}'", self.name))?;
                evals.push((pawns * 100.0).round() as i32);
            }
        }
        if evals.len() != asked {
            return Err(format!("{}: {} evaluations for {asked} positions", self.name, evals.len()));
        }
        Ok(evals)
    }
}

impl Drop for Uci {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_secs(2);
        while Instant::now() < deadline {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Fairy-Stockfish's table (`Hash`) in megabytes, in every program.
pub const FAIRY_HASH_MB: u32 = 16;

/// The options every program gives Fairy-Stockfish: the variant first.
pub fn fairy_options() -> Vec<(&'static str, String)> {
    vec![("UCI_Variant", "shatar".into()), ("Hash", FAIRY_HASH_MB.to_string())]
}

/// Our rules with stalemate a draw, as Fairy-Stockfish scores it.
pub fn fairy_rules() -> RuleOptions {
    RuleOptions { stalemate: StalemateRule::Draw, ..RuleOptions::default() }
}

/// `position fen ... moves ...` for the game. Fairy-Stockfish has no
/// double step, so the game starts for it after the obligatory opening.
fn position_command(game: &Game) -> String {
    let skip = game.positions().iter().take_while(|position| position.obligatory_opening().is_some()).count();
    let base = game.positions().get(skip).unwrap_or(game.position());
    let moves: Vec<String> = game.moves().iter().skip(skip).map(|played| played.mv.to_string()).collect();
    let mut command = format!("position fen {}", base.to_fen());
    if !moves.is_empty() {
        command.push_str(" moves ");
        command.push_str(&moves.join(" "));
    }
    command
}
