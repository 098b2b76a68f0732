//! BBO's LIN through the built binary, as a user runs it: `check FILE.lin` (the grammar's and
//! the values' rules, and PBN's bridge checks placed at the LIN text's own line and column),
//! `convert FILE.lin --to pbn`, `convert FILE.pbn --to lin` and back, and `fmt` a board a line.

use kibitzer_tests::run_kibitzer;
use std::path::Path;

/// North deals; South, West, North hands given, East's completed from them.
const DEAL: &str = "md|3S2345H2345D2345C2,S6789H6789D6789C3,STJQKHTJQKDTJQKC4,|";

fn run(dir: &Path, args: &[&str], stdin: Option<&[u8]>) -> (Option<i32>, String, String) {
    let out = run_kibitzer(args, dir, stdin);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `line:column code` of each diagnostic `check --format json` gives.
fn located(dir: &Path, file: &str) -> Vec<String> {
    let (_, out, err) = run(dir, &["check", "--format", "json", file], None);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
    json.as_array()
        .expect("a list")
        .iter()
        .map(|d| format!("{}:{} {}", d["line"], d["column"], d["code"].as_str().unwrap()))
        .collect()
}

#[test]
fn check_places_bridge_and_lin_errors_on_the_lin_text() {
    let dir = tempfile::tempdir().unwrap();
    let clean = format!("pn|Sue,Wes,Nat,Eve|st||{DEAL}rh||ah|Board 1|sv|o|mb|1C|mb|p|mb|p|mb|p|pg||\n");
    // Line 2: East's 1C after North's 1D is insufficient (column of the `1C` value).
    let insufficient = format!("pn|Sue,Wes,Nat,Eve|st||{DEAL}rh||ah|Board 1|sv|o|mb|1D|mb|1C|mb|p|mb|p|mb|p|pg||\n");
    // Line 3: North leads although East is on lead against 1C by North (the card is North's).
    let wrong_hand = format!("pn|Sue,Wes,Nat,Eve|st||{DEAL}rh||ah|Board 1|sv|o|mb|1C|mb|p|mb|p|mb|p|pg||pc|SK|\n");
    // Line 4: a vulnerability BBO never writes, and a pair nobody knows.
    let values = format!("pn|Sue,Wes,Nat,Eve|st||{DEAL}rh||ah|Board 1|sv|z|zz|1|\n");
    std::fs::write(dir.path().join("boards.lin"), format!("{clean}{insufficient}{wrong_hand}{values}")).unwrap();
    let col = |line: &str, needle: &str| line.find(needle).unwrap() + 1;
    assert_eq!(
        located(dir.path(), "boards.lin"),
        vec![
            format!("2:{} PBN303", col(&insufficient, "1C|")),
            format!("3:{} PBN402", col(&wrong_hand, "SK|")),
            format!("4:{} LIN102", col(&values, "z|zz")),
            format!("4:{} LIN100", col(&values, "zz|")),
        ]
    );
    // The exit status is check's: 1 when an error is found, 0 for the clean board alone.
    std::fs::write(dir.path().join("clean.lin"), &clean).unwrap();
    assert_eq!(run(dir.path(), &["check", "clean.lin"], None).0, Some(0));
    assert_eq!(run(dir.path(), &["check", "boards.lin"], None).0, Some(1));
}

#[test]
fn convert_lin_to_pbn_writes_export_format() {
    let dir = tempfile::tempdir().unwrap();
    let lin = format!(
        "pn|Sue,Wes,Nat,Eve|st||{DEAL}rh||ah|Board 1|sv|o|mb|1C!|an|16+ any shape|mb|p|mb|1H|mb|p|mb|1N!|mb|p|\
         mb|3N|mb|p|mb|p|mb|p|pg||pc|SA|pc|S2|pc|S6|pc|SK|pg||mc|9|pg||\n"
    );
    std::fs::write(dir.path().join("hand.lin"), lin).unwrap();
    let (status, out, err) = run(dir.path(), &["convert", "hand.lin", "--to", "pbn"], None);
    assert_eq!(status, Some(0), "{err}");
    // Export format: CR LF line ends, an empty line after each game.
    let expected = "% PBN 2.1\n% Converted by kibitzer from BBO LIN\n[Event \"?\"]\n[Site \"?\"]\n[Date \"?\"]\n[Board \"1\"]\n\
         [West \"Wes\"]\n[North \"Nat\"]\n[East \"Eve\"]\n[South \"Sue\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
         [Deal \"N:KQJT.KQJT.KQJT.4 A.A.A.AKQJT98765 5432.5432.5432.2 9876.9876.9876.3\"]\n[Scoring \"?\"]\n\
         [Declarer \"N\"]\n[Contract \"3NT\"]\n[Result \"9\"]\n[Auction \"N\"]\n1C =1= Pass 1H Pass\n1NT =2= Pass 3NT Pass\n\
         Pass Pass\n[Note \"1:16+ any shape\"]\n[Note \"2:\"]\n[Play \"E\"]\nSA S2 S6 SK\n*\n\n";
    assert_eq!(out, expected.replace('\n', "\r\n"));
    // The converted file is clean PBN.
    std::fs::write(dir.path().join("hand.pbn"), &out).unwrap();
    let (status, said, _) = run(dir.path(), &["check", "hand.pbn"], None);
    assert_eq!(status, Some(0), "{said}");
}

/// Games as a BBO user's PBN holds them: players, deal, an auction with an alert explained and
/// one only alerted (a note without text, PBN 3.5.4), a full play, a claim, a passed-out board.
const PBN: &str = "[Board \"1\"]\n[West \"Wes\"]\n[North \"Nat\"]\n[East \"Eve\"]\n[South \"Sue\"]\n[Dealer \"N\"]\n\
[Vulnerable \"None\"]\n[Deal \"N:KQJT.KQJT.KQJT.4 A.A.A.AKQJT98765 5432.5432.5432.2 9876.9876.9876.3\"]\n\
[Declarer \"N\"]\n[Contract \"3NT\"]\n[Result \"9\"]\n[Auction \"N\"]\n1C =1= Pass 1H Pass\n1NT =2= Pass 3NT Pass\nPass Pass\n\
[Note \"1:16+ any shape\"]\n[Note \"2:\"]\n[Play \"E\"]\nSA S2 S6 SK\n*\n\n\
[Board \"2\"]\n[West \"Wes\"]\n[North \"Nat\"]\n[East \"Eve\"]\n[South \"Sue\"]\n[Dealer \"E\"]\n[Vulnerable \"NS\"]\n\
[Deal \"E:A.A.A.AKQJT98765 5432.5432.5432.2 9876.9876.9876.3 KQJT.KQJT.KQJT.4\"]\n[Declarer \"\"]\n\
[Contract \"Pass\"]\n[Result \"\"]\n[Auction \"E\"]\nPass Pass Pass Pass\n\n\
[Board \"3\"]\n[West \"W\"]\n[North \"N\"]\n[East \"E\"]\n[South \"S\"]\n[Dealer \"S\"]\n[Vulnerable \"EW\"]\n\
[Deal \"S:AKQ2.AKQ2.AKQ2.A J.JT98.JT98.KQJT T987.7654.7654.2 6543.3.3.9876543\"]\n[Declarer \"S\"]\n\
[Contract \"7NTX\"]\n[Result \"13\"]\n[Auction \"S\"]\n7NT X Pass Pass\nPass\n[Play \"W\"]\n\
CK C2 C3 CA\nSJ S7 S3 SA\nHT S8 S4 SK\nH9 S9 S5 SQ\nH8 H4 H3 HA\nHJ H5 C4 HK\n\
D8 H6 C5 HQ\nD9 D4 D3 DA\nDT D5 C6 DK\nDJ D6 C7 DQ\nCQ ST S6 S2\nCJ H7 C8 H2\nCT D7 C9 D2\n";

#[test]
fn pbn_to_lin_and_back_is_fmt_of_the_original() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("games.pbn"), PBN).unwrap();
    let (status, said, _) = run(dir.path(), &["check", "games.pbn"], None);
    assert_eq!(status, Some(0), "the original is clean: {said}");
    let (status, lin, err) = run(dir.path(), &["convert", "games.pbn", "--to", "lin"], None);
    assert_eq!(status, Some(0), "{err}");
    assert_eq!(lin.lines().count(), 3, "a board a line:\n{lin}");
    assert!(lin.starts_with("pn|Sue,Wes,Nat,Eve|st||md|3S"), "{lin}");
    assert!(lin.contains("mb|1C!|an|16+ any shape|") && lin.contains("mb|1N!|mb|p|"), "{lin}");
    assert!(lin.contains("pc|SA|pc|S2|pc|S6|pc|SK|pg||mc|9|"), "{lin}");
    // Board 3: all thirteen tricks played, so no claim.
    assert!(!lin.lines().nth(2).unwrap().contains("mc|"), "{lin}");
    std::fs::write(dir.path().join("games.lin"), &lin).unwrap();
    let (status, said, _) = run(dir.path(), &["check", "games.lin"], None);
    assert_eq!(status, Some(0), "the LIN is clean: {said}");
    let (status, back, err) = run(dir.path(), &["convert", "games.lin", "--to", "pbn"], None);
    assert_eq!(status, Some(0), "{err}");
    let (_, formatted, _) = run(dir.path(), &["fmt", "-", "--lang", "pbn"], Some(PBN.as_bytes()));
    let header = "% PBN 2.1\r\n% Converted by kibitzer from BBO LIN\r\n";
    assert_eq!(back.strip_prefix(header).expect("the header"), formatted);
}

