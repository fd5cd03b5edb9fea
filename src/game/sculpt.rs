//! A small sculptor: revolved profiles, ellipsoids, swept tubes and blocks,
//! merged into one mesh with smooth normals. The figures and the board's
//! carving are made from these.

use bevy::asset::RenderAssetUsages;
use bevy::math::{Quat, Vec2, Vec3};
use bevy::mesh::{Indices, Mesh, PrimitiveTopology};
use std::f32::consts::TAU;

/// Segments around a revolved or swept shape.
const AROUND: usize = 28;
/// Segments around a thin tube.
const TUBE_AROUND: usize = 10;
/// Samples per span of a tube's path.
const TUBE_SAMPLES: usize = 5;
/// Profiles turning by more than this (radians) keep a hard edge.
const CREASE: f32 = 0.7;

/// Triangles with their vertices' positions and normals.
#[derive(Default, Clone, Debug)]
pub struct Sculpture {
    pub positions: Vec<Vec3>,
    pub normals: Vec<Vec3>,
    pub indices: Vec<u32>,
}

type Ring = Vec<(Vec3, Vec3)>;

impl Sculpture {
    pub fn new() -> Sculpture {
        Sculpture::default()
    }

    fn vertex(&mut self, position: Vec3, normal: Vec3) -> u32 {
        let index = u32::try_from(self.positions.len()).unwrap_or(u32::MAX);
        self.positions.push(position);
        self.normals.push(normal.normalize_or(Vec3::Y));
        index
    }

    /// A triangle, wound so that it faces the way its normals point.
    fn triangle(&mut self, a: u32, b: u32, c: u32) {
        let [pa, pb, pc] = [a, b, c].map(|i| self.positions[i as usize]);
        let face = (pb - pa).cross(pc - pa);
        if face.length_squared() < 1e-14 {
            return;
        }
        let along: Vec3 = [a, b, c].iter().map(|&i| self.normals[i as usize]).sum();
        if face.dot(along) >= 0.0 {
            self.indices.extend([a, b, c]);
        } else {
            self.indices.extend([a, c, b]);
        }
    }

    /// Joins consecutive rings of equal length, each closed on itself.
    fn stitch(&mut self, rings: &[Ring]) {
        let ids: Vec<Vec<u32>> =
            rings.iter().map(|ring| ring.iter().map(|&(p, n)| self.vertex(p, n)).collect()).collect();
        for pair in ids.windows(2) {
            let (a, b) = (&pair[0], &pair[1]);
            let count = a.len().min(b.len());
            for k in 0..count {
                let next = (k + 1) % count;
                self.triangle(a[k], b[k], b[next]);
                self.triangle(a[k], b[next], a[next]);
            }
        }
    }

    /// Revolves a profile of (radius, height) points, bottom to top, about
    /// the vertical axis through `at`. Sharp turns keep a crease.
    pub fn lathe(&mut self, profile: &[(f32, f32)], at: Vec3) {
        self.lathe_turned(profile, at, Quat::IDENTITY);
    }

    /// A cone from the centre of its base to its tip.
    pub fn cone(&mut self, base: Vec3, tip: Vec3, radius: f32) {
        let axis = tip - base;
        let turn = Quat::from_rotation_arc(Vec3::Y, axis.normalize_or(Vec3::Y));
        self.lathe_turned(&[(0.0, 0.0), (radius, 0.0), (0.0, axis.length())], base, turn);
    }

