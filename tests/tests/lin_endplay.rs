//! Differential test of BBO's LIN against endplay (PyPI, `endplay.parsers.lin`): seeded random
//! games (tests/tests/bridge_games), some with alerted and explained calls, are written as LIN
//! by `kibitzer convert --to lin` and read by endplay, and written as LIN by endplay and read by
//! `kibitzer convert --to pbn`; both sides must find the same deal, dealer, vulnerability,
//! auction (with alerts and explanations) and play, and `kibitzer check` must find nothing
//! wrong in either LIN file. Then every corpus PBN game with a deal goes to LIN and back: its
//! Deal, Dealer and Vulnerable tags come back byte for byte as `fmt` writes the original, and
//! its calls in the same order. Skipped with a message when Python, endplay or the corpus is
//! missing.

use crate::bridge_games;

use kibitzer_syntax::bridge::cards::Seat;
use kibitzer_syntax::bridge::deal::normalise_deal;
use kibitzer_tests::{run_kibitzer, Rng};
use std::path::Path;
use std::process::Command;

fn endplay_available() -> bool {
    kibitzer_tests::python_module_available("endplay")
}

/// What a game holds, as both sides must read it: hands N E S W, dealer, vulnerability, the
/// calls (with alert and explanation) and the cards in the order played.
#[derive(Debug, Clone, PartialEq)]
struct Board {
    hands: Vec<String>,
    dealer: String,
    vul: String,
    calls: Vec<(String, bool, Option<String>)>,
    play: Vec<String>,
}

fn tag<'a>(game: &'a str, name: &str) -> Option<&'a str> {
    let start = game.find(&format!("[{name} \""))? + name.len() + 3;
    Some(&game[start..start + game[start..].find("\"]")?])
}

/// The tokens of a section: from the line after its tag to the next tag.
fn section<'a>(game: &'a str, name: &str) -> Vec<&'a str> {
    let Some(at) = game.find(&format!("[{name} \"")) else { return Vec::new() };
    let body = &game[at..];
    let body = &body[body.find('\n').map_or(body.len(), |i| i + 1)..];
    let body = &body[..body.find("\n[").map_or(body.len(), |i| i + 1)];
    body.split_whitespace().collect()
}

/// A generated or converted PBN game as a [`Board`], its play from the rows of its Play section
/// (each trick from its leader, given by `leaders`, or all rows in order when `order` is given).
fn board_of(game: &str, order: Option<&[String]>) -> Board {
    let deal = normalise_deal(tag(game, "Deal").unwrap(), Some(Seat::N)).unwrap();
    let notes: Vec<(String, String)> = game
        .lines()
        .filter_map(|l| l.strip_prefix("[Note \"")?.strip_suffix("\"]"))
        .filter_map(|n| n.split_once(':').map(|(a, b)| (format!("={a}="), b.to_owned())))
        .collect();
    let mut calls: Vec<(String, bool, Option<String>)> = Vec::new();
    for token in section(game, "Auction") {
        if let Some((_, text)) = notes.iter().find(|(n, _)| n == token) {
            let last = calls.last_mut().unwrap();
            last.1 = true;
            last.2 = (!text.is_empty()).then(|| text.clone());
        } else {
            calls.push((token.to_owned(), false, None));
        }
    }
    Board {
        hands: deal[2..].split(' ').map(str::to_owned).collect(),
        dealer: tag(game, "Dealer").unwrap().to_owned(),
        vul: tag(game, "Vulnerable").unwrap().to_owned(),
        calls,
        play: order.map(<[String]>::to_vec).unwrap_or_default(),
    }
}

/// Adds an alert to the first call of every third game with calls: explained in most, only
/// alerted in every sixth.
fn with_alerts(i: usize, text: &str) -> String {
    if !i.is_multiple_of(3) {
        return text.to_owned();
    }
    let at = text.find("[Auction").unwrap();
    let line_end = at + text[at..].find('\n').unwrap() + 1;
    let calls_end = line_end + text[line_end..].find('\n').unwrap() + 1;
    let first_end = line_end + text[line_end..].find([' ', '\n']).unwrap();
    let note = if i.is_multiple_of(6) { String::new() } else { format!("explained {i}") };
    format!("{} =1={}[Note \"1:{note}\"]\n{}", &text[..first_end], &text[first_end..calls_end], &text[calls_end..])
}

