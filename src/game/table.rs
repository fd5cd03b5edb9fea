//! The setting: the board's frame with its carving, a felt mat, a dark
//! wooden table, and warm light from above.

use super::board::DITCH;
use super::carving::{FRAME_HALF, FRAME_TOP, coordinates, ornament};
use super::input::Chosen;
use super::session::ActiveGame;
use crate::variant::Variant;
use bevy::asset::RenderAssetUsages;
use bevy::image::{ImageAddressMode, ImageSampler, ImageSamplerDescriptor};
use bevy::math::Affine2;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use std::f32::consts::TAU;

/// A tileable grey wood grain, to tint per material.
pub fn wood_grain() -> Image {
    const SIZE: usize = 256;
    let mut data = Vec::with_capacity(SIZE * SIZE * 4);
    for row in 0..SIZE {
        for column in 0..SIZE {
            let (x, y) = (column as f32 / SIZE as f32, row as f32 / SIZE as f32);
            // Rings run along x, wavering; every term repeats over the tile.
            let waver = 0.025 * (TAU * (x + 0.3 * (TAU * 2.0 * y).sin())).sin()
                + 0.012 * (TAU * (3.0 * x + 2.0 * y)).sin();
            let ring = (TAU * 11.0 * (y + waver)).sin() * 0.5 + 0.5;
            let fine = (TAU * (47.0 * y + 3.0 * x + 0.4 * (TAU * 5.0 * x).sin())).sin() * 0.5 + 0.5;
            let value = 0.84 + 0.11 * (1.0 - ring.powi(3)) + 0.05 * fine;
            let byte = (value.clamp(0.0, 1.0) * 255.0) as u8;
            data.extend([byte, byte, byte, 255]);
        }
    }
    let mut image = Image::new(
        Extent3d { width: SIZE as u32, height: SIZE as u32, depth_or_array_layers: 1 },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    );
    image.sampler = ImageSampler::Descriptor(ImageSamplerDescriptor {
        address_mode_u: ImageAddressMode::Repeat,
        address_mode_v: ImageAddressMode::Repeat,
        ..ImageSamplerDescriptor::linear()
    });
    image
}

/// The board's surroundings for the variant in play: Shatar's carved
/// square frame, or shatra's wooden ground shaped like its board, with the
/// ditch and the great road. Laid again when the variant changes.
#[derive(Component)]
pub(super) struct Dressing;

#[derive(Resource)]
pub(super) struct TableLooks {
    frame: Handle<StandardMaterial>,
    inlay: Handle<StandardMaterial>,
    felt: Handle<StandardMaterial>,
    water: Handle<StandardMaterial>,
}

const FRAME_DEPTH: f32 = 0.3;

