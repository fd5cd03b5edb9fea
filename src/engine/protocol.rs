//! UCI on any reader and writer, in the style of Fairy-Stockfish's shatar.
//! Malformed lines get an `info string` and are otherwise ignored. A search
//! runs on its own thread, so `stop` and `isready` are answered during it.

use crate::ai::{Clock, DEFAULT_HASH_MB, Level, Limits, MAX_HASH_MB, MAX_LEVEL, Report, Score, Searcher};
use crate::rules::{Color, Game, INITIAL_FEN, RuleOptions, StalemateRule};
use std::io::{self, BufRead, Write};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::{Scope, ScopedJoinHandle};
use std::time::Duration;

/// Perft deeper than this would run for hours; refuse it.
pub const MAX_PERFT_DEPTH: u32 = 10;

pub struct Engine {
    game: Game,
    rules: RuleOptions,
    level: Level,
    hash_megabytes: usize,
    /// `None` while a search thread holds it.
    searcher: Option<Searcher>,
    /// Seeds the weaker levels' choices; changes every search.
    searches: u64,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new()
    }
}

/// A search in flight: its thread hands the searcher back when done.
struct Running<'scope> {
    handle: ScopedJoinHandle<'scope, Searcher>,
    infinite: bool,
}

impl Engine {
    pub fn new() -> Engine {
        let rules = RuleOptions::default();
        Engine {
            game: Game::new(rules, Color::White),
            rules,
            level: Level::new(MAX_LEVEL),
            hash_megabytes: DEFAULT_HASH_MB,
            searcher: Some(Searcher::new(DEFAULT_HASH_MB)),
            searches: 0,
        }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Reads commands until `quit` or the end of input. At the end of input
    /// a bounded search is finished and an infinite one stopped.
    pub fn run<W: Write + Send>(&mut self, input: impl BufRead, out: W) -> io::Result<()> {
        let out = Mutex::new(out);
        let stop = AtomicBool::new(false);
        std::thread::scope(|scope| {
            let mut running = None;
            let result = self.read_loop(input, &out, &stop, scope, &mut running);
            let finish = self.finish(&mut running, &stop, false, &out);
            result.and(finish)
        })
    }

    fn read_loop<'scope, 'env, W: Write + Send>(
        &mut self,
        input: impl BufRead,
        out: &'env Mutex<W>,
        stop: &'env AtomicBool,
        scope: &'scope Scope<'scope, 'env>,
        running: &mut Option<Running<'scope>>,
    ) -> io::Result<()> {
        for line in input.lines() {
            let line = match line {
                Ok(line) => line,
                Err(error) if error.kind() == io::ErrorKind::InvalidData => {
                    say(out, "info string error: input is not UTF-8; line ignored")?;
                    continue;
                }
                Err(error) => return Err(error),
            };
            let command = line.split_whitespace().next().unwrap_or("");
            match command {
                "stop" => self.finish(running, stop, true, out)?,
                "quit" => return self.finish(running, stop, true, out),
                "isready" | "ponderhit" | "" => {}
                // Anything else waits for the search: the bounded one ends,
                // an infinite one is stopped.
                _ => self.finish(running, stop, false, out)?,
            }
            if command == "go" && !line.split_whitespace().any(|word| word == "perft") {
                let words: Vec<&str> = line.split_whitespace().skip(1).collect();
                match parse_go(&words) {
                    Ok(limits) => *running = Some(self.start(limits, out, stop, scope)),
                    Err(message) => say(out, &format!("info string error: {message}"))?,
                }
                continue;
            }
            let mut text = Vec::new();
            self.execute(&line, &mut text)?;
            let mut out = lock(out);
            out.write_all(&text)?;
            out.flush()?;
        }
        Ok(())
    }

    /// Ends a search, if any: stops it if `now` or if it is infinite, then
    /// waits for its `bestmove`.
    fn finish<W: Write>(
        &mut self,
        running: &mut Option<Running<'_>>,
        stop: &AtomicBool,
        now: bool,
        out: &Mutex<W>,
    ) -> io::Result<()> {
        let Some(search) = running.take() else {
            return Ok(());
        };
        if now || search.infinite {
            stop.store(true, Ordering::Relaxed);
        }
        match search.handle.join() {
            Ok(searcher) => self.searcher = Some(searcher),
            Err(_) => {
                self.searcher = Some(Searcher::new(self.hash_megabytes));
                say(out, "info string error: the search failed")?;
            }
        }
        Ok(())
    }

    fn start<'scope, 'env, W: Write + Send>(
        &mut self,
        limits: Limits,
        out: &'env Mutex<W>,
        stop: &'env AtomicBool,
        scope: &'scope Scope<'scope, 'env>,
    ) -> Running<'scope> {
        stop.store(false, Ordering::Relaxed);
        let mut searcher = self.searcher.take().unwrap_or_else(|| Searcher::new(self.hash_megabytes));
        let game = self.game.clone();
        let level = self.level;
        self.searches += 1;
        let seed = self.searches.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ game.position().hash();
        let infinite = limits.is_infinite();
        let handle = scope.spawn(move || {
            let best = if game.is_over() {
                None
            } else {
                let report = |report: &Report| {
                    // A closed output only loses the report; bestmove tries again.
                    let _ = say(out, &info_line(report));
                };
                level.choose(&mut searcher, &game, limits, seed, stop, report)
            };
            let line = best.map_or("bestmove (none)".to_string(), |mv| format!("bestmove {mv}"));
            let _ = say(out, &line);
            searcher
        });
        Running { handle, infinite }
    }

