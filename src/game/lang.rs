//! The languages of the kiosk, the gallery and the game's check calls.
//! Every string they show comes from a translation file in `assets/lang/`,
//! built into the program so that an exhibit never starts without its words.

use crate::rules::{CheckKind, CheckKinds, Outcome, PieceKind, Reason, StalemateRule};
use crate::shatra::{self, ManKind};
use crate::variant::{AnyOutcome, Variant};
use bevy::prelude::*;
use serde::Deserialize;
use std::collections::BTreeMap;

/// A language of the exhibit.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    /// Mongolian, in Cyrillic.
    Mn,
    #[default]
    En,
    Fr,
    Ru,
}

impl Language {
    pub const ALL: [Language; 4] = [Language::Mn, Language::En, Language::Fr, Language::Ru];

    pub fn code(self) -> &'static str {
        match self {
            Language::Mn => "mn",
            Language::En => "en",
            Language::Fr => "fr",
            Language::Ru => "ru",
        }
    }

    /// The translation file, as built in.
    pub fn source(self) -> &'static str {
        match self {
            Language::Mn => include_str!("../../assets/lang/mn.toml"),
            Language::En => include_str!("../../assets/lang/en.toml"),
            Language::Fr => include_str!("../../assets/lang/fr.toml"),
            Language::Ru => include_str!("../../assets/lang/ru.toml"),
        }
    }
}

/// One language's strings, by dotted key (`welcome.title`).
pub type Table = BTreeMap<String, String>;

/// Reads a translation file into dotted keys.
pub fn parse(text: &str) -> Result<Table, toml::de::Error> {
    let root: toml::Table = toml::from_str(text)?;
    let mut table = Table::new();
    flatten("", &root, &mut table);
    Ok(table)
}

fn flatten(prefix: &str, node: &toml::Table, out: &mut Table) {
    for (key, value) in node {
        let key = if prefix.is_empty() { key.clone() } else { format!("{prefix}.{key}") };
        match value {
            toml::Value::Table(inner) => flatten(&key, inner, out),
            toml::Value::String(text) => {
                out.insert(key, text.clone());
            }
            // Only strings are words; the tests find any other value missing.
            _ => {}
        }
    }
}

/// The words of every language, and the one shown now.
#[derive(Resource, Debug)]
pub struct Words {
    tables: [Table; 4],
    pub language: Language,
}

impl Default for Words {
    fn default() -> Words {
        Words::new(Language::default())
    }
}

impl Words {
    pub fn new(language: Language) -> Words {
        let tables = Language::ALL.map(|lang| {
            parse(lang.source()).unwrap_or_else(|error| {
                error!("the {} translation file is broken: {error}", lang.code());
                Table::new()
            })
        });
        Words { tables, language }
    }

    /// The string for `key` in the current language; failing that English,
    /// failing that the key itself, so a gap shows but never stops the game.
    pub fn get<'a>(&'a self, key: &'a str) -> &'a str {
        self.get_in(self.language, key)
    }

    pub fn get_in<'a>(&'a self, language: Language, key: &'a str) -> &'a str {
        self.tables[language as usize]
            .get(key)
            .or_else(|| self.tables[Language::En as usize].get(key))
            .map_or(key, String::as_str)
    }

    /// The string for `key` with each `{name}` filled in.
    pub fn fill(&self, key: &str, values: &[(&str, &str)]) -> String {
        let mut text = self.get(key).to_string();
        for (name, value) in values {
            text = text.replace(&format!("{{{name}}}"), value);
        }
        text
    }

    /// A piece's name in the current language.
    pub fn piece(&self, kind: PieceKind) -> &str {
        self.get(piece_key(kind, "name"))
    }

    /// A piece's name in Mongolian.
    pub fn piece_mn(&self, kind: PieceKind) -> &str {
        self.get_in(Language::Mn, piece_key(kind, "name"))
    }

    /// The calls for these checks, e.g. "Shak! Tuk!".
    pub fn checks(&self, checks: CheckKinds) -> Option<String> {
        let calls: Vec<&str> = checks
            .iter()
            .map(|kind| match kind {
                CheckKind::Shak => self.get("check.shak"),
                CheckKind::Tuk => self.get("check.tuk"),
                CheckKind::Tsod => self.get("check.tsod"),
            })
            .collect();
        (!calls.is_empty()).then(|| calls.join(" "))
    }

