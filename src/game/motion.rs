//! Pieces glide to their squares, the mori hops, a capture chain is
//! walked landing by landing while its prey leave the board one by one,
//! and a refused click shakes a piece.

use super::AppSystems;
use super::board::square_center;
use super::pieces::PieceView;
use super::session::ActiveGame;
use crate::rules::PieceKind;
use bevy::prelude::*;
use std::f32::consts::PI;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, (start_glides, animate).chain().in_set(AppSystems::Animate));
}

const GLIDE_SECONDS: f32 = 0.45;
const SHAKE_SECONDS: f32 = 0.35;

/// A piece on its way, through the landings of a chain if it made one.
#[derive(Component, Clone, Debug)]
pub struct Glide {
    /// Where it starts, then each stop; the last is its place.
    route: Vec<Vec3>,
    /// Seconds since it set off; negative while it waits its turn.
    elapsed: f32,
    hop: bool,
}

impl Glide {
    /// The stops after the start.
    pub fn legs(&self) -> usize {
        self.route.len().saturating_sub(1)
    }

    fn seconds(&self) -> f32 {
        GLIDE_SECONDS * self.legs() as f32
    }
}

/// A short side-to-side shake: "not that one".
#[derive(Component, Clone, Debug, Default)]
pub struct Shake {
    elapsed: f32,
}

fn start_glides(
    active: Res<ActiveGame>,
    mut commands: Commands,
    pieces: Query<(Entity, &PieceView, &Transform), Changed<PieceView>>,
) {
    if pieces.is_empty() {
        return;
    }
    let variant = active.game().variant();
    let last = active.game().last_move();
    let landings: Vec<Vec3> =
        last.iter().flat_map(|mv| mv.path()).map(|cell| square_center(variant, cell)).collect();
    let prey: Vec<Vec3> =
        last.iter().flat_map(|mv| mv.prey()).map(|cell| square_center(variant, cell)).collect();
    for (entity, view, transform) in &pieces {
        let from = transform.translation;
        let to = view.translation(variant);
        if from.distance_squared(to) <= 1e-6 {
            continue;
        }
        let chain = landings.len() > 1 && landings.last().is_some_and(|end| end.distance_squared(to) < 1e-6);
        let route = if chain { [vec![from], landings.clone()].concat() } else { vec![from, to] };
        // A man taken in a chain leaves when the capturer passes him.
        let wait = prey
            .iter()
            .position(|at| at.distance_squared(from) < 1e-6)
            .map_or(0.0, |leg| if prey.len() > 1 { GLIDE_SECONDS * (leg as f32 + 0.5) } else { 0.0 });
        let hop = view.piece.kind == PieceKind::Mori;
        commands.entity(entity).insert(Glide { route, elapsed: -wait, hop });
    }
}

fn animate(
    time: Res<Time>,
    active: Res<ActiveGame>,
    mut commands: Commands,
    mut pieces: Query<(Entity, &PieceView, &mut Transform, Option<&mut Glide>, Option<&mut Shake>)>,
) {
    let dt = time.delta_secs();
    let variant = active.game().variant();
    for (entity, view, mut transform, glide, shake) in &mut pieces {
        if glide.is_none() && shake.is_none() {
            continue;
        }
        let mut at = view.translation(variant);
        if let Some(mut glide) = glide {
            glide.elapsed += dt;
            at = glide_point(&glide);
            if glide.elapsed >= glide.seconds() {
                commands.entity(entity).remove::<Glide>();
            }
        }
        if let Some(mut shake) = shake {
            shake.elapsed += dt;
            let fade = (1.0 - shake.elapsed / SHAKE_SECONDS).max(0.0);
            at.x += 0.07 * fade * (shake.elapsed * 45.0).sin();
            if shake.elapsed >= SHAKE_SECONDS {
                commands.entity(entity).remove::<Shake>();
            }
        }
        transform.translation = at;
    }
}

/// Where a glide has got to: along the current leg, eased, lifted a
/// little (the mori a lot) in the middle of each.
fn glide_point(glide: &Glide) -> Vec3 {
    let legs = glide.legs().max(1);
    let travelled = (glide.elapsed / GLIDE_SECONDS).clamp(0.0, legs as f32);
    let leg = (travelled.floor() as usize).min(legs - 1);
    let t = travelled - leg as f32;
    let (from, to) = (glide.route[leg], glide.route[(leg + 1).min(glide.route.len() - 1)]);
    let eased = t * t * (3.0 - 2.0 * t);
    let lift = if glide.hop { 0.9 } else { 0.12 };
    from.lerp(to, eased) + Vec3::Y * lift * (PI * t).sin()
}
