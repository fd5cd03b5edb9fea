//! A second shatra move generator, written apart from the core's from seed
//! 002: a plain grid, and moves found by trying every square pair (or
//! prey and landing) against the rules, rather than by walking rays. It
//! plays its own moves too, so the core's `play` is checked as well. Slow
//! on purpose; tests compare it with the core.

use shatar::rules::Color;
use shatar::shatra::{DoubleStep, GatePawn, ManKind, Position, ShatraRules, Square};

type Cell = Option<(Color, ManKind)>;
type At = (i8, i8);

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Slow {
    grid: [[Cell; 7]; 14],
    side: Color,
    reserve: [bool; 2],
    pending: [Option<At>; 2],
    ep: Option<At>,
}

/// A legal move: its text and the state after it.
pub struct SlowMove {
    pub text: String,
    pub after: Slow,
}

fn idx(color: Color) -> usize {
    usize::from(color == Color::Black)
}

fn other(color: Color) -> Color {
    if color == Color::White { Color::Black } else { Color::White }
}

pub fn exists((f, r): At) -> bool {
    match r {
        0..=2 | 11..=13 => (2..=4).contains(&f),
        3 | 10 => f == 3,
        4..=9 => (0..7).contains(&f),
        _ => false,
    }
}

fn fortress_of((_, r): At) -> Option<Color> {
    match r {
        0..=2 => Some(Color::White),
        11..=13 => Some(Color::Black),
        _ => None,
    }
}

fn gate_of(at: At) -> Option<Color> {
    match at {
        (3, 3) => Some(Color::White),
        (3, 10) => Some(Color::Black),
        _ => None,
    }
}

fn field_of((_, r): At) -> Option<Color> {
    match r {
        4..=6 => Some(Color::White),
        7..=9 => Some(Color::Black),
        _ => None,
    }
}

fn home_of(at: At) -> Option<Color> {
    fortress_of(at).or(gate_of(at))
}

fn rel(color: Color, r: i8) -> i8 {
    if color == Color::White { r + 1 } else { 14 - r }
}

fn fwd(color: Color) -> i8 {
    if color == Color::White { 1 } else { -1 }
}

fn name((f, r): At) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

fn letter(kind: ManKind) -> char {
    match kind {
        ManKind::Biy => 'K',
        ManKind::Batir => 'Q',
        ManKind::Tura => 'R',
        ManKind::Jalkin => 'B',
        ManKind::Shatra => 'P',
    }
}

fn squares() -> Vec<At> {
    let mut all = Vec::new();
    for r in 0..14 {
        for f in 0..7 {
            if exists((f, r)) {
                all.push((f, r));
            }
        }
    }
    all
}

/// The squares strictly between `a` and `b` if they share a rank, file or
/// diagonal and every square between is on the board; and whether the line
/// is diagonal.
fn between(a: At, b: At) -> Option<(Vec<At>, bool)> {
    let (df, dr) = (b.0 - a.0, b.1 - a.1);
    if (df, dr) == (0, 0) || !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
        return None;
    }
    let n = df.abs().max(dr.abs());
    let step = (df.signum(), dr.signum());
    let inner: Vec<At> = (1..n).map(|i| (a.0 + step.0 * i, a.1 + step.1 * i)).collect();
    inner.iter().all(|&at| exists(at)).then_some((inner, df != 0 && dr != 0))
}

impl Slow {
    pub fn from_core(position: &Position) -> Slow {
        let mut grid = [[None; 7]; 14];
        for at in squares() {
            let square = core_square(at);
            grid[at.1 as usize][at.0 as usize] = position.man_at(square).map(|man| (man.color, man.kind));
        }
        let pending = |color| position.pending_drop(color).map(|sq| (sq.file() as i8, sq.rank() as i8));
        Slow {
            grid,
            side: position.side_to_move(),
            reserve: [position.has_initial_reserve(Color::White), position.has_initial_reserve(Color::Black)],
            pending: [pending(Color::White), pending(Color::Black)],
            ep: position.en_passant().map(|sq| (sq.file() as i8, sq.rank() as i8)),
        }
    }

    fn at(&self, (f, r): At) -> Cell {
        self.grid[r as usize][f as usize]
    }

    fn set(&mut self, (f, r): At, cell: Cell) {
        self.grid[r as usize][f as usize] = cell;
    }

