//! The six carved figures, after seeds 000 and 001: a prince on his
//! throne, a crouching big cat, a Bactrian camel, a horse, a cart with its
//! wheels and tent, and a small child. Units are squares; the figure
//! stands at the origin on the board's surface and faces -z.

use super::sculpt::Sculpture;
use crate::rules::PieceKind;
use bevy::math::{Quat, Vec3};

/// How far from its square's centre a figure may reach, as made; on the
/// board it stands a little larger (see `look`), and still within its
/// square.
pub const REACH: f32 = 0.44;

pub fn figure(kind: PieceKind) -> Sculpture {
    let figure = match kind {
        PieceKind::Noyon => noyon(),
        PieceKind::Bers => bers(),
        PieceKind::Teme => teme(),
        PieceKind::Mori => mori(),
        PieceKind::Tereg => tereg(),
        PieceKind::Child => child(),
    };
    let reach = figure.reach();
    if reach > REACH { figure.scaled(REACH / reach) } else { figure }
}

fn v(x: f32, y: f32, z: f32) -> Vec3 {
    Vec3::new(x, y, z)
}

/// The turned plinth every figure stands on.
fn plinth(radius: f32) -> Sculpture {
    let r = radius;
    let mut s = Sculpture::new();
    s.lathe(
        &[
            (0.0, 0.0),
            (r, 0.0),
            (r, 0.035),
            (r * 0.97, 0.05),
            (r * 0.9, 0.058),
            (r * 0.86, 0.075),
            (r * 0.84, 0.085),
            (0.0, 0.085),
        ],
        Vec3::ZERO,
    );
    s
}

/// A prince seated on a throne with a tall back, in a robe and a pointed
/// Mongolian hat.
fn noyon() -> Sculpture {
    let mut s = plinth(0.37);
    // The throne: dais, seat, back with a crest, arms.
    s.block(v(0.0, 0.15, 0.03), v(0.52, 0.13, 0.46), Quat::IDENTITY);
    s.block(v(0.0, 0.25, 0.03), v(0.48, 0.07, 0.42), Quat::IDENTITY);
    s.block(v(0.0, 0.56, 0.22), v(0.52, 0.6, 0.07), Quat::IDENTITY);
    s.ellipsoid(v(0.0, 0.86, 0.22), v(0.2, 0.09, 0.04), Quat::IDENTITY);
    s.ball(v(0.0, 0.96, 0.22), 0.035);
    let mut sides = Sculpture::new();
    sides.block(v(0.23, 0.37, 0.04), v(0.06, 0.16, 0.38), Quat::IDENTITY);
    sides.ball(v(0.23, 0.46, -0.14), 0.04);
    sides.ball(v(0.26, 0.87, 0.22), 0.045);
    // The prince's limbs: thigh and shin, boot, arm resting on the armrest.
    sides.tube(&[v(0.08, 0.33, 0.06), v(0.085, 0.34, -0.14)], &[0.075, 0.065]);
    sides.tube(&[v(0.085, 0.33, -0.16), v(0.085, 0.2, -0.2)], &[0.06, 0.05]);
    sides.ellipsoid(v(0.085, 0.16, -0.24), v(0.05, 0.04, 0.075), Quat::IDENTITY);
    sides.tube(&[v(0.14, 0.6, 0.08), v(0.18, 0.47, 0.02), v(0.17, 0.45, -0.1)], &[0.045, 0.04, 0.035]);
    s.append(sides.mirrored());
    // Robe, shoulders, head and hat.
    s.lathe(
        &[(0.0, 0.28), (0.17, 0.28), (0.16, 0.4), (0.13, 0.55), (0.1, 0.66), (0.0, 0.68)],
        v(0.0, 0.0, 0.08),
    );
    s.ellipsoid(v(0.0, 0.62, 0.08), v(0.17, 0.06, 0.1), Quat::IDENTITY);
    s.ball(v(0.0, 0.75, 0.06), 0.08);
    // A round hat with an upturned brim and a knob on top.
    s.lathe(
        &[
            (0.0, 0.8),
            (0.09, 0.8),
            (0.125, 0.83),
            (0.12, 0.855),
            (0.085, 0.84),
            (0.088, 0.88),
            (0.075, 0.915),
            (0.045, 0.94),
            (0.0, 0.95),
        ],
        v(0.0, 0.0, 0.06),
    );
    s.tube(&[v(0.0, 0.95, 0.06), v(0.0, 0.99, 0.06)], &[0.012, 0.012]);
    s.ball(v(0.0, 1.0, 0.06), 0.026);
    s
}

