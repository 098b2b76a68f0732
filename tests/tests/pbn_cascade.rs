//! One planted mistake, one diagnostic (issue 19): hand-written games in
//! `fixtures/pbn/cascade/`, each the clean `good.pbn` with one mistake, give exactly one
//! diagnostic, on the line of the mistake, pointing (related information) at the source it
//! disagrees with; the play and the scores are checked under the reading the rest of the game
//! supports, so nothing else is reported.

use crate::pbn_support;

use kibitzer_syntax::text::LineIndex;
use pbn_support::*;

/// (fixture, code, 1-based line of the mistake, related lines)
const CASES: &[(&str, &str, u32, &[u32])] = &[
    // Contract `4H` against an auction (and a play) in spades: no revoke is reported.
    ("contract-strain", "PBN308", 14, &[18]),
    // Declarer `N` against the auction's South: the opening lead is West's, as the auction says.
    ("declarer", "PBN309", 13, &[17]),
    // Result `9` against the 10 tricks of the complete play; the Score agrees with the play.
    ("result", "PBN410", 15, &[19]),
    // The auction stops at `4S Pass Pass` and the play follows.
    ("auction-unclosed", "PBN311", 18, &[]),
    // Note 33 (out of 1..32), referred to by a call: one report at the note, not "unreferred".
    ("note-index", "PBN112", 19, &[17]),
];

fn line_of(text: &str, index: &LineIndex, offset: kibitzer_syntax::TextSize) -> u32 {
    index.line_col(text, offset, kibitzer_syntax::text::ColumnUnit::Char).line + 1
}

#[test]
fn the_clean_game_is_clean() {
    let text = read(&fixtures().join("cascade/good.pbn"));
    let diagnostics = check(&text);
    assert!(diagnostics.is_empty(), "{}", render(&text, &diagnostics));
}

#[test]
fn one_mistake_gives_one_diagnostic_with_the_other_source() {
    for (name, code, line, related) in CASES {
        let text = read(&fixtures().join(format!("cascade/{name}.pbn")));
        let index = LineIndex::new(&text);
        let diagnostics = check(&text);
        assert_eq!(diagnostics.len(), 1, "{name}:\n{}", render(&text, &diagnostics));
        let d = &diagnostics[0];
        assert_eq!(d.code, *code, "{name}: {}", d.message);
        assert_eq!(line_of(&text, &index, d.range.start()), *line, "{name}: {}", d.message);
        let related_lines: Vec<u32> = d.related.iter().map(|r| line_of(&text, &index, r.range.start())).collect();
        assert_eq!(&related_lines, related, "{name}: related information of {}", d.message);
    }
}

/// When the play is wrong under both readings (here its rows are not in the columns PBN
/// wants), the reading under which its opening lead is right is kept: the Declarer tag's
/// disagreement with the auction and the play's own error, no opening-lead error on top.
#[test]
fn a_play_wrong_under_both_readings_keeps_the_reading_its_lead_fits() {
    let good = read(&fixtures().join("cascade/good.pbn"));
    let text = good
        .replace("[Declarer \"S\"]", "[Declarer \"E\"]")
        .replace("[Play \"W\"]", "[Play \"S\"]")
        .replace("[Result \"10\"]\n", "")
        .replace("[Score \"NS 420\"]\n", "");
    let codes: Vec<&str> = check(&text).iter().map(|d| d.code).collect();
    assert_eq!(codes, ["PBN309", "PBN402"], "{}", render(&text, &check(&text)));
}

/// When the auction is what is wrong (here it makes North declarer) and the tags, the play,
/// the Result and the Score agree, the tags' reading is kept: one report, on the Declarer tag,
/// and nothing from the play, though its replay under the auction's reading stops at its first
/// error (the opening lead, West's under the tags, would be East's).
#[test]
fn a_wrong_auction_keeps_the_tags_reading_the_play_supports() {
    let good = read(&fixtures().join("cascade/good.pbn"));
    let text = good.replace("Pass Pass 1S Pass\n4S Pass Pass Pass\n", "1S Pass 4S Pass\nPass Pass\n");
    assert_ne!(text, good);
    let diagnostics = check(&text);
    let codes: Vec<&str> = diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(codes, ["PBN309"], "{}", render(&text, &diagnostics));
    assert!(diagnostics[0].message.contains("agrees with the tags"), "{}", diagnostics[0].message);
}

/// A Vulnerable tag against the board's rotation (Law 2; board 1 is vulnerable for neither
/// side), with a ScoreTable: its rows decide which vulnerability the scores are checked under.
/// Rows scored at the rotation's vulnerability make the tag the one mistake; rows scored at the
/// tag's make the tag what the scores follow. Either way one report, on the tag.
#[test]
fn a_score_table_decides_the_vulnerability_its_scores_are_checked_under() {
    let good = read(&fixtures().join("cascade/good.pbn"));
    let with_rows = |rows: &str| {
        let table = format!("[ScoreTable \"Contract\\2;Declarer\\1;Result\\2;Score_NS\\4\"]\n{rows}");
        let text =
            good.replace("[Vulnerable \"None\"]", "[Vulnerable \"All\"]").replace("[Score \"NS 420\"]\n", &table);
        assert_ne!(text, good);
        text
    };
    // 4S by South making 10 tricks and 9: 420 and -50 not vulnerable, 620 and -100 vulnerable.
    for rows in ["4S S 10 420\n4S S  9 -50\n", "4S S 10 620\n4S S  9 -100\n"] {
        let text = with_rows(rows);
        let diagnostics = check(&text);
        let codes: Vec<&str> = diagnostics.iter().map(|d| d.code).collect();
        assert_eq!(codes, ["PBN602"], "{rows}: {}", render(&text, &diagnostics));
    }
    // A row that fits neither is a mismatch under the vulnerability the others chose.
    let text = with_rows("4S S 10 420\n4S S  9 -50\n4S S 11 999\n");
    let diagnostics = check(&text);
    let codes: Vec<&str> = diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(codes, ["PBN602", "PBN600"], "{}", render(&text, &diagnostics));
    assert!(diagnostics[1].message.contains("scores 450 for NS"), "{}", diagnostics[1].message);

    // The same through the binary, as a user runs it: `kibitzer check --format json` on a file.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("match.pbn"), &text).unwrap();
    let out = kibitzer_tests::run_kibitzer(&["check", "--format", "json", "match.pbn"], dir.path(), None);
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON array");
    let found: Vec<(&str, u64)> =
        report.as_array().unwrap().iter().map(|d| (d["code"].as_str().unwrap(), d["line"].as_u64().unwrap())).collect();
    let line_of = |needle: &str| text.lines().position(|l| l.contains(needle)).unwrap() as u64 + 1;
    assert_eq!(found, [("PBN602", line_of("[Vulnerable ")), ("PBN600", line_of("4S S 11 999"))], "{report:#}");
    assert!(report[1]["message"].as_str().unwrap().contains("scores 450 for NS"), "{report:#}");
}
