//! Double-dummy analysis (`kibitzer dd`, pons-dds: DDS's search in Rust) against endplay's
//! solver (the C++ DDS, built by its wheel from PyPI), on the deals of the corpus's hand records
//! with analysis (`../shared/corpus/pbn/dd-analysis`; every 4th of its 237 on every run) and on
//! random deals (seeded; 100 of the 1,000 on every run): all of both with `KIBITZER_DD_ALL=1`;
//! the 20 trick counts and the par score for the dealer and vulnerability. Skips with a message
//! without the corpus or endplay (`pip install endplay`). Also `check` against hand-written hand
//! records with planted errors, in the forms producers write.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn kibitzer(args: &[&str], cwd: &Path) -> std::process::Output {
    Command::new(kibitzer_tests::kibitzer()).args(args).current_dir(cwd).output().expect("kibitzer runs")
}

/// endplay's answer for each deal it is given (JSON rows with `deal`, `dealer`, `vulnerable`):
/// the DoubleDummyTricks string and the par score for North-South. Exit 3: endplay is missing.
const ENDPLAY: &str = r#"
import json, sys
try:
    from endplay.types import Deal, Vul, Player, Denom
    from endplay.dds import calc_dd_table, par
except Exception as e:
    print("unavailable:", e)
    sys.exit(3)
vuls = {"None": Vul.none, "Love": Vul.none, "-": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "All": Vul.both, "Both": Vul.both}
seats = [Player.north, Player.south, Player.east, Player.west]
denoms = [Denom.nt, Denom.spades, Denom.hearts, Denom.diamonds, Denom.clubs]
out = []
for r in json.load(sys.stdin):
    table = calc_dd_table(Deal(r["deal"]))
    tricks = "".join("%x" % table[d, s] for s in seats for d in denoms)
    score = par(table, vuls.get(r["vulnerable"] or "None", Vul.none), Player.find(r["dealer"] or "N")).score
    out.append({"deal": r["deal"], "double_dummy_tricks": tricks, "par_score_ns": score})
json.dump(out, sys.stdout)
"#;

/// endplay's answers for `rows` (as `kibitzer dd --format json` writes them), or `None`, said
/// why, when python3 or endplay is missing.
fn endplay_answers(rows: &[serde_json::Value]) -> Option<Vec<serde_json::Value>> {
    let spawned = Command::new("python3")
        .args(["-c", ENDPLAY])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut python = match spawned {
        Ok(p) => p,
        Err(e) => {
            eprintln!("skipped: no python3 ({e})");
            return None;
        }
    };
    // A script that ends early (endplay missing, or a crash) closes its input: the write then
    // fails, and its exit status and output say why.
    let written = serde_json::to_writer(python.stdin.take().unwrap(), rows);
    let result = python.wait_with_output().unwrap();
    if result.status.code() == Some(0) {
        written.expect("the deals written to the endplay script");
    }
    match result.status.code() {
        Some(0) => Some(serde_json::from_slice(&result.stdout).expect("endplay's JSON")),
        Some(3) => {
            eprintln!(
                "skipped: endplay is not installed (pip install endplay): {}",
                String::from_utf8_lossy(&result.stdout)
            );
            None
        }
        _ => panic!(
            "the endplay script failed ({}): {}{}",
            result.status,
            String::from_utf8_lossy(&result.stdout),
            String::from_utf8_lossy(&result.stderr)
        ),
    }
}

