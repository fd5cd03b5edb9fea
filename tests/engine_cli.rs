//! The `shatar-engine` binary as scripts and chess software use it.

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Output, Stdio};

const ENGINE: &str = env!("CARGO_BIN_EXE_shatar-engine");

fn outcome(args: &[&str]) -> Output {
    Command::new(ENGINE).arg("outcome").args(args).output().expect("engine runs")
}

fn outcome_json(args: &[&str]) -> Value {
    let output = outcome(args);
    assert!(output.status.success(), "{args:?}: {}", String::from_utf8_lossy(&output.stderr));
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    assert_eq!(text.lines().count(), 1, "one line: {text}");
    serde_json::from_str(&text).expect("JSON")
}

fn uci(input: &[u8]) -> String {
    let mut child = Command::new(ENGINE)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("engine starts");
    child.stdin.take().expect("stdin").write_all(input).expect("write");
    let output = child.wait_with_output().expect("engine ends at end of input");
    assert!(output.status.success());
    String::from_utf8(output.stdout).expect("UTF-8")
}

#[test]
fn outcome_reports_every_reason() {
    let cases: &[(&[&str], &str, Value, &[&str])] = &[
        (
            &["--fen", "4k3/8/4K3/2B4N/p7/8/8/1R6 w - - 0 1", "--moves", "b1b8"],
            "white",
            "shak_mate".into(),
            &["shak"],
        ),
        (
            &["--fen", "8/8/k6P/2K3p1/B7/1P6/8/8 w - - 0 1", "--moves", "a4b5 a6a5 b3b4"],
            "draw",
            "niol".into(),
            &["tsod"],
        ),
        (
            &["--fen", "8/3p4/8/8/2N1N3/7K/7B/7k w - - 0 1", "--moves", "e4f2"],
            "draw",
            "mori_mate".into(),
            &["shak"],
        ),
        (&["--fen", "4k3/8/8/8/8/8/p7/R3K3 w - - 0 1", "--moves", "a1a2"], "draw", "robado".into(), &[]),
        (&["--fen", "7k/8/6K1/3N4/8/p7/P7/8 w - - 0 1", "--moves", "d5f6"], "white", "stalemate".into(), &[]),
        (
            &["--fen", "7k/8/6K1/3N4/8/p7/P7/8 w - - 0 1", "--moves", "d5f6", "--stalemate", "draw"],
            "draw",
            "stalemate".into(),
            &[],
        ),
        (&["--moves", "d2d4 d7d5 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8"], "draw", "repetition".into(), &[]),
        (
            &["--fen", "4k3/p7/8/8/8/8/P7/4K2R w - - 99 80", "--moves", "h1h2"],
            "draw",
            "fifty_moves".into(),
            &[],
        ),
        (
            &["--fen", "4k3/p7/8/8/8/8/P7/4K2R w - - 99 80", "--moves", "h1h2", "--fifty-moves", "off"],
            "ongoing",
            Value::Null,
            &[],
        ),
        (&["--moves", "d2d4 d7d5"], "ongoing", Value::Null, &[]),
        (
            &["--fen", "5K2/8/1k3N2/1P6/8/1B6/5p2/8 w - - 0 1", "--moves", "f6d7 b6a7 b5b6"],
            "ongoing",
            Value::Null,
            &["tsod"],
        ),
    ];
    for (args, result, reason, check) in cases {
        let json = outcome_json(args);
        assert_eq!(json["result"], *result, "{args:?}");
        assert_eq!(json["reason"], *reason, "{args:?}");
        assert_eq!(json["check"], serde_json::json!(check), "{args:?}");
    }
    let json = outcome_json(&["--moves", "d2d4 d7d5"]);
    assert_eq!(json["fen"], "rnbjkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBJKBNR w - - 0 2");
    assert_eq!(outcome_json(&[])["fen"], "rnbjkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBJKBNR w - - 0 1");
}

#[test]
fn an_illegal_move_exits_2_naming_the_move_and_its_index() {
    let output = outcome(&["--moves", "d2d4 d7d5 e2e4"]);
    assert_eq!(output.status.code(), Some(2));
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(message.contains("move 3") && message.contains("e2e4"), "{message}");
    assert!(output.stdout.is_empty());
    let output = outcome(&["--fen", "4k3/8/8/8/8/8/p7/R3K3 w - - 0 1", "--moves", "a1a2 e8e7"]);
    assert_eq!(output.status.code(), Some(2), "no move after robado");
    assert!(String::from_utf8_lossy(&output.stderr).contains("move 2"));
}

