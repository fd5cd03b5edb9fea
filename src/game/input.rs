//! Turns chosen squares into candidate moves for the core to validate. A
//! move is entered square by square: the man, then each landing, so that a
//! shatra capture chain is walked leg by leg with its continuations shown.

use super::motion::Shake;
use super::pieces::PieceView;
use super::session::{ActiveGame, GameAction};
use crate::variant::{AnyGame, AnyMove, Cell};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Selection>();
    app.init_resource::<Hovered>();
    // Behind the title the board is only a picture.
    app.add_observer(on_chosen.run_if(super::at_the_board));
    app.add_observer(on_dropped.run_if(super::at_the_board));
}

/// A person chose a square (a click, tap or drop), or clicked off the
/// board (`None`).
#[derive(Event, Clone, Copy, PartialEq, Eq, Debug)]
pub struct Chosen(pub Option<Cell>);

/// A person dragged a piece entity and dropped it on a square.
#[derive(Event, Clone, Copy, PartialEq, Eq, Debug)]
pub struct Dropped {
    pub piece: Entity,
    pub to: Cell,
}

/// The selected man's square, the landings entered so far, and the legal
/// moves, as the core lists them, that begin that way.
#[derive(Resource, Clone, Default, Debug)]
pub struct Selection {
    pub from: Option<Cell>,
    pub path: Vec<Cell>,
    pub moves: Vec<AnyMove>,
    /// Whether each move in `moves` takes a man.
    captures: Vec<bool>,
    /// The entry is complete but a pawn became an officer on the way: the
    /// moves to choose from, one per officer.
    pub promotions: Vec<AnyMove>,
}

/// The square of the movable piece under the pointer.
#[derive(Resource, Default, Debug)]
pub struct Hovered(pub Option<Cell>);

/// What choosing a square comes to.
#[derive(Clone, Debug)]
enum Choice {
    Play(AnyMove),
    /// A new or longer selection.
    Select(Selection),
    /// Nothing to do with this square: shake the man there, if any.
    Refuse(Option<Cell>),
    /// Not a landing of the chain being entered: shake the man, keep the chain.
    Shake(Cell),
    Clear,
}

impl Selection {
    fn of(game: &AnyGame, from: Cell) -> Selection {
        let moves: Vec<AnyMove> = game.legal_moves().into_iter().filter(|mv| mv.from() == from).collect();
        let captures = moves.iter().map(|mv| game.is_capture(mv)).collect();
        Selection { from: Some(from), path: Vec::new(), moves, captures, promotions: Vec::new() }
    }

    /// The squares that may be entered next, and whether landing there takes a man.
    pub fn next(&self) -> Vec<(Cell, bool)> {
        let step = self.path.len();
        let mut next: Vec<(Cell, bool)> = Vec::new();
        for (mv, &capture) in self.moves.iter().zip(&self.captures) {
            if let Some(&cell) = mv.path().get(step)
                && !next.iter().any(|(seen, _)| *seen == cell)
            {
                next.push((cell, capture));
            }
        }
        next
    }

    /// Whether the chain entered so far may end here or go on: the biy's
    /// choice, made by choosing him again.
    pub fn can_stop(&self) -> bool {
        !self.finished().is_empty() && self.moves.iter().any(|mv| mv.path().len() > self.path.len())
    }

    /// The moves that end where the entry stands now (the biy may stop a
    /// chain partway); more than one when they differ only by the officer a
    /// pawn becomes.
    fn finished(&self) -> Vec<AnyMove> {
        self.moves.iter().filter(|mv| !self.path.is_empty() && mv.path() == self.path).cloned().collect()
    }

    /// The entry ends here: the move, or the officers to choose from.
    fn end(&self) -> Choice {
        let mut ends = self.finished();
        match ends.len() {
            0 => Choice::Clear,
            1 => Choice::Play(ends.remove(0)),
            _ => Choice::Select(Selection { promotions: ends, ..self.clone() }),
        }
    }

    /// The selection one landing further, keeping the moves that go there.
    fn extended(&self, to: Cell) -> Selection {
        let mut path = self.path.clone();
        path.push(to);
        let (moves, captures) = self
            .moves
            .iter()
            .zip(&self.captures)
            .filter(|(mv, _)| mv.path().starts_with(&path))
            .map(|(mv, capture)| (mv.clone(), *capture))
            .unzip();
        Selection { from: self.from, path, moves, captures, promotions: Vec::new() }
    }
}

