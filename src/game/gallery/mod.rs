//! The piece gallery: one figure at a time on a turning stand, its names
//! and a few words from the seeds, and its moves played out on a small
//! board beside it. `--gallery`, or "Learn the pieces" on the title.

mod demo;
mod shots;
mod stage;

pub use demo::{Demo, demo};
pub use shots::GalleryShots;

use super::Screen;
use super::lang::{Words, piece_key};
use crate::rules::{Color, Piece, PieceKind};
use bevy::prelude::*;
use bevy_egui::egui::{self, Align2, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Shown>();
    app.add_plugins((stage::plugin, shots::plugin));
    app.add_systems(OnEnter(Screen::Gallery), |mut shown: ResMut<Shown>, time: Res<Time>| {
        info!("the piece gallery opens");
        shown.since = time.elapsed_secs();
    });
    app.add_systems(OnExit(Screen::Gallery), || info!("the piece gallery closes"));
    // The gallery has no text to type, so its keys always work, even while
    // a clicked button holds egui's focus.
    app.add_systems(Update, turn_pages.run_if(in_state(Screen::Gallery)));
    app.add_systems(
        EguiPrimaryContextPass,
        panel.run_if(in_state(Screen::Gallery).and_eager(not(resource_exists::<GalleryShots>))),
    );
}

/// The piece on the stand, since when (seconds of app time), and its
/// demonstration.
#[derive(Resource, Debug)]
pub struct Shown {
    pub piece: Piece,
    pub since: f32,
    pub demo: Demo,
}

impl Default for Shown {
    fn default() -> Shown {
        let piece = Piece { color: Color::White, kind: PieceKind::Noyon };
        Shown { piece, since: 0.0, demo: demo(piece) }
    }
}

impl Shown {
    pub fn show(&mut self, piece: Piece, now: f32) {
        *self = Shown { piece, since: now, demo: demo(piece) };
    }

    /// The next or previous kind, same side.
    fn step(&mut self, by: isize, now: f32) {
        let index = self.piece.kind.index() as isize + by;
        let kind = PieceKind::ALL[index.rem_euclid(PieceKind::ALL.len() as isize) as usize];
        self.show(Piece { kind, ..self.piece }, now);
    }
}

fn turn_pages(
    keys: Res<ButtonInput<KeyCode>>,
    time: Res<Time>,
    mut shown: ResMut<Shown>,
    mut screen: ResMut<NextState<Screen>>,
) {
    let now = time.elapsed_secs();
    if keys.just_pressed(KeyCode::ArrowRight) {
        shown.step(1, now);
    } else if keys.just_pressed(KeyCode::ArrowLeft) {
        shown.step(-1, now);
    } else if keys.just_pressed(KeyCode::Escape) {
        NextState::set_if_neq(&mut screen, Screen::Title);
    }
}

fn panel(
    mut contexts: EguiContexts,
    time: Res<Time>,
    words: Res<Words>,
    mut shown: ResMut<Shown>,
    mut screen: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let now = time.elapsed_secs();
    let piece = shown.piece;
    let kind = piece.kind;
    egui::Window::new("Pieces")
        .anchor(Align2::LEFT_TOP, [16.0, 16.0])
        .title_bar(false)
        .resizable(false)
        .collapsible(false)
        .default_width(360.0)
        .show(ctx, |ui| {
            ui.set_width(360.0);
            ui.label(RichText::new(words.piece_mn(kind)).size(40.0).strong());
            if words.piece(kind) != words.piece_mn(kind) {
                ui.label(RichText::new(words.piece(kind)).size(24.0).italics());
            }
            ui.label(RichText::new(words.get(piece_key(kind, "gloss"))).size(17.0));
            ui.separator();
            ui.label(RichText::new(words.get(piece_key(kind, "about"))).size(15.5));
            ui.add_space(6.0);
            ui.label(RichText::new(words.get("gallery.hint")).size(13.0).weak());
            ui.separator();
            ui.horizontal(|ui| {
                for (color, name) in [(Color::White, "gallery.ivory"), (Color::Black, "gallery.red")] {
                    let label = RichText::new(words.get(name)).size(18.0);
                    if ui.selectable_label(piece.color == color, label).clicked() && piece.color != color {
                        shown.show(Piece { color, ..piece }, now);
                    }
                }
            });
            ui.add_space(4.0);
            ui.horizontal(|ui| {
                let button = |key: &str| egui::Button::new(RichText::new(words.get(key)).size(18.0));
                if ui.add_sized([112.0, 44.0], button("gallery.previous")).clicked() {
                    shown.step(-1, now);
                }
                if ui.add_sized([112.0, 44.0], button("gallery.next")).clicked() {
                    shown.step(1, now);
                }
                if ui.add_sized([112.0, 44.0], button("gallery.menu")).clicked() {
                    NextState::set_if_neq(&mut screen, Screen::Title);
                }
            });
        });
    Ok(())
}
