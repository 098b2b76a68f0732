//! Conformance with the PBN Verifier's reference tests: every planted error in errors_10/20/21
//! (labelled by a `%` line just before it) is reported on its line, and the correct files
//! produce no error. Labels kibitzer does not catch are listed with the reason.

mod pbn_support;

use kibitzer_syntax::text::{ColumnUnit, LineIndex};
use pbn_support::*;

/// Labels not caught, with the reason: (file, label line, reason).
const UNCAUGHT: &[(&str, usize, &str)] = &[];

/// Labels that describe correct input, not an error.
fn is_not_an_error(label: &str) -> bool {
    label.is_empty()
        || label.starts_with('=')
        || label.starts_with("The intention")
        || label.starts_with("The file contains")
        || label.starts_with("Correct")
}

#[test]
fn every_planted_error_is_reported_on_its_line() {
    let Some(corpus) = corpus() else { return };
    let mut uncaught: Vec<(String, usize, String)> = Vec::new();
    let mut caught = 0;
    for name in ["errors_10.pbn", "errors_20.pbn", "errors_21.pbn"] {
        let text = read(&corpus.join("spec-tests").join(name));
        let index = LineIndex::new(&text);
        let lines: Vec<&str> = text.lines().collect();
        let diagnostic_lines: Vec<usize> = check(&text)
            .iter()
            .map(|d| index.line_col(&text, d.range.start(), ColumnUnit::Char).line as usize)
            .collect();
        for (i, line) in lines.iter().enumerate() {
            let Some(label) = line.strip_prefix('%') else { continue };
            let label = label.trim();
            if is_not_an_error(label) {
                continue;
            }
            let target = (i + 1..lines.len()).find(|&j| !lines[j].starts_with('%'));
            let game_start = (0..i).rev().find(|&j| lines[j].trim().is_empty()).map_or(0, |j| j + 1);
            let game_end = (i..lines.len()).find(|&j| lines[j].trim().is_empty()).unwrap_or(lines.len());
            let in_game = |from: usize, to: usize| diagnostic_lines.iter().any(|&l| l >= from && l < to);
            // A label before a game's first tag names a problem of the game, which may lie deep
            // in it; a label at the end of a game ("No note for =1=") also points at the game.
            let in_header = (game_start..i).all(|j| lines[j].starts_with('%'));
            let found = match target {
                Some(j) if !lines[j].trim().is_empty() => {
                    diagnostic_lines.contains(&j) || (in_header && in_game(game_start, game_end))
                }
                _ => in_game(game_start, i),
            };
            if found {
                caught += 1;
            } else {
                uncaught.push((name.to_owned(), i + 1, label.to_owned()));
            }
        }
    }
    println!("{caught} planted errors caught");
    for (file, line, label) in &uncaught {
        println!("uncaught: {file}:{line}: {label}");
    }
    let listed: Vec<(String, usize)> = UNCAUGHT.iter().map(|(f, l, _)| ((*f).to_owned(), *l)).collect();
    let actual: Vec<(String, usize)> = uncaught.iter().map(|(f, l, _)| (f.clone(), *l)).collect();
    assert_eq!(actual, listed, "the uncaught labels changed; update UNCAUGHT with the reasons");
}
