//! Tunes the evaluation's weights on positions scored by Fairy-Stockfish
//! (from `examples/label.rs`): full-batch Adam on the squared error between
//! the win chances our evaluation and the target give, the target being
//! Fairy-Stockfish's score blended with the game's result. Quiet positions
//! only unless `--all`; a tenth, or the `--held` files, held back to check
//! the fit. Writes the weights file.
//!
//! ```sh
//! cargo run --release --no-default-features --example tune -- positions.txt --out src/ai/eval/weights.rs
//! # on static evaluations from `label --static`:
//! cargo run --release --no-default-features --example tune -- static.txt --all --result-weight 0 --out src/ai/eval/weights.rs
//! ```

use clap::Parser;
use shatar::ai::eval::terms::{SECTIONS, TERMS, WEIGHTS};
use shatar::ai::eval::{FULL_PHASE, Shape, Sink, TEMPO, collect, is_quiet};
use shatar::rules::{Color, Position, StalemateRule};
use std::fmt::Write as _;
use std::path::PathBuf;

#[derive(Parser)]
#[command(about = "Tunes the evaluation on Fairy-Stockfish-scored positions")]
struct Args {
    /// Files of `FEN;score;result` lines.
    #[arg(required = true)]
    positions: Vec<PathBuf>,
    /// Where to write the weights (Rust source).
    #[arg(long)]
    out: PathBuf,
    #[arg(long, default_value_t = 2_000)]
    epochs: u32,
    #[arg(long, default_value_t = 1.0)]
    rate: f64,
    /// How much of the target is the game's result rather than the score.
    #[arg(long, default_value_t = 0.2)]
    result_weight: f64,
    /// Pull toward the weights in use, against overfitting rare terms.
    #[arg(long, default_value_t = 1e-9)]
    l2: f64,
    /// Keep positions that are not quiet (for static-evaluation targets).
    #[arg(long)]
    all: bool,
    /// The centipawns over which the win chance rises tenfold; a larger
    /// scale weighs large scores more.
    #[arg(long, default_value_t = 400.0)]
    sigmoid: f64,
    /// Fit only the weights of this section (`value`, `square`, ...).
    #[arg(long)]
    only: Option<String>,
    /// Hold these files' positions back instead of a random tenth: whole
    /// games, so that a game's result cannot be learned from its neighbours.
    #[arg(long)]
    held: Vec<PathBuf>,
}

/// Terms counted White minus Black.
struct Counts([i32; TERMS]);

impl Sink for Counts {
    fn add(&mut self, color: Color, term: usize, count: i32) {
        self.0[term] += if color == Color::White { count } else { -count };
    }
}

struct Sample {
    terms: Vec<(u16, i16)>,
    shape: Shape,
    /// +1 when White is to move, for the tempo.
    mover: f64,
    target: f64,
}

const STALEMATE: StalemateRule = StalemateRule::Draw;

fn chance(score: f64, sigmoid: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-score / sigmoid))
}

fn sample(line: &str, args: &Args) -> Result<Option<Sample>, String> {
    let mut fields = line.split(';');
    let (Some(fen), Some(score), Some(result)) = (fields.next(), fields.next(), fields.next()) else {
        return Err(format!("not FEN;score;result: {line}"));
    };
    let position = Position::from_fen(fen).map_err(|error| format!("{fen}: {error}"))?;
    let score: f64 = score.parse().map_err(|_| format!("bad score in {line}"))?;
    let result: f64 = result.parse().map_err(|_| format!("bad result in {line}"))?;
    if score.abs() > 2_000.0 || position.is_check() || !(args.all || is_quiet(&position)) {
        return Ok(None);
    }
    let mover = if position.side_to_move() == Color::White { 1.0 } else { -1.0 };
    let mut counts = Counts([0; TERMS]);
    collect(&position, &mut counts);
    let terms =
        counts.0.iter().enumerate().filter(|&(_, &c)| c != 0).map(|(t, &c)| (t as u16, c as i16)).collect();
    let target =
        (1.0 - args.result_weight) * chance(mover * score, args.sigmoid) + args.result_weight * result;
    Ok(Some(Sample { terms, shape: Shape::of(&position), mover, target }))
}

/// The evaluation for White and its derivative by the blended sum.
fn evaluate(sample: &Sample, weights: &[[f64; 2]]) -> (f64, f64, f64) {
    let phase = f64::from(sample.shape.phase) / f64::from(FULL_PHASE);
    let (mut mg, mut eg) = (0.0, 0.0);
    for &(term, count) in &sample.terms {
        mg += weights[term as usize][0] * f64::from(count);
        eg += weights[term as usize][1] * f64::from(count);
    }
    let raw = mg * phase + eg * (1.0 - phase);
    let leader = if raw >= 0.0 { Color::White } else { Color::Black };
    let (mop_up, numerator, denominator) = sample.shape.endgame(leader, raw.abs() as i32, STALEMATE);
    let factor = f64::from(numerator) / f64::from(denominator);
    let score = raw.signum() * (raw.abs() + f64::from(mop_up)) * factor + sample.mover * f64::from(TEMPO);
    (score, factor, phase)
}