#[test]
fn bad_fens_and_flags_are_refused_clearly() {
    for args in
        [&["--fen", "nonsense"][..], &["--stalemate", "maybe"], &["--repetition", "yes"], &["--bogus"]]
    {
        let output = outcome(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(!output.stderr.is_empty());
    }
}

#[test]
fn uci_handshake_position_and_perft() {
    let out = uci(b"uci\nisready\nsetoption name UCI_Variant value shatar\nposition startpos moves d2d4 d7d5\ngo perft 2\nquit\n");
    assert!(out.contains("uciok") && out.contains("readyok"));
    let moves = out.lines().filter(|line| line.ends_with(": 20")).count();
    assert_eq!(moves, 20, "{out}");
    assert!(out.contains("Nodes searched: 400"));
    assert!(!out.contains("info string error"));
}

#[test]
fn uci_startpos_is_the_initial_array_before_the_opening() {
    let out = uci(b"position startpos\ngo perft 3\nd\n");
    assert!(out.contains("d2d4: 20"), "{out}");
    assert!(out.contains("Nodes searched: 20"));
    assert!(out.contains("Fen: rnbjkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBJKBNR w - - 0 1"));
    let out = uci(b"position fen rnbjkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBJKBNR b - - 0 1 moves d7d5\nd\n");
    assert!(out.contains("Fen: rnbjkbnr/ppp1pppp/8/3p4/8/8/PPPPPPPP/RNBJKBNR w - - 0 2"), "{out}");
}

#[test]
fn uci_survives_malformed_lines_and_keeps_the_last_good_position() {
    let mut input = b"position fen 4k3/8/8/8/8/8/p7/R3K3 w - - 0 1\n".to_vec();
    input.extend_from_slice(
        b"bogus command\nposition\nposition fen\nposition fen 8/8 w\nposition startpos moves e2e4\n",
    );
    input.extend_from_slice(
        b"position startpos garbage\ngo perft\ngo perft -1\ngo perft 0\ngo perft 99\nsetoption\n",
    );
    input.extend_from_slice(
        b"setoption name UCI_Variant value chess\nsetoption name Nonsense value 1\n\n   \n",
    );
    input.extend_from_slice(&[0xff, 0xfe, b'\n']);
    input.extend_from_slice(b"d\ngo perft 1\nquit\nd\n");
    let out = uci(&input);
    let errors = out.lines().filter(|line| line.starts_with("info string error")).count();
    assert_eq!(errors, 14, "{out}");
    assert!(out.contains("Fen: 4k3/8/8/8/8/8/p7/R3K3 w - - 0 1"), "{out}");
    assert_eq!(out.matches("Fen:").count(), 1, "nothing after quit");
    assert!(out.contains("Nodes searched: "));
}

#[test]
fn uci_reports_no_moves_once_the_game_is_over() {
    let out = uci(b"position fen 4k3/8/8/8/8/8/p7/R3K3 w - - 0 1 moves a1a2\ngo perft 1\ngo depth 1\nd\n");
    assert!(out.contains("Nodes searched: 0"), "{out}");
    assert!(out.contains("bestmove (none)"));
    assert!(out.contains("Outcome: Draw: robado, bare noyon"));
}

/// An engine whose stdin stays open, so a search can be stopped mid-way.
struct Session {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    lines: std::sync::mpsc::Receiver<String>,
}

impl Session {
    fn start() -> Session {
        let mut child = Command::new(ENGINE)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("engine starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (sender, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            use std::io::BufRead;
            for line in std::io::BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = sender.send(line);
            }
        });
        Session { child, stdin, lines }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("write");
        self.stdin.flush().expect("flush");
    }

    /// Lines up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            let line =
                self.lines.recv_timeout(std::time::Duration::from_secs(60)).expect("the engine answers");
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.child.wait();
    }
}

fn bestmove(out: &str) -> &str {
    let line =
        out.lines().find(|line| line.starts_with("bestmove")).unwrap_or_else(|| panic!("no bestmove: {out}"));
    line.split_whitespace().nth(1).expect("a move")
}

#[test]
fn uci_lists_the_search_and_rule_options() {
    let out = uci(b"uci\n");
    for option in [
        "option name Hash type spin default 16 min 1 max 4096",
        "option name Skill Level type spin default 8 min 1 max 8",
        "option name Stalemate type combo default win var win var draw",
        "option name Repetition type check default true",
        "option name FiftyMoves type check default true",
        "option name Clear Hash type button",
    ] {
        assert!(out.lines().any(|line| line == option), "{option}: {out}");
    }
}

#[test]
fn uci_go_depth_reports_each_iteration_then_a_legal_bestmove() {
    let out = uci(b"position startpos moves d2d4 d7d5\ngo depth 5\n");
    let infos: Vec<&str> = out.lines().filter(|line| line.starts_with("info depth")).collect();
    assert_eq!(infos.len(), 5, "{out}");
    for (index, line) in infos.iter().enumerate() {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(words[2], (index + 1).to_string());
        for key in ["seldepth", "score", "nodes", "nps", "time", "pv"] {
            assert!(words.contains(&key), "{key} in {line}");
        }
        assert!(line.contains("score cp ") || line.contains("score mate "), "{line}");
    }
    let mv = bestmove(&out);
    let game = common_game("d2d4 d7d5");
    assert!(game.position().parse_uci(mv).is_ok(), "{mv} is legal");
    let pv_first = infos[4].split(" pv ").nth(1).and_then(|pv| pv.split_whitespace().next());
    assert_eq!(pv_first, Some(mv), "bestmove heads the last PV");
}