    /// A revolved profile whose axis is turned from the vertical.
    pub fn lathe_turned(&mut self, profile: &[(f32, f32)], at: Vec3, rotation: Quat) {
        let points: Vec<Vec2> = profile.iter().map(|&(r, y)| Vec2::new(r, y)).collect();
        let normal_of = |i: usize| {
            let d = points[i + 1] - points[i];
            Vec2::new(d.y, -d.x).normalize_or(Vec2::Y)
        };
        let segments = points.len().saturating_sub(1);
        for i in 0..segments {
            let own = normal_of(i);
            let end_normal = |neighbour: Option<Vec2>| match neighbour {
                Some(other) if own.angle_to(other).abs() < CREASE => (own + other).normalize_or(own),
                _ => own,
            };
            let start = end_normal(i.checked_sub(1).map(normal_of));
            let end = end_normal((i + 1 < segments).then(|| normal_of(i + 1)));
            let ring = |point: Vec2, normal: Vec2| -> Ring {
                (0..AROUND)
                    .map(|k| {
                        let (sin, cos) = (TAU * k as f32 / AROUND as f32).sin_cos();
                        let position = at + rotation * Vec3::new(point.x * cos, point.y, point.x * sin);
                        (position, rotation * Vec3::new(normal.x * cos, normal.y, normal.x * sin))
                    })
                    .collect()
            };
            self.stitch(&[ring(points[i], start), ring(points[i + 1], end)]);
        }
    }

    /// An ellipsoid with these half-axes, turned by `rotation`.
    pub fn ellipsoid(&mut self, center: Vec3, radii: Vec3, rotation: Quat) {
        // Small parts need fewer facets.
        let size = radii.max_element();
        let (lats, longs) = if size < 0.03 {
            (5, 8)
        } else if size < 0.07 {
            (7, 12)
        } else {
            (10, 18)
        };
        let rings: Vec<Ring> = (0..=lats)
            .map(|i| {
                let phi = std::f32::consts::PI * (i as f32 / lats as f32 - 0.5);
                (0..longs)
                    .map(|k| {
                        let theta = TAU * k as f32 / longs as f32;
                        let unit = Vec3::new(phi.cos() * theta.cos(), phi.sin(), phi.cos() * theta.sin());
                        let local = unit * radii;
                        let normal = local / (radii * radii);
                        (center + rotation * local, rotation * normal)
                    })
                    .collect()
            })
            .collect();
        self.stitch(&rings);
    }

    pub fn ball(&mut self, center: Vec3, radius: f32) {
        self.ellipsoid(center, Vec3::splat(radius), Quat::IDENTITY);
    }

    /// A tube swept along a smooth curve through `path`, with a radius at
    /// each point, and rounded ends.
    pub fn tube(&mut self, path: &[Vec3], radii: &[f32]) {
        let samples = smooth_path(path, radii);
        self.sweep(&samples, false);
        if let (Some(&(first, r0)), Some(&(last, r1))) = (samples.first(), samples.last()) {
            self.ball(first, r0);
            self.ball(last, r1);
        }
    }

    /// A closed ring: a tube of radius `minor` round a circle of radius
    /// `major`, in the plane normal to `axis`.
    pub fn torus(&mut self, center: Vec3, axis: Vec3, major: f32, minor: f32) {
        let turn = Quat::from_rotation_arc(Vec3::Y, axis.normalize_or(Vec3::Y));
        let steps = AROUND;
        let samples: Vec<(Vec3, f32)> = (0..steps)
            .map(|k| {
                let (sin, cos) = (TAU * k as f32 / steps as f32).sin_cos();
                (center + turn * Vec3::new(major * cos, 0.0, major * sin), minor)
            })
            .collect();
        self.sweep(&samples, true);
    }

