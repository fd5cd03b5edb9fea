//! UCI on any reader and writer, in the style of Fairy-Stockfish's shatar.
//! Malformed lines get an `info string` and are otherwise ignored.

use crate::rules::{Game, INITIAL_FEN, RuleOptions};
use std::io::{self, BufRead, Write};

/// Perft deeper than this would run for hours; refuse it.
pub const MAX_PERFT_DEPTH: u32 = 10;

pub struct Engine {
    game: Game,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new()
    }
}

impl Engine {
    pub fn new() -> Engine {
        Engine { game: Game::new(RuleOptions::default(), crate::rules::Color::White) }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Reads commands until `quit` or the end of input.
    pub fn run(&mut self, input: impl BufRead, out: &mut impl Write) -> io::Result<()> {
        for line in input.lines() {
            let line = match line {
                Ok(line) => line,
                Err(error) if error.kind() == io::ErrorKind::InvalidData => {
                    writeln!(out, "info string error: input is not UTF-8; line ignored")?;
                    continue;
                }
                Err(error) => return Err(error),
            };
            if !self.execute(&line, out)? {
                break;
            }
            out.flush()?;
        }
        Ok(())
    }

    /// Runs one command; `false` on `quit`.
    pub fn execute(&mut self, line: &str, out: &mut impl Write) -> io::Result<bool> {
        let mut words = line.split_whitespace();
        let Some(command) = words.next() else {
            return Ok(true);
        };
        let rest: Vec<&str> = words.collect();
        match command {
            "uci" => {
                writeln!(out, "id name Shatar {}", env!("CARGO_PKG_VERSION"))?;
                writeln!(out, "id author the Shatar developers")?;
                writeln!(out, "option name UCI_Variant type combo default shatar var shatar")?;
                writeln!(out, "uciok")?;
            }
            "isready" => writeln!(out, "readyok")?,
            "ucinewgame" => self.game = Game::new(self.game.rules(), crate::rules::Color::White),
            "setoption" => self.set_option(&rest, out)?,
            "position" => {
                if let Err(message) = self.set_position(&rest) {
                    writeln!(out, "info string error: {message}; position unchanged")?;
                }
            }
            "go" => self.go(&rest, out)?,
            "d" => self.display(out)?,
            "stop" | "ponderhit" => {}
            "quit" => return Ok(false),
            other => writeln!(out, "info string error: unknown command '{other}'")?,
        }
        Ok(true)
    }

    fn set_option(&mut self, words: &[&str], out: &mut impl Write) -> io::Result<()> {
        let (name, value) = match words {
            ["name", name @ .., "value", value] => (name.join(" "), *value),
            _ => return writeln!(out, "info string error: expected 'setoption name <name> value <value>'"),
        };
        match (name.as_str(), value) {
            ("UCI_Variant", "shatar") => Ok(()),
            ("UCI_Variant", other) => {
                writeln!(out, "info string error: variant '{other}' is not supported; only shatar")
            }
            (other, _) => writeln!(out, "info string error: unknown option '{other}'"),
        }
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
        let mut game = Game::from_fen(self.game.rules(), &fen).map_err(|error| error.to_string())?;
        game.play_uci_moves(moves.iter().copied()).map_err(|error| error.to_string())?;
        self.game = game;
        Ok(())
    }

    fn go(&mut self, words: &[&str], out: &mut impl Write) -> io::Result<()> {
        match words {
            ["perft", depth] => match depth.parse::<u32>() {
                Ok(depth @ 1..=MAX_PERFT_DEPTH) => self.perft(depth, out),
                _ => writeln!(
                    out,
                    "info string error: perft depth must be 1 to {MAX_PERFT_DEPTH}, not '{depth}'"
                ),
            },
            ["perft", ..] => writeln!(out, "info string error: expected 'go perft <depth>'"),
            _ => {
                // The search comes with the AI; until then, any legal move.
                writeln!(out, "info string no search yet; playing the first legal move")?;
                match self.game.legal_moves().first() {
                    Some(mv) => writeln!(out, "bestmove {mv}"),
                    None => writeln!(out, "bestmove (none)"),
                }
            }
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
