//! The severity policy: every rule of the catalogue keeps the sentence of the standard it
//! enforces ([`crate::grounds`]: a verbatim quote with its section and modal verb, or an
//! explicit kind for a law of the game, a producer's convention or kibitzer's own check), and
//! that sentence's verb fixes its default severity: *must / shall / is required / only* and the
//! standard's definitions in the indicative give an **error**, *should / discouraged /
//! recommended* a **warning**, *may / optional* a **note**; a law of chess or bridge is an
//! error; a convention not in the standard, or kibitzer's own consistency check, is a warning,
//! note or hint, never an error.
//!
//! Beside the ground, each rule declares a category, which says where the requirement binds:
//!
//! - [`Category::Law`]: a fact the laws of chess or bridge contradict: an **error**.
//! - [`Category::Standard`]: a requirement of the standard in both formats, worded with *must*
//!   or defined: an **error**.
//! - [`Category::Export`]: an export-format requirement of the standard (PGN 8.1.1 tag order,
//!   8.2.2.2 move numbers, 8.2.3.8 suffixes as NAGs, PBN 3.11 …), checked in export mode only,
//!   at the severity of its verb: an **error** for *must*, a **warning** for *should* (lines of
//!   80 or more characters, *strongly discouraged* in PGN 4.3 and PBN 2.3; but a PGN movetext
//!   line of 80 or more is an error, PGN020, since 8.2.1 defines export movetext lines as
//!   shorter). The export layout (`crate::layout`) is of this category too: each place where a
//!   text differs from `kibitzer fmt`'s output, under the rule of its kind.
//! - [`Category::ExportSpelling`]: a form import format tolerates but export format forbids
//!   (`0-0`, `Nge2`, a missing `+`): a **warning** in import mode, raised to an **error** in
//!   export mode.
//! - [`Category::Taste`]: what the standard recommends (*should*), leaves open (*may*), or does
//!   not say (a convention, kibitzer's own check): a **warning**, **information** or **hint**.
//!
//! Beside the category, each rule lists the rules whose diagnostics it may suppress: one root
//! cause gives one diagnostic, so a later check that would only repeat it stays silent (or the
//! two are reported once, with related information). `kibitzer rules --markdown` writes all of
//! it into docs/rules.md; tests/tests/severity_policy.rs checks every rule of the catalogue
//! against its ground and its category, each quote against the specification, and the facts
//! several formats share (dates, times, line lengths …) for one severity in all of them.

use crate::diagnostic::{Rule, RuleScope, Severity};

/// What kind of requirement a rule enforces; it decides the severity.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Category {
    Law,
    Standard,
    Export,
    ExportSpelling,
    Taste,
}

use Category::*;

impl Category {
    pub fn as_str(self) -> &'static str {
        match self {
            Law => "law",
            Standard => "standard",
            Export => "export format",
            ExportSpelling => "export spelling",
            Taste => "taste",
        }
    }

    /// Whether `rule`'s default severity (and scope) is the one this category gives.
    pub fn admits(self, rule: &Rule) -> bool {
        match self {
            Law | Standard => rule.severity == Severity::Error,
            // An export-format requirement: its severity follows its sentence's verb
            // (crate::grounds), an error for must and shall.
            Export => rule.scope == RuleScope::Export,
            ExportSpelling => rule.severity == Severity::Warning && rule.scope == RuleScope::Import,
            Taste => rule.severity != Severity::Error,
        }
    }
}

/// The severity policy as docs/rules.md states it.
pub const POLICY: &str = "\
Every rule keeps the sentence of the standard it enforces, a short verbatim quote with its section (shown below with each rule and by `kibitzer rules CODE`), and the modal verb of that sentence fixes the rule's default severity:

- *must*, *shall*, *is required*, *only*, *not permitted*, and the standard's definitions in the indicative (*is*, *are*, *always*): an **error**;
- *should*, *discouraged*, *recommended*: a **warning**;
- *may*, *optional*, an open list of examples: a **note** (information);
- a law of chess or bridge (an illegal move or call, a result against a checkmate or stalemate on the board, tricks against the play, a score against the laws of scoring): an **error**;
- a producer's convention that is not in the standard, or kibitzer's own consistency check: a **warning**, **note** or **hint**, never an error;
- kibitzer's own reading limits (a game of more than 1 MiB, variations nested more than 128 deep): said once, at the severity that tells what was left unchecked.

