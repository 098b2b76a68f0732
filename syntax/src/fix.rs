//! Applying the checks' fixes: what `kibitzer check --fix` writes, the editor's "apply every
//! safe fix" action, and its "convert to export format" (every safe fix of the export-format
//! rules, then the formatter of `kibitzer fmt`). One implementation, so that the CLI and the
//! server give the same text.

use crate::config::{CheckOptions, Mode};
use crate::diagnostic::{apply_edits, Applicability, Diagnostic, TextEdit};
use crate::format::{format, FormatOptions};
use crate::Lang;

/// How many rounds [`fix_all`] runs: a fix may uncover another (a corrected move lets the
/// replay go on to the moves after it).
pub const FIX_ROUNDS: usize = 8;

/// The edits of the safe fixes among `diagnostics` (unsafe ones change what a file means and
/// are left to the user), in text order, without any that overlaps an earlier one.
pub fn safe_edits<'d>(diagnostics: impl IntoIterator<Item = &'d Diagnostic>) -> Vec<TextEdit> {
    let mut edits: Vec<TextEdit> = diagnostics
        .into_iter()
        .filter_map(|d| d.fix.as_ref())
        .filter(|f| f.applicability == Applicability::Safe)
        .flat_map(|f| f.edits.iter().cloned())
        .collect();
    edits.sort_by_key(|e| (e.range.start(), e.range.end()));
    let mut kept: Vec<TextEdit> = Vec::with_capacity(edits.len());
    for e in edits {
        if kept.last().is_none_or(|last| last.range.end() <= e.range.start()) {
            kept.push(e);
        }
    }
    kept
}

/// `text` with its safe fixes applied until none is left (at most [`FIX_ROUNDS`] rounds);
/// `None` when nothing changed. Where units are independent ([`Lang::has_independent_units`])
/// each is fixed on its own: only one game's diagnostics are alive at a time, and a round
/// re-checks only the game it changed, not the whole file.
pub fn fix_all(lang: Lang, text: &str, options: &CheckOptions) -> Option<String> {
    // A binary file is never rewritten (its pieces alone might look like text).
    if crate::binary::binary_at([text]).is_some() {
        return None;
    }
    if !lang.has_independent_units() {
        return fix_rounds(lang, text, options);
    }
    let mut fixed: Option<String> = None;
    let mut done = 0; // `text[..done]` is in `fixed` (when some piece changed)
    for piece in crate::pieces(lang, text).into_iter().map(|p| p.range) {
        let end = usize::from(piece.end());
        if let Some(new) = fix_rounds(lang, &text[piece], options) {
            let out = fixed.get_or_insert_with(|| String::with_capacity(text.len()));
            out.push_str(&text[done..usize::from(piece.start())]);
            out.push_str(&new);
            done = end;
        }
    }
    let mut out = fixed?;
    out.push_str(&text[done..]);
    Some(out)
}

/// [`fix_all`] on one text checked whole.
fn fix_rounds(lang: Lang, text: &str, options: &CheckOptions) -> Option<String> {
    let mut current = text.to_owned();
    for _ in 0..FIX_ROUNDS {
        let diagnostics = crate::check(lang, &current, options);
        let edits = safe_edits(&diagnostics);
        let (next, applied) = apply_edits(&current, &edits);
        if applied == 0 || next == current {
            break;
        }
        current = next;
    }
    (current != text).then_some(current)
}

/// `text` with the ECO and Opening tags each PGN game lacks added, from the opening its moves
/// reach (`kibitzer check --fix --add-eco`, the editor's "Add ECO and Opening tags"); `None`
/// when nothing changes or the text is not PGN. Never part of [`fix_all`]: adding tags is
/// asked for, not a fix. Piece by piece, as [`fix_all`], so that memory stays bounded.
pub fn add_opening_tags(lang: Lang, text: &str) -> Option<String> {
    if lang != Lang::Pgn || crate::binary::binary_at([text]).is_some() {
        return None;
    }
    let mut edits = Vec::new();
    for piece in crate::pieces(lang, text) {
        let start = piece.range.start();
        let added = crate::pgn::check::opening_tag_additions(&text[piece.range]);
        edits.extend(added.into_iter().map(|e| TextEdit { range: e.range + start, ..e }));
    }
    let (added, applied) = apply_edits(text, &edits);
    (applied > 0).then_some(added)
}