/// What choosing `cell` does, given the selection so far.
fn choose(game: &AnyGame, selection: &Selection, cell: Cell) -> Choice {
    let own = |cell: Cell| game.figure_at(cell).is_some_and(|piece| piece.color == game.side_to_move());
    if let Some(from) = selection.from {
        let at = selection.path.last().copied().unwrap_or(from);
        if cell == at {
            // Choosing the man again: stop a chain here if that is legal,
            // else let go.
            return selection.end();
        }
        let further = selection.extended(cell);
        if !further.moves.is_empty() {
            let goes_on = further.moves.iter().any(|mv| mv.path().len() > further.path.len());
            return if goes_on { Choice::Select(further) } else { further.end() };
        }
        if !selection.path.is_empty() {
            // In the middle of a chain only its own landings count: another
            // square shakes the man and keeps the chain; his first square
            // (or the table) lets go of it.
            return if cell == from { Choice::Clear } else { Choice::Shake(from) };
        }
    }
    if own(cell) {
        let chosen = Selection::of(game, cell);
        return if chosen.moves.is_empty() { Choice::Refuse(Some(cell)) } else { Choice::Select(chosen) };
    }
    let shaken = selection.from.or(game.figure_at(cell).map(|_| cell));
    Choice::Refuse(shaken)
}

fn piece_entity(pieces: &Query<(Entity, &PieceView)>, at: Cell) -> Option<Entity> {
    pieces.iter().find(|(_, view)| view.cell() == Some(at)).map(|(entity, _)| entity)
}

fn on_chosen(
    chosen: On<Chosen>,
    active: Res<ActiveGame>,
    mut selection: ResMut<Selection>,
    pieces: Query<(Entity, &PieceView)>,
    mut commands: Commands,
) {
    let Some(cell) = chosen.0 else {
        *selection = Selection::default();
        return;
    };
    if !active.human_to_move() {
        if let Some(entity) = piece_entity(&pieces, cell) {
            commands.entity(entity).insert(Shake::default());
        }
        return;
    }
    apply(choose(active.game(), &selection, cell), &mut selection, &pieces, &mut commands);
}

fn apply(
    choice: Choice,
    selection: &mut Selection,
    pieces: &Query<(Entity, &PieceView)>,
    commands: &mut Commands,
) {
    match choice {
        Choice::Play(mv) => {
            *selection = Selection::default();
            commands.trigger(GameAction::Play(mv));
        }
        Choice::Select(chosen) => *selection = chosen,
        Choice::Refuse(shaken) => {
            // Not a move, not a new choice: say so gently and start over.
            if let Some(entity) = shaken.and_then(|cell| piece_entity(pieces, cell)) {
                commands.entity(entity).insert(Shake::default());
            }
            *selection = Selection::default();
        }
        Choice::Shake(cell) => {
            if let Some(entity) = piece_entity(pieces, cell) {
                commands.entity(entity).insert(Shake::default());
            }
        }
        Choice::Clear => *selection = Selection::default(),
    }
}

/// A man dragged onto a square: his move there, or the first landing of
/// his chain.
fn on_dropped(
    dropped: On<Dropped>,
    active: Res<ActiveGame>,
    mut selection: ResMut<Selection>,
    pieces: Query<(Entity, &PieceView)>,
    mut commands: Commands,
) {
    let Some(from) = pieces.get(dropped.piece).ok().and_then(|(_, view)| view.cell()) else { return };
    if from == dropped.to {
        return;
    }
    if !active.human_to_move() {
        commands.entity(dropped.piece).insert(Shake::default());
        return;
    }
    let game = active.game();
    let picked = Selection::of(game, from);
    let choice = match choose(game, &picked, dropped.to) {
        Choice::Refuse(_) | Choice::Clear | Choice::Shake(_) => Choice::Refuse(Some(from)),
        choice => choice,
    };
    apply(choice, &mut selection, &pieces, &mut commands);
}

