//! The real binary under Xvfb with Mesa's lavapipe Vulkan driver: replay
//! moves, take a screenshot, and check the picture.
#![cfg(feature = "game")]

use bevy::camera::CameraProjection;
use bevy::prelude::*;
use shatar::game::{View, camera_projection, square_center, view_transform};
use shatar::rules::Square;
use shatar::variant::{Cell, Variant};
use std::path::Path;
use std::process::Command;
use std::sync::Mutex;

const WIDTH: u32 = 1024;
const HEIGHT: u32 = 640;
const MOVES: &str = "d2d4 d7d5 e2e3";

struct Picture {
    width: u32,
    height: u32,
    rgb: Vec<u8>,
}

impl Picture {
    fn load(path: &Path) -> Picture {
        let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut reader = png::Decoder::new(std::io::BufReader::new(file)).read_info().expect("a PNG");
        let mut buffer = vec![0; reader.output_buffer_size().expect("a size")];
        let info = reader.next_frame(&mut buffer).expect("a frame");
        assert_eq!(info.color_type, png::ColorType::Rgb, "the game writes RGB");
        buffer.truncate(info.buffer_size());
        Picture { width: info.width, height: info.height, rgb: buffer }
    }

    fn pixel(&self, x: u32, y: u32) -> [f32; 3] {
        let i = ((y.min(self.height - 1) * self.width + x.min(self.width - 1)) * 3) as usize;
        [f32::from(self.rgb[i]), f32::from(self.rgb[i + 1]), f32::from(self.rgb[i + 2])]
    }

    /// The mean colour of a 5x5 patch around a world point, over Shatar's board.
    fn at(&self, world: Vec3) -> [f32; 3] {
        self.at_in(Variant::Shatar, world)
    }

    /// The mean colour of a 5x5 patch around a world point, over a variant's board.
    fn at_in(&self, variant: Variant, world: Vec3) -> [f32; 3] {
        let (x, y) = project_from(View::Top, variant, world, self.width, self.height);
        let mut sum = [0.0; 3];
        for dy in -2..=2 {
            for dx in -2..=2 {
                let p = self.pixel((x + dx).max(0) as u32, (y + dy).max(0) as u32);
                for c in 0..3 {
                    sum[c] += p[c] / 25.0;
                }
            }
        }
        sum
    }
}

/// Where the game's camera, at rest in a view of a variant's board, shows a world point.
fn project_from(view: View, variant: Variant, world: Vec3, width: u32, height: u32) -> (i32, i32) {
    let mut projection = camera_projection();
    projection.update(width as f32, height as f32);
    let view = view_transform(view, variant).to_matrix().inverse();
    let clip = projection.get_clip_from_view() * view * world.extend(1.0);
    let ndc = clip.truncate() / clip.w;
    let x = (ndc.x + 1.0) / 2.0 * width as f32;
    let y = (1.0 - ndc.y) / 2.0 * height as f32;
    (x.round() as i32, y.round() as i32)
}

fn sq(name: &str) -> Square {
    Square::parse(name).expect("a square")
}

/// The centre of a Shatar square.
fn center(square: Square) -> Vec3 {
    square_center(Variant::Shatar, square.into())
}

fn luminance(c: [f32; 3]) -> f32 {
    0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
}

/// One game under Xvfb at a time: two lavapipe renderers on two cores
/// would slow each other down.
static XVFB: Mutex<()> = Mutex::new(());

/// The game binary under `xvfb-run` with lavapipe, with `runtime` as its
/// runtime and data folder.
fn under_xvfb(runtime: &Path) -> Command {
    let mut command = Command::new("xvfb-run");
    command.env("XDG_RUNTIME_DIR", runtime).env("SHATAR_DATA_DIR", runtime).args([
        "-a",
        "-s",
        "-screen 0 1280x720x24",
        "env",
        "WGPU_BACKEND=vulkan",
        env!("CARGO_BIN_EXE_shatar"),
    ]);
    command
}

