//! The kiosk's screens, drawn with egui for touch: the welcome, the game's
//! panel with its countdown, the attract loop's captions and the language
//! bar. Every button only triggers a [`KioskAction`].

use super::{Caption, Difficulty, Kiosk, KioskAction, Mode};
use crate::game::Screen;
use crate::game::input::Selection;
use crate::game::lang::{Language, Words, man_key, side_key, variant_key};
use crate::game::opponent::{AiPace, Thinking};
use crate::game::session::ActiveGame;
use crate::game::session::GameAction;
use bevy::prelude::*;
use bevy_egui::egui::{self, Align2, Color32, RichText, Vec2 as EguiVec2};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use std::time::Duration;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (
            welcome.run_if(in_state(Screen::Title)),
            game_panel.run_if(in_state(Screen::Game)),
            attract_captions.run_if(in_state(Screen::Attract)),
            language_bar.run_if(not(in_state(Screen::Attract))),
        )
            .chain()
            .in_set(KioskScreens)
            .run_if(resource_exists::<Kiosk>),
    );
    app.add_systems(OnEnter(Screen::Attract), |mut pace: ResMut<AiPace>| *pace = ATTRACT_PACE);
    app.add_systems(OnExit(Screen::Attract), |mut pace: ResMut<AiPace>| *pace = AiPace::WATCHABLE);
}

/// The kiosk's panels, drawn before the rules card.
#[derive(SystemSet, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(super) struct KioskScreens;

/// Slow enough that passers-by can follow the attract game.
const ATTRACT_PACE: AiPace = AiPace(Duration::from_millis(1800));

pub(super) const GOLD: Color32 = Color32::from_rgb(236, 196, 110);
const CHECK_RED: Color32 = Color32::from_rgb(236, 84, 60);

/// A big touch target.
fn big(ui: &mut egui::Ui, text: &str, width: f32) -> bool {
    ui.add_sized([width, 64.0], egui::Button::new(RichText::new(text).size(26.0))).clicked()
}

/// A kiosk window: no title bar, fixed in place, on the dark panel.
pub(super) fn panel(id: &str, align: Align2, offset: [f32; 2]) -> egui::Window<'static> {
    egui::Window::new(id.to_string())
        .anchor(align, offset)
        .title_bar(false)
        .resizable(false)
        .collapsible(false)
        .frame(panel_frame())
}

fn panel_frame() -> egui::Frame {
    egui::Frame::window(&egui::Style::default()).fill(Color32::from_rgb(18, 22, 34)).inner_margin(24)
}

