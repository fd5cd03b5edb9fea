//! The board's carved border, as geometry: a key pattern along each side,
//! an ulzii (endless knot) in each corner, and the coordinates in a small
//! stroke alphabet. Units are squares; the board's squares span ±4.

use super::sculpt::Sculpture;
use bevy::math::{Quat, Vec2, Vec3};
use std::f32::consts::{FRAC_PI_4, PI};

/// The frame's top surface, where the carving sits.
pub const FRAME_TOP: f32 = -0.01;
/// The band with the coordinates, and the band with the key pattern.
const LETTERS: (f32, f32) = (4.02, 4.42);
const KEYS: (f32, f32) = (4.47, 4.85);
/// The frame's half-width.
pub const FRAME_HALF: f32 = 4.95;

const RELIEF: f32 = 0.018;

/// The inlaid ornament: key pattern and ulzii knots.
pub fn ornament() -> Sculpture {
    let mut s = Sculpture::new();
    let (inner, outer) = KEYS;
    let height = outer - inner;
    for side in 0..4 {
        let turn = Quat::from_rotation_y(side as f32 * PI / 2.0);
        let mut band = Sculpture::new();
        // Rules on either edge, and a square wave between them.
        band.band(&[Vec2::new(-4.0, inner), Vec2::new(4.0, inner)], 0.03, RELIEF, FRAME_TOP);
        band.band(&[Vec2::new(-4.0, outer), Vec2::new(4.0, outer)], 0.03, RELIEF, FRAME_TOP);
        let units = 20;
        let unit = 8.0 / units as f32;
        let (low, high) = (inner + 0.22 * height, inner + 0.78 * height);
        let mut wave = vec![Vec2::new(-4.0, low)];
        for k in 0..units {
            let x = -4.0 + k as f32 * unit;
            wave.extend([
                Vec2::new(x + 0.25 * unit, low),
                Vec2::new(x + 0.25 * unit, high),
                Vec2::new(x + 0.75 * unit, high),
                Vec2::new(x + 0.75 * unit, low),
            ]);
        }
        wave.push(Vec2::new(4.0, low));
        band.band(&wave, 0.028, RELIEF, FRAME_TOP);
        for p in &mut band.positions {
            // The band was drawn along +z; turn it to its side.
            *p = turn * Vec3::new(p.x, p.y, p.z);
        }
        for n in &mut band.normals {
            *n = turn * *n;
        }
        s.append(band);
    }
    let middle = (LETTERS.0 + KEYS.1) / 2.0;
    for (x, z) in [(1.0, 1.0), (-1.0, 1.0), (1.0, -1.0), (-1.0, -1.0)] {
        ulzii(&mut s, Vec3::new(x * middle, FRAME_TOP, z * middle), 0.3);
    }
    s
}

/// The endless knot: a lattice of two bands each way, turned 45°, each
/// pair of ends joined by a loop.
fn ulzii(s: &mut Sculpture, center: Vec3, size: f32) {
    let scale = size / 1.5;
    let turn = Quat::from_rotation_y(FRAC_PI_4);
    let at = |u: f32, v: f32| center + turn * Vec3::new(u * scale, 0.02, v * scale);
    let radius = 0.02;
    for k in [-0.5, 0.5] {
        s.tube(&[at(k, -1.0), at(k, 1.0)], &[radius]);
        s.tube(&[at(-1.0, k), at(1.0, k)], &[radius]);
    }
    for side in 0..4 {
        let angle = side as f32 * PI / 2.0;
        let (sin, cos) = angle.sin_cos();
        let rotate = |u: f32, v: f32| (u * cos - v * sin, u * sin + v * cos);
        let points: Vec<Vec3> = (0..=6)
            .map(|i| {
                let a = PI * i as f32 / 6.0;
                let (u, v) = rotate(-0.5 * a.cos(), 1.0 + 0.5 * a.sin());
                at(u, v)
            })
            .collect();
        s.tube(&points, &[radius]);
    }
}

/// The coordinates: files under and above the board, ranks on both sides,
/// each side's reading the right way up from its own seat.
pub fn coordinates() -> Sculpture {
    let mut s = Sculpture::new();
    let middle = (LETTERS.0 + LETTERS.1) / 2.0;
    let size = 0.24;
    for i in 0..8 {
        let along = i as f32 - 3.5;
        let file = (b'a' + i as u8) as char;
        let rank = (b'1' + i as u8) as char;
        // White reads files at +z and ranks at -x; Black the opposite.
        glyph(&mut s, file, Vec3::new(along, FRAME_TOP, middle), 0.0, size);
        glyph(&mut s, file, Vec3::new(along, FRAME_TOP, -middle), PI, size);
        glyph(&mut s, rank, Vec3::new(-middle, FRAME_TOP, -along), 0.0, size);
        glyph(&mut s, rank, Vec3::new(middle, FRAME_TOP, -along), PI, size);
    }
    s
}