/// Renders the game after `moves`, from the top, with `extra` arguments.
fn screenshot(moves: &str, extra: &[&str], out: &Path) {
    let _one_at_a_time = XVFB.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let size = format!("{WIDTH}x{HEIGHT}");
    let status = under_xvfb(out.parent().expect("the PNG's folder"))
        .args(["--moves", moves, "--view", "top", "--size", &size])
        .args(extra)
        .arg("--screenshot")
        .arg(out)
        .status()
        .expect("xvfb-run must be installed (Debian: xvfb); scripts/test installs it");
    assert!(status.success(), "the game exited with {status}");
}

/// Not blank, not black, and light squares lighter than dark ones.
fn assert_board_drawn(picture: &Picture) {
    assert_eq!((picture.width, picture.height), (WIDTH, HEIGHT));
    let lums: Vec<f32> =
        picture.rgb.chunks(3).map(|p| luminance([p[0].into(), p[1].into(), p[2].into()])).collect();
    let mean = lums.iter().sum::<f32>() / lums.len() as f32;
    let spread = (lums.iter().map(|l| (l - mean).powi(2)).sum::<f32>() / lums.len() as f32).sqrt();
    assert!(mean > 20.0 && spread > 20.0, "a blank or black frame: mean {mean}, spread {spread}");
    let light = picture.at(center(sq("f3")));
    let dark = picture.at(center(sq("c3")));
    assert!(luminance(light) > luminance(dark) + 30.0, "squares: light {light:?}, dark {dark:?}");
}

/// Bevy compiles render pipelines on the task pool the computer searches
/// on; a long search must not keep the board from being drawn, nor the
/// screenshot from waiting for it.
#[test]
fn the_board_renders_while_the_computer_thinks() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let out = dir.path().join("thinking.png");
    // After e2e3 Black, at the top level, thinks for seconds.
    screenshot(MOVES, &["--black", "ai", "--level", "8"], &out);
    assert_board_drawn(&Picture::load(&out));
}

#[test]
fn screenshot_shows_board_pieces_and_the_last_move() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let out = dir.path().join("shot.png");
    screenshot(MOVES, &[], &out);
    let picture = Picture::load(&out);
    assert_board_drawn(&picture);

    // Pieces: an ivory tereg stands out on its dark square, a red one on its light square.
    let ivory = picture.at(center(sq("a1")));
    let empty_dark = picture.at(center(sq("a3")));
    assert!(luminance(ivory) > luminance(empty_dark) + 40.0, "ivory {ivory:?} on a1, empty {empty_dark:?}");
    let red = picture.at(center(sq("a8")));
    let empty_light = picture.at(center(sq("a6")));
    assert!(red[1] + 40.0 < empty_light[1], "red {red:?} on a8, empty {empty_light:?}");

    // The last move, e2-e3, is tinted amber; no empty square is. Each square
    // is compared with the median of the empty squares of its own colour,
    // sampled at their centres; e3, which holds the child, on its left edge,
    // away from its shadow.
    let position = *shatar::game::replay(MOVES).expect("legal moves").position();
    for parity in [0, 1] {
        let same = |s: &Square| (s.file() + s.rank()) % 2 == parity;
        let plain: Vec<(Square, [f32; 3])> = Square::all()
            .filter(|s| {
                same(s) && position.piece_at(*s).is_none() && !["e2", "e3"].contains(&s.to_string().as_str())
            })
            .map(|s| (s, picture.at(center(s))))
            .collect();
        let median: [f32; 3] = std::array::from_fn(|c| {
            let mut values: Vec<f32> = plain.iter().map(|(_, color)| color[c]).collect();
            values.sort_by(f32::total_cmp);
            values[values.len() / 2]
        });
        for (square, color) in &plain {
            let off = distance(*color, median);
            assert!(off < 15.0, "{square} looks marked: {color:?}, plain {median:?}");
        }
        let marked = [("e2", Vec3::ZERO), ("e3", Vec3::new(-0.4, 0.0, 0.0))];
        for (name, offset) in marked.into_iter().filter(|(name, _)| same(&sq(name))) {
            let color = picture.at(center(sq(name)) + offset);
            let off = distance(color, median);
            assert!(off > 40.0, "{name} is not highlighted: {color:?}, plain {median:?}");
        }
    }
}

