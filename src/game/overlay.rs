//! The egui overlay: who is to move, check calls, the move list, and the
//! dialogs. bevy_egui's `picking` feature keeps clicks on it off the board.

use super::Screen;
use super::camera::{FollowTurn, ShowView, View};
use super::session::{ActiveGame, DrawOffer, GameAction, Notice, Player};
use super::storage::SaveDir;
use crate::ai;
use crate::rules::{CheckKinds, Color as Side, Game, RuleOptions, StalemateRule};
use bevy::prelude::*;
use bevy_egui::egui::{self, Align2, Color32, RichText};
use bevy_egui::{EguiContexts, EguiPlugin, EguiPrimaryContextPass};
use std::path::PathBuf;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(EguiPlugin::default());
    app.init_resource::<Dialogs>();
    app.add_systems(
        EguiPrimaryContextPass,
        (
            title.run_if(in_state(Screen::Title)),
            game_panel.run_if(not(in_state(Screen::Title))),
            new_game_dialog,
            load_dialog,
            outcome_window.run_if(not(in_state(Screen::Title))),
            draw_offer_window,
        )
            .chain(),
    );
}

/// The words called out for a check: "Shak!", "Tuk!", "Tsod!".
pub fn announcement(checks: CheckKinds) -> Option<String> {
    let calls: Vec<String> = checks
        .iter()
        .map(|kind| {
            let name = kind.name();
            format!("{}{}!", name[..1].to_uppercase(), &name[1..])
        })
        .collect();
    (!calls.is_empty()).then(|| calls.join(" "))
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
enum Mode {
    #[default]
    HumanVsAi,
    TwoHumans,
    AiVsAi,
}

#[derive(Resource, Default)]
struct Dialogs {
    new_game: Option<NewGame>,
    load: Option<Vec<PathBuf>>,
    /// The game state whose outcome window was closed.
    outcome_closed: Option<(u64, usize)>,
}

#[derive(Clone, Debug)]
struct NewGame {
    mode: Mode,
    human: Side,
    first: Side,
    level: u8,
    rules: RuleOptions,
}

impl NewGame {
    fn new(mode: Mode, active: &ActiveGame) -> NewGame {
        NewGame {
            mode,
            human: active.lone_human().unwrap_or(Side::White),
            first: Side::White,
            level: active.ai_level,
            rules: active.game().rules(),
        }
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

fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "White (ivory)",
        Side::Black => "Black (red)",
    }
}

fn title(
    mut contexts: EguiContexts,
    active: Res<ActiveGame>,
    mut dialogs: ResMut<Dialogs>,
    saves: Res<SaveDir>,
) -> Result {
    if dialogs.new_game.is_some() || dialogs.load.is_some() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Shatar")
        .anchor(Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .title_bar(false)
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                ui.label(RichText::new("Shatar").size(40.0).strong());
                ui.label(RichText::new("Mongolian chess").size(18.0).italics());
                ui.add_space(12.0);
                let mut choice = None;
                for (mode, text) in [
                    (Mode::HumanVsAi, "Play against the computer"),
                    (Mode::TwoHumans, "Two players"),
                    (Mode::AiVsAi, "Watch the computer play itself"),
                ] {
                    if ui
                        .add_sized([260.0, 32.0], egui::Button::new(RichText::new(text).size(16.0)))
                        .clicked()
                    {
                        choice = Some(mode);
                    }
                }
                if let Some(mode) = choice {
                    dialogs.new_game = Some(NewGame::new(mode, &active));
                }
                if ui
                    .add_sized(
                        [260.0, 32.0],
                        egui::Button::new(RichText::new("Load a saved game").size(16.0)),
                    )
                    .clicked()
                {
                    dialogs.load = Some(saves.list());
                }
            });
        });
    Ok(())
}