/// `text` in the standard's export format: the safe fixes of the export-format rules (`check
/// --fix --mode export`), then the formatter (`fmt`). Units with syntax errors stay as written.
pub fn to_export(lang: Lang, text: &str, options: &CheckOptions) -> String {
    let export = CheckOptions { mode: Mode::Export, ..options.clone() };
    let fixed = fix_all(lang, text, &export);
    format(lang, fixed.as_deref().unwrap_or(text), &FormatOptions::default()).text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn safe_fixes_apply_in_rounds_and_unsafe_ones_do_not() {
        // `0-0` is fixed; the illegal `Kxe8` has no safe fix and stays.
        let text = "[Event \"x\"]\n\n1. Nf3 Nf6 2. g3 g6 3. Bg2 Bg7 4. 0-0 0-0 5. Kxe8 *\n";
        let fixed = fix_all(Lang::Pgn, text, &CheckOptions::default()).unwrap();
        assert!(fixed.contains("4. O-O O-O 5. Kxe8 *"), "{fixed}");
        assert_eq!(fix_all(Lang::Pgn, &fixed, &CheckOptions::default()), None, "a second run changes nothing");
    }

    /// Fixing game by game gives the text that fixing the whole file at once gives.
    #[test]
    fn fixing_unit_by_unit_equals_fixing_the_whole_text() {
        let mut texts: Vec<(Lang, String)> = vec![
            (Lang::Pgn, "  junk\n[Event \"a\"]\n1. 0-0 *\n\n[Event \"b\"]\n\n1. e4 e5 2. Ng1f3 Nc6 3. Bb5 a6 *\n% x\n1. e4 {open".into()),
            (Lang::Epd, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 bm e5;\nbad\n".into()),
        ];
        let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures");
        let mut stack = vec![fixtures];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    stack.push(path);
                } else if let Some(lang) = Lang::from_path(&path) {
                    if lang.has_independent_units() {
                        texts.push((lang, crate::text::decode(&std::fs::read(&path).unwrap()).text));
                    }
                }
            }
        }
        assert!(texts.len() > 4, "fixtures found");
        for mode in [Mode::Import, Mode::Export] {
            let options = CheckOptions { mode, ..CheckOptions::default() };
            for (lang, text) in &texts {
                assert_eq!(
                    fix_all(*lang, text, &options),
                    fix_rounds(*lang, text, &options),
                    "{lang:?} {mode:?}\n{text}"
                );
            }
        }
    }

    #[test]
    fn overlapping_edits_keep_the_first() {
        let r = |a: u32, b: u32| crate::TextRange::new(a.into(), b.into());
        let rule = &crate::pgn::check::moves::CASTLING_WITH_ZEROS;
        let d = |a, b, t: &str| Diagnostic::new(rule, r(a, b), "x").with_replacement("fix", r(a, b), t);
        let edits = safe_edits(&[d(4, 8, "b"), d(0, 5, "a"), d(9, 9, "c")]);
        assert_eq!(edits.iter().map(|e| e.replacement.as_str()).collect::<Vec<_>>(), ["a", "c"]);
    }

    #[test]
    fn export_conversion_fixes_then_formats() {
        let text = "[Event \"x\"]\n\n1.e4! e5 2. Nf3 Nc6 3. Bb5 a6 4. 0-0 *\n";
        let export = to_export(Lang::Pgn, text, &CheckOptions::default());
        assert!(export.contains("1. e4 $1 1... e5") && export.contains("4. O-O *"), "{export}");
        assert!(export.contains("[Site \"?\"]"), "{export}");
        let again = to_export(Lang::Pgn, &export, &CheckOptions::default());
        assert_eq!(again, export, "converting twice changes nothing");
        let check = crate::check(Lang::Pgn, &export, &CheckOptions { mode: Mode::Export, ..CheckOptions::default() });
        assert!(check.is_empty(), "{check:?}");
    }
}