fn distance(a: [f32; 3], b: [f32; 3]) -> f32 {
    (0..3).map(|c| (a[c] - b[c]).powi(2)).sum::<f32>().sqrt()
}

/// Real X pointer events, sent with xdotool, go through Bevy's mesh picking
/// to the game: two clicks play d2-d4, the computer answers, and Ctrl+C
/// closes the game, which keeps it in `autosave.json`. The script waits on
/// the game's log, not on the clock: under load lavapipe's first frames
/// take tens of seconds.
#[test]
fn real_pointer_clicks_play_a_move_and_closing_keeps_the_game() {
    let _one_at_a_time = XVFB.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let dir = tempfile::tempdir().expect("a temporary directory");
    let click = |name: &str| {
        let (x, y) = project_from(View::White, Variant::Shatar, center(sq(name)), WIDTH, HEIGHT);
        format!("click {x} {y}")
    };
    let script = format!(
        r#"set -m
log="$(mktemp)"
"$0" --white human --black ai --size {WIDTH}x{HEIGHT} 2> "$log" &
game=$!
timeout 60 xdotool search --sync --name '^Shatar$' > /dev/null || exit 90
# lavapipe draws a few frames a second, and picking needs a frame or two
# after the pointer moves, so every step waits; the two clicks are tried
# again, each time more slowly, until the move is played.
click() {{
  xdotool mousemove --sync $1 $2; sleep $pause
  xdotool mousemove --sync $(($1 + 1)) $(($2 + 1)); sleep $pause
  xdotool mousedown 1; sleep $(($pause / 2)).5; xdotool mouseup 1; sleep $pause
}}
for pause in 1 2 3 4 5 6; do
  sleep 3
  {}
  {}
  grep -q "plays d2d4" "$log" && break
done
for wait in $(seq 60); do
  grep -q "plays d7d5" "$log" && break
  sleep 1
done
sleep 1
kill -INT $game
wait $game
status=$?
cat "$log" >&2
exit $status
"#,
        click("d2"),
        click("d4"),
    );
    let output = drive(&script, dir.path());
    let log = String::from_utf8_lossy(&output.stderr);
    // Bevy exits with 130 after Ctrl+C.
    assert_eq!(output.status.code(), Some(130), "the game did not close as asked: {log}");
    let saved = dir.path().join("saves").join(shatar::game::AUTOSAVE);
    let record = shatar::rules::GameRecord::load(&saved)
        .unwrap_or_else(|error| panic!("the game was kept on closing: {error}\n{log}"));
    assert_eq!(
        record.moves.get(..2),
        Some(&["d2d4".to_string(), "d7d5".to_string()][..]),
        "{:?}",
        record.moves
    );
}

/// "Learn the pieces" on the title opens the gallery, and Escape closes
/// it, with real X events.
#[test]
fn the_title_opens_the_gallery() {
    let _one_at_a_time = XVFB.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let dir = tempfile::tempdir().expect("a temporary directory");
    // The title window is centred; its last button sits 113 pixels below
    // the centre.
    let (x, y) = (WIDTH / 2, HEIGHT / 2 + 113);
    let script = format!(
        r#"set -m
log="$(mktemp)"
"$0" --size {WIDTH}x{HEIGHT} 2> "$log" &
game=$!
timeout 60 xdotool search --sync --name '^Shatar$' > /dev/null || exit 90
# lavapipe draws a frame or two a second, and the first ones take longer:
# egui needs a frame to see the pointer over the button before the press,
# so the click is tried again until the gallery opens.
for try in 1 2 3 4 5 6; do
  sleep 3
  xdotool mousemove --sync {x} {y}; sleep 1.5
  xdotool mousemove --sync {x1} {y1}; sleep 1.5
  xdotool mousedown 1; sleep 0.5; xdotool mouseup 1; sleep 2
  grep -q "gallery opens" "$log" && break
done
# There is no window manager to give the window the keyboard.
xdotool search --name '^Shatar$' windowfocus --sync; sleep 1
xdotool key Right; sleep 2
xdotool key Escape; sleep 3
kill -INT $game
wait $game
status=$?
cat "$log" >&2
exit $status
"#,
        x1 = x + 1,
        y1 = y + 1,
    );
    let output = drive(&script, dir.path());
    let log = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(130), "the game did not close as asked: {log}");
    let opened =
        log.find("the piece gallery opens").unwrap_or_else(|| panic!("the button opens the gallery: {log}"));
    let closed = log.find("the piece gallery closes").expect("Escape closes the gallery");
    assert!(opened < closed);
}