pub(super) fn spawn_table(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    looks: Res<super::look::Looks>,
) {
    let grain = looks.grain.clone();
    let wood = |color: Color, roughness: f32, repeat: f32| StandardMaterial {
        base_color: color,
        base_color_texture: Some(grain.clone()),
        uv_transform: Affine2::from_scale(Vec2::splat(repeat)),
        perceptual_roughness: roughness,
        reflectance: 0.35,
        ..default()
    };
    let frame = materials.add(wood(Color::srgb(0.3, 0.16, 0.08), 0.55, 2.0));
    let table = materials.add(wood(Color::srgb(0.13, 0.075, 0.045), 0.6, 6.0));
    let inlay = materials.add(StandardMaterial {
        base_color: Color::srgb(0.86, 0.68, 0.38),
        perceptual_roughness: 0.35,
        metallic: 0.35,
        ..default()
    });
    let felt = materials.add(StandardMaterial {
        base_color: Color::srgb(0.035, 0.065, 0.17),
        perceptual_roughness: 1.0,
        reflectance: 0.15,
        ..default()
    });
    let water = materials.add(StandardMaterial {
        base_color: Color::srgb(0.05, 0.13, 0.2),
        perceptual_roughness: 0.15,
        reflectance: 0.7,
        ..default()
    });
    commands.insert_resource(TableLooks { frame, inlay, felt, water });
    let table_top = FRAME_TOP - FRAME_DEPTH;
    commands
        .spawn((
            Name::new("Table"),
            Mesh3d(meshes.add(Cuboid::new(40.0, 0.6, 28.0))),
            MeshMaterial3d(table),
            Transform::from_xyz(0.0, table_top - 0.3, 0.0),
        ))
        .observe(|click: On<Pointer<Click>>, mut commands: Commands| {
            if click.button == PointerButton::Primary {
                commands.trigger(Chosen(None));
            }
        });
    commands.spawn((
        Name::new("Lamp"),
        SpotLight {
            intensity: 50_000_000.0,
            color: Color::srgb(1.0, 0.88, 0.72),
            range: 80.0,
            radius: 0.5,
            inner_angle: 0.34,
            outer_angle: 0.6,
            shadow_maps_enabled: true,
            ..default()
        },
        // High above, so that the board is evenly lit and shadows fall short.
        Transform::from_xyz(-4.0, 24.0, 10.0).looking_at(Vec3::new(0.0, 0.0, 0.5), Vec3::Y),
    ));
    commands.spawn((
        Name::new("Fill light"),
        DirectionalLight { illuminance: 1400.0, color: Color::srgb(0.85, 0.9, 1.0), ..default() },
        Transform::from_xyz(6.0, 6.0, -4.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
}

/// Lays the frame of the variant in play, replacing the other's.
pub(super) fn dress_board(
    active: Res<ActiveGame>,
    looks: Option<Res<TableLooks>>,
    dressed: Query<Entity, With<Dressing>>,
    mut shown: Local<Option<Variant>>,
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    let Some(looks) = looks else { return };
    let variant = active.game().variant();
    if shown.replace(variant) == Some(variant) {
        return;
    }
    for entity in &dressed {
        commands.entity(entity).despawn();
    }
    let mut slab = |name: &str, size: Vec3, at: Vec3, material: &Handle<StandardMaterial>| {
        commands.spawn((
            Name::new(name.to_string()),
            Dressing,
            Mesh3d(meshes.add(Cuboid::from_size(size))),
            MeshMaterial3d(material.clone()),
            Transform::from_translation(at),
            Pickable::IGNORE,
        ));
    };
    let frame_y = FRAME_TOP - FRAME_DEPTH / 2.0;
    let felt_y = FRAME_TOP - FRAME_DEPTH + 0.01;
    match variant {
        Variant::Shatar => {
            let frame = Vec3::new(2.0 * FRAME_HALF, FRAME_DEPTH, 2.0 * FRAME_HALF);
            slab("Board frame", frame, Vec3::Y * frame_y, &looks.frame);
            slab("Felt", Vec3::new(12.6, 0.02, 12.6), Vec3::Y * felt_y, &looks.felt);
            let mut carving = ornament();
            carving.append(coordinates());
            commands.spawn((
                Name::new("Carving"),
                Dressing,
                Mesh3d(meshes.add(carving.into_mesh())),
                MeshMaterial3d(looks.inlay.clone()),
                Pickable::IGNORE,
            ));
        }
        Variant::Shatra => {
            // The ground follows the board: the battlefield, then each
            // side's gate and fortress, with a rim of frame round them.
            let rim = 0.3;
            let field = Vec3::new(7.0 + 2.0 * rim, FRAME_DEPTH, 6.0 + DITCH + 2.0 * rim);
            slab("Battlefield frame", field, Vec3::Y * frame_y, &looks.frame);
            for side in [1.0, -1.0] {
                let gate = Vec3::new(1.0 + 2.0 * rim, FRAME_DEPTH, 1.0 + 2.0 * rim);
                let gate_z = side * (3.5 + DITCH / 2.0);
                slab("Gate frame", gate, Vec3::new(0.0, frame_y, gate_z), &looks.frame);
                let fortress = Vec3::new(3.0 + 2.0 * rim, FRAME_DEPTH, 3.0 + 2.0 * rim);
                let fortress_z = side * (5.5 + DITCH / 2.0);
                slab("Fortress frame", fortress, Vec3::new(0.0, frame_y, fortress_z), &looks.frame);
            }
            // The ditch between the halves, dark water under the rim.
            let ditch = Vec3::new(7.0 + 2.0 * rim, 0.02, DITCH * 0.7);
            slab("Ditch", ditch, Vec3::Y * (FRAME_TOP + 0.005), &looks.water);
            // The great road: gilt lines either side of file d, across the battlefield.
            for x in [-0.5, 0.5] {
                let line = Vec3::new(0.035, 0.006, 6.0 + DITCH);
                slab("Great road", line, Vec3::new(x, 0.003, 0.0), &looks.inlay);
            }
            slab("Felt", Vec3::new(9.6, 0.02, 17.6), Vec3::Y * felt_y, &looks.felt);
        }
    }
}
