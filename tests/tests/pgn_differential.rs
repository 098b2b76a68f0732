//! Differential test against python-chess (`pip install chess`; skipped with a message when
//! it cannot be imported or the corpus is absent): over every `.pgn` file of the corpus, both
//! must agree on which games contain an illegal or ambiguous move. Games are matched by their
//! Seven Tag Roster values (python-chess's defaults for missing ones) and their rank among
//! games with the same values. The known disagreements, where python-chess is wrong or reads
//! a different game, are listed in `EXPECTED_DISAGREEMENTS` with the reason.

use kibitzer_syntax::pgn::model::{self, string_value};
use kibitzer_syntax::{check, text, CheckOptions, Lang};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

/// `(file, White, Black)` of games on which kibitzer and python-chess disagree, and why.
const EXPECTED_DISAGREEMENTS: &[(&str, &str, &str, &str)] = &[(
    "pgn-extract/infiles/test-fuzzydepth.pgn",
    "?",
    "?",
    "four tagless games each ended by `*`: python-chess reads on past the termination marker and \
     replays them as one game (so `Nf3` of the second game is illegal); kibitzer, like \
     pgn-extract, ends a game at its termination marker",
)];

const PYTHON: &str = r#"
import sys, json
import chess.pgn
for path in sys.argv[1:]:
    raw = open(path, 'rb').read()
    if raw.startswith(b'\xef\xbb\xbf'):
        raw = raw[3:]
    try:
        text = raw.decode('utf-8')
    except UnicodeDecodeError:
        text = raw.decode('latin-1')
    import io
    f = io.StringIO(text)
    while True:
        game = chess.pgn.read_game(f)
        if game is None:
            break
        h = game.headers
        bad = any(str(e).startswith(('illegal san', 'ambiguous san')) for e in game.errors)
        key = [h.get(k, '') for k in ('Event', 'Site', 'Date', 'Round', 'White', 'Black')]
        print(json.dumps({'file': path, 'key': key, 'variant': h.get('Variant', ''), 'bad': bad}))
"#;

fn corpus() -> Option<PathBuf> {
    kibitzer_tests::corpus("pgn")
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            walk(&p, out);
        } else if p.extension().is_some_and(|e| e == "pgn") {
            out.push(p);
        }
    }
}

type Key = (String, Vec<String>, usize);

fn standard_variant(v: &str) -> bool {
    let v = v.to_ascii_lowercase();
    matches!(v.as_str(), "" | "standard" | "chess" | "normal" | "from position")
        || v.contains("960")
        || v.contains("fischer")
}

/// Gives each key its rank among equal keys of the same file.
fn ranked(items: Vec<(String, Vec<String>, bool)>) -> BTreeMap<Key, bool> {
    let mut seen: BTreeMap<(String, Vec<String>), usize> = BTreeMap::new();
    items
        .into_iter()
        .map(|(file, key, bad)| {
            let n = seen.entry((file.clone(), key.clone())).or_default();
            *n += 1;
            ((file, key, *n), bad)
        })
        .collect()
}

fn kibitzer_games(path: &Path) -> Vec<(String, Vec<String>, bool, bool)> {
    let source = text::decode(&std::fs::read(path).unwrap());
    let t = &source.text;
    let diags = check(Lang::Pgn, t, &CheckOptions::default());
    let root = kibitzer_syntax::pgn::parse(t).syntax();
    let file = path.display().to_string();
    model::games(&root)
        .map(|game| {
            let range = game.range();
            let mut tags: BTreeMap<String, String> = BTreeMap::new();
            for tag in game.tags() {
                if let Some((name, value)) = tag.parts() {
                    tags.entry(name.text().to_owned()).or_insert_with(|| string_value(value.text()).into_owned());
                }
            }
            let get = |k: &str, d: &str| tags.get(k).cloned().unwrap_or_else(|| d.to_owned());
            let key = vec![
                get("Event", "?"),
                get("Site", "?"),
                get("Date", "????.??.??"),
                get("Round", "?"),
                get("White", "?"),
                get("Black", "?"),
            ];
            let bad = diags.iter().any(|d| {
                range.contains_range(d.range) && matches!(d.code, "PGN200" | "PGN201" | "PGN202" | "PGN203" | "PGN204")
            });
            let standard = standard_variant(&get("Variant", ""));
            (file.clone(), key, bad, standard)
        })
        .collect()
}

#[test]
fn agrees_with_python_chess_on_illegal_moves() {
    let Some(corpus) = corpus() else {
        println!("skipped: no shared corpus found");
        return;
    };
    if !Command::new("python3").args(["-c", "import chess.pgn"]).output().is_ok_and(|o| o.status.success()) {
        println!("skipped: python-chess is not importable (pip install chess)");
        return;
    }
    let mut files = Vec::new();
    walk(&corpus, &mut files);
    let output = Command::new("python3").arg("-c").arg(PYTHON).args(&files).output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let mut theirs = Vec::new();
    for line in String::from_utf8_lossy(&output.stdout).lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        if !standard_variant(v["variant"].as_str().unwrap_or("")) {
            continue;
        }
        let key = v["key"].as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_owned()).collect();
        theirs.push((v["file"].as_str().unwrap().to_owned(), key, v["bad"].as_bool().unwrap()));
    }
    let mut ours = Vec::new();
    for f in &files {
        for (file, key, bad, standard) in kibitzer_games(f) {
            if standard {
                ours.push((file, key, bad));
            }
        }
    }
    let (theirs, ours) = (ranked(theirs), ranked(ours));
    let expected: BTreeSet<(&str, &str, &str)> =
        EXPECTED_DISAGREEMENTS.iter().map(|(f, w, b, _)| (*f, *w, *b)).collect();
    let mut unexpected = Vec::new();
    let mut agreed = 0;
    for (key, their_bad) in &theirs {
        let Some(our_bad) = ours.get(key) else { continue };
        if our_bad == their_bad {
            agreed += 1;
            continue;
        }
        let file = key.0.rsplit_once("pgn/").map_or(key.0.as_str(), |(_, f)| f);
        if !expected.contains(&(file, key.1[4].as_str(), key.1[5].as_str())) {
            unexpected.push(format!(
                "{file}: {} vs {} (#{}): kibitzer {our_bad}, python-chess {their_bad}",
                key.1[4], key.1[5], key.2
            ));
        }
    }
    println!(
        "{agreed} games agree; {} matched by both readers",
        theirs.keys().filter(|k| ours.contains_key(*k)).count()
    );
    assert!(unexpected.is_empty(), "disagreements:\n{}", unexpected.join("\n"));
}
