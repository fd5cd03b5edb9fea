//! The overlay's dialogs: new game, load, game over and draw offers.

use super::Screen;
use super::session::{ActiveGame, DrawOffer, GameAction, Notice, Player};
use super::storage::SaveDir;
use crate::ai;
use crate::rules::{Color as Side, Game, RuleOptions, StalemateRule};
use crate::shatra::{self, DoubleStep, GatePawn, ShatraRules};
use crate::variant::{self, AnyGame, Variant};
use bevy::prelude::*;
use bevy_egui::egui::{self, Align2, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use std::path::PathBuf;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Dialogs>();
    app.add_systems(
        EguiPrimaryContextPass,
        (new_game_dialog, load_dialog, outcome_window.run_if(super::at_the_board), draw_offer_window)
            .chain()
            .after(super::overlay::PanelSystems)
            .run_if(not(resource_exists::<super::kiosk::Kiosk>)),
    );
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(super) enum Mode {
    #[default]
    HumanVsAi,
    TwoHumans,
    AiVsAi,
}

#[derive(Resource, Default)]
pub(super) struct Dialogs {
    pub(super) new_game: Option<NewGame>,
    pub(super) load: Option<Vec<PathBuf>>,
    /// The game state whose outcome window was closed.
    outcome_closed: Option<(u64, usize)>,
}

#[derive(Clone, Debug)]
pub(super) struct NewGame {
    variant: Variant,
    mode: Mode,
    human: Side,
    first: Side,
    level: u8,
    rules: RuleOptions,
    shatra_rules: ShatraRules,
}

impl NewGame {
    pub(super) fn new(mode: Mode, active: &ActiveGame) -> NewGame {
        let game = active.game();
        NewGame {
            variant: game.variant(),
            mode,
            human: active.lone_human().unwrap_or(Side::White),
            first: Side::White,
            level: active.ai_level,
            rules: game.shatar().map(Game::rules).unwrap_or_default(),
            shatra_rules: game.shatra().map(shatra::Game::rules).unwrap_or_default(),
        }
    }

    fn game(&self) -> AnyGame {
        AnyGame::with_rules(self.variant, self.first, self.rules, self.shatra_rules)
    }

    fn players(&self) -> [Player; 2] {
        match self.mode {
            Mode::TwoHumans => [Player::Human; 2],
            Mode::AiVsAi => [Player::Ai; 2],
            Mode::HumanVsAi => match self.human {
                Side::White => [Player::Human, Player::Ai],
                Side::Black => [Player::Ai, Player::Human],
            },
        }
    }
}

pub(super) fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "White (ivory)",
        Side::Black => "Black (red)",
    }
}

fn new_game_dialog(
    mut contexts: EguiContexts,
    mut dialogs: ResMut<Dialogs>,
    mut active: ResMut<ActiveGame>,
    mut screen: ResMut<NextState<Screen>>,
    mut commands: Commands,
) -> Result {
    let Some(mut setup) = dialogs.new_game.clone() else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    let mut start = false;
    egui::Window::new("New game")
        .anchor(Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .open(&mut open)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.label(RichText::new("Game").strong());
                ui.radio_value(&mut setup.variant, Variant::Shatar, "Shatar (Mongolian chess)");
                ui.radio_value(&mut setup.variant, Variant::Shatra, "Shatra (Altai)");
            });
            ui.separator();
            ui.label(RichText::new("Players").strong());
            ui.radio_value(&mut setup.mode, Mode::HumanVsAi, "You against the computer");
            ui.radio_value(&mut setup.mode, Mode::TwoHumans, "Two people at this board");
            ui.radio_value(&mut setup.mode, Mode::AiVsAi, "Computer against computer");
            if setup.mode == Mode::HumanVsAi {
                ui.horizontal(|ui| {
                    ui.label("You play");
                    ui.radio_value(&mut setup.human, Side::White, side_name(Side::White));
                    ui.radio_value(&mut setup.human, Side::Black, side_name(Side::Black));
                });
            }
            if setup.variant == Variant::Shatar {
                ui.horizontal(|ui| {
                    ui.label("Moves first");
                    ui.radio_value(&mut setup.first, Side::White, side_name(Side::White));
                    ui.radio_value(&mut setup.first, Side::Black, side_name(Side::Black));
                });
            }
            if setup.mode != Mode::TwoHumans {
                ui.horizontal(|ui| {
                    ui.add(egui::Slider::new(&mut setup.level, 1..=ai::MAX_LEVEL).text("Computer level"));
                    ui.label(RichText::new(ai::Level::new(setup.level).name()).italics());
                });
            }
            ui.separator();
            ui.label(RichText::new("Rules").strong());
            match setup.variant {
                Variant::Shatar => shatar_rules(ui, &mut setup.rules),
                Variant::Shatra => shatra_rules(ui, &mut setup.shatra_rules),
            }
            ui.separator();
            start = ui.button(RichText::new("Start").size(18.0)).clicked();
        });
    if start {
        active.ai_level = setup.level;
        commands.trigger(GameAction::Start { game: setup.game(), players: setup.players() });
        NextState::set_if_neq(&mut screen, Screen::Game);
        dialogs.new_game = None;
    } else if open {
        dialogs.new_game = Some(setup);
    } else {
        dialogs.new_game = None;
    }
    Ok(())
}

