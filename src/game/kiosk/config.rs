//! The kiosk's configuration file (TOML). A missing or malformed file, or
//! a bad value, falls back to the defaults with a logged warning: the
//! exhibit always starts.

use crate::ai;
use crate::game::lang::Language;
use crate::rules::RuleOptions;
use crate::shatra::ShatraRules;
use crate::variant::Variant;
use bevy::input::keyboard::KeyCode;
use serde::Deserialize;
use std::path::Path;

/// Everything a curator may set. See `assets/kiosk.toml` for an example.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct KioskConfig {
    /// The language shown at start and after every reset.
    pub language: Language,
    /// Seconds without a touch on the welcome screen, the gallery or the
    /// rules before the attract loop starts.
    pub attract_after: f32,
    /// Seconds without a touch in a game before it returns to the attract loop.
    pub reset_after: f32,
    /// The last seconds of `reset_after`, shown as a countdown that a touch cancels.
    pub countdown: f32,
    /// Seconds without mouse movement before the cursor hides.
    pub hide_cursor_after: f32,
    /// Plies after which an attract game is cut and the next begins, so
    /// that the loop moves on even under rule options that draw nothing.
    pub attract_max_plies: usize,
    /// The computer's levels (1 to 8) offered to visitors, and its level in
    /// the attract loop.
    pub levels: Levels,
    pub rules: RuleOptions,
    /// The games offered to visitors, the first chosen at start; the
    /// attract loop shows them in turn.
    pub variants: Vec<Variant>,
    /// Shatra's rule options (see the README's shatra section).
    pub shatra_rules: ShatraRules,
    /// Keys that, held together, quit the exhibit: names such as "Ctrl",
    /// "Alt", "Shift", "Q", "F12".
    pub exit_chord: Vec<String>,
    /// Corners to tap in this order, within `exit_gesture_seconds`, to quit:
    /// "top-left", "top-right", "bottom-left", "bottom-right". Empty: none.
    pub exit_gesture: Vec<Corner>,
    pub exit_gesture_seconds: f32,
}

#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Levels {
    pub easy: u8,
    pub medium: u8,
    pub hard: u8,
    pub attract: u8,
}