    /// The result and its reason, on two lines' worth of words.
    pub fn outcome(&self, outcome: Outcome) -> (String, &str) {
        let head = self.result(outcome.winner());
        let reason = match (outcome.reason(), outcome.winner()) {
            (Reason::Stalemate, Some(_)) => "reason.stalemate_win",
            (Reason::Stalemate, None) => "reason.stalemate_draw",
            (reason, _) => reason_key(reason),
        };
        (head, self.get(reason))
    }

    /// "Ivory wins", or "Draw".
    fn result(&self, winner: Option<crate::rules::Color>) -> String {
        match winner {
            Some(winner) => self.fill("game.wins", &[("side", self.get(side_key(winner)))]),
            None => self.get("game.draw").to_string(),
        }
    }

    /// The result of either game and its reason.
    pub fn any_outcome(&self, outcome: AnyOutcome) -> (String, &str) {
        let outcome = match outcome {
            AnyOutcome::Shatar(outcome) => return self.outcome(outcome),
            AnyOutcome::Shatra(outcome) => outcome,
        };
        let head = self.result(outcome.winner());
        let reason = match outcome.reason() {
            shatra::Reason::BiyCaptured => "reason.biy_captured",
            shatra::Reason::Stalemate => "reason.stalemate_win",
            shatra::Reason::Resignation => "reason.resignation",
            shatra::Reason::Repetition => "reason.repetition",
            shatra::Reason::QuietLimit => "reason.quiet_limit",
            shatra::Reason::Agreement => "reason.agreement",
        };
        (head, self.get(reason))
    }

    /// The rules card's line on stalemate, as the rule option says.
    pub fn stalemate_rule(&self, rule: StalemateRule) -> &str {
        match rule {
            StalemateRule::Win => self.get("rules.stalemate_win"),
            StalemateRule::Draw => self.get("rules.stalemate_draw"),
        }
    }
}

pub fn side_key(side: crate::rules::Color) -> &'static str {
    match side {
        crate::rules::Color::White => "side.white",
        crate::rules::Color::Black => "side.black",
    }
}

/// `piece.<kind>.<field>`.
pub fn piece_key(kind: PieceKind, field: &str) -> &'static str {
    const FIELDS: [&str; 3] = ["name", "gloss", "about"];
    const KEYS: [[&str; 3]; 6] = [
        ["piece.noyon.name", "piece.noyon.gloss", "piece.noyon.about"],
        ["piece.bers.name", "piece.bers.gloss", "piece.bers.about"],
        ["piece.teme.name", "piece.teme.gloss", "piece.teme.about"],
        ["piece.mori.name", "piece.mori.gloss", "piece.mori.about"],
        ["piece.tereg.name", "piece.tereg.gloss", "piece.tereg.about"],
        ["piece.child.name", "piece.child.gloss", "piece.child.about"],
    ];
    let field = FIELDS.iter().position(|&f| f == field).unwrap_or(0);
    KEYS[kind.index()][field]
}

/// `man.<kind>`: a shatra man's Altai name.
pub fn man_key(kind: ManKind) -> &'static str {
    match kind {
        ManKind::Biy => "man.biy",
        ManKind::Batir => "man.batir",
        ManKind::Tura => "man.tura",
        ManKind::Jalkin => "man.jalkin",
        ManKind::Shatra => "man.shatra",
    }
}

/// `variant.<name>`: a game's name.
pub fn variant_key(variant: Variant) -> &'static str {
    match variant {
        Variant::Shatar => "variant.shatar",
        Variant::Shatra => "variant.shatra",
    }
}

/// `rules.<kind>`: how the piece moves, for the rules card.
pub fn rules_key(kind: PieceKind) -> &'static str {
    ["rules.noyon", "rules.bers", "rules.teme", "rules.mori", "rules.tereg", "rules.child"][kind.index()]
}