fn welcome(
    mut contexts: EguiContexts,
    words: Res<Words>,
    kiosk: Res<Kiosk>,
    mut commands: Commands,
) -> Result {
    if kiosk.rules_open {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut chosen = None;
    panel("Welcome", Align2::CENTER_CENTER, [0.0, -30.0]).show(ctx, |ui| {
        ui.vertical_centered(|ui| {
            ui.label(RichText::new(words.get("welcome.title")).size(60.0).strong().color(GOLD));
            ui.label(RichText::new(words.get("welcome.subtitle")).size(24.0).italics());
            ui.add_space(18.0);
            if kiosk.config.variants.len() > 1 {
                ui.label(RichText::new(words.get("variant.choose")).size(22.0));
                ui.horizontal(|ui| {
                    for &variant in &kiosk.config.variants {
                        let text = RichText::new(words.get(variant_key(variant))).size(26.0);
                        let current = kiosk.variant == variant;
                        let button =
                            egui::Button::selectable(current, text).min_size(EguiVec2::new(260.0, 56.0));
                        if ui.add(button).clicked() && !current {
                            chosen = Some(KioskAction::Variant(variant));
                        }
                    }
                });
                ui.add_space(12.0);
            }
            ui.label(RichText::new(words.get("welcome.play_computer")).size(26.0).strong());
            ui.horizontal(|ui| {
                for (difficulty, key) in [
                    (Difficulty::Easy, "welcome.easy"),
                    (Difficulty::Medium, "welcome.medium"),
                    (Difficulty::Hard, "welcome.hard"),
                ] {
                    if big(ui, words.get(key), 170.0) {
                        chosen = Some(KioskAction::Play(Mode::Computer(difficulty)));
                    }
                }
            });
            ui.add_space(12.0);
            if big(ui, words.get("welcome.two_players"), 530.0) {
                chosen = Some(KioskAction::Play(Mode::TwoPlayers));
            }
            ui.add_space(8.0);
            if big(ui, words.get("welcome.learn"), 530.0) {
                chosen = Some(KioskAction::Learn);
            }
            ui.add_space(8.0);
            if big(ui, words.get("welcome.rules"), 530.0) {
                chosen = Some(KioskAction::Rules(true));
            }
        });
    });
    if let Some(action) = chosen {
        commands.trigger(action);
    }
    Ok(())
}

fn game_panel(
    mut contexts: EguiContexts,
    (words, kiosk, active): (Res<Words>, Res<Kiosk>, Res<ActiveGame>),
    (thinking, selection): (Query<(), With<Thinking>>, Res<Selection>),
    time: Res<Time>,
    mut commands: Commands,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let game = active.game();
    let mut chosen = None;
    panel("Play", Align2::RIGHT_TOP, [-16.0, 16.0]).show(ctx, |ui| {
        ui.set_width(330.0);
        if let Some(outcome) = game.outcome() {
            let (head, reason) = words.any_outcome(outcome);
            ui.label(RichText::new(head).size(32.0).strong().color(GOLD));
            ui.label(RichText::new(reason).size(20.0));
        } else {
            let side = game.side_to_move();
            let to_move = words.fill("game.to_move", &[("side", words.get(side_key(side)))]);
            ui.label(RichText::new(to_move).size(26.0).strong());
            if !thinking.is_empty() {
                ui.horizontal(|ui| {
                    ui.add(egui::Spinner::new().size(20.0));
                    ui.label(RichText::new(words.get("game.thinking")).size(18.0).italics());
                });
            } else if active.lone_human().is_some() && active.human_to_move() {
                ui.label(RichText::new(words.get("game.your_move")).size(18.0));
            }
            if !selection.promotions.is_empty() {
                ui.horizontal_wrapped(|ui| {
                    for mv in &selection.promotions {
                        let name = mv.promotion().map_or("?", |kind| words.get(man_key(kind)));
                        if big(ui, name, 100.0) {
                            commands.trigger(GameAction::Play(mv.clone()));
                        }
                    }
                });
            }
            if let Some(call) = game.shatar().and_then(|game| words.checks(game.last_checks())) {
                ui.label(RichText::new(call).size(40.0).strong().color(CHECK_RED));
            }
        }
        ui.add_space(10.0);
        if game.is_over() && big(ui, words.get("game.again"), 330.0) {
            chosen = Some(KioskAction::Again);
        }
        ui.horizontal(|ui| {
            let can_take_back = game.ply() > 0;
            if ui.add_enabled_ui(can_take_back, |ui| big(ui, words.get("game.take_back"), 160.0)).inner {
                chosen = Some(KioskAction::TakeBack);
            }
            if big(ui, words.get("welcome.rules"), 160.0) {
                chosen = Some(KioskAction::Rules(true));
            }
        });
        if big(ui, words.get("game.menu"), 330.0) {
            chosen = Some(KioskAction::Menu);
        }
    });
    if let Some(left) = kiosk.countdown(time.elapsed_secs_f64()) {
        panel("Countdown", Align2::CENTER_CENTER, [0.0, 0.0]).show(ctx, |ui| {
            ui.set_width(520.0);
            ui.vertical_centered(|ui| {
                let seconds = format!("{}", left.ceil() as u32);
                ui.label(RichText::new(&seconds).size(96.0).strong().color(GOLD));
                ui.label(RichText::new(words.fill("game.countdown", &[("seconds", &seconds)])).size(24.0));
                ui.add_space(10.0);
                if big(ui, words.get("game.stay"), 420.0) {
                    chosen = Some(KioskAction::Stay);
                }
            });
        });
    }
    if let Some(action) = chosen {
        commands.trigger(action);
    }
    Ok(())
}

fn attract_captions(
    mut contexts: EguiContexts,
    (words, caption, active): (Res<Words>, Res<Caption>, Res<ActiveGame>),
    time: Res<Time<Real>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // The invitation breathes, so the eye finds it.
    let glow = 0.6 + 0.4 * (time.elapsed_secs_wrapped() * 2.0).sin().abs();
    egui::Area::new(egui::Id::new("invitation")).anchor(Align2::CENTER_TOP, [0.0, 24.0]).show(ctx, |ui| {
        panel_frame().show(ui, |ui| {
            let color = Color32::from_rgb(255, 255, 255).gamma_multiply(glow);
            ui.label(RichText::new(words.get("welcome.touch")).size(34.0).strong().color(color));
        });
    });
    egui::Area::new(egui::Id::new("caption")).anchor(Align2::CENTER_BOTTOM, [0.0, -28.0]).show(ctx, |ui| {
        panel_frame().show(ui, |ui| {
            ui.set_min_width(520.0);
            ui.vertical_centered(|ui| {
                if let Some(outcome) = active.game().outcome() {
                    let (head, reason) = words.any_outcome(outcome);
                    ui.label(RichText::new(head).size(36.0).strong().color(GOLD));
                    ui.label(RichText::new(reason).size(22.0));
                    ui.label(RichText::new(words.get("attract.next_game")).size(18.0).italics());
                    return;
                }
                if caption.text.is_empty() {
                    ui.label(RichText::new(words.get("welcome.subtitle")).size(30.0).color(GOLD));
                    return;
                }
                ui.label(RichText::new(&caption.mongolian).size(44.0).strong().color(GOLD));
                ui.label(RichText::new(&caption.text).size(26.0));
                if let Some(call) = &caption.check {
                    ui.label(RichText::new(call).size(48.0).strong().color(CHECK_RED));
                }
            });
        });
    });
    Ok(())
}

fn language_bar(mut contexts: EguiContexts, words: Res<Words>, mut commands: Commands) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Area::new(egui::Id::new("languages"))
        .order(egui::Order::Foreground)
        .anchor(Align2::CENTER_BOTTOM, [0.0, -16.0])
        .show(ctx, |ui| {
            panel_frame().inner_margin(10).show(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.spacing_mut().item_spacing = EguiVec2::new(12.0, 0.0);
                    for language in Language::ALL {
                        let name = words.get_in(language, "language.name");
                        let text = RichText::new(name).size(22.0);
                        let current = words.language == language;
                        let button =
                            egui::Button::selectable(current, text).min_size(EguiVec2::new(150.0, 52.0));
                        if ui.add(button).clicked() && !current {
                            commands.trigger(KioskAction::Language(language));
                        }
                    }
                });
            });
        });
    Ok(())
}
