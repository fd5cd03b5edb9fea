//! The rules card: for Shatar, each piece with a small diagram of its moves
//! (from the gallery's demonstrations, so from the rules core), the three
//! kinds of check, and why some mates only draw; for shatra, its board, men,
//! reserve, captures and how to win.

use super::screens::{GOLD, KioskScreens, panel};
use super::{Kiosk, KioskAction};
use crate::game::gallery::demo;
use crate::game::lang::{Words, man_key, rules_key};
use crate::rules::{Color, Piece, PieceKind};
use crate::shatra::ManKind;
use crate::variant::Variant;
use bevy::prelude::*;
use bevy_egui::egui::{self, Align2, Color32, RichText, Sense, Stroke, vec2};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        card.after(KioskScreens)
            .run_if(resource_exists::<Kiosk>.and_then(|kiosk: Res<Kiosk>| kiosk.rules_open)),
    );
}

fn card(mut contexts: EguiContexts, words: Res<Words>, kiosk: Res<Kiosk>, mut commands: Commands) -> Result {
    let ctx = contexts.ctx_mut()?;
    let screen = ctx.content_rect();
    let width = (screen.width() - 60.0).clamp(600.0, 1180.0);
    let column = (width - 40.0) / 3.0 - 96.0;
    let mut close = false;
    panel("Rules", Align2::CENTER_CENTER, [0.0, -40.0]).show(ctx, |ui| {
        ui.set_width(width);
        egui::ScrollArea::vertical().max_height(screen.height() - 250.0).show(ui, |ui| {
            if kiosk.variant == Variant::Shatra {
                shatra_card(ui, &words);
                return;
            }
            ui.label(RichText::new(words.get("rules.title")).size(34.0).strong().color(GOLD));
            ui.label(RichText::new(words.get("rules.opening")).size(17.0));
            ui.add_space(6.0);
            ui.label(RichText::new(words.get("rules.moves")).size(24.0).strong());
            egui::Grid::new("pieces").num_columns(3).spacing([18.0, 8.0]).show(ui, |ui| {
                for (index, kind) in PieceKind::ALL.into_iter().enumerate() {
                    ui.horizontal(|ui| {
                        diagram(ui, kind);
                        ui.vertical(|ui| {
                            ui.set_width(column);
                            ui.horizontal(|ui| {
                                ui.label(RichText::new(words.piece_mn(kind)).size(22.0).strong().color(GOLD));
                                if words.piece(kind) != words.piece_mn(kind) {
                                    ui.label(RichText::new(words.piece(kind)).size(17.0).italics());
                                }
                            });
                            ui.label(RichText::new(words.get(rules_key(kind))).size(16.0));
                        });
                    });
                    if index % 3 == 2 {
                        ui.end_row();
                    }
                }
            });
            ui.add_space(6.0);
            ui.columns(2, |columns| {
                let ui = &mut columns[0];
                ui.label(RichText::new(words.get("rules.checks")).size(24.0).strong());
                for key in ["rules.shak", "rules.tuk", "rules.tsod"] {
                    ui.label(RichText::new(words.get(key)).size(17.0));
                }
                let ui = &mut columns[1];
                ui.label(RichText::new(words.get("rules.mates")).size(24.0).strong());
                for key in ["rules.mate_shak", "rules.mate_niol", "rules.mate_mori", "rules.robado"] {
                    ui.label(RichText::new(words.get(key)).size(16.0));
                }
                ui.label(RichText::new(words.stalemate_rule(kiosk.config.rules.stalemate)).size(16.0));
            });
        });
        ui.add_space(10.0);
        ui.vertical_centered(|ui| {
            let text = RichText::new(words.get("rules.close")).size(24.0);
            close = ui.add_sized([300.0, 60.0], egui::Button::new(text)).clicked();
        });
    });
    if close {
        commands.trigger(KioskAction::Rules(false));
    }
    Ok(())
}

/// Shatra's rules in words: the board, each man, the reserve, captures.
fn shatra_card(ui: &mut egui::Ui, words: &Words) {
    const MEN: [(ManKind, &str); 5] = [
        (ManKind::Biy, "shatra.biy"),
        (ManKind::Batir, "shatra.batir"),
        (ManKind::Tura, "shatra.tura"),
        (ManKind::Jalkin, "shatra.jalkin"),
        (ManKind::Shatra, "shatra.shatra"),
    ];
    ui.label(RichText::new(words.get("shatra.title")).size(34.0).strong().color(GOLD));
    ui.label(RichText::new(words.get("shatra.board")).size(17.0));
    ui.add_space(6.0);
    ui.label(RichText::new(words.get("rules.moves")).size(24.0).strong());
    for (kind, key) in MEN {
        ui.horizontal_top(|ui| {
            let name = RichText::new(words.get(man_key(kind))).size(22.0).strong().color(GOLD);
            ui.add_sized([130.0, 26.0], egui::Label::new(name));
            ui.add(egui::Label::new(RichText::new(words.get(key)).size(16.0)).wrap());
        });
    }
    ui.add_space(6.0);
    for key in ["shatra.reserve", "shatra.captures", "shatra.chains", "shatra.winning"] {
        ui.label(RichText::new(words.get(key)).size(17.0));
        ui.add_space(4.0);
    }
}

/// A small board: the piece, lit destinations, and red rings on captures.
fn diagram(ui: &mut egui::Ui, kind: PieceKind) {
    const CELL: f32 = 10.0;
    let (response, painter) = ui.allocate_painter(vec2(CELL * 8.0, CELL * 8.0), Sense::hover());
    let origin = response.rect.min;
    let piece = Piece { color: Color::White, kind };
    let shown = demo(piece);
    let cell = |file: u8, rank: u8| {
        let min = origin + vec2(f32::from(file) * CELL, f32::from(7 - rank) * CELL);
        egui::Rect::from_min_size(min, vec2(CELL, CELL))
    };
    for file in 0..8u8 {
        for rank in 0..8u8 {
            let light = (file + rank) % 2 == 1;
            let fill = if light { Color32::from_rgb(214, 190, 150) } else { Color32::from_rgb(140, 100, 64) };
            painter.rect_filled(cell(file, rank), 0.0, fill);
        }
    }
    for (square, capture) in &shown.targets {
        let centre = cell(square.file(), square.rank()).center();
        if *capture {
            painter.circle_stroke(centre, CELL * 0.4, Stroke::new(2.0, Color32::from_rgb(220, 60, 40)));
        } else {
            painter.circle_filled(centre, CELL * 0.22, Color32::from_rgb(60, 150, 70));
        }
    }
    for (other, square) in &shown.others {
        let fill = if other.color == Color::White { Color32::WHITE } else { Color32::from_rgb(150, 24, 20) };
        painter.circle_filled(cell(square.file(), square.rank()).center(), CELL * 0.32, fill);
    }
    let home = cell(shown.home.file(), shown.home.rank()).center();
    painter.circle_filled(home, CELL * 0.42, Color32::WHITE);
    painter.circle_stroke(home, CELL * 0.42, Stroke::new(1.5, Color32::BLACK));
}
