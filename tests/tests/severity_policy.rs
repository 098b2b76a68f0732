//! The severity policy (issues 19 and 32; docs/rules.md, `kibitzer_syntax::policy`,
//! `kibitzer_syntax::grounds`): every rule of the catalogue keeps the sentence of the standard
//! it enforces (a verbatim quote, checked against the specification files when they are
//! there) or says explicitly that it enforces none, and its severity is the one that
//! sentence's verb gives; every rule declares a category that admits its severity; a fact
//! several formats share has one severity in all of them; the rules a rule may suppress exist;
//! the forms import tolerates and export forbids are errors in export mode; and the facts the
//! laws contradict are errors.

use kibitzer_syntax::grounds::{self, Ground, Spec, Verb};
use kibitzer_syntax::policy::{self, Category};
use kibitzer_syntax::rules::catalogue;
use kibitzer_syntax::{CheckOptions, Lang, Mode, Severity};
use std::collections::{BTreeMap, BTreeSet};

/// The standards whose rules have their grounds in `kibitzer_syntax::grounds` so far.
const GROUNDED: [&str; 8] = ["PGN", "PGC", "FEN", "EPD", "PBN", "DDS", "PBI", "LIN"];

fn grounded(code: &str) -> bool {
    GROUNDED.contains(&&code[..3])
}

#[test]
fn every_rule_has_a_ground() {
    let missing: Vec<String> = catalogue()
        .into_iter()
        .filter(|r| grounded(r.code) && grounds::ground(r.code).is_none())
        .map(|r| {
            format!(
                "{} ({}) has no ground: add a line to TABLE in syntax/src/grounds.rs, in code order: \
                 (\"{}\", pgn(\"<section>\", Must|Is|Should|May, \"<the sentence, verbatim from shared/specs>\")) \
                 (pbn(...) or pbi(...) for those standards), or, for a rule that enforces no sentence of a \
                 standard, Law(\"<the law>\"), Convention(\"<whose habit>\"), Own(\"<what kibitzer checks>\") or \
                 Limit(\"<kibitzer's limit>\") or Producer(\"<a format with no written standard>\"); the rule's default severity must then be the one the verb gives \
                 (Must/Is and Law: Error, Should: Warning, May: Information, Convention/Own: not Error)",
                r.code, r.name, r.code
            )
        })
        .collect();
    assert!(missing.is_empty(), "{}", missing.join("\n"));
    let codes: BTreeSet<&str> = catalogue().iter().map(|r| r.code).collect();
    for code in grounds::codes() {
        assert!(codes.contains(code), "syntax/src/grounds.rs gives a ground for {code}, which is no rule");
    }
}

