//! Pieces glide to their squares, the mori hops, and a refused click
//! shakes a piece.

use super::AppSystems;
use super::pieces::PieceView;
use crate::rules::PieceKind;
use bevy::prelude::*;
use std::f32::consts::PI;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, (start_glides, animate).chain().in_set(AppSystems::Animate));
}

const GLIDE_SECONDS: f32 = 0.45;
const SHAKE_SECONDS: f32 = 0.35;

/// A piece on its way from one place to another.
#[derive(Component, Clone, Debug)]
pub struct Glide {
    from: Vec3,
    progress: f32,
    hop: bool,
}

/// A short side-to-side shake: "not that one".
#[derive(Component, Clone, Debug, Default)]
pub struct Shake {
    elapsed: f32,
}

fn start_glides(mut commands: Commands, pieces: Query<(Entity, &PieceView, &Transform), Changed<PieceView>>) {
    for (entity, view, transform) in &pieces {
        if transform.translation.distance_squared(view.translation()) > 1e-6 {
            let hop = view.piece.kind == PieceKind::Mori;
            commands.entity(entity).insert(Glide { from: transform.translation, progress: 0.0, hop });
        }
    }
}

fn animate(
    time: Res<Time>,
    mut commands: Commands,
    mut pieces: Query<(Entity, &PieceView, &mut Transform, Option<&mut Glide>, Option<&mut Shake>)>,
) {
    let dt = time.delta_secs();
    for (entity, view, mut transform, glide, shake) in &mut pieces {
        if glide.is_none() && shake.is_none() {
            continue;
        }
        let target = view.translation();
        let mut at = target;
        if let Some(mut glide) = glide {
            glide.progress = (glide.progress + dt / GLIDE_SECONDS).min(1.0);
            let t = glide.progress;
            let eased = t * t * (3.0 - 2.0 * t);
            let lift = if glide.hop { 0.9 } else { 0.12 };
            at = glide.from.lerp(target, eased) + Vec3::Y * lift * (PI * t).sin();
            if t >= 1.0 {
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
