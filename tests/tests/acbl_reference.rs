//! Every value the reference Perl decoder (Matthew Kidd's ACBLgamedump.pl 1.0.6, decode format
//! version 4) printed for the three corpus files that come with its JSON must appear with the
//! same value in kibitzer's JSON.
//!
//! Name mapping, reference → kibitzer (every other key is the same):
//!
//! | reference | kibitzer |
//! |---|---|
//! | `filename`, `decode_format_version` | not written (they describe the dump, not the game) |
//! | `event` (list) | `events` (list, same order) |
//! | event `non_ACBL_flag` | `non_acbl_flag` |
//! | event `mp_rating.p-factor`, `t-factor`, `s-factor` | `mp_rating.p_factor`, `t_factor`, `s_factor` |
//! | event `strat` (list) | `strats` |
//! | strat `LM_eligibility` | `lm_eligibility` |
//! | event `section` (map letter → section) | `sections` (list; the section's `letter`) |
//! | section `entry` (map `7` / `3N` / `3E` → entry) | `entries` (list; the entry's `id`) |
//! | section `board` (map number → list of `[round, table, ns_pair, ns_score, ns_mp, ew_pair, ew_score, ew_mp]`) | `boards` (list of `{board, results: [{round, table, ns_pair, ns_score, ns_mp, ew_pair, ew_score, ew_mp}]}`) |
//! | entry `score_carrover` | `score_carryover` |
//! | entry `rank` (list) | `ranks` |
//! | entry `player` (list) | `players` |
//!
//! Known deviation: 48-bit reals (m-factors, sanction fees) are compared to 1e-3, see
//! [`REAL48_FIELDS`].
//!
//! Numbers are compared as numbers (the reference prints `1` where kibitzer prints `1.0`).
//! The test prints no names or player numbers: mismatches show paths and, for numbers, values.

use crate::acbl_common;

use serde_json::Value;
use std::path::Path;

const REFERENCE_DUMPS: &[&str] =
    &["valencia-bridge-studio__170808.ace", "valencia-bridge-studio__170810.acm", "friendly-bridge-club__170807.aca"];

/// Turbo Pascal 48-bit reals. The reference decoder reads mantissa bytes 1-2 as one big-endian
/// uint16 and ignores bytes 3-4, so it prints 0.699218761920747 for an m-factor whose exact
/// value, which kibitzer prints, is 0.7 (to 1e-12). These fields are compared to 1e-3.
const REAL48_FIELDS: &[&str] =
    &["event_m_factor", "session_m_factor", "game_sanction_fee", "table_sanction_fee", "charity_table_sanction_fee"];

const BOARD_COLUMNS: [&str; 8] = ["round", "table", "ns_pair", "ns_score", "ns_mp", "ew_pair", "ew_score", "ew_mp"];

fn renamed(key: &str, value: &Value) -> String {
    match key {
        // `rank` is also a field inside each rank, and `section` a list inside
        // `pigmentation_breakdown`: only the containers are renamed.
        "rank" | "section" if !value.is_array() && !value.is_object() => key.into(),
        "section" if value.is_array() => key.into(),
        "event" => "events".into(),
        "non_ACBL_flag" => "non_acbl_flag".into(),
        "strat" => "strats".into(),
        "LM_eligibility" => "lm_eligibility".into(),
        "score_carrover" => "score_carryover".into(),
        "rank" => "ranks".into(),
        "player" => "players".into(),
        "section" => "sections".into(),
        "entry" => "entries".into(),
        "board" => "boards".into(),
        other => other.replace('-', "_"),
    }
}

/// Values that could identify a person are not printed in failure messages: no string of a
/// player, and no long string anywhere (names of directors, clubs, events).
fn shown(path: &str, v: &Value) -> String {
    match v {
        Value::Number(_) | Value::Bool(_) | Value::Null => v.to_string(),
        Value::String(s) if s.len() <= 4 && !path.contains("player") && !path.contains("director") => v.to_string(),
        Value::String(_) => "<string>".into(),
        _ => "<structure>".into(),
    }
}

struct Comparison {
    compared: usize,
    mismatches: Vec<String>,
}

impl Comparison {
    fn mismatch(&mut self, path: &str, what: String) {
        self.mismatches.push(format!("{path}: {what}"));
    }