fn reason_key(reason: Reason) -> &'static str {
    match reason {
        Reason::ShakMate => "reason.shak_mate",
        Reason::Niol => "reason.niol",
        Reason::MoriMate => "reason.mori_mate",
        Reason::Robado => "reason.robado",
        Reason::Stalemate => "reason.stalemate_win",
        Reason::Repetition => "reason.repetition",
        Reason::FiftyMoves => "reason.fifty_moves",
        Reason::Agreement => "reason.agreement",
        Reason::Resignation => "reason.resignation",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;
    use std::path::Path;

    fn tables() -> Vec<(Language, Table)> {
        Language::ALL
            .iter()
            .map(|&lang| {
                let table = parse(lang.source()).unwrap_or_else(|error| panic!("{}: {error}", lang.code()));
                (lang, table)
            })
            .collect()
    }

    #[test]
    fn every_language_has_every_key() {
        let all = tables();
        let keys: BTreeSet<&String> = all.iter().flat_map(|(_, table)| table.keys()).collect();
        assert!(keys.len() > 80, "only {} keys", keys.len());
        for (lang, table) in &all {
            for key in &keys {
                let text = table.get(*key).unwrap_or_else(|| panic!("{} lacks {key}", lang.code()));
                assert!(!text.trim().is_empty(), "{} has an empty {key}", lang.code());
            }
        }
    }

    /// Every key the code names, as a literal `"section.name"` whose
    /// section is one of the files' sections, is in the English file (and
    /// so, above, in all four).
    #[test]
    fn every_key_the_code_uses_exists() {
        let english = parse(Language::En.source()).expect("en");
        let sections: BTreeSet<&str> = english.keys().filter_map(|key| key.split('.').next()).collect();
        let is_key = |text: &str| {
            let file = [".json", ".png", ".toml", ".rs"].iter().any(|ext| text.ends_with(ext));
            !file
                && text.split('.').count() >= 2
                && text
                    .split('.')
                    .all(|part| !part.is_empty() && part.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
                && text.split('.').next().is_some_and(|section| sections.contains(section))
        };
        let mut used = BTreeSet::new();
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/game");
        let mut folders = vec![root];
        while let Some(folder) = folders.pop() {
            for entry in std::fs::read_dir(&folder).expect("src/game").flatten() {
                let path = entry.path();
                if path.is_dir() {
                    folders.push(path);
                } else if path.extension().is_some_and(|ext| ext == "rs") {
                    let text = std::fs::read_to_string(&path).expect("source");
                    for (index, literal) in text.split('"').enumerate() {
                        if index % 2 == 1 && is_key(literal) {
                            used.insert(literal.to_string());
                        }
                    }
                }
            }
        }
        assert!(used.len() > 20, "found only {} keys in the code", used.len());
        for key in &used {
            assert!(english.contains_key(key), "the code uses {key}, which no translation file has");
        }
        for kind in PieceKind::ALL {
            for field in ["name", "gloss", "about"] {
                assert!(english.contains_key(piece_key(kind, field)));
            }
            assert!(english.contains_key(rules_key(kind)));
        }
    }

    #[test]
    fn piece_names_follow_the_seeds() {
        let words = Words::new(Language::En);
        let names: Vec<&str> = PieceKind::ALL.iter().map(|&kind| words.piece(kind)).collect();
        assert_eq!(names, ["noyon", "bers", "teme", "mori", "tereg", "child"]);
        let mongolian: Vec<&str> = PieceKind::ALL.iter().map(|&kind| words.piece_mn(kind)).collect();
        assert_eq!(mongolian, ["Ноён", "Бэрс", "Тэмээ", "Морь", "Тэрэг", "Хүү"]);
    }

    #[test]
    fn checks_are_called_by_their_kind() {
        let words = Words::new(Language::En);
        assert_eq!(words.checks(CheckKinds::NONE), None);
        assert_eq!(words.checks(CheckKinds::NONE.with(CheckKind::Shak)).as_deref(), Some("Shak!"));
        assert_eq!(words.checks(CheckKinds::NONE.with(CheckKind::Tuk)).as_deref(), Some("Tuk!"));
        assert_eq!(words.checks(CheckKinds::NONE.with(CheckKind::Tsod)).as_deref(), Some("Tsod!"));
        let double = CheckKinds::NONE.with(CheckKind::Shak).with(CheckKind::Tuk);
        assert_eq!(words.checks(double).as_deref(), Some("Shak! Tuk!"));
    }

    #[test]
    fn lookups_fall_back_and_fill_in() {
        let mut words = Words::new(Language::Fr);
        assert_eq!(words.get("welcome.two_players"), "Deux joueurs");
        assert_eq!(words.get("no.such.key"), "no.such.key");
        words.language = Language::Ru;
        assert_eq!(words.fill("game.countdown", &[("seconds", "7")]).matches('7').count(), 1);
        let outcome = Outcome::Draw(crate::rules::DrawReason::Robado);
        assert_eq!(words.outcome(outcome).0, "Ничья");
        let both = CheckKinds::NONE.with(CheckKind::Shak).with(CheckKind::Tuk);
        assert_eq!(words.checks(both).as_deref(), Some("Шак! Тук!"));
    }
}
