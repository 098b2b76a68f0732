//! The clean fixtures, `fixtures/<fmt>/clean/<topic>.<ext>`: files written the way the standards
//! want, one per topic, each checked exactly as `kibitzer check` checks it (the double-dummy
//! solver included) must give no diagnostic at all. A file whose name starts with `export` is
//! checked in export mode (PBN's `% EXPORT` line asks for it anyway), the others in import mode.
//! Their bad counterparts are the rule fixtures (tests/tests/rule_fixtures.rs).

use kibitzer::api::check_file;
use kibitzer_syntax::{CheckOptions, Mode};
use kibitzer_tests::{files_under, workspace};

#[test]
fn clean_fixtures_give_no_diagnostic() {
    let mut seen = 0;
    for fmt in ["pgn", "epd", "pbn", "pbi", "lin"] {
        for path in files_under(&workspace().join("fixtures").join(fmt).join("clean"), |_| true) {
            seen += 1;
            let export = path.file_name().is_some_and(|n| n.to_string_lossy().starts_with("export"));
            let mode = if export { Mode::Export } else { Mode::Import };
            let found = check_file(&path, None, &CheckOptions { mode, ..CheckOptions::default() })
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let said: Vec<String> = found
                .iter()
                .map(|c| format!("{}:{} {} {}", c.located.line, c.located.column, c.located.code, c.located.message))
                .collect();
            assert!(said.is_empty(), "{} is not clean:\n{}", path.display(), said.join("\n"));
        }
    }
    assert!(seen >= 9, "expected a clean fixture per topic, found {seen}");
}