    fn empty(&self, at: At) -> bool {
        exists(at) && self.at(at).is_none()
    }

    /// The core's FEN without its counters.
    pub fn fen(&self) -> String {
        let mut ranks = Vec::new();
        for r in (0..14).rev() {
            let mut text = String::new();
            let mut gap = 0;
            for f in 0..7 {
                if !exists((f, r)) {
                    continue;
                }
                match self.at((f, r)) {
                    None => gap += 1,
                    Some((color, kind)) => {
                        if gap > 0 {
                            text += &gap.to_string();
                            gap = 0;
                        }
                        let c = letter(kind);
                        text.push(if color == Color::White { c } else { c.to_ascii_lowercase() });
                    }
                }
            }
            if gap > 0 {
                text += &gap.to_string();
            }
            ranks.push(text);
        }
        let mut reserves = String::new();
        for (i, c) in ['W', 'B'].into_iter().enumerate() {
            if self.reserve[i] {
                reserves.push(c);
                if let Some(at) = self.pending[i] {
                    reserves += &name(at);
                }
            }
        }
        if reserves.is_empty() {
            reserves.push('-');
        }
        let side = if self.side == Color::White { "w" } else { "b" };
        format!("{} {side} {reserves} {}", ranks.join("/"), self.ep.map_or("-".to_string(), name))
    }

    fn is_reserve_man(&self, at: At, kind: ManKind, color: Color) -> bool {
        self.reserve[idx(color)] && fortress_of(at) == Some(color) && kind != ManKind::Biy
    }

    fn may_land(&self, color: Color, kind: ManKind, from: At, to: At) -> bool {
        if kind == ManKind::Shatra && home_of(to) == Some(color) {
            return false;
        }
        if kind == ManKind::Tura && home_of(from) == Some(color) && home_of(to) == Some(other(color)) {
            return false;
        }
        if self.reserve[idx(color)] {
            if fortress_of(to) == Some(color) {
                return kind != ManKind::Biy && fortress_of(from) == Some(color);
            }
            if gate_of(to) == Some(color) {
                return kind == ManKind::Biy;
            }
        }
        true
    }

    fn lost(&self, color: Color, kind: ManKind) -> bool {
        let start = match kind {
            ManKind::Biy | ManKind::Batir => 1,
            ManKind::Tura | ManKind::Jalkin => 2,
            ManKind::Shatra => 11,
        };
        let have = squares().into_iter().filter(|&at| self.at(at) == Some((color, kind))).count();
        have < start
    }

    fn officers_for(&self, color: Color, to: At) -> Vec<ManKind> {
        if rel(color, to.1) != 14 {
            return Vec::new();
        }
        [ManKind::Batir, ManKind::Tura, ManKind::Jalkin]
            .into_iter()
            .filter(|&k| self.lost(color, k))
            .collect()
    }

    /// The state after any move: reserves, side, en passant.
    fn finish(&mut self, ep: Option<At>) {
        for color in [Color::White, Color::Black] {
            let keeps = squares()
                .into_iter()
                .any(|at| fortress_of(at) == Some(color) && self.at(at).is_some_and(|(c, _)| c == color));
            if !keeps {
                self.reserve[idx(color)] = false;
                self.pending[idx(color)] = None;
            }
        }
        self.ep = ep;
        self.side = other(self.side);
    }