/// BBO's suit escapes in an explanation (`!S`) become PBN's notation for a suit (`\S`, PBN 3.8,
/// its backslash doubled inside a string, PBN 3.2) and come back as BBO writes them; names LIN
/// leaves empty are PBN's unknown `?` (PBN 3.4) and empty again in LIN, never a literal `?`.
#[test]
fn suits_in_explanations_and_unknown_names_survive_both_ways() {
    let dir = tempfile::tempdir().unwrap();
    let lin = format!("pn|,Wes,,|st||{DEAL}rh||ah|Board 1|sv|o|mb|1C!|an|2+ !c, 16+ !H or !s|mb|p|mb|p|mb|p|pg||\n");
    std::fs::write(dir.path().join("hand.lin"), &lin).unwrap();
    let (status, pbn, err) = run(dir.path(), &["convert", "hand.lin", "--to", "pbn"], None);
    assert_eq!(status, Some(0), "{err}");
    assert!(pbn.contains("[Note \"1:2+ \\\\C, 16+ \\\\H or \\\\S\"]"), "{pbn}");
    assert!(pbn.contains("[North \"?\"]") && pbn.contains("[West \"Wes\"]"), "{pbn}");
    std::fs::write(dir.path().join("hand.pbn"), &pbn).unwrap();
    let (status, said, _) = run(dir.path(), &["check", "hand.pbn"], None);
    assert_eq!(status, Some(0), "{said}");
    let (status, back, err) = run(dir.path(), &["convert", "hand.pbn", "--to", "lin"], None);
    assert_eq!(status, Some(0), "{err}");
    assert!(back.starts_with("pn|,Wes,,|"), "{back}");
    assert!(back.contains("mb|1C!|an|2+ !C, 16+ !H or !S|"), "{back}");
    assert!(!back.contains('?'), "{back}");
}

