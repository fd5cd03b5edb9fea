//! Frame times, for measuring: with `--frame-stats` the game prints, on
//! exit, the worst and mean frame while the computer thinks and otherwise.

use super::opponent::Thinking;
use bevy::prelude::*;
use std::time::Duration;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<FrameStats>();
    app.add_systems(Last, (record, report_on_exit).chain());
}

/// Frames after start-up (the first ones compile shaders).
const WARM_UP_FRAMES: u64 = 30;

#[derive(Resource, Default, Debug)]
pub struct FrameStats {
    seen: u64,
    pub thinking: FrameTimes,
    pub idle: FrameTimes,
}

#[derive(Default, Debug)]
pub struct FrameTimes {
    pub frames: u64,
    pub worst: Duration,
    pub total: Duration,
}

impl FrameTimes {
    fn add(&mut self, frame: Duration) {
        self.frames += 1;
        self.worst = self.worst.max(frame);
        self.total += frame;
    }

    fn describe(&self) -> String {
        let mean = self.total.checked_div(self.frames.max(1) as u32).unwrap_or_default();
        format!("{} frames, worst {:.1} ms, mean {:.1} ms", self.frames, ms(self.worst), ms(mean))
    }
}

fn ms(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}

fn record(time: Res<Time<Real>>, thinking: Query<(), With<Thinking>>, mut stats: ResMut<FrameStats>) {
    stats.seen += 1;
    if stats.seen <= WARM_UP_FRAMES {
        return;
    }
    let frame = time.delta();
    if thinking.is_empty() { stats.idle.add(frame) } else { stats.thinking.add(frame) }
}

fn report_on_exit(mut exits: MessageReader<AppExit>, stats: Res<FrameStats>) {
    if exits.read().next().is_some() {
        eprintln!("frames while the computer thinks: {}", stats.thinking.describe());
        eprintln!("frames otherwise: {}", stats.idle.describe());
    }
}