Export format: a requirement of the export format is checked in export mode only (`--mode export`, or a PBN `% EXPORT` line), at the severity of its words: an **error** for *must* and definitions, a **warning** for lines of 80 or more characters, which PGN 4.3 and PBN 2.3 *strongly discourage* (but an **error** for a PGN movetext line, which 8.2.1 defines as having fewer than 80). In export mode (`--mode export`) every place where the text differs from what `kibitzer fmt` writes is a diagnostic of the rule for its kind, with the formatter's edit as its fix: a kind the standard words (a single space, a tag pair on a line by itself) at its verb's severity, the rest a **warning** of the format's generic `export-layout` rule. A form import format tolerates but export format forbids (`0-0`, `Nge2`, a missing `+`) is a **warning** in import mode and an **error** in export mode.

One fact, one severity: a value several formats share (a date, a time, a line's length, the character set, a result, a tag name, a board number …) has the same severity in PGN, EPD, PBN and PBI.

One root cause gives one diagnostic: where two sources of one fact disagree (a Contract tag and the auction, a Result and the play) the disagreement is reported once, with related information pointing at the other source, and the rest of the game is checked under the reading it supports. Each rule below lists the rules whose diagnostics it may suppress. A `kibitzer.toml` or the editor's settings may still change any rule's severity.";

/// (code, category, codes whose diagnostics it may suppress)
const TABLE: &[(&str, Category, &[&str])] = &[
    // The analysis of a deal is a fact of its cards: a wrong one misreads the table PBN 5.7
    // (and 4.2.7) defines. Writing 1 for a contract that fails is a program's convention.
    ("DDS001", Standard, &[]),
    ("DDS002", Standard, &[]),
    ("DDS003", Standard, &[]),
    ("DDS004", Standard, &[]),
    ("DDS005", Taste, &[]),
    ("EPD000", Standard, &[]),
    ("EPD001", Standard, &[]),
    ("EPD002", Standard, &[]),
    ("EPD003", Standard, &["EPD001"]),
    ("EPD004", Standard, &[]),
    ("EPD005", Taste, &["EPD001"]),
    ("EPD006", Standard, &[]),
    ("EPD007", Standard, &[]),
    ("EPD008", Standard, &[]),
    ("EPD009", Law, &[]),
    ("EPD010", Law, &[]),
    ("EPD011", Taste, &[]),
    ("EPD012", Taste, &[]),
    ("EPD013", Standard, &[]),
    ("EPD014", Standard, &[]),
    ("EPD015", Standard, &[]),
    ("EPD016", Standard, &[]),
    ("EPD017", Standard, &[]),
    ("EPD018", Export, &[]),
    ("EPD019", Taste, &[]),
    ("FEN001", Standard, &[]),
    ("FEN002", Standard, &[]),
    ("FEN003", Standard, &[]),
    ("FEN004", Standard, &[]),
    ("FEN005", Standard, &[]),
    ("FEN006", Standard, &[]),
    ("FEN007", Law, &["FEN007"]),
    ("FEN008", Standard, &[]),
    ("FEN009", Law, &[]),
    ("FEN010", Standard, &[]),
    ("FEN011", Standard, &[]),
    ("FEN012", Law, &[]),
    ("FEN013", Law, &[]),
    ("FEN014", Law, &[]),
    ("FEN015", Taste, &[]),
    ("FEN016", Taste, &[]),
    ("FEN017", Standard, &[]),
    ("FEN018", Standard, &[]),
    // BBO's LIN: the grammar and the values BBO writes; an unknown pair is kept, a note; the
    // players' count a convention of BBO's, not a fact of the board.
    ("LIN000", Standard, &[]),
    ("LIN001", Standard, &[]),
    ("LIN002", Standard, &[]),
    ("LIN003", Standard, &[]),
    ("LIN004", Standard, &[]),
    ("LIN100", Taste, &[]),
    ("LIN101", Standard, &[]),
    ("LIN102", Standard, &[]),
    ("LIN103", Standard, &[]),
    ("LIN104", Standard, &[]),
    ("LIN105", Standard, &[]),
    ("LIN106", Standard, &[]),
    ("LIN107", Taste, &[]),
    ("LIN108", Standard, &[]),
    ("PBI000", Standard, &[]),
    ("PBI001", Standard, &[]),
    ("PBI002", Standard, &[]),
    ("PBI003", Standard, &[]),
    ("PBI004", Standard, &[]),
    (
        "PBI005",
        Standard,
        &[
            "PBI010", "PBI011", "PBI012", "PBI013", "PBI014", "PBI015", "PBI020", "PBI021", "PBI022", "PBI023",
            "PBI024", "PBI025",
        ],
    ),
    ("PBI006", Standard, &[]),
    ("PBI007", Taste, &[]),
    ("PBI008", Standard, &[]),
    ("PBI009", Standard, &[]),
    ("PBI010", Taste, &[]),
    ("PBI011", Standard, &[]),
    ("PBI012", Standard, &[]),
    ("PBI013", Standard, &[]),
    ("PBI014", Standard, &[]),
    ("PBI015", Taste, &[]),
    ("PBI016", Taste, &[]),
    ("PBI020", Law, &[]),
    ("PBI021", Law, &[]),
    ("PBI022", Law, &[]),
    ("PBI023", Taste, &[]),
    ("PBI024", Taste, &[]),
    ("PBI025", Taste, &[]),
    ("PBN000", Standard, &[]),
    ("PBN001", Standard, &[]),
    ("PBN002", Standard, &[]),
    ("PBN003", Standard, &[]),
    ("PBN004", Standard, &[]),
    ("PBN005", Standard, &[]),
    ("PBN006", Taste, &[]),
    ("PBN007", Standard, &[]),
    ("PBN010", Standard, &[]),
    ("PBN011", Standard, &[]),
    ("PBN012", Export, &[]),
    ("PBN013", Export, &[]),
    ("PBN100", Taste, &[]),
    ("PBN101", Standard, &[]),
    ("PBN102", Taste, &[]),
    ("PBN103", Standard, &[]),
    ("PBN104", Standard, &[]),
    ("PBN105", Standard, &[]),
    ("PBN106", Standard, &[]),
    ("PBN107", Standard, &[]),
    ("PBN108", Standard, &[]),
    ("PBN109", Standard, &[]),
    ("PBN110", Standard, &[]),
    ("PBN111", Taste, &[]),
    ("PBN112", Standard, &["PBN503", "PBN501"]),
    // One spelling per name is a database keeper's convention; the standard has none.
    ("PBN120", Taste, &[]),
    ("PBN121", Taste, &[]),
    ("PBN200", Standard, &[]),
    ("PBN201", Law, &[]),
    ("PBN202", Law, &[]),
    ("PBN300", Standard, &[]),
    ("PBN301", Law, &["PBN309"]),
    ("PBN302", Standard, &["PBN308", "PBN309"]),
    ("PBN303", Law, &["PBN308", "PBN309"]),
    ("PBN304", Law, &["PBN308", "PBN309"]),
    ("PBN305", Law, &["PBN308", "PBN309"]),
    ("PBN306", Law, &["PBN308", "PBN309"]),
    ("PBN307", Standard, &["PBN308", "PBN309"]),
    ("PBN308", Law, &["PBN402", "PBN403", "PBN406", "PBN410", "PBN600", "PBN309"]),
    ("PBN309", Law, &["PBN403", "PBN406", "PBN410", "PBN600"]),
    ("PBN310", Standard, &[]),
    ("PBN311", Law, &[]),
    ("PBN400", Standard, &[]),
    ("PBN401", Standard, &[]),
    ("PBN402", Law, &["PBN402", "PBN403", "PBN410"]),
    ("PBN403", Law, &["PBN402", "PBN403", "PBN410"]),
    ("PBN404", Standard, &[]),
    ("PBN405", Standard, &[]),
    ("PBN406", Law, &[]),
    ("PBN407", Standard, &[]),
    ("PBN410", Law, &["PBN600"]),
    ("PBN411", Law, &[]),
    ("PBN500", Standard, &[]),
    ("PBN501", Taste, &[]),
    ("PBN502", Standard, &[]),
    ("PBN503", Standard, &[]),
    ("PBN504", Standard, &[]),
    ("PBN505", Standard, &[]),
    ("PBN506", Standard, &[]),
    ("PBN600", Law, &["PBN604"]),
    ("PBN601", Taste, &["PBN301", "PBN602"]),
    ("PBN602", Taste, &["PBN600"]),
    ("PBN603", Law, &[]),
    ("PBN604", Law, &[]),
    ("PBN700", Standard, &[]),
    ("PBN701", Taste, &["PBN701"]),
    ("PBN702", Standard, &[]),
    ("PBN800", Export, &[]),
    ("PBN801", Export, &[]),
    ("PBN802", Export, &[]),
    ("PBN803", Export, &[]),
    ("PBN804", Export, &[]),
    ("PBN805", Export, &[]),
    ("PBN806", Export, &[]),
    ("PBN807", Export, &[]),
    ("PBN808", Taste, &[]),
    ("PBN900", Standard, &[]),
    ("PBN901", Standard, &[]),
    ("PBN902", Standard, &[]),
    ("PBN903", Standard, &[]),
    ("PBN904", Standard, &[]),
    ("PGN000", Standard, &[]),
    ("PGN001", Standard, &[]),
    ("PGN002", Standard, &[]),
    ("PGN003", Standard, &[]),
    ("PGN004", Standard, &[]),
    ("PGN005", Standard, &[]),
    ("PGN006", Standard, &[]),
    ("PGN007", Standard, &[]),
    ("PGN008", Standard, &[]),
    ("PGN010", Export, &[]),
    ("PGN011", Standard, &[]),
    ("PGN012", Standard, &[]),
    ("PGN013", Export, &[]),
    ("PGN014", Export, &[]),
    ("PGN015", Export, &[]),
    // The export layout: where a text differs from `kibitzer fmt`'s output (crate::layout).
    // A movetext line too long is an error of 8.2.1's definition, not PGN015's warning.
    ("PGN016", Export, &[]),
    ("PGN017", Export, &[]),
    ("PGN018", Export, &[]),
    ("PGN019", Export, &[]),
    ("PGN020", Export, &["PGN015"]),
    ("PGN021", Export, &[]),
    ("PGN022", Export, &[]),
    ("PGN100", Standard, &[]),
    ("PGN101", Standard, &[]),
    ("PGN102", Taste, &[]),
    ("PGN103", Export, &[]),
    ("PGN104", Export, &[]),
    ("PGN105", Standard, &[]),
    ("PGN106", Taste, &[]),
    ("PGN107", Standard, &[]),
    ("PGN108", Standard, &[]),
    ("PGN109", Standard, &[]),
    ("PGN110", Standard, &[]),
    ("PGN112", Standard, &[]),
    ("PGN113", Standard, &[]),
    ("PGN114", Standard, &["PGN120"]),
    ("PGN115", Taste, &[]),
    ("PGN116", Taste, &[]),
    ("PGN120", Taste, &[]),
    ("PGN121", Taste, &[]),
    ("PGN200", Law, &["PGN200", "PGN201", "PGN202", "PGN203", "PGN204", "PGN220", "PGN221", "PGN302"]),
    ("PGN201", Law, &["PGN200", "PGN201", "PGN202", "PGN203", "PGN204", "PGN220", "PGN221", "PGN302"]),
    ("PGN202", Law, &["PGN200", "PGN201", "PGN202", "PGN203", "PGN204", "PGN220", "PGN221", "PGN302"]),
    ("PGN203", Law, &[]),
    ("PGC001", Standard, &[]),
    ("PGN204", Law, &["PGN200", "PGN201", "PGN202", "PGN203", "PGN204", "PGN220", "PGN221", "PGN302"]),
    ("PGN205", ExportSpelling, &[]),
    ("PGN206", Standard, &[]),
    ("PGN210", ExportSpelling, &[]),
    ("PGN211", ExportSpelling, &[]),
    ("PGN212", ExportSpelling, &[]),
    ("PGN213", ExportSpelling, &[]),
    ("PGN214", ExportSpelling, &[]),
    ("PGN215", ExportSpelling, &[]),
    ("PGN216", ExportSpelling, &[]),
    ("PGN220", Standard, &["PGN220"]),
    ("PGN221", Export, &[]),
    ("PGN230", Standard, &[]),
    ("PGN231", Export, &[]),
    ("PGN232", Standard, &[]),
    ("PGN240", Taste, &[]),
    ("PGN241", Taste, &[]),
    ("PGN242", Taste, &[]),
    ("PGN243", Taste, &[]),
    ("PGN300", Standard, &[]),
    ("PGN301", Law, &[]),
    ("PGN302", Law, &["PGN301"]),
    ("PGN303", Taste, &[]),
    ("PGN304", Law, &[]),
    ("PGN305", Taste, &[]),
    // A database keeper's convention (pgn-extract's -D), not the standard's.
    // A copy of a game is deleted, not renamed: its spellings are not noted.
    ("PGN400", Taste, &["PGN402", "PGN403"]),
    ("PGN401", Taste, &["PGN402", "PGN403"]),
    // One spelling per name is a database keeper's convention; the standard has none.
    ("PGN402", Taste, &[]),
    ("PGN403", Taste, &[]),
];

/// The category a rule declares (`None` for a code not in the catalogue).
pub fn category(code: &str) -> Option<Category> {
    TABLE.iter().find(|(c, _, _)| *c == code).map(|(_, k, _)| *k)
}

/// The rules whose diagnostics `code` may suppress (or absorb as related information).
pub fn suppresses(code: &str) -> &'static [&'static str] {
    TABLE.iter().find(|(c, _, _)| *c == code).map_or(&[], |(_, _, s)| s)
}

/// Every code the policy declares, in its order.
pub fn codes() -> impl Iterator<Item = &'static str> {
    TABLE.iter().map(|(c, _, _)| *c)
}
