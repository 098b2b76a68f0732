//! Import → export snapshots of every fixture in `fixtures/fmt/<format>/`: the formatted text,
//! then the units left as written with the codes of the errors that kept them. Each snapshot
//! also checks that formatting is idempotent and that kept units are copied byte for byte.

#[path = "epdpbi_support/mod.rs"]
mod support;

use kibitzer_syntax::format::{format, FormatOptions};
use kibitzer_syntax::Lang;

fn snapshot_fixtures(lang: Lang) {
    let dir = support::fixtures("fmt").join(lang.id());
    let files = support::files(&dir);
    assert!(!files.is_empty(), "no fixtures in {}", dir.display());
    for path in files {
        let bytes = std::fs::read(&path).unwrap();
        let source = kibitzer_syntax::text::decode(&bytes);
        let text = &source.text;
        let formatted = format(lang, text, &FormatOptions::default());
        let again = format(lang, &formatted.text, &FormatOptions::default());
        assert_eq!(again.text, formatted.text, "{}: formatting is not idempotent", path.display());
        let mut report = formatted.text.clone();
        for unit in &formatted.skipped {
            let kept = &text[unit.range];
            assert!(formatted.text.contains(kept), "{}: a kept unit was changed", path.display());
            let codes: Vec<&str> = unit.diagnostics.iter().map(|d| d.code).collect();
            report.push_str(&format!("\n--- kept as written ({}): {:?}\n", codes.join(", "), kept));
        }
        let name = path.file_name().unwrap().to_string_lossy().replace('.', "_");
        insta::with_settings!({ snapshot_suffix => name, prepend_module_to_snapshot => false }, {
            insta::assert_snapshot!(format!("format_{}", lang.id()), report);
        });
    }
}

#[test]
fn epd() {
    snapshot_fixtures(Lang::Epd);
}

#[test]
fn pbn() {
    snapshot_fixtures(Lang::Pbn);
}

#[test]
fn pgn() {
    snapshot_fixtures(Lang::Pgn);
}

#[test]
fn pbi() {
    snapshot_fixtures(Lang::Pbi);
}