/// After any change to the game, an old selection no longer applies. It
/// runs in the frame of the change (see `board`), so that a choice made in
/// the next frame stands.
pub(super) fn drop_stale_selection(mut selection: ResMut<Selection>, mut hovered: ResMut<Hovered>) {
    if selection.from.is_some() {
        *selection = Selection::default();
    }
    hovered.0 = None;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Color;
    use crate::shatra::{self, ShatraRules};
    use crate::variant::Variant;

    fn cell(name: &str) -> Cell {
        Cell::parse(name).unwrap_or_else(|| panic!("{name}"))
    }

    /// Chooses squares in turn; returns the move they come to, if any.
    fn enter(game: &AnyGame, cells: &[&str]) -> (Selection, Option<AnyMove>) {
        let mut selection = Selection::default();
        for name in cells {
            match choose(game, &selection, cell(name)) {
                Choice::Play(mv) => return (Selection::default(), Some(mv)),
                Choice::Select(next) => selection = next,
                Choice::Refuse(_) | Choice::Clear => selection = Selection::default(),
                Choice::Shake(_) => {}
            }
        }
        (selection, None)
    }

    #[test]
    fn a_shatar_move_is_two_squares() {
        let game = AnyGame::new(Variant::Shatar, Color::White);
        let (selection, played) = enter(&game, &["d2"]);
        assert!(played.is_none());
        assert_eq!(selection.next(), [(cell("d4"), false)], "the obligatory opening");
        let (_, played) = enter(&game, &["d2", "d4"]);
        assert_eq!(played.map(|mv| mv.to_string()), Some("d2d4".into()));
        let (selection, played) = enter(&game, &["d2", "d2"]);
        assert!(played.is_none() && selection.from.is_none(), "choosing the man again lets go");
    }

    #[test]
    fn a_chain_is_entered_landing_by_landing() {
        let fen = "3/1rp/2P/1/4p2/6k/7/7/7/6K/1/3/3/3 w - - 0 1";
        let game = AnyGame::from(shatra::Game::from_fen(ShatraRules::default(), fen).expect("a position"));
        let (selection, _) = enter(&game, &["e12"]);
        let mut next: Vec<String> = selection.next().iter().map(|(c, _)| c.to_string()).collect();
        next.sort();
        assert_eq!(next, ["c14", "e14"]);
        assert!(selection.next().iter().all(|(_, capture)| *capture));
        let (selection, played) = enter(&game, &["e12", "e14", "c12"]);
        assert!(played.is_none());
        let mut next: Vec<String> = selection.next().iter().map(|(c, _)| c.to_string()).collect();
        next.sort();
        assert_eq!(next, ["f9", "g8"], "the batir goes on from g8, or the jalkin stops on f9 or g8");
        let (_, played) = enter(&game, &["e12", "e14", "c12", "g8", "g10"]);
        assert_eq!(played.map(|mv| mv.to_string()), Some("e12:e14Q:c12:g8:g10".into()));
        // A square off the chain keeps it; the man's first square lets go.
        let (selection, played) = enter(&game, &["e12", "e14", "a5"]);
        assert!(played.is_none() && selection.path == [cell("e14")]);
        let (selection, _) = enter(&game, &["e12", "e14", "e12"]);
        assert!(selection.from.is_none());
    }

    #[test]
    fn a_pawn_reaching_the_end_rank_waits_for_the_officer_to_be_chosen() {
        // Seed 002's mid-chain promotion: e12 takes d13 and lands on c14 as
        // the batir, tura or jalkin White has lost.
        let fen = "3/1rp/2P/1/4p2/6k/7/7/7/6K/1/3/3/3 w - - 0 1";
        let game = AnyGame::from(shatra::Game::from_fen(ShatraRules::default(), fen).expect("a position"));
        let (selection, played) = enter(&game, &["e12", "c14"]);
        assert!(played.is_none(), "no officer chosen for him");
        let mut offered: Vec<String> = selection.promotions.iter().map(ToString::to_string).collect();
        offered.sort();
        assert_eq!(offered, ["e12:c14B", "e12:c14Q", "e12:c14R"]);
    }

    #[test]
    fn a_reserve_man_is_dropped_by_choosing_him_then_a_vacant_square() {
        let game = AnyGame::new(Variant::Shatra, Color::White);
        let (selection, _) = enter(&game, &["d2"]);
        assert!(selection.next().iter().any(|(c, _)| *c == cell("c6")), "{:?}", selection.next());
        let (_, played) = enter(&game, &["d2", "c6"]);
        assert_eq!(played.map(|mv| mv.to_string()), Some("d2*c6".into()));
    }
}