/// Runs a bash script under Xvfb, with the game binary as `$0` and `dir`
/// as its data and runtime folder; the script drives it with xdotool.
fn drive(script: &str, dir: &Path) -> std::process::Output {
    Command::new("timeout")
        .args(["300", "xvfb-run", "-a", "-s", "-screen 0 1280x720x24", "bash", "-c", script])
        .arg(env!("CARGO_BIN_EXE_shatar"))
        .env("SHATAR_DATA_DIR", dir)
        .env("XDG_RUNTIME_DIR", dir)
        .env("WGPU_BACKEND", "vulkan")
        .output()
        .expect("timeout, xvfb-run and xdotool must be installed; scripts/test installs them")
}

#[test]
fn a_bad_move_is_a_clear_error() {
    let output = Command::new(env!("CARGO_BIN_EXE_shatar"))
        .args(["--moves", "d2d4 e7e5"])
        .output()
        .expect("the game binary runs");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("move 2 (e7e5)"), "{stderr}");
}

#[test]
fn a_bad_record_is_a_clear_error() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("broken.json");
    std::fs::write(&path, "{ not json").expect("written");
    let output = Command::new(env!("CARGO_BIN_EXE_shatar")).arg("--load").arg(&path).output().expect("runs");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("broken.json"), "{stderr}");
}

#[test]
fn a_bad_size_is_a_clear_error() {
    let output = Command::new(env!("CARGO_BIN_EXE_shatar")).args(["--size", "big"]).output().expect("runs");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("not a size"));
}

/// The gallery's close-ups of all twelve figures: each renders, the two
/// sides differ in colour, the six figures differ in silhouette, and the
/// child is the smallest.
#[test]
fn all_twelve_figures_render_and_differ() {
    let _one_at_a_time = XVFB.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let dir = tempfile::tempdir().expect("a temporary directory");
    let status = under_xvfb(dir.path())
        .args(["--size", &format!("{WIDTH}x{HEIGHT}"), "--gallery-shots"])
        .arg(dir.path())
        .status()
        .expect("xvfb-run must be installed (Debian: xvfb); scripts/test installs it");
    assert!(status.success(), "the game exited with {status}");
    let empty = Picture::load(&dir.path().join("empty.png"));
    assert_eq!((empty.width, empty.height), (WIDTH, HEIGHT));
    let kinds = ["noyon", "bers", "teme", "mori", "tereg", "child"];
    let mut figures = Vec::new();
    for side in ["white", "black"] {
        for kind in kinds {
            let shot = Picture::load(&dir.path().join(format!("{side}-{kind}.png")));
            let figure = Figure::against(&shot, &empty);
            eprintln!(
                "{side} {kind}: {} pixels, {} rows high, mean colour {:?}",
                figure.area,
                figure.height,
                figure.mean.map(|c| c.round())
            );
            assert!(figure.area > (WIDTH * HEIGHT / 200) as usize, "{side} {kind} is missing or tiny");
            figures.push(figure);
        }
    }
    let (white, black) = figures.split_at(kinds.len());
    for (k, kind) in kinds.iter().enumerate() {
        let (w, b) = (&white[k].mean, &black[k].mean);
        assert!(luminance(*w) > luminance(*b) + 50.0, "{kind}: ivory {w:?} is not lighter than red {b:?}");
        assert!(b[0] > 2.0 * b[1] && b[0] > 2.0 * b[2], "{kind}: red lacquer is not red: {b:?}");
        assert!(w[1] > 0.7 * w[0], "{kind}: ivory is not pale: {w:?}");
    }
    for side in [white, black] {
        for a in 0..kinds.len() {
            for b in a + 1..kinds.len() {
                let overlap = side[a].overlap(&side[b]);
                assert!(
                    overlap < 0.75,
                    "{} and {} have nearly one silhouette ({overlap:.2})",
                    kinds[a],
                    kinds[b]
                );
            }
        }
        let child = &side[kinds.len() - 1];
        for other in &side[..kinds.len() - 1] {
            assert!(child.area < other.area && child.height < other.height, "the child is not the smallest");
        }
    }
}