/// A snow panther crouching like a sphinx, head raised, its long thick
/// tail wrapped round its side.
fn bers() -> Sculpture {
    let mut s = plinth(0.37);
    s.ellipsoid(v(0.0, 0.2, 0.06), v(0.13, 0.1, 0.3), Quat::from_rotation_x(0.06));
    s.ellipsoid(v(0.0, 0.25, -0.14), v(0.12, 0.13, 0.12), Quat::IDENTITY);
    let mut sides = Sculpture::new();
    // Haunch and folded hind paw; foreleg lying forward and its paw.
    sides.ellipsoid(v(0.1, 0.19, 0.2), v(0.075, 0.1, 0.13), Quat::IDENTITY);
    sides.ellipsoid(v(0.12, 0.11, 0.05), v(0.04, 0.025, 0.08), Quat::IDENTITY);
    sides.tube(&[v(0.085, 0.21, -0.16), v(0.085, 0.125, -0.27), v(0.08, 0.115, -0.35)], &[0.05, 0.04, 0.036]);
    sides.ellipsoid(v(0.08, 0.11, -0.38), v(0.045, 0.028, 0.05), Quat::IDENTITY);
    // Ears, and the muzzle's two pads.
    sides.ellipsoid(v(0.07, 0.54, -0.25), v(0.032, 0.03, 0.016), Quat::from_rotation_z(-0.4));
    sides.ball(v(0.026, 0.435, -0.35), 0.036);
    s.append(sides.mirrored());
    s.tube(&[v(0.0, 0.27, -0.16), v(0.0, 0.4, -0.23)], &[0.085, 0.08]);
    s.ellipsoid(v(0.0, 0.47, -0.27), v(0.095, 0.085, 0.09), Quat::IDENTITY);
    s.ball(v(0.0, 0.46, -0.365), 0.02);
    s.tube(
        &[
            v(0.0, 0.22, 0.34),
            v(0.1, 0.14, 0.4),
            v(0.21, 0.12, 0.3),
            v(0.26, 0.13, 0.1),
            v(0.25, 0.16, -0.08),
            v(0.2, 0.22, -0.17),
        ],
        &[0.045, 0.045, 0.044, 0.043, 0.045, 0.05],
    );
    s.scaled(1.15)
}

/// A two-humped Bactrian camel standing, its neck low then rising.
fn teme() -> Sculpture {
    let mut s = plinth(0.36);
    s.ellipsoid(v(0.0, 0.45, 0.04), v(0.12, 0.12, 0.25), Quat::IDENTITY);
    s.ellipsoid(v(0.0, 0.57, -0.07), v(0.085, 0.12, 0.085), Quat::IDENTITY);
    s.ellipsoid(v(0.0, 0.57, 0.15), v(0.085, 0.12, 0.085), Quat::IDENTITY);
    let mut sides = Sculpture::new();
    for (front, z) in [(true, -0.12), (false, 0.19)] {
        let knee = if front { -0.01 } else { 0.03 };
        sides.tube(&[v(0.07, 0.42, z), v(0.075, 0.25, z + knee), v(0.07, 0.11, z)], &[0.045, 0.032, 0.03]);
        sides.ellipsoid(v(0.07, 0.095, z - 0.015), v(0.042, 0.022, 0.052), Quat::IDENTITY);
    }
    sides.cone(v(0.035, 0.76, -0.38), v(0.05, 0.79, -0.34), 0.014);
    s.append(sides.mirrored());
    s.tube(
        &[v(0.0, 0.47, -0.16), v(0.0, 0.43, -0.27), v(0.0, 0.52, -0.35), v(0.0, 0.68, -0.37)],
        &[0.07, 0.06, 0.05, 0.046],
    );
    s.ellipsoid(v(0.0, 0.72, -0.42), v(0.048, 0.05, 0.095), Quat::from_rotation_x(0.25));
    s.tube(&[v(0.0, 0.47, 0.28), v(0.0, 0.38, 0.31)], &[0.022, 0.015]);
    s
}

/// A horse standing proud: a thick arched neck, the head bowed, mane
/// and flowing tail.
fn mori() -> Sculpture {
    let mut s = plinth(0.36);
    s.ellipsoid(v(0.0, 0.45, 0.05), v(0.12, 0.13, 0.24), Quat::IDENTITY);
    let mut sides = Sculpture::new();
    sides.tube(&[v(0.065, 0.42, -0.11), v(0.065, 0.25, -0.13), v(0.065, 0.1, -0.12)], &[0.048, 0.032, 0.03]);
    sides.tube(&[v(0.065, 0.42, 0.2), v(0.07, 0.26, 0.26), v(0.065, 0.1, 0.21)], &[0.055, 0.032, 0.03]);
    for z in [-0.12, 0.21] {
        sides.lathe(&[(0.0, 0.085), (0.036, 0.085), (0.031, 0.125), (0.0, 0.125)], v(0.065, 0.0, z));
    }
    sides.cone(v(0.032, 0.84, -0.255), v(0.04, 0.93, -0.23), 0.02);
    s.append(sides.mirrored());
    s.tube(&[v(0.0, 0.5, -0.12), v(0.0, 0.64, -0.2), v(0.0, 0.77, -0.25)], &[0.095, 0.075, 0.062]);
    // The head points forward and down, from the poll to the muzzle.
    s.ellipsoid(v(0.0, 0.745, -0.34), v(0.055, 0.062, 0.12), Quat::from_rotation_x(-0.8));
    s.ellipsoid(v(0.0, 0.67, -0.41), v(0.047, 0.052, 0.056), Quat::IDENTITY);
    s.tube(
        &[v(0.0, 0.87, -0.24), v(0.0, 0.79, -0.17), v(0.0, 0.67, -0.11), v(0.0, 0.56, -0.05)],
        &[0.03, 0.038, 0.036, 0.024],
    );
    s.tube(
        &[v(0.0, 0.5, 0.28), v(0.0, 0.47, 0.36), v(0.0, 0.32, 0.39), v(0.0, 0.16, 0.35)],
        &[0.035, 0.042, 0.04, 0.032],
    );
    s
}

