//! Double-dummy analysis (`kibitzer dd`, DDS through dds-bridge) against endplay's solver (its
//! own build of DDS, from PyPI), on every deal of the corpus's hand records with analysis
//! (`../shared/corpus/pbn/dd-analysis`): the 20 trick counts and the par score for the dealer
//! and vulnerability. Skips with a message without the corpus or endplay
//! (`pip install endplay`). Also `check` against hand-written hand records with planted errors.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn kibitzer(args: &[&str], cwd: &Path) -> std::process::Output {
    Command::new(kibitzer_tests::kibitzer()).args(args).current_dir(cwd).output().expect("kibitzer runs")
}

const ENDPLAY: &str = r#"
import json, sys
try:
    from endplay.types import Deal, Vul, Player, Denom
    from endplay.dds import calc_dd_table, par
except Exception as e:
    print("unavailable:", e)
    sys.exit(3)
rows = json.load(sys.stdin)
vuls = {"None": Vul.none, "Love": Vul.none, "-": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "All": Vul.both, "Both": Vul.both}
seats = [Player.north, Player.south, Player.east, Player.west]
denoms = [Denom.nt, Denom.spades, Denom.hearts, Denom.diamonds, Denom.clubs]
bad = 0
for r in rows:
    deal = Deal(r["deal"])
    table = calc_dd_table(deal)
    tricks = "".join("%x" % table[d, s] for s in seats for d in denoms)
    score = par(table, vuls.get(r["vulnerable"] or "None", Vul.none), Player.find(r["dealer"] or "N")).score
    if tricks != r["double_dummy_tricks"].lower() or score != r["par_score_ns"]:
        bad += 1
        print(r["path"], r["board"], "endplay", tricks, score, "kibitzer", r["double_dummy_tricks"], r["par_score_ns"])
print("compared", len(rows), "deals,", bad, "disagreements")
sys.exit(1 if bad else 0)
"#;

fn corpus() -> Option<PathBuf> {
    kibitzer_tests::corpus("pbn/dd-analysis")
}

#[test]
fn dds_agrees_with_endplay_on_every_corpus_deal() {
    let Some(dir) = corpus() else {
        eprintln!("skipped: no shared corpus");
        return;
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.retain(|p| p.extension().is_some_and(|e| e == "pbn"));
    files.sort();
    let mut args = vec!["dd", "--format", "json"];
    args.extend(files.iter().map(|p| p.to_str().unwrap()));
    let out = kibitzer(&args, &dir);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let rows: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).unwrap();
    assert!(rows.len() >= 200, "{} deals", rows.len());
    let mut python =
        match Command::new("python3").args(["-c", ENDPLAY]).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn() {
            Ok(p) => p,
            Err(e) => {
                eprintln!("skipped: no python3 ({e})");
                return;
            }
        };
    std::io::Write::write_all(&mut python.stdin.take().unwrap(), &out.stdout).unwrap();
    let result = python.wait_with_output().unwrap();
    let said = String::from_utf8_lossy(&result.stdout);
    match result.status.code() {
        Some(0) => eprintln!("{said}"),
        Some(3) => eprintln!("skipped: endplay is not installed (pip install endplay): {said}"),
        _ => panic!("kibitzer and endplay disagree:\n{said}"),
    }
}

/// A hand record whose analysis is right, then the same with one planted error per tag.
const RIGHT: &str = "[Event \"\"]\n[Board \"2\"]\n[Dealer \"E\"]\n[Vulnerable \"NS\"]\n\
[Deal \"E:J2.T9875.J4.AQ82 A73.AQJ43.T32.96 KQ9865..A76.KJ73 T4.K62.KQ985.T54\"]\n\
[DoubleDummyTricks \"53772537725a65b5a65b\"]\n[OptimumScore \"EW 420\"]\n[ParContract \"EW 4S\"]\n\
[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN NT 5\nN  S 3\nE  S 10\n";

#[test]
fn check_verifies_the_analysis_of_hand_records() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("right.pbn"), RIGHT).unwrap();
    let out = kibitzer(&["check", "--format", "json", "right.pbn"], dir.path());
    let found: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).unwrap();
    assert!(found.iter().all(|d| !d["code"].as_str().unwrap().starts_with("DDS")), "{found:#?}");

    // Re-dealt after the analysis: two cards swapped between North and East.
    let wrong = RIGHT.replace("E:J2.T9875", "E:A2.T9875").replace("A73.AQJ43", "J73.AQJ43").replace("EW 420", "EW 620");
    std::fs::write(dir.path().join("wrong.pbn"), wrong).unwrap();
    let out = kibitzer(&["check", "--format", "json", "wrong.pbn"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    let found: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).unwrap();
    let codes: Vec<&str> = found.iter().map(|d| d["code"].as_str().unwrap()).filter(|c| c.starts_with("DDS")).collect();
    assert!(codes.contains(&"DDS001"), "the re-deal is caught: {found:#?}");
    let tricks = found.iter().find(|d| d["code"] == "DDS001").unwrap();
    assert!(tricks["message"].as_str().unwrap().contains("was the deal changed"), "{tricks}");
    assert!(codes.contains(&"DDS003"), "{found:#?}");

    // The deal as it was; a ParContract with one trick too many and a table row one short.
    let wrong = RIGHT.replace("EW 4S\"", "EW 4S+1\"").replace("E  S 10", "E  S 9");
    std::fs::write(dir.path().join("wrong2.pbn"), wrong).unwrap();
    let out = kibitzer(&["check", "--format", "json", "wrong2.pbn"], dir.path());
    let found: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).unwrap();
    let codes: Vec<&str> = found.iter().map(|d| d["code"].as_str().unwrap()).filter(|c| c.starts_with("DDS")).collect();
    assert_eq!(codes, ["DDS004", "DDS002"], "{found:#?}");
    assert!(found.iter().any(|d| d["message"] == "OptimumResultTable: E in S takes 10 tricks double dummy, not 9"));

    // `kibitzer dd` prints the analysis.
    let out = kibitzer(&["dd", "right.pbn"], dir.path());
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text, "right.pbn: board 2: DoubleDummyTricks 53772537725a65b5a65b, par EW 420 (EW 4S)\n");
}

/// Each double-dummy rule's own examples (docs/rules.md): the bad one raises it through
/// `kibitzer check`, the good one does not.
#[test]
fn each_double_dummy_rule_is_raised_by_its_bad_example_only() {
    let dir = tempfile::tempdir().unwrap();
    for rule in kibitzer_syntax::pbn::rules::DOUBLE_DUMMY {
        for (example, raised) in [(rule.bad, true), (rule.good, false)] {
            std::fs::write(dir.path().join("example.pbn"), example).unwrap();
            let out = kibitzer(&["check", "--format", "json", "example.pbn"], dir.path());
            let found: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).unwrap();
            let codes: Vec<&str> = found.iter().map(|d| d["code"].as_str().unwrap()).collect();
            assert_eq!(codes.contains(&rule.code), raised, "{} on\n{example}\n{codes:?}", rule.code);
            assert!(raised || codes.is_empty(), "the good example of {} checks clean: {codes:?}", rule.code);
        }
    }
}