const READ_LIN: &str = r#"
import sys, json
from endplay.config import suppress_unicode
from endplay.parsers import lin
from endplay.types import ContractBid, Player
with suppress_unicode():
    for b in lin.loads(open(sys.argv[1]).read()):
        calls = []
        for x in b.auction:
            text = f"{x.level}{x.denom.abbr}" if isinstance(x, ContractBid) else {"passed": "Pass", "doubled": "X", "redoubled": "XX"}[x.penalty.name]
            calls.append([text, bool(x.alertable), x.announcement])
        hands = [b.deal[p].to_pbn() for p in (Player.north, Player.east, Player.south, Player.west)]
        vul = {"none": "None", "ns": "NS", "ew": "EW", "both": "All"}[b.vul.name]
        print(json.dumps({"hands": hands, "dealer": b.dealer.abbr, "vul": vul, "calls": calls, "play": [str(c) for c in b.play]}))
"#;

const WRITE_LIN: &str = r#"
import sys
from endplay.parsers import lin, pbn
open(sys.argv[2], "w").write(lin.dumps(pbn.loads(open(sys.argv[1]).read())))
"#;

fn python(dir: &Path, script: &str, args: &[&str]) -> String {
    std::fs::write(dir.join("script.py"), script).unwrap();
    let out = Command::new("python3").arg(dir.join("script.py")).args(args).current_dir(dir).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

fn kibitzer(dir: &Path, args: &[&str]) -> String {
    let out = run_kibitzer(args, dir, None);
    assert!(
        out.status.success(),
        "kibitzer {args:?}: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The games of a PBN text, split at empty lines.
fn games(text: &str) -> Vec<String> {
    text.replace("\r\n", "\n").split("\n\n").filter(|g| g.contains("[Deal \"")).map(str::to_owned).collect()
}

#[test]
fn kibitzer_and_endplay_read_each_others_lin() {
    if !endplay_available() {
        eprintln!("skipped: python3 with endplay is not available (pip install endplay)");
        return;
    }
    let mut rng = Rng::new(0x4C49_4E00_0000_0001);
    let generated: Vec<bridge_games::Game> = (1..=300).map(|b| bridge_games::game(&mut rng, b)).collect();
    let texts: Vec<String> = generated.iter().enumerate().map(|(i, g)| with_alerts(i, &g.text)).collect();
    let expected: Vec<Board> =
        generated.iter().zip(&texts).map(|(g, text)| board_of(text, Some(&g.play_order))).collect();
    assert!(expected.iter().filter(|b| b.calls.iter().any(|c| c.2.is_some())).count() > 20);
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("games.pbn"), texts.join("\n")).unwrap();

    // kibitzer writes, endplay reads.
    let lin = kibitzer(dir.path(), &["convert", "games.pbn", "--to", "lin"]);
    assert_eq!(lin.lines().count(), 300);
    std::fs::write(dir.path().join("kibitzer.lin"), &lin).unwrap();
    kibitzer(dir.path(), &["check", "kibitzer.lin"]);
    let read: Vec<Board> = python(dir.path(), READ_LIN, &["kibitzer.lin"])
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            Board {
                hands: v["hands"].as_array().unwrap().iter().map(|h| h.as_str().unwrap().to_owned()).collect(),
                dealer: v["dealer"].as_str().unwrap().to_owned(),
                vul: v["vul"].as_str().unwrap().to_owned(),
                calls: v["calls"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|c| {
                        (c[0].as_str().unwrap().to_owned(), c[1].as_bool().unwrap(), c[2].as_str().map(str::to_owned))
                    })
                    .collect(),
                play: v["play"].as_array().unwrap().iter().map(|c| c.as_str().unwrap().to_owned()).collect(),
            }
        })
        .collect();
    assert_eq!(read.len(), expected.len());
    for (i, (e, r)) in expected.iter().zip(&read).enumerate() {
        assert_eq!(e, r, "board {}: endplay reads kibitzer's LIN otherwise:\n{}", i + 1, lin.lines().nth(i).unwrap());
    }

    // endplay writes, kibitzer reads.
    python(dir.path(), WRITE_LIN, &["games.pbn", "endplay.lin"]);
    kibitzer(dir.path(), &["check", "endplay.lin"]);
    let back = games(&kibitzer(dir.path(), &["convert", "endplay.lin", "--to", "pbn"]));
    assert_eq!(back.len(), expected.len());
    for (i, (g, game)) in generated.iter().zip(&back).enumerate() {
        let mut want = expected[i].clone();
        // endplay's PBN reader keeps no explanations: compare the calls alone.
        let got = board_of(game, Some(&g.play_order));
        want.calls.iter_mut().for_each(|c| (c.1, c.2) = (false, None));
        let calls: Vec<_> = got.calls.iter().map(|c| (c.0.clone(), false, None)).collect();
        assert_eq!(Board { calls, ..got.clone() }, want, "board {}:\n{game}", i + 1);
        // The play: the same rows, trick by trick, as the generator wrote them.
        let rows: Vec<String> = g.rows.iter().map(|r| r.join(" ")).collect();
        assert_eq!(section(game, "Play").chunks(4).map(|c| c.join(" ")).collect::<Vec<_>>(), rows, "board {}", i + 1);
    }
}

