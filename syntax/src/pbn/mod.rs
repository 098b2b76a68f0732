//! PBN 2.1 (Portable Bridge Notation): lexer → parser (lossless tree) → model → checks.

pub mod check;
pub mod double_dummy;
pub mod format;
pub mod lexer;
pub mod model;
pub mod parser;
mod plain;
pub mod read;
pub mod rules;

pub mod syntax_kind;

use crate::config::CheckOptions;
use crate::diagnostic::Diagnostic;
use crate::parsing::Parse;
use crate::text::TextRange;
use syntax_kind::PBNLanguage;

pub fn parse(text: &str) -> Parse<PBNLanguage> {
    parser::parse(text)
}

/// Checks a whole PBN text; a large one in pieces on all cores ([`check::pieces`]); then the
/// games together ([`check::players`]).
pub fn check(text: &str, options: &CheckOptions) -> Vec<Diagnostic> {
    let (mut diagnostics, names) = check::pieces::check(text, options);
    // The spellings of the games together, from the names the pieces' checks found.
    check::players::check_names(text, &names.names(text), &mut diagnostics);
    diagnostics
}

/// The byte ranges of the games of `text`; a game too large to read
/// ([`crate::stretches::MAX_GAME_BYTES`]) is one range up to where the next most likely starts.
pub fn units(text: &str) -> Vec<TextRange> {
    crate::stretches::units(text, &parser::GAMES)
}

/// Every PBN text of the corpus and the fixtures, one after the other, with brace comments
/// that hold an empty line and a `[` (one closed, one never), so that cuts fall inside them.
/// Whether the shared corpus was found: without it (a clone outside the workplace) the text is
/// the fixtures' alone, and the tests say so and expect less of it.
#[cfg(test)]
pub(crate) fn test_corpus() -> (String, bool) {
    let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let shared = here.join("../../shared/corpus/pbn").is_dir();
    if !shared {
        eprintln!("corpus part skipped: no ../shared/corpus (fixtures only)");
    }
    let mut files = Vec::new();
    for dir in [here.join("../fixtures/pbn"), here.join("../../shared/corpus/pbn")] {
        let mut stack = vec![dir];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.extension().is_some_and(|e| e == "pbn") && !path.to_string_lossy().contains("large") {
                    files.push(path);
                }
            }
        }
    }
    files.sort();
    let mut text = String::new();
    for (i, file) in files.iter().enumerate() {
        text.push_str(&crate::text::decode(&std::fs::read(file).unwrap()).text);
        text.push_str(match i % 3 {
            0 => "\n\n[Event \"x\"]\n{ open\n\n[Event \"inside\"]\n\n}\n[Board \"#\"]\n\n",
            1 => "\n\n[Event \"y\"]\n{ never closed\n\n[Event \"after\"]\n\n",
            _ => "\n\n",
        });
    }
    (text, shared)
}