fn loss(samples: &[Sample], weights: &[[f64; 2]], sigmoid: f64) -> f64 {
    samples.iter().map(|s| (chance(evaluate(s, weights).0, sigmoid) - s.target).powi(2)).sum::<f64>()
        / samples.len() as f64
}

/// The samples of every line of `paths`, and how many lines there were.
fn read(paths: &[PathBuf], args: &Args) -> Result<(Vec<Sample>, usize), String> {
    let mut samples = Vec::new();
    let mut lines = 0;
    for path in paths {
        let text = std::fs::read_to_string(path).map_err(|error| format!("{}: {error}", path.display()))?;
        for line in text.lines().filter(|line| !line.trim().is_empty()) {
            lines += 1;
            samples.extend(sample(line, args)?);
        }
    }
    Ok((samples, lines))
}

fn main() -> Result<(), String> {
    let args = Args::parse();
    // The weights the fit may move; a misspelt section is told before any reading.
    let free = match &args.only {
        Some(only) => {
            let Some(&(_, start, len)) = SECTIONS.iter().find(|(name, ..)| name == only) else {
                return Err(format!("no section '{only}'"));
            };
            start..start + len
        }
        None => 0..TERMS,
    };
    let (mut samples, mut lines) = read(&args.positions, &args)?;
    let mut rng = fastrand::Rng::with_seed(7);
    rng.shuffle(&mut samples);
    let held = if args.held.is_empty() {
        samples.split_off(samples.len() * 9 / 10)
    } else {
        let (held, held_lines) = read(&args.held, &args)?;
        lines += held_lines;
        held
    };
    println!(
        "{lines} positions, {} kept: {} to fit, {} held back",
        samples.len() + held.len(),
        samples.len(),
        held.len()
    );

    let start: Vec<[f64; 2]> = WEIGHTS.iter().map(|&[mg, eg]| [f64::from(mg), f64::from(eg)]).collect();
    let mut weights = start.clone();
    let losses =
        |weights: &[[f64; 2]]| (loss(&samples, weights, args.sigmoid), loss(&held, weights, args.sigmoid));
    let (fit, held_back) = losses(&weights);
    println!("loss before: fit {fit:.6}, held {held_back:.6}");
    let (beta1, beta2) = (0.9f64, 0.999f64);
    let mut moment = vec![[0.0; 2]; TERMS];
    let mut velocity = vec![[0.0; 2]; TERMS];
    let scale = std::f64::consts::LN_10 / args.sigmoid;
    for epoch in 1..=args.epochs {
        let mut gradient = vec![[0.0; 2]; TERMS];
        for sample in &samples {
            let (score, factor, phase) = evaluate(sample, &weights);
            let p = chance(score, args.sigmoid);
            let d = 2.0 * (p - sample.target) * p * (1.0 - p) * scale * factor;
            for &(term, count) in &sample.terms {
                let c = f64::from(count) * d;
                gradient[term as usize][0] += c * phase;
                gradient[term as usize][1] += c * (1.0 - phase);
            }
        }
        let t = f64::from(epoch as i32);
        for term in free.clone() {
            for half in 0..2 {
                let pull = 2.0 * args.l2 * (weights[term][half] - start[term][half]);
                let g = gradient[term][half] / samples.len() as f64 + pull;
                moment[term][half] = beta1 * moment[term][half] + (1.0 - beta1) * g;
                velocity[term][half] = beta2 * velocity[term][half] + (1.0 - beta2) * g * g;
                let m = moment[term][half] / (1.0 - beta1.powf(t));
                let v = velocity[term][half] / (1.0 - beta2.powf(t));
                weights[term][half] -= args.rate * m / (v.sqrt() + 1e-12);
            }
        }
        if epoch % 100 == 0 {
            let (fit, held_back) = losses(&weights);
            println!("epoch {epoch}: fit {fit:.6}, held {held_back:.6}");
        }
    }
    // The noyon is always on the board: its value is left at nothing.
    weights[0] = [0.0, 0.0];
    let rounded: Vec<[f64; 2]> = weights.iter().map(|w| [w[0].round(), w[1].round()]).collect();
    let (fit, held_back) = losses(&rounded);
    println!("loss after (rounded): fit {fit:.6}, held {held_back:.6}");
    std::fs::write(&args.out, source(&rounded))
        .map_err(|error| format!("{}: {error}", args.out.display()))?;
    println!("weights written to {}", args.out.display());
    Ok(())
}

/// The weights file, laid out by section.
fn source(weights: &[[f64; 2]]) -> String {
    let mut text = String::from(
        "//! The evaluation's weights, laid out as [`terms`](super::terms) says.\n\
         //! Written by `examples/tune.rs`; edit by tuning, not by hand.\n\n\
         pub const WEIGHTS: [[i32; 2]; super::terms::TERMS] = [\n",
    );
    for (name, start, len) in SECTIONS {
        let per_line = if name == "square" { 4 } else { 8 };
        let _ = writeln!(text, "    // {name}");
        for chunk in weights[start..start + len].chunks(per_line) {
            let row: Vec<String> = chunk.iter().map(|[mg, eg]| format!("[{mg}, {eg}],")).collect();
            let _ = writeln!(text, "    {}", row.join(" "));
        }
    }
    text.push_str("];\n");
    text
}