#[test]
fn convert_says_which_way_it_goes() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.lin"), format!("{DEAL}\n")).unwrap();
    std::fs::write(dir.path().join("a.pgn"), "[Event \"x\"]\n\n*\n").unwrap();
    let (status, _, err) = run(dir.path(), &["convert", "a.lin", "--to", "lin"], None);
    assert_eq!((status, err.trim()), (Some(2), "kibitzer convert: a.lin: already LIN (use --to pbn)"));
    let (status, _, err) = run(dir.path(), &["convert", "a.pgn", "--to", "lin"], None);
    assert_eq!((status, err.trim()), (Some(2), "kibitzer convert: a.pgn: not a .pbn file (--to lin converts PBN)"));
    // A board with a value that cannot be read is converted without it, with a warning.
    std::fs::write(dir.path().join("b.lin"), format!("{DEAL}sv|z|mb|p|\n")).unwrap();
    let (status, out, err) = run(dir.path(), &["convert", "b.lin", "--to", "pbn"], None);
    assert_eq!(status, Some(2));
    assert!(out.contains("[Deal \"N:") && !out.contains("[Vulnerable \"None"), "{out}");
    assert!(err.contains("warning: b.lin:1:") && err.contains("(LIN102)"), "{err}");
}

#[test]
fn fmt_writes_a_board_a_line() {
    let dir = tempfile::tempdir().unwrap();
    let vugraph = format!(
        "vg|Final,Set 1|\npn|Sue,Wes,Nat,Eve,Tom,Ulf,Val,Xav|\nqx|o1|{DEAL}\nsv|o|mb|p|\n\nqx|c1|{DEAL}sv|o|\n"
    );
    let (status, out, err) = run(dir.path(), &["fmt", "-", "--lang", "lin"], Some(vugraph.as_bytes()));
    assert_eq!(status, Some(0), "{err}");
    assert_eq!(
        out,
        format!("vg|Final,Set 1|pn|Sue,Wes,Nat,Eve,Tom,Ulf,Val,Xav|\nqx|o1|{DEAL}sv|o|mb|p|\nqx|c1|{DEAL}sv|o|\n")
    );
    // The closed room's board has the second four players.
    std::fs::write(dir.path().join("v.lin"), &vugraph).unwrap();
    let (_, pbn, _) = run(dir.path(), &["convert", "v.lin", "--to", "pbn"], None);
    assert!(
        pbn.contains("[Event \"Final\"]") && pbn.contains("[Room \"Closed\"]") && pbn.contains("[South \"Tom\"]"),
        "{pbn}"
    );
}

