//! The egui overlay: the title, and the panel with who is to move, check
//! calls, the move list and the game's buttons. bevy_egui's `picking`
//! feature keeps clicks on it off the board.

use super::Screen;
use super::camera::{FollowTurn, ShowView, View};
use super::dialogs::{Dialogs, Mode, NewGame, side_name};
use super::input::Selection;
use super::lang::Words;
use super::look::Discs;
use super::opponent::Thinking;
use super::session::{ActiveGame, GameAction, Notice, Player};
use super::storage::SaveDir;
use crate::rules::Color as Side;
use crate::shatra::ManKind;
use crate::variant::AnyGame;
use bevy::prelude::*;
use bevy_egui::egui::{self, Align2, Color32, RichText};
use bevy_egui::{EguiContexts, EguiPlugin, EguiPrimaryContextPass};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(EguiPlugin::default());
    app.add_systems(
        EguiPrimaryContextPass,
        (title.run_if(in_state(Screen::Title)), game_panel.run_if(super::at_the_board))
            .run_if(not(resource_exists::<super::kiosk::Kiosk>))
            .chain()
            .in_set(PanelSystems),
    );
    app.add_plugins(super::dialogs::plugin);
}

/// The title and the game panel, drawn before any dialog.
#[derive(SystemSet, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(super) struct PanelSystems;

fn title(
    mut contexts: EguiContexts,
    active: Res<ActiveGame>,
    mut dialogs: ResMut<Dialogs>,
    saves: Res<SaveDir>,
    mut screen: ResMut<NextState<Screen>>,
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
                if ui
                    .add_sized([260.0, 32.0], egui::Button::new(RichText::new("Learn the pieces").size(16.0)))
                    .clicked()
                {
                    NextState::set_if_neq(&mut screen, Screen::Gallery);
                }
            });
        });
    Ok(())
}

fn game_panel(
    mut contexts: EguiContexts,
    (active, thinking, words): (Res<ActiveGame>, Query<(), With<Thinking>>, Res<Words>),
    (selection, mut discs, mut follow): (Res<Selection>, ResMut<Discs>, ResMut<FollowTurn>),
    mut notice: ResMut<Notice>,
    mut dialogs: ResMut<Dialogs>,
    saves: Res<SaveDir>,
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
            status(ui, &active, &words, !thinking.is_empty());
            if selection.can_stop() {
                ui.label(RichText::new("Choose the biy again to end his captures here.").italics());
            }
            if !selection.promotions.is_empty() {
                ui.label(RichText::new("The pawn becomes").strong());
                ui.horizontal(|ui| {
                    for mv in &selection.promotions {
                        let name = mv.promotion().map_or("?", officer_name);
                        if ui.button(RichText::new(name).size(16.0)).clicked() {
                            commands.trigger(GameAction::Play(mv.clone()));
                        }
                    }
                });
            }
            ui.separator();
            move_list(ui, game);
            ui.separator();
            ui.horizontal_wrapped(|ui| {
                if ui.button("New game…").clicked() {
                    dialogs.new_game = Some(NewGame::new(Mode::HumanVsAi, &active));
                }
                if ui.add_enabled(game.ply() > 0, egui::Button::new("Take back")).clicked() {
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
            if game.shatra().is_some() {
                ui.checkbox(&mut discs.0, "Tournament discs");
            }
            if let Some(text) = &notice.0 {
                ui.separator();
                ui.label(RichText::new(text).italics());
            }
        });
    Ok(())
}

fn status(ui: &mut egui::Ui, active: &ActiveGame, words: &Words, thinking: bool) {
    let game = active.game();
    if let Some(outcome) = game.outcome() {
        ui.label(RichText::new(outcome.to_string()).size(18.0).strong());
        return;
    }
    let side = game.side_to_move();
    ui.horizontal(|ui| {
        ui.label(RichText::new(format!("{} to move", side_name(side))).size(16.0));
        if thinking {
            // Subtle: a small spinner and a muted word, only while it searches.
            ui.add(egui::Spinner::new().size(14.0));
            ui.label(RichText::new("thinking").italics().color(Color32::GRAY));
        }
    });
    if let Some(call) = game.shatar().and_then(|game| words.checks(game.last_checks())) {
        ui.label(RichText::new(call).size(30.0).strong().color(Color32::from_rgb(230, 70, 50)));
    }
}

fn officer_name(kind: ManKind) -> &'static str {
    match kind {
        ManKind::Batir => "batïr",
        ManKind::Tura => "tura",
        ManKind::Jalkin => "jalkïn",
        ManKind::Biy => "biy",
        ManKind::Shatra => "šatra",
    }
}

fn move_list(ui: &mut egui::Ui, game: &AnyGame) {
    let moves = game.move_texts();
    egui::ScrollArea::vertical().max_height(260.0).stick_to_bottom(true).show(ui, |ui| {
        if moves.is_empty() {
            ui.label(match game {
                AnyGame::Shatar(game) => {
                    format!("{} moves first: d-child two squares.", side_name(game.first_player()))
                }
                AnyGame::Shatra(_) => {
                    format!("{} begins: drop a man or move a pawn.", side_name(Side::White))
                }
            });
        }
        egui::Grid::new("moves").num_columns(3).striped(true).show(ui, |ui| {
            for (row, pair) in moves.chunks(2).enumerate() {
                ui.label(format!("{}.", row + 1));
                for (column, played) in pair.iter().enumerate() {
                    let text = RichText::new(played).monospace();
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