    fn quiet_from(&self, rules: ShatraRules, from: At, out: &mut Vec<SlowMove>) {
        let Some((color, kind)) = self.at(from) else { return };
        for to in squares() {
            if !self.empty(to) {
                continue;
            }
            // Drops.
            let half = match home_of(from) {
                Some(owner) if kind != ManKind::Biy => Some(owner),
                _ => None,
            };
            if half.is_some() && field_of(to) == half && (rules.drops_on_great_road || to.0 != 3) {
                let mut after = self.clone();
                after.set(from, None);
                after.set(to, Some((color, kind)));
                if after.pending[idx(color)] == Some(from) {
                    after.pending[idx(color)] = None;
                }
                after.finish(None);
                out.push(SlowMove { text: format!("{}*{}", name(from), name(to)), after });
            }
            if self.is_reserve_man(from, kind, color) || !self.may_land(color, kind, from, to) {
                continue;
            }
            let (df, dr) = (to.0 - from.0, to.1 - from.1);
            let clear = |diagonal_ok: bool, straight_ok: bool| {
                between(from, to).is_some_and(|(inner, diagonal)| {
                    (if diagonal { diagonal_ok } else { straight_ok })
                        && inner.iter().all(|&at| self.empty(at))
                })
            };
            let mut ep = None;
            let ok = match kind {
                ManKind::Biy => df.abs() <= 1 && dr.abs() <= 1,
                ManKind::Batir => clear(true, true),
                ManKind::Tura => clear(false, true),
                ManKind::Jalkin => clear(true, false),
                ManKind::Shatra => {
                    let ahead = dr * fwd(color);
                    match rel(color, from.1) {
                        5 | 6 => {
                            let double =
                                rules.double_step == DoubleStep::BeforeDitch || rel(color, from.1) == 5;
                            let two = ahead == 2 && double && self.empty((from.0, from.1 + fwd(color)));
                            if two {
                                ep = Some((from.0, from.1 + fwd(color)));
                            }
                            df == 0 && (ahead == 1 || two)
                        }
                        7 => ahead == 1 && df.abs() <= 1,
                        8.. => (ahead == 1 && df.abs() <= 1) || (ahead == 0 && df.abs() == 1),
                        _ => false,
                    }
                }
            };
            if !ok {
                continue;
            }
            let officers = if kind == ManKind::Shatra { self.officers_for(color, to) } else { Vec::new() };
            let choices: Vec<Option<ManKind>> =
                if officers.is_empty() { vec![None] } else { officers.into_iter().map(Some).collect() };
            for promotion in choices {
                let mut after = self.clone();
                after.set(from, None);
                after.set(to, Some((color, promotion.unwrap_or(kind))));
                after.finish(ep);
                let suffix = promotion.map(letter).map(String::from).unwrap_or_default();
                out.push(SlowMove { text: format!("{}-{}{suffix}", name(from), name(to)), after });
            }
        }
    }

    /// Single captures of the man of `color`/`kind` on `from`: (prey, landing).
    fn leaps(&self, color: Color, kind: ManKind, from: At, first: bool) -> Vec<(At, At)> {
        let enemy = |at: At| exists(at) && self.at(at).is_some_and(|(c, _)| c != color);
        let mut found = Vec::new();
        for prey in squares().into_iter().filter(|&at| enemy(at)) {
            let (df, dr) = (prey.0 - from.0, prey.1 - from.1);
            match kind {
                ManKind::Shatra | ManKind::Biy => {
                    if df.abs() <= 1 && dr.abs() <= 1 {
                        let to = (prey.0 + df, prey.1 + dr);
                        if self.empty(to) && self.may_land(color, kind, from, to) {
                            found.push((prey, to));
                        }
                    }
                }
                _ => {
                    let Some((inner, diagonal)) = between(from, prey) else { continue };
                    let suits = match kind {
                        ManKind::Tura => !diagonal,
                        ManKind::Jalkin => diagonal,
                        _ => true,
                    };
                    if !suits || !inner.iter().all(|&at| self.empty(at)) {
                        continue;
                    }
                    let mut landings: Vec<At> = squares()
                        .into_iter()
                        .filter(|&to| {
                            self.empty(to)
                                && between(from, to).is_some_and(|(line, _)| line.contains(&prey))
                                && between(prey, to)
                                    .is_some_and(|(gap, _)| gap.iter().all(|&at| self.empty(at)))
                                && self.may_land(color, kind, from, to)
                        })
                        .collect();
                    landings.sort_by_key(|to| (to.0 - prey.0).abs().max((to.1 - prey.1).abs()));
                    let goes_on = |to: At| {
                        let mut next = self.clone();
                        next.set(prey, None);
                        next.set(from, None);
                        next.set(to, Some((color, kind)));
                        !next.leaps(color, kind, to, false).is_empty()
                    };
                    match landings.iter().copied().find(|&to| goes_on(to)) {
                        Some(to) => found.push((prey, to)),
                        None => found.extend(landings.into_iter().map(|to| (prey, to))),
                    }
                }
            }
        }
        if first
            && kind == ManKind::Shatra
            && rel(color, from.1) == 8
            && let Some(passed) = self.ep
        {
            let side = passed.0 - from.0;
            let victim = (passed.0, passed.1 - fwd(color));
            let to = (passed.0 + side, passed.1 + fwd(color));
            if side.abs() == 1
                && passed.1 == from.1 + fwd(color)
                && self.at(victim) == Some((other(color), ManKind::Shatra))
                && self.empty(to)
                && self.may_land(color, kind, from, to)
            {
                found.push((victim, to));
            }
        }
        found
    }