fn common_game(moves: &str) -> shatar::rules::Game {
    let mut game =
        shatar::rules::Game::new(shatar::rules::RuleOptions::default(), shatar::rules::Color::White);
    game.play_uci_moves(moves.split_whitespace()).expect("legal moves");
    game
}

#[test]
fn uci_go_reports_a_mate_score_and_nodes_limits_hold() {
    let out = uci(b"position fen 3r2k1/5ppp/8/8/8/8/4R3/4R2K w - - 0 1\ngo depth 4\n");
    assert!(out.contains("score mate 2"), "{out}");
    assert_eq!(bestmove(&out), "e2e8");
    let out = uci(b"position startpos moves d2d4 d7d5\ngo nodes 5000\n");
    let nodes: Vec<u64> = out
        .lines()
        .filter_map(|line| line.split(" nodes ").nth(1)?.split_whitespace().next()?.parse().ok())
        .collect();
    assert!(nodes.iter().all(|&n| n <= 5_000), "{out}");
    assert_ne!(bestmove(&out), "(none)");
}

#[test]
fn uci_go_movetime_and_clocks_answer() {
    let out = uci(b"position startpos moves d2d4 d7d5\ngo movetime 200\n");
    assert_ne!(bestmove(&out), "(none)", "{out}");
    let out = uci(b"position startpos moves d2d4 d7d5 g1f3\ngo wtime 3000 btime 3000 winc 100 binc 100\n");
    assert_ne!(bestmove(&out), "(none)", "{out}");
    let out = uci(b"position startpos moves d2d4 d7d5\ngo wtime 60000 btime 60000 movestogo 40\n");
    assert_ne!(bestmove(&out), "(none)", "{out}");
}

#[test]
fn uci_stop_ends_an_infinite_search_and_isready_answers_during_it() {
    let mut engine = Session::start();
    engine.send("position startpos moves d2d4 d7d5");
    engine.send("go infinite");
    engine.send("isready");
    let seen = engine.until("readyok");
    assert!(!seen.iter().any(|line| line.starts_with("bestmove")), "still searching: {seen:?}");
    std::thread::sleep(std::time::Duration::from_millis(300));
    engine.send("stop");
    let seen = engine.until("bestmove");
    let mv = seen.last().and_then(|line| line.split_whitespace().nth(1)).expect("a move");
    assert!(common_game("d2d4 d7d5").position().parse_uci(mv).is_ok(), "{mv}");
    // The engine takes commands again afterwards.
    engine.send("position fen 3r2k1/5ppp/8/8/8/8/4R3/4R2K w - - 0 1");
    engine.send("go depth 3");
    let seen = engine.until("bestmove");
    assert_eq!(seen.last().map(String::as_str), Some("bestmove e2e8"));
}

#[test]
fn uci_end_of_input_stops_an_infinite_search_with_a_bestmove() {
    let out = uci(b"position startpos moves d2d4 d7d5\ngo infinite\n");
    assert_ne!(bestmove(&out), "(none)", "{out}");
}

#[test]
fn uci_options_change_the_rules_and_bad_values_are_refused() {
    // The d7 child is blocked by the tereg's move: stalemate, a win by
    // default, is no longer one once the option says draw.
    let position = b"position fen 8/3p4/2R5/8/2N1N3/7K/7B/7k w - - 0 1\ngo depth 2\n";
    let out = uci(position);
    assert!(out.contains("score mate 1"), "stalemate wins: {out}");
    let mut input = b"setoption name Stalemate value draw\n".to_vec();
    input.extend_from_slice(position);
    let out = uci(&input);
    assert!(!out.contains("score mate 1"), "stalemate draws: {out}");
    let out = uci(
        b"setoption name Hash value 0\nsetoption name Hash value x\nsetoption name Skill Level value 9\nsetoption name Stalemate value maybe\nsetoption name Repetition value yes\nsetoption name Hash value 8\nsetoption name Skill Level value 3\nsetoption name Clear Hash\nisready\n",
    );
    let errors = out.lines().filter(|line| line.starts_with("info string error")).count();
    assert_eq!(errors, 5, "{out}");
    assert!(out.contains("readyok"));
}

#[test]
fn uci_malformed_go_lines_are_refused_without_a_search() {
    let out = uci(b"position startpos moves d2d4 d7d5\ngo depth\ngo depth x\ngo depth 0\ngo sideways 3\ngo movetime -5\nisready\n");
    let errors = out.lines().filter(|line| line.starts_with("info string error")).count();
    assert_eq!(errors, 5, "{out}");
    assert!(!out.contains("bestmove"), "{out}");
}

#[test]
fn uci_repeated_go_and_quit_during_a_search_are_safe() {
    let out = uci(b"position startpos moves d2d4 d7d5\ngo depth 3\ngo depth 3\ngo infinite\nquit\n");
    assert_eq!(out.lines().filter(|line| line.starts_with("bestmove")).count(), 3, "{out}");
}