/// The pixels where a shot differs from the empty stand.
struct Figure {
    mask: Vec<bool>,
    area: usize,
    height: usize,
    mean: [f32; 3],
}

impl Figure {
    fn against(shot: &Picture, empty: &Picture) -> Figure {
        let mut mask = Vec::with_capacity((WIDTH * HEIGHT) as usize);
        let mut sum = [0.0; 3];
        let (mut top, mut bottom) = (u32::MAX, 0);
        for y in 0..shot.height {
            for x in 0..shot.width {
                let (a, b) = (shot.pixel(x, y), empty.pixel(x, y));
                let inside = distance(a, b) > 30.0;
                if inside {
                    (0..3).for_each(|c| sum[c] += a[c]);
                    top = top.min(y);
                    bottom = bottom.max(y);
                }
                mask.push(inside);
            }
        }
        let area = mask.iter().filter(|&&inside| inside).count();
        let mean = sum.map(|s| s / area.max(1) as f32);
        Figure { mask, area, height: bottom.saturating_sub(top) as usize, mean }
    }

    /// Intersection over union of two silhouettes.
    fn overlap(&self, other: &Figure) -> f32 {
        let both = self.mask.iter().zip(&other.mask).filter(|(a, b)| **a && **b).count();
        let either = self.mask.iter().zip(&other.mask).filter(|(a, b)| **a || **b).count();
        both as f32 / either.max(1) as f32
    }
}

/// The kiosk, fullscreen on the 1280x720 Xvfb screen, written to `out`.
fn kiosk_shot(extra: &[&str], out: &Path) -> Picture {
    let _one_at_a_time = XVFB.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    // The folder outlives the run: never read an earlier run's picture.
    if let Err(error) = std::fs::remove_file(out)
        && error.kind() != std::io::ErrorKind::NotFound
    {
        panic!("cannot remove the earlier picture {}: {error}", out.display());
    }
    let status = under_xvfb(out.parent().expect("the PNG's folder"))
        .arg("--kiosk")
        .args(extra)
        .arg("--screenshot")
        .arg(out)
        .status()
        .expect("xvfb-run must be installed (Debian: xvfb); scripts/test installs it");
    assert!(status.success(), "the kiosk exited with {status}");
    let picture = Picture::load(out);
    assert_eq!((picture.width, picture.height), (1280, 720), "the kiosk fills the screen");
    picture
}

/// The share of pixels in a rectangle that differ clearly between two pictures.
fn differing(a: &Picture, b: &Picture, (x0, y0, x1, y1): (u32, u32, u32, u32)) -> f32 {
    let mut count = 0;
    for y in y0..y1 {
        for x in x0..x1 {
            let (p, q) = (a.pixel(x, y), b.pixel(x, y));
            if (0..3).any(|c| (p[c] - q[c]).abs() > 40.0) {
                count += 1;
            }
        }
    }
    count as f32 / ((x1 - x0) * (y1 - y0)) as f32
}

/// The mean colour of a rectangle, for failure messages.
fn mean_colour(picture: &Picture, (x0, y0, x1, y1): (u32, u32, u32, u32)) -> [u32; 3] {
    let mut sum = [0.0; 3];
    for y in y0..y1 {
        for x in x0..x1 {
            let p = picture.pixel(x, y);
            (0..3).for_each(|c| sum[c] += p[c]);
        }
    }
    sum.map(|total| (total / ((x1 - x0) * (y1 - y0)) as f32).round() as u32)
}