fn shatar_rules(ui: &mut egui::Ui, rules: &mut RuleOptions) {
    ui.horizontal(|ui| {
        ui.label("Stalemate");
        ui.radio_value(&mut rules.stalemate, StalemateRule::Win, "wins (seed 003)");
        ui.radio_value(&mut rules.stalemate, StalemateRule::Draw, "draws");
    });
    ui.checkbox(&mut rules.repetition_draw, "Third repetition draws");
    ui.checkbox(&mut rules.fifty_move_draw, "Fifty moves without capture or child move draw");
}

/// The seed's doubts, each with its main-text reading first.
fn shatra_rules(ui: &mut egui::Ui, rules: &mut ShatraRules) {
    ui.checkbox(&mut rules.drops_on_great_road, "Drops onto the great road (Pritchard forbids them)");
    ui.horizontal(|ui| {
        ui.label("Double step");
        ui.radio_value(&mut rules.double_step, DoubleStep::BeforeDitch, "any pawn before the ditch");
        ui.radio_value(&mut rules.double_step, DoubleStep::RearmostRank, "only from the rearmost rank");
    });
    ui.horizontal(|ui| {
        ui.label("A pawn in the enemy's gate");
        ui.radio_value(&mut rules.gate_pawn, GatePawn::LikeTheBiy, "captures like the biy");
        ui.radio_value(&mut rules.gate_pawn, GatePawn::General, "by the general rules");
    });
    ui.checkbox(&mut rules.repetition_draw, "Third repetition draws");
    let mut quiet = rules.quiet_limit > 0;
    ui.checkbox(&mut quiet, "A hundred plies without a capture or a pawn move draw");
    rules.quiet_limit = match (quiet, rules.quiet_limit) {
        (false, _) => 0,
        (true, 0) => ShatraRules::default().quiet_limit,
        (true, limit) => limit,
    };
}

fn load_dialog(
    mut contexts: EguiContexts,
    mut dialogs: ResMut<Dialogs>,
    active: Res<ActiveGame>,
    saves: Res<SaveDir>,
    mut notice: ResMut<Notice>,
    mut screen: ResMut<NextState<Screen>>,
    mut commands: Commands,
) -> Result {
    let Some(files) = dialogs.load.clone() else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    let mut chosen = None;
    egui::Window::new("Load a game")
        .anchor(Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .open(&mut open)
        .show(ctx, |ui| {
            ui.label(format!("Saved in {}", saves.0.display()));
            if files.is_empty() {
                ui.label("No saved games yet.");
            }
            egui::ScrollArea::vertical().max_height(300.0).show(ui, |ui| {
                for path in &files {
                    let name = path
                        .file_name()
                        .map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into());
                    if ui.button(name).clicked() {
                        chosen = Some(path.clone());
                    }
                }
            });
        });
    if let Some(path) = chosen {
        match variant::load(&path) {
            Ok(game) => {
                let players =
                    if active.players() == [Player::Ai; 2] { [Player::Human; 2] } else { active.players() };
                commands.trigger(GameAction::Start { game, players });
                NextState::set_if_neq(&mut screen, Screen::Game);
            }
            Err(error) => notice.0 = Some(format!("Not loaded: {error}")),
        }
        dialogs.load = None;
    } else if !open {
        dialogs.load = None;
    }
    Ok(())
}

fn outcome_window(
    mut contexts: EguiContexts,
    active: Res<ActiveGame>,
    mut dialogs: ResMut<Dialogs>,
    mut commands: Commands,
) -> Result {
    let game = active.game();
    let Some(outcome) = game.outcome() else { return Ok(()) };
    let state = (active.generation(), game.ply());
    if dialogs.outcome_closed == Some(state) || dialogs.new_game.is_some() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    // Top left: clear of the board's far rank, where the mated noyon often stands.
    egui::Window::new("Game over")
        .anchor(Align2::LEFT_TOP, [10.0, 10.0])
        .collapsible(false)
        .resizable(false)
        .title_bar(false)
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                ui.label(RichText::new(outcome.to_string()).size(28.0).strong());
                ui.add_space(8.0);
                ui.horizontal(|ui| {
                    if ui.button("New game…").clicked() {
                        dialogs.new_game = Some(NewGame::new(Mode::HumanVsAi, &active));
                    }
                    if game.ply() > 0 && ui.button("Take back").clicked() {
                        commands.trigger(GameAction::Undo);
                    }
                    if ui.button("Close").clicked() {
                        dialogs.outcome_closed = Some(state);
                    }
                });
            });
        });
    Ok(())
}

fn draw_offer_window(mut contexts: EguiContexts, offer: Res<DrawOffer>, mut commands: Commands) -> Result {
    let Some(by) = offer.0 else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Draw offered")
        .anchor(Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.label(format!("{by} offers a draw. {}, do you accept?", by.opponent()));
            ui.horizontal(|ui| {
                if ui.button("Accept").clicked() {
                    commands.trigger(GameAction::AcceptDraw);
                }
                if ui.button("Decline").clicked() {
                    commands.trigger(GameAction::DeclineDraw);
                }
            });
        });
    Ok(())
}