    fn compare(&mut self, path: &str, reference: &Value, ours: Option<&Value>) {
        let Some(ours) = ours else {
            self.mismatch(path, format!("missing (reference has {})", shown(path, reference)));
            return;
        };
        match reference {
            Value::Object(map) => {
                for (key, value) in map {
                    if path.is_empty() && (key == "filename" || key == "decode_format_version") {
                        continue;
                    }
                    let ours_key = renamed(key, value);
                    let child = format!("{path}.{key}");
                    match key.as_str() {
                        _ if !value.is_object() => self.compare(&child, value, ours.get(&ours_key)),
                        "section" => self.keyed(&child, value, ours.get(&ours_key), "letter"),
                        "entry" => self.keyed(&child, value, ours.get(&ours_key), "id"),
                        "board" => self.boards(&child, value, ours.get(&ours_key)),
                        _ => self.compare(&child, value, ours.get(&ours_key)),
                    }
                }
            }
            Value::Array(items) => {
                let Some(list) = ours.as_array() else {
                    self.mismatch(path, "not a list".into());
                    return;
                };
                if list.len() != items.len() {
                    self.mismatch(path, format!("{} items, reference has {}", list.len(), items.len()));
                }
                for (i, item) in items.iter().enumerate() {
                    self.compare(&format!("{path}[{i}]"), item, list.get(i));
                }
            }
            Value::Number(n) => {
                self.compared += 1;
                let expected = n.as_f64().unwrap_or(f64::NAN);
                let tolerance = if REAL48_FIELDS.iter().any(|f| path.ends_with(f)) { 1e-3 } else { 1e-9 };
                match ours.as_f64() {
                    Some(x) if (x - expected).abs() <= tolerance * expected.abs().max(1.0) => {}
                    _ => self.mismatch(path, format!("{} != reference {}", shown(path, ours), shown(path, reference))),
                }
            }
            _ => {
                self.compared += 1;
                if ours != reference {
                    self.mismatch(path, format!("{} != reference {}", shown(path, ours), shown(path, reference)));
                }
            }
        }
    }

    /// A reference map keyed by `field` against a kibitzer list of objects carrying `field`.
    fn keyed(&mut self, path: &str, reference: &Value, ours: Option<&Value>, field: &str) {
        let (Some(map), Some(list)) = (reference.as_object(), ours.and_then(Value::as_array)) else {
            self.mismatch(path, "missing or not a list".into());
            return;
        };
        for (key, value) in map {
            let item = list.iter().find(|item| item.get(field).and_then(Value::as_str) == Some(key));
            self.compare(&format!("{path}{{{key}}}"), value, item);
        }
    }

    fn boards(&mut self, path: &str, reference: &Value, ours: Option<&Value>) {
        let (Some(map), Some(list)) = (reference.as_object(), ours.and_then(Value::as_array)) else {
            self.mismatch(path, "missing or not a list".into());
            return;
        };
        for (number, results) in map {
            let path = format!("{path}{{{number}}}");
            let board = list
                .iter()
                .find(|b| b.get("board").and_then(Value::as_u64).map(|n| n.to_string()).as_deref() == Some(number));
            let Some(ours) = board.and_then(|b| b.get("results")).and_then(Value::as_array) else {
                self.mismatch(&path, "board missing".into());
                continue;
            };
            let results = results.as_array().map(Vec::as_slice).unwrap_or_default();
            if results.len() != ours.len() {
                self.mismatch(&path, format!("{} results, reference has {}", ours.len(), results.len()));
            }
            for (i, (row, our_row)) in results.iter().zip(ours).enumerate() {
                for (c, column) in BOARD_COLUMNS.iter().enumerate() {
                    if let Some(value) = row.get(c) {
                        self.compare(&format!("{path}[{i}].{column}"), value, our_row.get(column));
                    }
                }
            }
        }
    }
}

fn check_against_reference(game_file: &Path) {
    let dump =
        game_file.with_file_name(format!("{}.ACBLgamedump.json", game_file.file_name().unwrap().to_string_lossy()));
    let reference: Value = serde_json::from_slice(&std::fs::read(&dump).unwrap()).unwrap();
    let bytes = std::fs::read(game_file).unwrap();
    let decoded = kibitzer_syntax::acbl::decode(&bytes).unwrap();
    let ours = kibitzer_syntax::acbl::to_json(&decoded);
    // The reference dump is a list of one game.
    let mut cmp = Comparison { compared: 0, mismatches: Vec::new() };
    cmp.compare("", &reference[0], Some(&ours));
    assert!(cmp.compared > 1000, "only {} values compared", cmp.compared);
    assert!(
        cmp.mismatches.is_empty(),
        "{}: {} of {} values differ:\n{}",
        game_file.display(),
        cmp.mismatches.len(),
        cmp.compared,
        cmp.mismatches.iter().take(40).cloned().collect::<Vec<_>>().join("\n")
    );
    eprintln!("{}: {} values agree", game_file.display(), cmp.compared);
}

#[test]
fn every_value_of_the_reference_decoder_appears_in_kibitzers_json() {
    let Some(dir) = acbl_common::corpus::corpus_dir() else { return };
    for name in REFERENCE_DUMPS {
        check_against_reference(&dir.join("morrisjones-nap").join(name));
    }
}