/// The share of pixels in a rectangle close to the kiosk panels' dark blue.
fn panel_share(picture: &Picture, (x0, y0, x1, y1): (u32, u32, u32, u32)) -> f32 {
    let mut count = 0;
    for y in y0..y1 {
        for x in x0..x1 {
            let p = picture.pixel(x, y);
            if (p[0] - 18.0).abs() < 12.0 && (p[1] - 22.0).abs() < 12.0 && (p[2] - 34.0).abs() < 12.0 {
                count += 1;
            }
        }
    }
    count as f32 / ((x1 - x0) * (y1 - y0)) as f32
}

#[test]
fn kiosk_screens_render_in_every_language() {
    // Kept after the run, so that a failure can be looked at.
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("kiosk-screens");
    std::fs::create_dir_all(&dir).expect("the pictures' folder");
    let centre = (380, 90, 900, 560);
    let left = (0, 0, 300, 720);
    let welcome: Vec<Picture> = ["mn", "en", "fr", "ru"]
        .iter()
        .map(|lang| kiosk_shot(&["--lang", lang], &dir.join(format!("welcome-{lang}.png"))))
        .collect();
    for (i, a) in welcome.iter().enumerate() {
        assert!(panel_share(a, centre) > 0.4, "the welcome panel is drawn ({i})");
        for b in &welcome[i + 1..] {
            let text = differing(a, b, centre);
            assert!(text > 0.004, "each language has its own words: {text}");
            assert!(differing(a, b, left) < 0.01, "only the words change");
        }
    }
    let attract = kiosk_shot(&["--kiosk-screen", "attract", "--lang", "en"], &dir.join("attract.png"));
    assert!(
        differing(&attract, &welcome[1], centre) > 0.3,
        "the attract loop shows the board, not the welcome"
    );
    let invitation = (440, 30, 840, 105);
    let share = panel_share(&attract, invitation);
    assert!(
        share > 0.3,
        "the invitation to touch is shown at the top: {share} of its pixels are the panel's, mean colour {:?}, in {}",
        mean_colour(&attract, invitation),
        dir.join("attract.png").display()
    );
    let rules = kiosk_shot(&["--kiosk-screen", "rules", "--lang", "en"], &dir.join("rules.png"));
    assert!(panel_share(&rules, (60, 70, 1220, 560)) > 0.4, "the rules card covers the screen");
    assert!(differing(&rules, &welcome[1], centre) > 0.2, "the rules card is not the welcome");
}

/// Escape, Alt+F4, Ctrl+W and Ctrl+Q do nothing; a click ends the attract
/// loop; 200 random clicks anywhere but the corners, on the overlay's
/// buttons and the board, neither crash nor close it; the config's chord
/// closes the exhibit, and a bad value in the config is only a warning.
#[test]
fn a_visitor_cannot_leave_the_kiosk_but_the_staff_can() {
    let _one_at_a_time = XVFB.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let dir = tempfile::tempdir().expect("a temporary directory");
    let config = dir.path().join("kiosk.toml");
    std::fs::write(
        &config,
        "language = \"fr\"\nattract_after = 1\nexit_chord = [\"Ctrl\", \"Alt\", \"K\"]\n",
    )
    .expect("config written");
    let mut rng = fastrand::Rng::with_seed(6);
    let monkey: String = (0..200)
        .map(|_| {
            let (x, y) = (rng.u32(140..1140), rng.u32(80..640));
            let button = [1, 1, 1, 1, 3][rng.usize(0..5)];
            format!("xdotool mousemove {x} {y} click {button}; sleep 0.1\n")
        })
        .collect();
    let script = format!(
        r#"set -m
log="$(mktemp)"
"$0" --kiosk --config {config} --kiosk-screen attract 2> "$log" &
game=$!
timeout 60 xdotool search --sync --name '^Shatar$' > /dev/null || exit 90
sleep 12
xdotool mousemove --sync 640 360; sleep 1
xdotool mousedown 1; sleep 0.5; xdotool mouseup 1; sleep 3
{monkey}
sleep 3
xdotool search --name '^Shatar$' windowfocus --sync; sleep 1
for keys in Escape alt+F4 ctrl+w ctrl+q alt+Tab; do
  xdotool key $keys; sleep 2
done
kill -0 $game || {{ cat "$log" >&2; echo "a visitor closed the kiosk" >&2; exit 91; }}
xdotool key ctrl+alt+k
for i in $(seq 30); do kill -0 $game 2>/dev/null || break; sleep 1; done
kill -0 $game 2>/dev/null && {{ kill -INT $game; cat "$log" >&2; echo "the chord did not close it" >&2; exit 92; }}
wait $game
status=$?
cat "$log" >&2
exit $status
"#,
        config = config.display(),
    );
    let output = drive(&script, dir.path());
    let log = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "the staff's chord closes the kiosk cleanly: {log}");
    assert!(log.contains("attract_after = 1 is outside"), "the bad value is a warning: {log}");
    assert!(log.contains("a visitor: the attract loop stops"), "a click ends the attract loop: {log}");
    assert!(log.contains("the staff's exit chord"), "{log}");
    assert!(!log.contains("panicked"), "{log}");
}