/// A Mongolian cart on two spoked wheels, carrying a felt tent.
fn tereg() -> Sculpture {
    let mut s = plinth(0.37);
    let mut sides = Sculpture::new();
    let (axle, radius) = (v(0.25, 0.25, 0.04), 0.165);
    sides.torus(axle, Vec3::X, radius, 0.024);
    sides.tube(&[axle - v(0.035, 0.0, 0.0), axle + v(0.035, 0.0, 0.0)], &[0.042, 0.036]);
    for k in 0..8 {
        let angle = std::f32::consts::TAU * k as f32 / 8.0;
        let tip = axle + v(0.0, angle.sin(), angle.cos()) * radius;
        sides.tube(&[axle, tip], &[0.014, 0.012]);
    }
    sides.tube(&[v(0.13, 0.3, -0.2), v(0.12, 0.25, -0.34)], &[0.022, 0.018]);
    s.append(sides.mirrored());
    s.tube(&[v(-0.25, 0.25, 0.04), v(0.25, 0.25, 0.04)], &[0.03, 0.03]);
    // Bed and tent: a round wall, a domed roof and its crown.
    s.block(v(0.0, 0.33, 0.04), v(0.42, 0.05, 0.5), Quat::IDENTITY);
    s.lathe(
        &[
            (0.0, 0.355),
            (0.19, 0.355),
            (0.19, 0.5),
            (0.2, 0.51),
            (0.15, 0.58),
            (0.07, 0.64),
            (0.045, 0.655),
            (0.045, 0.68),
            (0.0, 0.69),
        ],
        v(0.0, 0.0, 0.04),
    );
    s.block(v(0.0, 0.43, -0.15), v(0.1, 0.13, 0.03), Quat::IDENTITY);
    s
}

/// A small boy in a robe and a round cap.
fn child() -> Sculpture {
    let mut s = plinth(0.27);
    s.lathe(
        &[(0.0, 0.085), (0.13, 0.085), (0.12, 0.14), (0.09, 0.25), (0.075, 0.32), (0.04, 0.35), (0.0, 0.35)],
        Vec3::ZERO,
    );
    s.torus(v(0.0, 0.24, 0.0), Vec3::Y, 0.095, 0.014);
    let mut sides = Sculpture::new();
    sides.tube(&[v(0.08, 0.32, 0.0), v(0.11, 0.25, -0.01), v(0.1, 0.2, -0.04)], &[0.028, 0.025, 0.022]);
    s.append(sides.mirrored());
    s.ball(v(0.0, 0.41, 0.0), 0.065);
    s.lathe(&[(0.0, 0.43), (0.075, 0.435), (0.07, 0.46), (0.035, 0.5), (0.0, 0.51)], Vec3::ZERO);
    s.ball(v(0.0, 0.515, 0.0), 0.016);
    s.scaled(0.88)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_child_is_the_smallest_and_the_noyon_the_tallest() {
        let height = |kind| figure(kind).bounds().1.y;
        for kind in PieceKind::ALL {
            assert!(height(PieceKind::Child) <= height(kind));
            assert!(height(kind) <= height(PieceKind::Noyon));
        }
        assert!(height(PieceKind::Child) < 0.6 * height(PieceKind::Noyon));
    }

    #[test]
    fn every_figure_fits_its_square() {
        for kind in PieceKind::ALL {
            let figure = figure(kind);
            let (min, _) = figure.bounds();
            assert!(min.y >= -1e-4, "{kind:?} sinks into the board");
            let reach = figure.reach();
            assert!(reach <= REACH + 1e-4, "{kind:?} reaches {reach}");
            assert!(reach > 0.2, "{kind:?} is too small for its square");
        }
    }

    /// A budget, so the full board stays cheap to draw (about 130,000
    /// triangles for all thirty-two).
    #[test]
    fn every_figure_keeps_to_its_triangle_budget() {
        for kind in PieceKind::ALL {
            let triangles = figure(kind).triangles();
            assert!(triangles <= 8000, "{kind:?} has {triangles} triangles");
        }
    }
}