    /// Runs one command other than a search, `stop` or `quit`, which
    /// `read_loop` handles.
    fn execute(&mut self, line: &str, out: &mut impl Write) -> io::Result<()> {
        let mut words = line.split_whitespace();
        let Some(command) = words.next() else {
            return Ok(());
        };
        let rest: Vec<&str> = words.collect();
        match command {
            "uci" => {
                writeln!(out, "id name Shatar {}", env!("CARGO_PKG_VERSION"))?;
                writeln!(out, "id author the Shatar developers")?;
                writeln!(out, "option name UCI_Variant type combo default shatar var shatar")?;
                writeln!(
                    out,
                    "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"
                )?;
                writeln!(out, "option name Clear Hash type button")?;
                writeln!(out, "option name Skill Level type spin default {MAX_LEVEL} min 1 max {MAX_LEVEL}")?;
                writeln!(out, "option name Stalemate type combo default win var win var draw")?;
                writeln!(out, "option name Repetition type check default true")?;
                writeln!(out, "option name FiftyMoves type check default true")?;
                writeln!(out, "uciok")?;
            }
            "isready" => writeln!(out, "readyok")?,
            "ucinewgame" => {
                self.game = Game::new(self.rules, Color::White);
                if let Some(searcher) = &mut self.searcher {
                    searcher.clear();
                }
            }
            "setoption" => self.set_option(&rest, out)?,
            "position" => {
                if let Err(message) = self.set_position(&rest) {
                    writeln!(out, "info string error: {message}; position unchanged")?;
                }
            }
            "go" => self.go_perft(&rest, out)?,
            "d" => self.display(out)?,
            "stop" | "ponderhit" => {}
            other => writeln!(out, "info string error: unknown command '{other}'")?,
        }
        Ok(())
    }