/// The peak resident memory of `kibitzer args` in `dir`, in MB, as `/usr/bin/time` measures it,
/// with its output; `None` when there is no `/usr/bin/time` (Debian's package `time`).
fn peak_mb(dir: &Path, args: &[&str]) -> Option<(u64, std::process::Output)> {
    let report = dir.join("peak.txt");
    let out = std::process::Command::new("/usr/bin/time")
        .args(["-f", "%M", "-o"])
        .arg(&report)
        .arg(kibitzer_tests::kibitzer())
        .args(args)
        .current_dir(dir)
        .output()
        .ok()?;
    let kib: u64 = std::fs::read_to_string(&report).ok()?.trim().lines().last()?.parse().ok()?;
    Some((kib / 1024, out))
}

/// A board of 20 MB on one line between two small boards with an error each (LIN102).
fn giant_board_between() -> (String, String) {
    let giant = format!("md|3S|{}", "nt|x|".repeat(4_000_000));
    (format!("PN|a,b,c,d|  sv|x|\n{giant}\n\nSV|q|   nt|hi|\n"), giant)
}

/// A LIN board over 1 MiB (here 20 MB on one line) is one error, LIN004, like a PGN game over
/// the limit: the boards around it are checked and formatted as usual, it is kept as written,
/// and memory stays bounded (it was 878 MB: the whole line's tokens and tree) in `check`,
/// `fmt` and the language server.
#[test]
fn a_board_over_the_size_limit_is_one_error_and_memory_stays_bounded() {
    let dir = tempfile::tempdir().unwrap();
    let (text, giant) = giant_board_between();
    std::fs::write(dir.path().join("g.lin"), &text).unwrap();
    let check = ["check", "g.lin"];
    let (peak, out) = match peak_mb(dir.path(), &check) {
        Some(measured) => measured,
        None => {
            eprintln!("memory not measured: no /usr/bin/time (Debian package `time`)");
            (0, kibitzer_tests::run_kibitzer(&check, dir.path(), None))
        }
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    let lines: Vec<&str> = stdout.lines().filter(|l| l.starts_with("g.lin:")).collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    assert!(lines[0].starts_with("g.lin:1:17: error[LIN102]"), "{stdout}");
    assert_eq!(
        lines[1],
        "g.lin:2:1: error[LIN004]: board of 19.1 MiB (20000006 bytes) is larger than the 1 MiB kibitzer reads as one board: not checked"
    );
    assert!(lines[2].starts_with("g.lin:4:4: error[LIN102]"), "{stdout}");
    assert!(peak < 200, "check took {peak} MB");

    // The language server's diagnostics of the document are the same, its memory bounded too.
    let mut c = kibitzer_tests::lsp_client::LspClient::start();
    c.initialize(kibitzer_tests::lsp_client::vscode_capabilities(), serde_json::json!({"debounceMs": 0}));
    let uri = "file:///tmp/kibitzer-lin-giant/g.lin";
    c.open(uri, "lin", 1, &text);
    let codes: Vec<_> = c.diagnostics(uri, 1).iter().map(|d| d["code"].clone()).collect();
    assert_eq!(codes, ["LIN102", "LIN004", "LIN102"]);
    let status = std::fs::read_to_string(format!("/proc/{}/status", c.process_id())).unwrap_or_default();
    match status.lines().find_map(|l| l.strip_prefix("VmHWM:")) {
        Some(kib) => {
            let mb = kib.trim().trim_end_matches("kB").trim().parse::<u64>().unwrap() / 1024;
            assert!(mb < 300, "the server took {mb} MB");
        }
        None => eprintln!("the server's memory not measured: no /proc"),
    }
    let _ = c.shutdown();

    // `fmt` keeps it byte for byte and formats the others.
    let fmt = ["fmt", "g.lin"];
    let (peak, out) =
        peak_mb(dir.path(), &fmt).unwrap_or_else(|| (0, kibitzer_tests::run_kibitzer(&fmt, dir.path(), None)));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.starts_with("g.lin:2:1: error[LIN004]: board of 19.1 MiB"), "{stderr}");
    assert!(peak < 200, "fmt took {peak} MB");
    let formatted = std::fs::read_to_string(dir.path().join("g.lin")).unwrap();
    assert_eq!(formatted, format!("pn|a,b,c,d|sv|x|\n{giant}\n\nsv|q|nt|hi|\n"));
    let (code, _, _) = run(dir.path(), &["fmt", "--check", "g.lin"], None);
    assert_eq!(code, Some(0), "idempotent");
}