/// The centre of a shatra square.
fn shatra_center(name: &str) -> Vec3 {
    square_center(Variant::Shatra, Cell::parse(name).expect("a square"))
}

/// Shatra's board from the top, after a drop each: the ditch, a fortress,
/// the men in their colours, and the tournament discs with their marks.
#[test]
fn shatra_renders_its_board_men_and_discs() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let (figures_png, discs_png) = (dir.path().join("figures.png"), dir.path().join("discs.png"));
    screenshot("d3*c6 d12*e9", &["--variant", "shatra"], &figures_png);
    screenshot("d3*c6 d12*e9", &["--variant", "shatra", "--discs"], &discs_png);
    let (figures, discs) = (Picture::load(&figures_png), Picture::load(&discs_png));
    assert_eq!((figures.width, figures.height), (WIDTH, HEIGHT));
    let at = |picture: &Picture, name: &str| picture.at_in(Variant::Shatra, shatra_center(name));

    // The ditch, dark water between ranks 7 and 8.
    let ditch = figures.at_in(Variant::Shatra, (shatra_center("b7") + shatra_center("b8")) / 2.0);
    for side in ["b7", "b8"] {
        let square = at(&figures, side);
        assert!(luminance(ditch) + 60.0 < luminance(square), "ditch {ditch:?}, {side} {square:?}");
    }
    // The fortress's brick red against the battlefield's pale wood, both
    // light squares, both empty (d3's tura was dropped onto c6).
    let (fortress, field) = (at(&figures, "d3"), at(&figures, "b7"));
    assert!(fortress[0] - fortress[1] > field[0] - field[1] + 20.0, "fortress {fortress:?}, field {field:?}");
    // The men: the ivory tura on c6, the red tura on e9.
    let (ivory, empty_dark) = (at(&figures, "c6"), at(&figures, "c7"));
    assert!(luminance(ivory) > luminance(empty_dark) + 40.0, "ivory {ivory:?}, empty {empty_dark:?}");
    let (red, empty) = (at(&figures, "e9"), at(&figures, "g9"));
    assert!(red[1] + 40.0 < empty[1], "red {red:?} on e9, empty {empty:?}");

    // Discs in place of figures: the ivory tura's disc bears a red square,
    // the red tura's an ivory one; empty squares are unchanged.
    let (marked, carved) = (at(&discs, "c6"), at(&figures, "c6"));
    assert!(marked[1] + 40.0 < carved[1], "the tura's disc {marked:?}, its figure {carved:?}");
    let black_mark = at(&discs, "e9");
    assert!(black_mark[1] > red[1] + 60.0, "an ivory mark {black_mark:?} on the red disc");
    let (plain_a, plain_b) = (at(&discs, "g7"), at(&figures, "g7"));
    assert!(distance(plain_a, plain_b) < 20.0, "g7 differs: {plain_a:?} and {plain_b:?}");
}