#[test]
fn corpus_deals_come_back_from_lin_as_fmt_writes_them() {
    let Some(corpus) = kibitzer_tests::corpus("pbn") else {
        eprintln!("skipped: no corpus (../shared/corpus or $KIBITZER_CORPUS)");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let mut compared = 0;
    let mut unpaired = Vec::new();
    for path in kibitzer_tests::files_under(&corpus, |p| p.extension().is_some_and(|e| e == "pbn")) {
        let original = std::fs::read(&path).unwrap();
        let formatted = run_kibitzer(&["fmt", "-", "--lang", "pbn"], dir.path(), Some(&original));
        let formatted = String::from_utf8_lossy(&formatted.stdout).into_owned();
        let lin = run_kibitzer(&["convert", path.to_str().unwrap(), "--to", "lin"], dir.path(), None);
        std::fs::write(dir.path().join("round.lin"), &lin.stdout).unwrap();
        let back = run_kibitzer(&["convert", "round.lin", "--to", "pbn"], dir.path(), None);
        let back = games(&String::from_utf8_lossy(&back.stdout));
        // The games LIN can hold: a deal of four hands, from a dealer, with no inheritance.
        let originals: Vec<String> = games(&formatted)
            .into_iter()
            .filter(|g| tag(g, "Deal").is_some_and(|d| kibitzer_syntax::bridge::deal::parse_deal(d).is_ok()))
            .collect();
        // Games are told apart here by empty lines: a file whose comments hold empty lines (the
        // specification's test files) cannot be paired up this way, and is named.
        if originals.len() != back.len() {
            unpaired.push(path.display().to_string());
            continue;
        }
        for (o, b) in originals.iter().zip(&back) {
            // A game fmt leaves as written (it has syntax errors) may give its deal from any
            // seat: its cards must come back, from the dealer.
            let dealer = tag(o, "Dealer").and_then(Seat::parse);
            let deal = |g: &str| tag(g, "Deal").and_then(|d| normalise_deal(d, dealer.or(Some(Seat::N))));
            assert_eq!(deal(o), deal(b), "{}: the deal of\n{o}\nbecame\n{b}", path.display());
            let formatted = o.contains("[Event ") && o.find("[Deal ") > o.find("[Vulnerable ");
            for name in ["Deal", "Dealer", "Vulnerable"] {
                // A value in the standard's spelling comes back byte for byte (a quirky one,
                // `None ` say, in its standard spelling).
                let standard = ["N", "E", "S", "W", "None", "NS", "EW", "All"];
                if (name == "Deal" && !formatted)
                    || (name != "Deal" && !tag(o, name).is_some_and(|v| standard.contains(&v)))
                {
                    continue;
                }
                let line = |g: &str| g.lines().find(|l| l.starts_with(&format!("[{name} \""))).map(str::to_owned);
                if tag(o, "Dealer").is_some_and(|d| Seat::parse(d).is_some())
                    && tag(o, name).is_some_and(|v| !v.contains('#'))
                {
                    assert_eq!(line(o), line(b), "{}: {name} of\n{o}\nbecame\n{b}", path.display());
                }
            }
            let calls = |g: &str| -> Vec<String> {
                section(g, "Auction").into_iter().filter(|t| !t.starts_with('=')).map(str::to_owned).collect()
            };
            let plain = |t: &String| {
                let bid = t.len() >= 2
                    && (b'1'..=b'7').contains(&t.as_bytes()[0])
                    && ["C", "D", "H", "S", "NT"].contains(&&t[1..]);
                bid || t == "Pass" || t == "X" || t == "XX"
            };
            let original_calls = calls(o);
            if tag(o, "Dealer").is_some() && !original_calls.is_empty() && original_calls.iter().all(plain) {
                assert_eq!(original_calls, calls(b), "{}: the calls of\n{o}\nbecame\n{b}", path.display());
            }
            compared += 1;
        }
    }
    eprintln!("{compared} corpus deals compared; files not paired up game by game: {unpaired:?}");
    assert!(compared > 100 && unpaired.len() <= 5, "too few corpus deals: {compared}, unpaired {unpaired:?}");
}
