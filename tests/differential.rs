//! Differential test against Fairy-Stockfish (`UCI_Variant shatar`): random
//! playouts, comparing legal moves, FEN, checkers and terminal verdicts at
//! every ply. `.ci/run` installs Debian's `fairy-stockfish`; without it this
//! test fails, it is never skipped.

use shatar::rules::{Color, DrawReason, Game, Outcome, RuleOptions, StalemateRule, WinReason};
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

const GAMES: usize = 400;

struct Oracle {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Oracle {
    fn start() -> Oracle {
        let path =
            std::env::var("FAIRY_STOCKFISH").unwrap_or_else(|_| "/usr/games/fairy-stockfish".to_string());
        let mut child = Command::new(&path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|error| {
                panic!("cannot start Fairy-Stockfish at {path} ({error}); install it: apt-get install fairy-stockfish")
            });
        let stdin = child.stdin.take().expect("stdin");
        let stdout = BufReader::new(child.stdout.take().expect("stdout"));
        let mut oracle = Oracle { child, stdin, stdout };
        oracle.send("uci");
        oracle.read_until("uciok");
        oracle.send("setoption name UCI_Variant value shatar");
        oracle.send("isready");
        oracle.read_until("readyok");
        oracle
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("Fairy-Stockfish accepts input");
        self.stdin.flush().expect("flush");
    }

    /// Lines up to and including the first that starts with `prefix`.
    fn read_until(&mut self, prefix: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            let read = self.stdout.read_line(&mut line).expect("Fairy-Stockfish output");
            assert!(read > 0, "Fairy-Stockfish ended early; last lines: {lines:?}");
            let line = line.trim_end().to_string();
            let done = line.starts_with(prefix);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    fn set_position(&mut self, fen: &str, moves: &[String]) {
        if moves.is_empty() {
            self.send(&format!("position fen {fen}"));
        } else {
            self.send(&format!("position fen {fen} moves {}", moves.join(" ")));
        }
    }

    fn legal_moves(&mut self) -> Vec<String> {
        self.send("go perft 1");
        let mut moves: Vec<String> = self
            .read_until("Nodes searched")
            .iter()
            .filter(|line| !line.starts_with("Nodes searched"))
            .filter_map(|line| line.strip_suffix(": 1").map(str::to_string))
            .collect();
        moves.sort();
        moves
    }

    /// The `Fen:` and `Checkers:` lines of `d`.
    fn fen_and_checkers(&mut self) -> (String, Vec<String>) {
        self.send("d");
        let lines = self.read_until("Checkers:");
        let fen = lines.iter().find_map(|line| line.strip_prefix("Fen: ")).expect("Fen line").to_string();
        let checkers = lines.last().and_then(|line| line.strip_prefix("Checkers:")).unwrap_or_default();
        let mut checkers: Vec<String> = checkers.split_whitespace().map(str::to_string).collect();
        checkers.sort();
        (fen, checkers)
    }

    /// The score Fairy-Stockfish gives a finished position: `mate 0` or `cp 0`.
    fn terminal_score(&mut self) -> String {
        self.send("go depth 1");
        let lines = self.read_until("bestmove");
        assert_eq!(lines.last().map(String::as_str), Some("bestmove (none)"), "{lines:?}");
        let info = lines.iter().find(|line| line.starts_with("info depth 0")).expect("depth 0 info");
        info.split(" score ").nth(1).expect("score").to_string()
    }
}

impl Drop for Oracle {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.child.wait();
    }
}

/// Prefers a mate, then (often) a check, then (often) a capture, so that
/// playouts reach every kind of ending.
fn choose(game: &Game, rng: &mut fastrand::Rng) -> shatar::rules::Move {
    let position = game.position();
    let moves = game.legal_moves();
    let after = |mv| position.play(mv).expect("legal");
    let mates: Vec<_> = moves
        .iter()
        .copied()
        .filter(|&mv| {
            let next = after(mv);
            next.is_check() && !next.has_legal_moves()
        })
        .collect();
    let checks: Vec<_> = moves.iter().copied().filter(|&mv| after(mv).is_check()).collect();
    let captures: Vec<_> = moves.iter().copied().filter(|mv| position.piece_at(mv.to).is_some()).collect();
    let pick = |list: &[shatar::rules::Move], rng: &mut fastrand::Rng| list[rng.usize(..list.len())];
    if !mates.is_empty() && rng.u8(..10) < 9 {
        pick(&mates, rng)
    } else if !checks.is_empty() && rng.u8(..10) < 4 {
        pick(&checks, rng)
    } else if !captures.is_empty() && rng.u8(..10) < 5 {
        pick(&captures, rng)
    } else {
        pick(&moves, rng)
    }
}

#[test]
fn random_playouts_agree_with_fairy_stockfish() {
    let mut oracle = Oracle::start();
    let mut rng = fastrand::Rng::with_seed(0x5348_4154);
    let rules = RuleOptions { stalemate: StalemateRule::Draw, ..RuleOptions::default() };
    let mut endings: BTreeMap<String, usize> = BTreeMap::new();
    let mut plies = 0;
    for index in 0..GAMES {
        let first = if index % 2 == 0 { Color::White } else { Color::Black };
        let mut game = Game::new(rules, first);
        for _ in 0..2 {
            let opening = game.legal_moves()[0];
            game.play(opening).expect("the obligatory opening");
        }
        let start = game.position().to_fen();
        let mut moves: Vec<String> = Vec::new();
        loop {
            let position = game.position();
            // The whole history now and then and at the end (the mate rule
            // needs it); the current FEN otherwise, to keep the test fast.
            let replay = moves.len().is_multiple_of(16) || game.is_over();
            if replay {
                oracle.set_position(&start, &moves);
            } else {
                oracle.set_position(&position.to_fen(), &[]);
            }
            let mut ours: Vec<String> = position.legal_moves().iter().map(ToString::to_string).collect();
            ours.sort();
            let context = || format!("game {index}, {start} moves {}", moves.join(" "));
            assert_eq!(ours, oracle.legal_moves(), "legal moves, {}", context());
            let (fen, checkers) = oracle.fen_and_checkers();
            assert_eq!(position.to_fen(), fen, "{}", context());
            let mut our_checkers: Vec<String> =
                position.checkers().map(|square| square.to_string()).collect();
            our_checkers.sort();
            assert_eq!(our_checkers, checkers, "checkers, {}", context());
            if let Some(outcome) = game.outcome() {
                let expected = match outcome {
                    // Fairy-Stockfish scores every mate as decisive, the mori's included.
                    Outcome::Win { reason: WinReason::ShakMate, .. }
                    | Outcome::Draw(DrawReason::MoriMate) => Some("mate 0"),
                    Outcome::Draw(DrawReason::Niol | DrawReason::Stalemate | DrawReason::Robado) => {
                        Some("cp 0")
                    }
                    _ => None,
                };
                if let Some(expected) = expected {
                    assert_eq!(oracle.terminal_score(), expected, "{outcome}, {}", context());
                }
                *endings.entry(format!("{:?}", outcome.reason())).or_default() += 1;
                break;
            }
            let mv = choose(&game, &mut rng);
            game.play(mv).expect("chosen from the legal moves");
            moves.push(mv.to_string());
            plies += 1;
        }
    }
    println!("{GAMES} playouts, {plies} plies; endings: {endings:?}");
    for reason in ["ShakMate", "Niol", "MoriMate", "Robado", "Stalemate"] {
        assert!(endings.contains_key(reason), "no playout ended by {reason}: {endings:?}");
    }
}