    fn set_option(&mut self, words: &[&str], out: &mut impl Write) -> io::Result<()> {
        let (name, value) = match words {
            ["name", name @ .., "value", value] => (name.join(" "), Some(*value)),
            ["name", name @ ..] if !name.is_empty() => (name.join(" "), None),
            _ => return writeln!(out, "info string error: expected 'setoption name <name> value <value>'"),
        };
        let mut rules = self.rules;
        match (name.as_str(), value) {
            ("UCI_Variant", Some("shatar")) => {}
            ("UCI_Variant", Some(other)) => {
                return writeln!(out, "info string error: variant '{other}' is not supported; only shatar");
            }
            ("Hash", Some(value)) => match value.parse::<usize>() {
                Ok(megabytes @ 1..=MAX_HASH_MB) => {
                    self.hash_megabytes = megabytes;
                    self.searcher = Some(Searcher::new(megabytes));
                }
                _ => {
                    return writeln!(
                        out,
                        "info string error: Hash must be 1 to {MAX_HASH_MB}, not '{value}'"
                    );
                }
            },
            ("Clear Hash", None) => {
                if let Some(searcher) = &mut self.searcher {
                    searcher.clear();
                }
            }
            ("Skill Level", Some(value)) => match value.parse::<u8>() {
                Ok(level @ 1..=MAX_LEVEL) => self.level = Level::new(level),
                _ => {
                    return writeln!(
                        out,
                        "info string error: Skill Level must be 1 to {MAX_LEVEL}, not '{value}'"
                    );
                }
            },
            ("Stalemate", Some(value)) => match value.parse::<StalemateRule>() {
                Ok(stalemate) => rules.stalemate = stalemate,
                Err(message) => return writeln!(out, "info string error: {message}"),
            },
            ("Repetition" | "FiftyMoves", Some(value)) => {
                let on = match value {
                    "true" => true,
                    "false" => false,
                    other => {
                        return writeln!(
                            out,
                            "info string error: {name} must be true or false, not '{other}'"
                        );
                    }
                };
                if name == "Repetition" {
                    rules.repetition_draw = on;
                } else {
                    rules.fifty_move_draw = on;
                }
            }
            (other, _) => return writeln!(out, "info string error: unknown option '{other}'"),
        }
        if rules != self.rules {
            self.rules = rules;
            self.game = replay(&self.game, rules);
        }
        Ok(())
    }

    fn set_position(&mut self, words: &[&str]) -> Result<(), String> {
        let (fen, rest) = match words {
            ["startpos", rest @ ..] => (INITIAL_FEN.to_string(), rest),
            ["fen", rest @ ..] => {
                let end = rest.iter().position(|word| *word == "moves").unwrap_or(rest.len());
                (rest[..end].join(" "), &rest[end..])
            }
            _ => return Err("expected 'position startpos|fen <FEN> [moves ...]'".to_string()),
        };
        let moves = match rest {
            [] => &[][..],
            ["moves", moves @ ..] => moves,
            _ => return Err(format!("expected 'moves' after the position, found '{}'", rest.join(" "))),
        };
        let mut game = Game::from_fen(self.rules, &fen).map_err(|error| error.to_string())?;
        game.play_uci_moves(moves.iter().copied()).map_err(|error| error.to_string())?;
        self.game = game;
        Ok(())
    }

    fn go_perft(&mut self, words: &[&str], out: &mut impl Write) -> io::Result<()> {
        match words {
            ["perft", depth] => match depth.parse::<u32>() {
                Ok(depth @ 1..=MAX_PERFT_DEPTH) => self.perft(depth, out),
                _ => writeln!(
                    out,
                    "info string error: perft depth must be 1 to {MAX_PERFT_DEPTH}, not '{depth}'"
                ),
            },
            _ => writeln!(out, "info string error: expected 'go perft <depth>'"),
        }
    }

    fn perft(&self, depth: u32, out: &mut impl Write) -> io::Result<()> {
        let mut total = 0;
        if !self.game.is_over() {
            for (mv, nodes) in self.game.position().divide(depth) {
                writeln!(out, "{mv}: {nodes}")?;
                total += nodes;
            }
        }
        writeln!(out)?;
        writeln!(out, "Nodes searched: {total}")?;
        writeln!(out)
    }