#[allow(clippy::too_many_arguments, reason = "one panel shows and drives the whole game")]
fn game_panel(
    mut contexts: EguiContexts,
    active: Res<ActiveGame>,
    mut notice: ResMut<Notice>,
    mut dialogs: ResMut<Dialogs>,
    saves: Res<SaveDir>,
    mut follow: ResMut<FollowTurn>,
    mut commands: Commands,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let game = active.game();
    egui::Window::new("Game")
        .anchor(Align2::RIGHT_TOP, [-10.0, 10.0])
        .collapsible(true)
        .resizable(false)
        .default_width(250.0)
        .show(ctx, |ui| {
            status(ui, &active);
            ui.separator();
            move_list(ui, game);
            ui.separator();
            ui.horizontal_wrapped(|ui| {
                if ui.button("New game…").clicked() {
                    dialogs.new_game = Some(NewGame::new(Mode::HumanVsAi, &active));
                }
                if ui.add_enabled(!game.moves().is_empty(), egui::Button::new("Take back")).clicked() {
                    commands.trigger(GameAction::Undo);
                }
                let open = !game.is_over() && active.players() != [Player::Ai; 2];
                if ui.add_enabled(open, egui::Button::new("Offer draw")).clicked() {
                    commands.trigger(GameAction::OfferDraw);
                }
                if ui.add_enabled(open, egui::Button::new("Resign")).clicked() {
                    commands.trigger(GameAction::Resign);
                }
            });
            ui.horizontal(|ui| {
                if ui.button("Save").clicked() {
                    notice.0 = Some(match saves.save(game) {
                        Ok(path) => format!("Saved to {}", path.display()),
                        Err(error) => format!("Not saved: {error}"),
                    });
                }
                if ui.button("Load…").clicked() {
                    dialogs.load = Some(saves.list());
                }
            });
            ui.separator();
            ui.horizontal(|ui| {
                for (view, text) in
                    [(View::White, "White's view"), (View::Black, "Black's view"), (View::Top, "Top")]
                {
                    if ui.button(text).clicked() {
                        commands.trigger(ShowView(view));
                    }
                }
            });
            if active.players() == [Player::Human; 2] {
                ui.checkbox(&mut follow.0, "Turn to the side to move");
            }
            if let Some(text) = &notice.0 {
                ui.separator();
                ui.label(RichText::new(text).italics());
            }
        });
    Ok(())
}

fn status(ui: &mut egui::Ui, active: &ActiveGame) {
    let game = active.game();
    if let Some(outcome) = game.outcome() {
        ui.label(RichText::new(outcome.to_string()).size(18.0).strong());
        return;
    }
    let side = game.position().side_to_move();
    let mut line = format!("{} to move", side_name(side));
    if active.player(side) == Player::Ai {
        line.push_str(" — the computer is thinking");
    }
    ui.label(RichText::new(line).size(16.0));
    if let Some(call) = announcement(game.last_checks()) {
        ui.label(RichText::new(call).size(30.0).strong().color(Color32::from_rgb(230, 70, 50)));
    }
}

fn move_list(ui: &mut egui::Ui, game: &Game) {
    let moves = game.moves();
    let first = game.first_player();
    egui::ScrollArea::vertical().max_height(260.0).stick_to_bottom(true).show(ui, |ui| {
        if moves.is_empty() {
            ui.label(format!("{} moves first: d-child two squares.", side_name(first)));
        }
        egui::Grid::new("moves").num_columns(3).striped(true).show(ui, |ui| {
            for (row, pair) in moves.chunks(2).enumerate() {
                ui.label(format!("{}.", row + 1));
                for (column, played) in pair.iter().enumerate() {
                    let text = RichText::new(&played.san).monospace();
                    let current = row * 2 + column + 1 == moves.len();
                    ui.label(if current {
                        text.strong().background_color(Color32::from_rgb(120, 90, 20))
                    } else {
                        text
                    });
                }
                ui.end_row();
            }
        });
    });
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
            ui.horizontal(|ui| {
                ui.label("Moves first");
                ui.radio_value(&mut setup.first, Side::White, side_name(Side::White));
                ui.radio_value(&mut setup.first, Side::Black, side_name(Side::Black));
            });
            if setup.mode != Mode::TwoHumans {
                ui.add(egui::Slider::new(&mut setup.level, 1..=ai::MAX_LEVEL).text("Computer level"));
            }
            ui.separator();
            ui.label(RichText::new("Rules").strong());
            ui.horizontal(|ui| {
                ui.label("Stalemate");
                ui.radio_value(&mut setup.rules.stalemate, StalemateRule::Win, "wins (seed 003)");
                ui.radio_value(&mut setup.rules.stalemate, StalemateRule::Draw, "draws");
            });
            ui.checkbox(&mut setup.rules.repetition_draw, "Third repetition draws");
            ui.checkbox(&mut setup.rules.fifty_move_draw, "Fifty moves without capture or child move draw");
            ui.separator();
            start = ui.button(RichText::new("Start").size(18.0)).clicked();
        });
    if start {
        active.ai_level = setup.level;
        commands.trigger(GameAction::Start {
            game: Game::new(setup.rules, setup.first),
            players: setup.players(),
        });
        NextState::set_if_neq(&mut screen, Screen::Game);
        dialogs.new_game = None;
    } else if open {
        dialogs.new_game = Some(setup);
    } else {
        dialogs.new_game = None;
    }
    Ok(())
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
        match saves.load(&path) {
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
    let state = (active.generation(), game.moves().len());
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
                    if !game.moves().is_empty() && ui.button("Take back").clicked() {
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