    /// Rings round the samples, using parallel-transported frames.
    fn sweep(&mut self, samples: &[(Vec3, f32)], closed: bool) {
        if samples.len() < 2 {
            return;
        }
        let count = samples.len();
        let tangent = |i: usize| {
            let previous = if closed { (i + count - 1) % count } else { i.saturating_sub(1) };
            let next = if closed { (i + 1) % count } else { (i + 1).min(count - 1) };
            (samples[next].0 - samples[previous].0).normalize_or(Vec3::Y)
        };
        let first = tangent(0);
        let mut side = first.any_orthonormal_vector();
        let mut rings: Vec<Ring> = Vec::with_capacity(count + 1);
        let mut previous_tangent = first;
        for (i, &(center, radius)) in samples.iter().enumerate() {
            let along = tangent(i);
            side = Quat::from_rotation_arc(previous_tangent, along) * side;
            side = (side - along * side.dot(along)).normalize_or(along.any_orthonormal_vector());
            previous_tangent = along;
            let up = along.cross(side);
            rings.push(
                (0..TUBE_AROUND)
                    .map(|k| {
                        let (sin, cos) = (TAU * k as f32 / TUBE_AROUND as f32).sin_cos();
                        let normal = side * cos + up * sin;
                        (center + normal * radius, normal)
                    })
                    .collect(),
            );
        }
        if closed && let Some(start) = rings.first().cloned() {
            // Close on the first ring, matching its nearest vertex.
            let last = &rings[rings.len() - 1];
            let shift = (0..TUBE_AROUND)
                .min_by(|&a, &b| {
                    let da = start[a].0.distance_squared(last[0].0);
                    let db = start[b].0.distance_squared(last[0].0);
                    da.total_cmp(&db)
                })
                .unwrap_or(0);
            rings.push((0..TUBE_AROUND).map(|k| start[(k + shift) % TUBE_AROUND]).collect());
        }
        self.stitch(&rings);
    }

    /// A block of this size, turned by `rotation`.
    pub fn block(&mut self, center: Vec3, size: Vec3, rotation: Quat) {
        let half = size / 2.0;
        for axis in [Vec3::X, Vec3::Y, Vec3::Z] {
            for sign in [-1.0, 1.0] {
                let normal = axis * sign;
                let u = normal.any_orthonormal_vector();
                let v = normal.cross(u);
                let corner = |a: f32, b: f32| center + rotation * ((normal + u * a + v * b) * half);
                let ids = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
                    .map(|(a, b)| self.vertex(corner(a, b), rotation * normal));
                self.triangle(ids[0], ids[1], ids[2]);
                self.triangle(ids[0], ids[2], ids[3]);
            }
        }
    }

    /// A raised band of this width and height along a polyline on the
    /// plane y = `base`.
    pub fn band(&mut self, points: &[Vec2], width: f32, height: f32, base: f32) {
        for pair in points.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            let d = b - a;
            let length = d.length();
            if length < 1e-6 {
                continue;
            }
            let mid = (a + b) / 2.0;
            let turn = Quat::from_rotation_y(-d.y.atan2(d.x));
            self.block(
                Vec3::new(mid.x, base + height / 2.0, mid.y),
                Vec3::new(length + width, height, width),
                turn,
            );
        }
    }

    /// Adds a copy mirrored across x = 0 (for left and right limbs).
    pub fn mirrored(mut self) -> Sculpture {
        let copy = self.clone();
        let offset = u32::try_from(self.positions.len()).unwrap_or(u32::MAX);
        let flip = Vec3::new(-1.0, 1.0, 1.0);
        self.positions.extend(copy.positions.iter().map(|p| *p * flip));
        self.normals.extend(copy.normals.iter().map(|n| *n * flip));
        // Mirroring reverses winding.
        for triangle in copy.indices.chunks_exact(3) {
            self.indices.extend([triangle[0] + offset, triangle[2] + offset, triangle[1] + offset]);
        }
        self
    }

    pub fn append(&mut self, other: Sculpture) {
        let offset = u32::try_from(self.positions.len()).unwrap_or(u32::MAX);
        self.positions.extend(other.positions);
        self.normals.extend(other.normals);
        self.indices.extend(other.indices.into_iter().map(|i| i + offset));
    }

    /// Scales the whole sculpture about the origin.
    pub fn scaled(mut self, factor: f32) -> Sculpture {
        for p in &mut self.positions {
            *p *= factor;
        }
        self
    }

    /// How far it reaches from the vertical axis through the origin.
    pub fn reach(&self) -> f32 {
        self.positions.iter().map(|p| p.x.hypot(p.z)).fold(0.0, f32::max)
    }

    #[cfg(test)]
    pub fn triangles(&self) -> usize {
        self.indices.len() / 3
    }

    /// The lowest and highest corner of its bounding box.
    #[cfg(test)]
    pub fn bounds(&self) -> (Vec3, Vec3) {
        let min = self.positions.iter().copied().fold(Vec3::splat(f32::MAX), Vec3::min);
        let max = self.positions.iter().copied().fold(Vec3::splat(f32::MIN), Vec3::max);
        (min, max)
    }

    pub fn into_mesh(self) -> Mesh {
        let positions: Vec<[f32; 3]> = self.positions.iter().map(|p| p.to_array()).collect();
        let normals: Vec<[f32; 3]> = self.normals.iter().map(|n| n.to_array()).collect();
        Mesh::new(PrimitiveTopology::TriangleList, RenderAssetUsages::default())
            .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
            .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
            .with_inserted_indices(Indices::U32(self.indices))
    }
}