impl Default for Levels {
    fn default() -> Levels {
        Levels { easy: 1, medium: 3, hard: 6, attract: 4 }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Corner {
    TopLeft,
    TopRight,
    BottomLeft,
    BottomRight,
}

impl Default for KioskConfig {
    fn default() -> KioskConfig {
        KioskConfig {
            language: Language::Mn,
            attract_after: 90.0,
            reset_after: 180.0,
            countdown: 15.0,
            hide_cursor_after: 3.0,
            attract_max_plies: 400,
            levels: Levels::default(),
            rules: RuleOptions::default(),
            variants: Variant::BOTH.to_vec(),
            shatra_rules: ShatraRules::default(),
            exit_chord: ["Ctrl", "Alt", "Shift", "Q"].map(String::from).to_vec(),
            exit_gesture: vec![Corner::TopLeft, Corner::TopRight, Corner::BottomRight, Corner::BottomLeft],
            exit_gesture_seconds: 6.0,
        }
    }
}

impl KioskConfig {
    /// The configuration from `path`, or the defaults; each problem found
    /// comes back as a warning to log.
    pub fn load(path: Option<&Path>) -> (KioskConfig, Vec<String>) {
        let Some(path) = path else { return (KioskConfig::default(), Vec::new()) };
        match std::fs::read_to_string(path) {
            Ok(text) => KioskConfig::parse(&text, &path.display().to_string()),
            Err(error) => (
                KioskConfig::default(),
                vec![format!("cannot read the kiosk config {}: {error}; using the defaults", path.display())],
            ),
        }
    }

    /// Parses a configuration, then puts each bad value back to its default.
    pub fn parse(text: &str, name: &str) -> (KioskConfig, Vec<String>) {
        let config = match toml::from_str::<KioskConfig>(text) {
            Ok(config) => config,
            Err(error) => {
                let error = error.to_string().replace('\n', " ");
                let warning = format!("the kiosk config {name} is malformed ({error}); using the defaults");
                return (KioskConfig::default(), vec![warning]);
            }
        };
        let mut warnings = Vec::new();
        let fixed = config.checked(&mut warnings);
        (fixed.clone(), warnings.into_iter().map(|w| format!("kiosk config {name}: {w}")).collect())
    }

    fn checked(mut self, warnings: &mut Vec<String>) -> KioskConfig {
        let defaults = KioskConfig::default();
        let mut time = |value: &mut f32, what: &str, default: f32, range: std::ops::RangeInclusive<f32>| {
            if !value.is_finite() || !range.contains(value) {
                warnings.push(format!(
                    "{what} = {value} is outside {}..={}; using {default}",
                    range.start(),
                    range.end()
                ));
                *value = default;
            }
        };
        time(&mut self.attract_after, "attract_after", defaults.attract_after, 5.0..=86_400.0);
        time(&mut self.reset_after, "reset_after", defaults.reset_after, 10.0..=86_400.0);
        time(&mut self.hide_cursor_after, "hide_cursor_after", defaults.hide_cursor_after, 0.0..=3_600.0);
        time(
            &mut self.exit_gesture_seconds,
            "exit_gesture_seconds",
            defaults.exit_gesture_seconds,
            1.0..=60.0,
        );
        let most = self.reset_after - 1.0;
        time(&mut self.countdown, "countdown", defaults.countdown.min(most), 0.0..=most);
        if !(10..=10_000).contains(&self.attract_max_plies) {
            let default = defaults.attract_max_plies;
            warnings.push(format!(
                "attract_max_plies = {} is outside 10..=10000; using {default}",
                self.attract_max_plies
            ));
            self.attract_max_plies = default;
        }
        let levels = &mut self.levels;
        for (value, what, default) in [
            (&mut levels.easy, "levels.easy", defaults.levels.easy),
            (&mut levels.medium, "levels.medium", defaults.levels.medium),
            (&mut levels.hard, "levels.hard", defaults.levels.hard),
            (&mut levels.attract, "levels.attract", defaults.levels.attract),
        ] {
            if !(1..=ai::MAX_LEVEL).contains(value) {
                warnings.push(format!("{what} = {value} is outside 1..={}; using {default}", ai::MAX_LEVEL));
                *value = default;
            }
        }
        let mut offered: Vec<Variant> = Vec::new();
        for variant in &self.variants {
            if !offered.contains(variant) {
                offered.push(*variant);
            }
        }
        if offered.is_empty() {
            warnings.push("variants is empty; offering both games".into());
            offered = defaults.variants.clone();
        }
        self.variants = offered;
        if let Err(error) = chord_keys(&self.exit_chord) {
            warnings.push(format!("exit_chord: {error}; using {}", defaults.exit_chord.join("+")));
            self.exit_chord = defaults.exit_chord.clone();
        }
        if self.exit_chord.len() < 2 && self.exit_gesture.is_empty() {
            warnings.push("the exit chord needs two keys or more; using the default".into());
            self.exit_chord = defaults.exit_chord;
        }
        self
    }

    /// The exit chord as key groups: each group is satisfied by any of its keys.
    pub fn chord(&self) -> Vec<Vec<KeyCode>> {
        chord_keys(&self.exit_chord).unwrap_or_default()
    }
}

/// Key names to key groups ("Ctrl" is either Control key).
fn chord_keys(names: &[String]) -> Result<Vec<Vec<KeyCode>>, String> {
    if names.is_empty() {
        return Ok(Vec::new());
    }
    names.iter().map(|name| key(name).ok_or_else(|| format!("'{name}' is not a key name"))).collect()
}

fn key(name: &str) -> Option<Vec<KeyCode>> {
    use KeyCode::*;
    const LETTERS: [KeyCode; 26] = [
        KeyA, KeyB, KeyC, KeyD, KeyE, KeyF, KeyG, KeyH, KeyI, KeyJ, KeyK, KeyL, KeyM, KeyN, KeyO, KeyP, KeyQ,
        KeyR, KeyS, KeyT, KeyU, KeyV, KeyW, KeyX, KeyY, KeyZ,
    ];
    const DIGITS: [KeyCode; 10] =
        [Digit0, Digit1, Digit2, Digit3, Digit4, Digit5, Digit6, Digit7, Digit8, Digit9];
    const FUNCTIONS: [KeyCode; 12] = [F1, F2, F3, F4, F5, F6, F7, F8, F9, F10, F11, F12];
    let upper = name.trim().to_ascii_uppercase();
    let single = |code| Some(vec![code]);
    match upper.as_str() {
        "CTRL" | "CONTROL" => Some(vec![ControlLeft, ControlRight]),
        "ALT" => Some(vec![AltLeft, AltRight]),
        "SHIFT" => Some(vec![ShiftLeft, ShiftRight]),
        "SUPER" | "META" => Some(vec![SuperLeft, SuperRight]),
        "SPACE" => single(Space),
        "ENTER" => single(Enter),
        "ESCAPE" | "ESC" => single(Escape),
        "BACKSPACE" => single(Backspace),
        "TAB" => single(Tab),
        _ => {
            let mut chars = upper.chars();
            match (chars.next(), chars.next()) {
                (Some(c @ 'A'..='Z'), None) => single(LETTERS[(c as u8 - b'A') as usize]),
                (Some(c @ '0'..='9'), None) => single(DIGITS[(c as u8 - b'0') as usize]),
                (Some('F'), Some(_)) => {
                    let n: usize = upper[1..].parse().ok()?;
                    (1..=12).contains(&n).then(|| vec![FUNCTIONS[n - 1]])
                }
                _ => None,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_file_is_the_defaults() {
        let text = include_str!("../../../assets/kiosk.toml");
        let (config, warnings) = KioskConfig::parse(text, "assets/kiosk.toml");
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(config, KioskConfig::default());
    }

    #[test]
    fn a_partial_file_keeps_the_other_defaults() {
        let (config, warnings) = KioskConfig::parse("language = \"fr\"\n[levels]\nhard = 8\n", "t");
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(config.language, Language::Fr);
        assert_eq!(config.levels.hard, 8);
        assert_eq!(config.levels.easy, Levels::default().easy);
        assert_eq!(config.reset_after, 180.0);
    }

    #[test]
    fn malformed_files_fall_back_with_a_warning() {
        for bad in [
            "language = ",
            "language = \"de\"",
            "attract_after = \"soon\"",
            "colour = 3",
            "\u{0}\u{1}binary",
            "[levels]\neasy = 300",
        ] {
            let (config, warnings) = KioskConfig::parse(bad, "t");
            assert_eq!(config, KioskConfig::default(), "{bad:?}");
            assert_eq!(warnings.len(), 1, "{bad:?}: {warnings:?}");
        }
    }

    #[test]
    fn bad_values_are_replaced_one_by_one() {
        let text = "language = \"ru\"\nattract_after = -4\ncountdown = 500\nexit_chord = [\"Ctrl\", \"Hyper\"]\n\
                    [levels]\nmedium = 0\nhard = 7\n";
        let (config, warnings) = KioskConfig::parse(text, "t");
        assert_eq!(warnings.len(), 4, "{warnings:?}");
        assert_eq!(config.language, Language::Ru);
        assert_eq!(config.attract_after, 90.0);
        assert_eq!(config.countdown, 15.0);
        assert_eq!(config.levels.medium, Levels::default().medium);
        assert_eq!(config.levels.hard, 7);
        assert_eq!(config.exit_chord, KioskConfig::default().exit_chord);
    }

    #[test]
    fn the_games_offered_are_checked() {
        let (config, warnings) = KioskConfig::parse("variants = [\"shatra\", \"shatra\", \"shatar\"]", "t");
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(config.variants, [Variant::Shatra, Variant::Shatar], "each game once, in order");
        let (config, warnings) = KioskConfig::parse("variants = []", "t");
        assert_eq!(config.variants, KioskConfig::default().variants);
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        let (config, warnings) = KioskConfig::parse("variants = [\"chess\"]", "t");
        assert_eq!(config, KioskConfig::default());
        assert!(warnings[0].contains("malformed"), "{warnings:?}");
        let (config, _) = KioskConfig::parse("[shatra_rules]\ndrops_on_great_road = false\n", "t");
        assert!(!config.shatra_rules.drops_on_great_road);
    }

    #[test]
    fn a_missing_file_is_the_defaults_with_a_warning() {
        let (config, warnings) = KioskConfig::load(Some(Path::new("/no/such/kiosk.toml")));
        assert_eq!(config, KioskConfig::default());
        assert_eq!(warnings.len(), 1);
        assert_eq!(KioskConfig::load(None).1.len(), 0);
    }

    #[test]
    fn chord_names_become_key_groups() {
        let config = KioskConfig { exit_chord: ["ctrl", "F12", "7"].map(String::from).to_vec(), ..default() };
        assert_eq!(
            config.chord(),
            vec![
                vec![KeyCode::ControlLeft, KeyCode::ControlRight],
                vec![KeyCode::F12],
                vec![KeyCode::Digit7]
            ]
        );
    }

    fn default<T: Default>() -> T {
        T::default()
    }
}