    #[allow(clippy::too_many_arguments, reason = "a recursive walk's state")]
    fn chains(
        &self,
        start: At,
        was_reserve: bool,
        at: At,
        kind: ManKind,
        text: String,
        may_stop: bool,
        out: &mut Vec<SlowMove>,
    ) {
        let color = self.side;
        let taken_some = text.contains(':');
        let next = self.leaps(color, kind, at, !taken_some);
        let mut done = |state: &Slow| {
            let mut after = state.clone();
            if after.pending[idx(color)] == Some(start) {
                after.pending[idx(color)] = None;
            }
            if was_reserve && fortress_of(at) == Some(color) {
                after.pending[idx(color)] = Some(at);
            }
            after.finish(None);
            out.push(SlowMove { text: text.clone(), after });
        };
        if taken_some && (next.is_empty() || may_stop) {
            done(self);
        }
        for (prey, to) in next {
            let mut board = self.clone();
            board.set(prey, None);
            if board.pending[idx(other(color))] == Some(prey) {
                board.pending[idx(other(color))] = None;
            }
            board.set(at, None);
            let officers = if kind == ManKind::Shatra { board.officers_for(color, to) } else { Vec::new() };
            let choices: Vec<Option<ManKind>> =
                if officers.is_empty() { vec![None] } else { officers.into_iter().map(Some).collect() };
            for promotion in choices {
                let now = promotion.unwrap_or(kind);
                let mut placed = board.clone();
                placed.set(to, Some((color, now)));
                let suffix = promotion.map(letter).map(String::from).unwrap_or_default();
                let still = may_stop && (now == ManKind::Biy || fortress_of(to) != Some(other(color)));
                placed.chains(
                    start,
                    was_reserve,
                    to,
                    now,
                    format!("{text}:{}{suffix}", name(to)),
                    still,
                    out,
                );
            }
        }
    }

    fn privileged(&self, rules: ShatraRules, at: At, kind: ManKind, color: Color) -> bool {
        kind == ManKind::Biy
            || (kind == ManKind::Shatra
                && rules.gate_pawn == GatePawn::LikeTheBiy
                && gate_of(at) == Some(other(color)))
    }

    pub fn legal(&self, rules: ShatraRules) -> Vec<SlowMove> {
        let color = self.side;
        let mine: Vec<(At, ManKind)> = squares()
            .into_iter()
            .filter_map(|at| self.at(at).filter(|(c, _)| *c == color).map(|(_, kind)| (at, kind)))
            .collect();
        let mut forced = Vec::new();
        let mut free = Vec::new();
        let mut free_capturers = Vec::new();
        for &(at, kind) in &mine {
            let was_reserve = self.is_reserve_man(at, kind, color);
            if self.privileged(rules, at, kind, color) {
                let before = free.len();
                self.chains(at, was_reserve, at, kind, name(at), true, &mut free);
                if free.len() > before {
                    free_capturers.push(at);
                }
            } else {
                self.chains(at, was_reserve, at, kind, name(at), false, &mut forced);
            }
        }
        if !forced.is_empty() {
            forced.extend(free);
            return forced;
        }
        if !free.is_empty() {
            for at in free_capturers {
                self.quiet_from(rules, at, &mut free);
            }
            return free;
        }
        let mut quiet = Vec::new();
        if let Some(at) = self.pending[idx(color)] {
            self.quiet_from(rules, at, &mut quiet);
            quiet.retain(|mv| mv.text.contains('*'));
            if !quiet.is_empty() {
                return quiet;
            }
        }
        for &(at, _) in &mine {
            self.quiet_from(rules, at, &mut quiet);
        }
        quiet
    }

    pub fn perft(&self, rules: ShatraRules, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.legal(rules).len() as u64,
            _ => self.legal(rules).iter().map(|mv| mv.after.perft(rules, depth - 1)).sum(),
        }
    }
}

fn core_square((f, r): At) -> Square {
    Square::parse(&name((f, r))).unwrap_or_else(|| panic!("{} is on the board", name((f, r))))
}