fn arc(cx: f32, cy: f32, r: f32, from: f32, to: f32) -> Vec<Vec2> {
    // A step every 20 degrees.
    let steps = ((to - from).abs() / 20.0).ceil().max(2.0) as usize;
    (0..=steps)
        .map(|i| {
            let a = (from + (to - from) * i as f32 / steps as f32).to_radians();
            Vec2::new(cx + r * a.cos(), cy + r * a.sin())
        })
        .collect()
}

fn line(points: &[(f32, f32)]) -> Vec<Vec2> {
    points.iter().map(|&(x, y)| Vec2::new(x, y)).collect()
}

/// The strokes of a letter or digit, in a box 0.6 wide and 1 high.
fn strokes(c: char) -> Vec<Vec<Vec2>> {
    let bowl = || arc(0.3, 0.25, 0.25, 0.0, 360.0);
    match c {
        'a' => vec![bowl(), line(&[(0.55, 0.5), (0.55, 0.0)])],
        'b' => vec![bowl(), line(&[(0.05, 1.0), (0.05, 0.0)])],
        'c' => vec![arc(0.3, 0.25, 0.25, 45.0, 315.0)],
        'd' => vec![bowl(), line(&[(0.55, 1.0), (0.55, 0.0)])],
        'e' => vec![line(&[(0.05, 0.25), (0.55, 0.25)]), arc(0.3, 0.25, 0.25, 0.0, 320.0)],
        'f' => vec![
            line(&[(0.25, 0.0), (0.25, 0.75)]),
            arc(0.45, 0.75, 0.2, 180.0, 30.0),
            line(&[(0.05, 0.5), (0.45, 0.5)]),
        ],
        'g' => vec![bowl(), line(&[(0.55, 0.5), (0.55, -0.1)]), arc(0.3, -0.1, 0.25, 0.0, -160.0)],
        'h' => vec![
            line(&[(0.05, 1.0), (0.05, 0.0)]),
            arc(0.3, 0.25, 0.25, 180.0, 0.0),
            line(&[(0.55, 0.25), (0.55, 0.0)]),
        ],
        '1' => vec![line(&[(0.12, 0.8), (0.35, 1.0), (0.35, 0.0)]), line(&[(0.12, 0.0), (0.55, 0.0)])],
        '2' => {
            let mut top = arc(0.3, 0.72, 0.25, 160.0, -30.0);
            top.extend(line(&[(0.05, 0.0), (0.57, 0.0)]));
            vec![top]
        }
        '3' => vec![arc(0.3, 0.76, 0.23, 150.0, -90.0), arc(0.3, 0.27, 0.27, 90.0, -150.0)],
        '4' => vec![line(&[(0.45, 0.0), (0.45, 1.0), (0.03, 0.3), (0.6, 0.3)])],
        '5' => {
            let mut stroke = line(&[(0.55, 1.0), (0.1, 1.0), (0.07, 0.55)]);
            stroke.extend(arc(0.3, 0.32, 0.3, 130.0, -150.0));
            vec![stroke]
        }
        '6' => vec![arc(0.3, 0.3, 0.28, 0.0, 360.0), line(&[(0.04, 0.36), (0.42, 1.0)])],
        '7' => vec![line(&[(0.05, 1.0), (0.57, 1.0), (0.2, 0.0)])],
        '8' => vec![arc(0.3, 0.76, 0.22, 0.0, 360.0), arc(0.3, 0.27, 0.27, 0.0, 360.0)],
        _ => Vec::new(),
    }
}

/// One glyph centred at `at`, upright for a reader looking towards -z
/// once turned by `turn` about the vertical.
fn glyph(s: &mut Sculpture, c: char, at: Vec3, turn: f32, size: f32) {
    let rotation = Quat::from_rotation_y(turn);
    for stroke in strokes(c) {
        // Glyph x runs right, y runs away from the reader (towards -z).
        let points: Vec<Vec2> = stroke
            .iter()
            .map(|p| {
                let local = Vec3::new((p.x - 0.3) * size, 0.0, -(p.y - 0.45) * size);
                let world = at + rotation * local;
                Vec2::new(world.x, world.z)
            })
            .collect();
        s.band(&points, 0.022, RELIEF, FRAME_TOP);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_coordinate_has_strokes() {
        for c in "abcdefgh12345678".chars() {
            assert!(!strokes(c).is_empty(), "{c}");
        }
    }

    #[test]
    fn the_carving_stays_on_the_frame() {
        for sculpture in [ornament(), coordinates()] {
            let (min, max) = sculpture.bounds();
            assert!(min.x > -FRAME_HALF && max.x < FRAME_HALF && min.z > -FRAME_HALF && max.z < FRAME_HALF);
            assert!(min.y >= FRAME_TOP - 1e-4 && max.y < FRAME_TOP + 0.1);
        }
    }

    #[test]
    fn the_carving_keeps_to_its_triangle_budget() {
        let triangles = ornament().triangles() + coordinates().triangles();
        assert!(triangles <= 30_000, "the carving has {triangles} triangles");
    }
}