/// Catmull-Rom samples through the points, with radii interpolated.
fn smooth_path(points: &[Vec3], radii: &[f32]) -> Vec<(Vec3, f32)> {
    let radius = |i: usize| radii.get(i).or(radii.last()).copied().unwrap_or(0.02);
    let n = points.len();
    if n < 2 {
        return points.iter().enumerate().map(|(i, &p)| (p, radius(i))).collect();
    }
    let at = |i: isize| points[i.clamp(0, n as isize - 1) as usize];
    let mut samples = Vec::new();
    for span in 0..n - 1 {
        let i = span as isize;
        let (p0, p1, p2, p3) = (at(i - 1), at(i), at(i + 1), at(i + 2));
        let (r1, r2) = (radius(span), radius(span + 1));
        for s in 0..TUBE_SAMPLES {
            let t = s as f32 / TUBE_SAMPLES as f32;
            let (t2, t3) = (t * t, t * t * t);
            let point = 0.5
                * ((2.0 * p1)
                    + (p2 - p0) * t
                    + (2.0 * p0 - 5.0 * p1 + 4.0 * p2 - p3) * t2
                    + (3.0 * p1 - p0 - 3.0 * p2 + p3) * t3);
            samples.push((point, r1 + (r2 - r1) * t));
        }
    }
    samples.push((points[n - 1], radius(n - 1)));
    samples
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(sculpture: &Sculpture) {
        assert!(sculpture.triangles() > 0);
        for normal in &sculpture.normals {
            assert!((normal.length() - 1.0).abs() < 1e-3, "normal {normal}");
        }
        for triangle in sculpture.indices.chunks_exact(3) {
            let [a, b, c] = [0, 1, 2].map(|k| sculpture.positions[triangle[k] as usize]);
            let face = (b - a).cross(c - a);
            let along: Vec3 = triangle.iter().map(|&i| sculpture.normals[i as usize]).sum();
            assert!(face.dot(along) > 0.0, "a triangle faces against its normals");
        }
    }

    #[test]
    fn every_shape_faces_outwards() {
        let mut s = Sculpture::new();
        s.lathe(&[(0.0, 0.0), (0.3, 0.0), (0.3, 0.1), (0.1, 0.4), (0.0, 0.5)], Vec3::ZERO);
        s.ellipsoid(Vec3::ONE, Vec3::new(0.1, 0.2, 0.3), Quat::from_rotation_x(0.4));
        s.tube(&[Vec3::ZERO, Vec3::Y, Vec3::new(1.0, 1.0, 0.0)], &[0.1, 0.05]);
        s.torus(Vec3::ZERO, Vec3::X, 0.2, 0.03);
        s.block(Vec3::ZERO, Vec3::new(0.2, 0.3, 0.4), Quat::from_rotation_y(0.3));
        s.band(&[Vec2::ZERO, Vec2::X, Vec2::ONE], 0.05, 0.02, 0.0);
        check(&s.mirrored());
    }

    #[test]
    fn outward_means_away_from_the_centre() {
        let mut s = Sculpture::new();
        s.ellipsoid(Vec3::ZERO, Vec3::splat(1.0), Quat::IDENTITY);
        for (p, n) in s.positions.iter().zip(&s.normals) {
            assert!(p.dot(*n) > 0.9);
        }
    }
}