    fn display(&self, out: &mut impl Write) -> io::Result<()> {
        let position = self.game.position();
        writeln!(out)?;
        for rank in (0..8).rev() {
            write!(out, " {} ", rank + 1)?;
            for file in 0..8 {
                let square = crate::rules::Square::new(file, rank);
                let c =
                    square.and_then(|square| position.piece_at(square)).map_or('.', |piece| piece.fen_char());
                write!(out, " {c}")?;
            }
            writeln!(out)?;
        }
        writeln!(out, "    a b c d e f g h")?;
        writeln!(out)?;
        writeln!(out, "Fen: {}", position.to_fen())?;
        writeln!(out, "Key: {:016X}", position.hash())?;
        let checkers: Vec<String> = position.checkers().map(|square| square.to_string()).collect();
        writeln!(out, "Checkers: {}", checkers.join(" "))?;
        if let Some(outcome) = self.game.outcome() {
            writeln!(out, "Outcome: {outcome}")?;
        }
        Ok(())
    }
}

/// The same game under other rules, as far as its moves still go.
fn replay(game: &Game, rules: RuleOptions) -> Game {
    let mut replayed = Game::from_position(rules, *game.start_position());
    for played in game.moves() {
        if replayed.play(played.mv).is_err() {
            break;
        }
    }
    replayed
}

/// `go depth N | nodes N | movetime MS | wtime MS btime MS winc MS binc MS
/// movestogo N | infinite`, in any combination.
pub fn parse_go(words: &[&str]) -> Result<Limits, String> {
    let mut limits = Limits::default();
    let mut clocks = [Clock::default(); 2];
    let mut clocked = false;
    let mut words = words.iter();
    while let Some(&word) = words.next() {
        if word == "infinite" {
            continue;
        }
        let Some(&value) = words.next() else {
            return Err(format!("'go {word}' needs a value"));
        };
        let number =
            value.parse::<i64>().map_err(|_| format!("'go {word}' needs a number, not '{value}'"))?;
        let count = u64::try_from(number.max(0)).unwrap_or(0);
        let millis = Duration::from_millis(count);
        match word {
            "depth" if number >= 1 => limits.depth = Some(u32::try_from(count).unwrap_or(u32::MAX)),
            "nodes" if number >= 1 => limits.nodes = Some(count),
            "movetime" if number >= 1 => limits.movetime = Some(millis),
            "movestogo" if number >= 1 => limits.moves_to_go = Some(u32::try_from(count).unwrap_or(u32::MAX)),
            "depth" | "nodes" | "movetime" | "movestogo" => {
                return Err(format!("'go {word}' must be at least 1, not '{value}'"));
            }
            "wtime" | "btime" | "winc" | "binc" => {
                clocked |= word.ends_with("time");
                let side = if word.starts_with('w') { 0 } else { 1 };
                if word.ends_with("time") {
                    clocks[side].time = millis;
                } else {
                    clocks[side].increment = millis;
                }
            }
            other => return Err(format!("unknown 'go' parameter '{other}'")),
        }
    }
    if clocked {
        limits.clocks = Some(clocks);
    }
    Ok(limits)
}

fn info_line(report: &Report) -> String {
    let score = match report.score {
        Score::Centipawns(cp) => format!("cp {cp}"),
        Score::Mate(moves) => format!("mate {moves}"),
    };
    let millis = report.elapsed.as_millis().max(1);
    let nps = u128::from(report.nodes) * 1000 / millis;
    let pv: Vec<String> = report.pv.iter().map(ToString::to_string).collect();
    format!(
        "info depth {} seldepth {} score {score} nodes {} nps {nps} time {} pv {}",
        report.depth,
        report.seldepth,
        report.nodes,
        report.elapsed.as_millis(),
        pv.join(" ")
    )
}

fn lock<W>(out: &Mutex<W>) -> std::sync::MutexGuard<'_, W> {
    out.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn say<W: Write>(out: &Mutex<W>, line: &str) -> io::Result<()> {
    let mut out = lock(out);
    writeln!(out, "{line}")?;
    out.flush()
}