/// `kibitzer dd --format json` on `files`: a row per deal.
fn kibitzer_answers(files: &[PathBuf], cwd: &Path) -> Vec<serde_json::Value> {
    let mut args = vec!["dd", "--format", "json"];
    args.extend(files.iter().map(|p| p.to_str().unwrap()));
    let out = kibitzer(&args, cwd);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Panics with every deal on which kibitzer's rows and the reference's disagree (tricks or par).
fn assert_same_analysis(kibitzer: &[serde_json::Value], reference: &[serde_json::Value]) {
    assert_eq!(kibitzer.len(), reference.len(), "as many deals");
    let key = |r: &serde_json::Value| {
        (r["deal"].clone(), r["double_dummy_tricks"].as_str().unwrap().to_ascii_lowercase(), r["par_score_ns"].clone())
    };
    let disagreements: Vec<String> = kibitzer
        .iter()
        .zip(reference)
        .filter(|(k, r)| key(k) != key(r))
        .map(|(k, r)| format!("kibitzer {:?}\nendplay  {:?}", key(k), key(r)))
        .collect();
    assert!(disagreements.is_empty(), "{} disagreements:\n{}", disagreements.len(), disagreements.join("\n"));
    eprintln!("compared {} deals: no disagreement", kibitzer.len());
}

fn corpus() -> Option<PathBuf> {
    kibitzer_tests::corpus("pbn/dd-analysis")
}

/// Every how many of the corpus's games (in the order of the files' names, then of the games)
/// a run compares: the 237 deals cost about 3 CPU-minutes on this project's 2-core machines
/// (0.5 s a deal for `kibitzer dd`, 0.26 s for endplay), a minute and a half of `.ci/run`'s 30 for
/// one test; every 4th keeps 60 of them, from every file. `KIBITZER_DD_ALL=1` compares all, on the
/// files as they are.
const CORPUS_STRIDE: usize = 4;

#[test]
fn dds_agrees_with_endplay_on_the_corpus_deals() {
    let Some(dir) = corpus() else {
        eprintln!("skipped: no shared corpus");
        return;
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.retain(|p| p.extension().is_some_and(|e| e == "pbn"));
    files.sort();
    let rows = if std::env::var("KIBITZER_DD_ALL").as_deref() == Ok("1") {
        let rows = kibitzer_answers(&files, &dir);
        assert!(rows.len() >= 200, "{} deals", rows.len());
        rows
    } else {
        // The sampled games as the files write them (the games' text, found by kibitzer's parser),
        // one after the other in a file of their own. These files inherit no value (`#`), so a
        // game read alone is the game it was.
        let mut sample = String::new();
        let mut games = 0;
        for file in &files {
            let text = String::from_utf8_lossy(&std::fs::read(file).unwrap()).into_owned();
            let root = kibitzer_syntax::pbn::parse(&text).syntax();
            for game in root.children().filter(|n| n.kind() == kibitzer_syntax::pbn::syntax_kind::SyntaxKind::GAME) {
                if games % CORPUS_STRIDE == 0 {
                    sample.push_str(text[game.text_range()].trim_end());
                    sample.push_str("\n\n");
                }
                games += 1;
            }
        }
        assert!(!sample.contains("\"#\""), "an inherited value: a game read alone would lose it");
        let tmp = tempfile::tempdir().unwrap();
        std::fs::write(tmp.path().join("sample.pbn"), sample).unwrap();
        let rows = kibitzer_answers(&[tmp.path().join("sample.pbn")], tmp.path());
        assert!(rows.len() >= 50, "{} deals of {games} games", rows.len());
        rows
    };
    if let Some(reference) = endplay_answers(&rows) {
        assert_same_analysis(&rows, &reference);
    }
}

/// splitmix64: a fixed, well-mixed sequence from a seed, so that the random deals are the same
/// on every run (and a disagreement can be replayed).
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// `count` random deals as PBN hand records, one string each (boards 1..=count: dealer and
/// vulnerability by the board rotation, Law 2), cards shuffled by Fisher-Yates from `seed`.
fn random_hand_records(seed: u64, count: usize) -> Vec<String> {
    const RANKS: &[u8] = b"AKQJT98765432";
    let mut rng = SplitMix(seed);
    let mut records = Vec::new();
    for board in 1..=count {
        let mut cards: Vec<usize> = (0..52).collect();
        for i in (1..52).rev() {
            cards.swap(i, (rng.next() % (i as u64 + 1)) as usize);
        }
        // cards[13 * hand ..]: the hands of N, E, S, W; card c is suit c / 13 (S H D C), rank c % 13.
        let hands: Vec<String> = cards
            .chunks(13)
            .map(|hand| {
                let mut hand = hand.to_vec();
                hand.sort_unstable();
                let suits: Vec<String> = (0..4)
                    .map(|suit| hand.iter().filter(|&&c| c / 13 == suit).map(|&c| RANKS[c % 13] as char).collect())
                    .collect();
                suits.join(".")
            })
            .collect();
        let (dealer, vulnerable) = kibitzer_syntax::bridge::score::board_rotation(board as u32);
        records.push(format!(
            "[Board \"{board}\"]\n[Dealer \"{}\"]\n[Vulnerable \"{}\"]\n[Deal \"N:{}\"]\n\n",
            dealer.letter(),
            vulnerable.as_str(),
            hands.join(" ")
        ));
    }
    records
}

/// endplay's analysis of the 1,000 random deals below, kept in the repository: solving them again
/// with endplay costs minutes of CPU on every run. `KIBITZER_DD_REFERENCE=write` recomputes it with
/// endplay and writes it; otherwise a sample is recomputed live, so the file is proved to be
/// endplay's answer whenever endplay is installed.
const RANDOM_REFERENCE: &str = "tests/data/dd_random_1000.json";

/// Every how many of the 1,000 random deals kibitzer solves on a run: all of them cost about
/// 400 s of CPU on the 2-core CI machine (pons-dds takes about 0.4 s a deal there, as endplay's
/// C++ DDS does), which alone would put `.ci/run` past its 30 minutes; every 10th keeps 100 deals
/// of every dealer and vulnerability. `KIBITZER_DD_ALL=1` (or writing the reference) solves all.
const RANDOM_STRIDE: usize = 10;

/// Of the deals kibitzer solves, every how many endplay solves again live (every 40th of the 1,000).
const LIVE_STRIDE: usize = 40;

#[test]
fn dds_agrees_with_endplay_on_random_deals() {
    let write = std::env::var("KIBITZER_DD_REFERENCE").as_deref() == Ok("write");
    let stride = if write || std::env::var("KIBITZER_DD_ALL").as_deref() == Ok("1") { 1 } else { RANDOM_STRIDE };
    let records = random_hand_records(0x6b69_6269_747a_6572, 1000);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("random.pbn");
    std::fs::write(&path, records.iter().step_by(stride).map(String::as_str).collect::<String>()).unwrap();
    let rows = kibitzer_answers(&[path], dir.path());
    assert_eq!(rows.len(), 1000_usize.div_ceil(stride));
    let reference_path = kibitzer_tests::workspace().join(RANDOM_REFERENCE);
    if write {
        let reference = endplay_answers(&rows).expect("endplay, to write the reference");
        std::fs::write(&reference_path, serde_json::to_string_pretty(&reference).unwrap() + "\n").unwrap();
    }
    let reference: Vec<serde_json::Value> =
        serde_json::from_str(&std::fs::read_to_string(&reference_path).unwrap()).unwrap();
    assert_eq!(reference.len(), 1000, "{RANDOM_REFERENCE} holds the 1,000 deals");
    let reference: Vec<serde_json::Value> = reference.into_iter().step_by(stride).collect();
    assert_same_analysis(&rows, &reference);
    // Every 40th deal solved by endplay again: the file is its answer.
    let sample: Vec<serde_json::Value> = rows.iter().step_by(LIVE_STRIDE / stride).cloned().collect();
    if let Some(live) = endplay_answers(&sample) {
        assert_same_analysis(&sample, &live);
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
    // The same when the hand record is compressed: streamed files are checked by the solver too.
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    std::io::Write::write_all(&mut gz, std::fs::read(dir.path().join("wrong.pbn")).unwrap().as_slice()).unwrap();
    std::fs::write(dir.path().join("wrong.pbn.gz"), gz.finish().unwrap()).unwrap();
    let out = kibitzer(&["check", "--format", "json", "wrong.pbn.gz"], dir.path());
    let without_path = |mut found: Vec<serde_json::Value>| {
        found.iter_mut().for_each(|d| drop(d.as_object_mut().unwrap().remove("path")));
        found
    };
    let compressed: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        without_path(compressed),
        without_path(found.clone()),
        "the compressed file says what the plain one says"
    );

    // The deal as it was; a ParContract with one trick too many and a table row one short.
    let wrong = RIGHT.replace("EW 4S\"", "EW 4S+1\"").replace("E  S 10", "E  S 9");
    std::fs::write(dir.path().join("wrong2.pbn"), wrong).unwrap();
    let out = kibitzer(&["check", "--format", "json", "wrong2.pbn"], dir.path());
    let found: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).unwrap();
    let codes: Vec<&str> = found.iter().map(|d| d["code"].as_str().unwrap()).filter(|c| c.starts_with("DDS")).collect();
    assert_eq!(codes, ["DDS004", "DDS002"], "{found:#?}");
    assert!(found.iter().any(|d| d["message"] == "OptimumResultTable: E in S takes 10 tricks double dummy, not 9"));

    // The forms producers write (BridgeComposer's `=` and doubled sacrifices, a seat alone, several
    // contracts): each right one passes; each wrong one is one diagnostic on that contract, naming
    // the par. East-West take 10 tricks in spades and 11 in clubs; NS are vulnerable, EW are not.
    for (value, wrong) in [
        ("EW 4S=", vec![]),
        ("E 4S=; W 4S=", vec![]),
        ("EW 4S+1", vec![("EW 4S+1", "means 11 tricks, but EW take 10 in S double dummy")]),
        ("EW 4S=; EW 5C=", vec![("EW 5C=", "scores EW 400, not the par score EW 420")]),
        ("EW 3NT, EW 4S", vec![("EW 3NT", "means 9 tricks, but EW take 5 in NT double dummy")]),
        ("NS 4HX-1", vec![("NS 4HX-1", "means 9 tricks, but NS take 7 in H double dummy")]),
        ("NS 4HX-3", vec![("NS 4HX-3", "scores EW 800, not the par score EW 420")]),
    ] {
        let text = RIGHT.replace("[ParContract \"EW 4S\"]", &format!("[ParContract \"{value}\"]"));
        std::fs::write(dir.path().join("forms.pbn"), &text).unwrap();
        let out = kibitzer(&["check", "--format", "json", "forms.pbn"], dir.path());
        let found: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).unwrap();
        let said: Vec<(String, String)> = found
            .iter()
            .filter(|d| d["code"] == "DDS004")
            .map(|d| {
                let line = text.lines().nth(d["line"].as_u64().unwrap() as usize - 1).unwrap();
                let (from, to) =
                    (d["column"].as_u64().unwrap() as usize - 1, d["end_column"].as_u64().unwrap() as usize - 1);
                (line[from..to].to_string(), d["message"].as_str().unwrap().to_string())
            })
            .collect();
        assert_eq!(said.len(), wrong.len(), "{value}: {said:?}");
        for ((range, message), (part, why)) in said.iter().zip(&wrong) {
            assert_eq!(range, part, "{value}");
            assert_eq!(message, &format!("ParContract `{part}` {why} (par: EW 4S)"), "{value}");
        }
    }

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
    for rule in kibitzer_syntax::pbn::double_dummy::RULES {
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
