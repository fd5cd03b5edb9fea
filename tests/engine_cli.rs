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