#[test]
fn every_severity_is_the_one_its_ground_gives() {
    let mut wrong = Vec::new();
    for r in catalogue() {
        let (Some(ground), Some(category)) = (grounds::ground(r.code), policy::category(r.code)) else { continue };
        if let Err(e) = ground.admits(r, category) {
            wrong.push(format!(
                "{} {} is {} ({:?}, {:?}): {e}",
                r.code,
                r.name,
                r.severity.as_str(),
                r.scope,
                category
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The specification text, whitespace collapsed and the scans' Markdown (escapes `\$`, `\*`,
/// `\_`, code marks) undone; `None` when shared/specs is not beside the workspace.
fn spec_text(spec: Spec) -> Option<String> {
    let dir = std::env::var_os("KIBITZER_SPECS")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| kibitzer_tests::workspace().join("../shared/specs"));
    let files: &[&str] = match spec {
        Spec::Pgn => &["pgn-standard.txt"],
        Spec::Pbn => &["pbn-2.1.md", "pbn-2.1-chapter3-clean.md"],
        Spec::Pbi => &["pbi-1.2.txt"],
    };
    let mut text = String::new();
    for f in files {
        text.push_str(&std::fs::read_to_string(dir.join(f)).ok()?);
        text.push(' ');
    }
    Some(normalise(&text.replace("\\$", "$").replace("\\*", "*").replace("\\_", "_").replace('`', "")))
}

fn normalise(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn every_quote_is_verbatim_from_its_standard() {
    let mut texts = BTreeMap::new();
    let mut checked = 0;
    let mut wrong = Vec::new();
    for code in grounds::codes() {
        let Some(Ground::Quote { spec, section, text, .. }) = grounds::ground(code) else { continue };
        let Some(spec_text) = texts.entry(*spec).or_insert_with(|| spec_text(*spec)) else {
            eprintln!(
                "skipping {code}: the {} specification is not in ../shared/specs (set KIBITZER_SPECS)",
                spec.as_str()
            );
            continue;
        };
        checked += 1;
        if !spec_text.contains(&normalise(text)) {
            wrong.push(format!("{code} ({} {section}): \"{text}\" is not in the specification", spec.as_str()));
        }
        assert!(!text.is_empty() && !section.is_empty(), "{code}: empty quote or section");
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    println!("{checked} quotes found verbatim in the specifications");
}

/// The facts several formats share, and the rules that check each in each format: one fact,
/// one severity (issue 32). Rules of one name in several formats are pairs too (checked below).
const SHARED_FACTS: &[(&str, &[&str])] = &[
    ("a date is YYYY.MM.DD (PGN 8.1.1.3, PBN 3.4.3)", &["PGN105", "PBN103"]),
    ("a time is HH:MM:SS (PGN 9.5.1, PBN 4.5.1)", &["PGN108", "PBN110"]),
    ("a time control has the standard's form (PGN 9.6.1, PBN 4.6.1)", &["PGN109", "PBN110"]),
    (
        "a value outside an open list of examples: Mode (PGN 9.9.2, PBN 4.7.4), Termination (PGN 9.8.1)",
        &["PGN116", "PBN111", "PGN115"],
    ),
    ("a result is one of the standard's values (PGN 8.1.1.7, PBN 3.4.15)", &["PGN107", "PBN108"]),
    ("the result agrees with the game (PGN 8.2.6; PBN 3.4.15)", &["PGN301", "PBN410"]),
    ("lines hold at most 255 characters (PGN 4.3, PBN 2.3)", &["PGN011", "PBN010"]),
    ("lines of 80 or more printing characters (PGN 4.3, PBN 2.3)", &["PGN015", "PBN013"]),
    ("the character set is ISO 8859/1 (PGN 4.1, PBN 2.2)", &["PGN014", "PBN012"]),
    ("control characters (PGN 4.1, PBN 2.2)", &["PGN012", "PBN011"]),
    ("tabs in export format (PGN 4.2, PBN 2.3)", &["PGN010", "PBN804"]),
    ("a tag name's characters (PGN 8.1, PBN 3.3)", &["PGN100", "PBN101"]),
    ("a tag pair's form (PGN 8.1, PBN 3.3)", &["PGN005", "PBN004"]),
    ("a tag given twice (PGN 8.1, PBN 3.4)", &["PGN102", "PBN102"]),
    ("a string closed on its line (PGN 7, PBN 3.2, PGN 16.2.4.1)", &["PGN001", "PBN001", "EPD002"]),
    ("a brace comment closed (PGN 5, PBN 3.8)", &["PGN002", "PBN002"]),
    ("a NAG from 0 to 255 (PGN 8.2.4, PBN 3.7)", &["PGN230", "PBN505"]),
    ("a binary file under a text name", &["PGN000", "EPD000", "PBN000", "PBI000"]),
    ("a game or record beyond kibitzer's 1 MiB", &["PGN008", "PBN007", "EPD016"]),
    (
        "a move's SAN spelling (PGN 8.2.3, 16.2.4.1)",
        &["PGN210", "PGN211", "PGN212", "PGN213", "PGN214", "PGN215", "PGN216", "EPD011"],
    ),
    ("an illegal move (PGN 8.2, 16.2.5)", &["PGN200", "EPD009"]),
    ("an ambiguous move (PGN 8.2.3.4)", &["PGN201", "EPD010"]),
    (
        "a position's kings, pawns and check (FIDE Laws; PBI position)",
        &["FEN012", "PBI020", "FEN013", "PBI021", "FEN014", "PBI022"],
    ),
    ("more men than a game can have", &["FEN015", "PBI023", "PBI024"]),
];

#[test]
fn a_fact_several_formats_share_has_one_severity() {
    let severity = |code: &str| {
        let r = kibitzer_syntax::rules::rule(code).unwrap_or_else(|| panic!("{code} is no rule"));
        (r.severity, r.scope)
    };
    let mut wrong = Vec::new();
    for (fact, codes) in SHARED_FACTS {
        let first = severity(codes[0]);
        for code in &codes[1..] {
            if severity(code) != first {
                wrong.push(format!("{fact}: {} is {:?} but {code} is {:?}", codes[0], first, severity(code)));
            }
        }
    }
    // Rules of one name in several formats state one fact.
    let mut by_name: BTreeMap<&str, Vec<&kibitzer_syntax::diagnostic::Rule>> = BTreeMap::new();
    for r in catalogue() {
        by_name.entry(r.name).or_default().push(r);
    }
    for (name, rules) in by_name.iter().filter(|(_, rules)| rules.len() > 1) {
        for r in &rules[1..] {
            if (r.severity, r.scope) != (rules[0].severity, rules[0].scope) {
                wrong.push(format!(
                    "`{name}`: {} is {:?} {:?} but {} is {:?} {:?}",
                    rules[0].code, rules[0].severity, rules[0].scope, r.code, r.severity, r.scope
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn every_rule_declares_a_category_that_admits_its_severity() {
    let codes: BTreeSet<&str> = catalogue().iter().map(|r| r.code).collect();
    let declared: BTreeSet<&str> = policy::codes().collect();
    assert_eq!(codes, declared, "the policy table and the catalogue list different rules");
    let mut wrong = Vec::new();
    for r in catalogue() {
        let category = policy::category(r.code).expect("declared");
        if !category.admits(r) {
            wrong.push(format!("{} {} is {:?} {:?} but declares {:?}", r.code, r.name, r.severity, r.scope, category));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn suppressed_rules_exist() {
    for code in policy::codes() {
        for s in policy::suppresses(code) {
            assert!(kibitzer_syntax::rules::rule(s).is_some(), "{code} suppresses unknown {s}");
        }
    }
}

fn lang(code: &str) -> Lang {
    match &code[..3] {
        "PGN" | "PGC" => Lang::Pgn,
        "PBN" | "DDS" => Lang::Pbn,
        "PBI" => Lang::Pbi,
        _ => Lang::Epd,
    }
}

/// Each rule's own bad example, checked in export mode: whatever diagnostics of that rule it
/// gives are errors for every category but taste, unless its sentence says should or may
/// (export spellings are raised).
#[test]
fn bad_examples_in_export_mode_give_errors_but_for_taste() {
    let export = CheckOptions { mode: Mode::Export, ..CheckOptions::default() };
    let mut seen = 0;
    for r in catalogue() {
        let category = policy::category(r.code).expect("declared");
        // A sentence worded with should or may stays a warning or note in export mode.
        let recommends = matches!(grounds::ground(r.code), Some(Ground::Quote { verb: Verb::Should | Verb::May, .. }));
        if category == Category::Taste || recommends || r.bad.is_empty() {
            continue;
        }
        for d in kibitzer_syntax::check(lang(r.code), r.bad, &export).iter().filter(|d| d.code == r.code) {
            seen += 1;
            assert_eq!(d.severity, Severity::Error, "{} ({:?}) in export mode: {}", r.code, category, d.message);
        }
    }
    assert!(seen > 50, "only {seen} bad examples gave their own rule's diagnostic");
}

#[test]
fn export_spellings_are_warnings_in_import_and_errors_in_export() {
    let import = CheckOptions::default();
    let export = CheckOptions { mode: Mode::Export, ..CheckOptions::default() };
    let text = "[Event \"x\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. 0-0 Pd6 *\n";
    for (options, severity) in [(&import, Severity::Warning), (&export, Severity::Error)] {
        let diagnostics = kibitzer_syntax::check(Lang::Pgn, text, options);
        for code in ["PGN210", "PGN213"] {
            let d = diagnostics.iter().find(|d| d.code == code).unwrap_or_else(|| panic!("{code}: {diagnostics:?}"));
            assert_eq!(d.severity, severity, "{code} in {:?} mode", options.mode);
        }
    }
}

/// A wrong move number is no import-format tolerance: import format allows superfluous move
/// numbers "as long as the move numbers are correct" (PGN 8.2.2.1), so it is an error in both.
#[test]
fn a_wrong_move_number_is_an_error_in_both_modes() {
    let text = "[Event \"x\"]\n\n1. e4 e5 3. Nf3 *\n";
    for mode in [Mode::Import, Mode::Export] {
        let diagnostics = kibitzer_syntax::check(Lang::Pgn, text, &CheckOptions { mode, ..CheckOptions::default() });
        let d = diagnostics.iter().find(|d| d.code == "PGN220").unwrap_or_else(|| panic!("{diagnostics:?}"));
        assert_eq!(d.severity, Severity::Error, "{mode:?}");
    }
}

#[test]
fn a_result_against_checkmate_is_an_error() {
    let text = "[Event \"x\"]\n[Result \"1/2-1/2\"]\n\n1. f3 e5 2. g4 Qh4# 1/2-1/2\n";
    let diagnostics = kibitzer_syntax::check(Lang::Pgn, text, &CheckOptions::default());
    let d = diagnostics.iter().find(|d| d.code == "PGN302").expect("result against mate reported");
    assert_eq!(d.severity, Severity::Error, "{}", d.message);
}
