//! `kibitzer check` driven as a user drives it: the built binary on files, directories and stdin,
//! in all three output formats, with the exit statuses of the foundation issue.

use std::path::Path;
use std::process::Output;

fn kibitzer(args: &[&str], cwd: &Path, stdin: Option<&[u8]>) -> Output {
    kibitzer_tests::run_kibitzer(args, cwd, stdin)
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// A game whose tag value never ends, followed by a good game.
const BROKEN: &str = "[Event \"Club\n[Site \"Here\"]\n\n1. e4 e5 *\n\n[Event \"Next\"]\n\n1. d4 d5 *\n";
const GOOD: &str = "[Event \"Club\"]\n[Site \"Here\"]\n\n1. e4 e5 *\n";

fn workspace() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("games")).unwrap();
    std::fs::write(dir.path().join("games/broken.pgn"), BROKEN).unwrap();
    std::fs::write(dir.path().join("games/good.pgn"), GOOD).unwrap();
    std::fs::write(dir.path().join("games/readme.txt"), "not a game").unwrap();
    dir
}

#[test]
fn text_output_names_file_line_and_column_and_exits_1_on_errors() {
    let dir = workspace();
    let out = kibitzer(&["check", "games/broken.pgn"], dir.path(), None);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    let text = stdout(&out);
    let first = text.lines().next().unwrap();
    assert!(first.starts_with("games/broken.pgn:1:8: error[PGN"), "{text}");
    assert!(text.contains("1 | [Event \"Club"), "the offending line is shown: {text}");
    assert!(text.contains("1 file checked: 1 error"), "{text}");
}

#[test]
fn a_clean_file_exits_0_and_a_directory_is_walked_by_extension() {
    let dir = workspace();
    let out = kibitzer(&["check", "games/good.pgn"], dir.path(), None);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(stdout(&out).contains("1 file checked: no problems found"));
    let out = kibitzer(&["check", "games"], dir.path(), None);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("2 files checked"), "readme.txt is not walked: {}", stdout(&out));
}

#[test]
fn json_output_has_exactly_the_documented_keys() {
    let dir = workspace();
    let out = kibitzer(&["check", "--format", "json", "games"], dir.path(), None);
    assert_eq!(out.status.code(), Some(1));
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON array");
    let items = value.as_array().unwrap();
    assert_eq!(items.len(), 1, "{value:#}");
    let item = items[0].as_object().unwrap();
    let mut keys: Vec<&str> = item.keys().map(String::as_str).collect();
    keys.sort();
    assert_eq!(keys, ["code", "column", "end_column", "end_line", "fix", "line", "message", "path", "severity"]);
    assert_eq!(item["fix"], serde_json::Value::Null, "an unterminated tag has no fix");
    assert_eq!(item["path"], "games/broken.pgn");
    assert_eq!((item["line"].as_u64(), item["column"].as_u64()), (Some(1), Some(8)));
    assert_eq!(item["severity"], "error");
}

#[test]
fn github_output_is_workflow_annotations() {
    let dir = workspace();
    let out = kibitzer(&["check", "--format", "github", "games/broken.pgn"], dir.path(), None);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).starts_with("::error file=games/broken.pgn,line=1,col=8,"), "{}", stdout(&out));
}

#[test]
fn stdin_needs_a_language_and_reports_as_stdin() {
    let dir = workspace();
    let out = kibitzer(&["check", "-"], dir.path(), Some(BROKEN.as_bytes()));
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--lang"));
    let out = kibitzer(&["check", "--lang", "pgn", "-"], dir.path(), Some(BROKEN.as_bytes()));
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).starts_with("<stdin>:1:8: error[PGN"), "{}", stdout(&out));
}

#[test]
fn trouble_exits_2_with_a_one_line_reason() {
    let dir = workspace();
    for args in [&["check", "missing.pgn"][..], &["check", "games/readme.txt"], &["check", "--mode", "strict", "games"]]
    {
        let out = kibitzer(args, dir.path(), None);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.trim().is_empty(), "{args:?} explains itself");
    }
    std::fs::write(dir.path().join("kibitzer.toml"), "mode = 3\n").unwrap();
    let out = kibitzer(&["check", "games/good.pgn"], dir.path(), None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("kibitzer.toml"));
}

#[test]
fn help_explains_every_option() {
    let dir = workspace();
    let out = kibitzer(&["check", "--help"], dir.path(), None);
    assert_eq!(out.status.code(), Some(0));
    let help = stdout(&out);
    for option in ["--mode", "--format", "--lang", "--fix", "--add-eco", "--stdin-filepath"] {
        assert!(help.contains(option), "{option} in --help");
    }
    let out = kibitzer(&["--help"], dir.path(), None);
    for command in ["check", "fmt", "lsp", "convert", "rules"] {
        assert!(stdout(&out).contains(command), "{command} in --help");
    }
}

#[test]
fn a_config_file_turns_a_rule_off() {
    let dir = workspace();
    let out = kibitzer(&["check", "--format", "json", "games/broken.pgn"], dir.path(), None);
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let code = value[0]["code"].as_str().unwrap().to_owned();
    std::fs::write(dir.path().join("kibitzer.toml"), format!("[rules]\n{code} = \"off\"\n")).unwrap();
    let out = kibitzer(&["check", "games/broken.pgn"], dir.path(), None);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
}

#[test]
fn pbi_without_a_byte_order_mark_is_reported_and_with_one_is_not() {
    let dir = workspace();
    let line = "#PBI 1.2\nA. Composer:4k3/8/8/8/8/8/8/4K3:#2:::::\n";
    std::fs::write(dir.path().join("no-bom.pbi"), line).unwrap();
    std::fs::write(dir.path().join("bom.pbi"), format!("\u{FEFF}{line}")).unwrap();
    let codes = |file: &str| {
        let out = kibitzer(&["check", "--format", "json", file], dir.path(), None);
        let value: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        value.as_array().unwrap().iter().map(|d| d["code"].as_str().unwrap().to_owned()).collect::<Vec<_>>()
    };
    let bom_rule = kibitzer_syntax::rules::catalogue().into_iter().find(|r| r.name == "pbi-missing-bom").unwrap().code;
    assert!(codes("no-bom.pbi").iter().any(|c| c == bom_rule), "{:?}", codes("no-bom.pbi"));
    assert!(!codes("bom.pbi").iter().any(|c| c == bom_rule), "{:?}", codes("bom.pbi"));
}

#[test]
fn fix_rewrites_the_file_in_its_own_encoding_and_the_warning_is_gone() {
    let dir = workspace();
    // ISO-8859-1 bytes (é = 0xE9) and a castling written with zeros.
    let before: &[u8] = b"[Event \"Caf\xe9 blitz\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 Nf6 *\n";
    std::fs::write(dir.path().join("games/latin1.pgn"), before).unwrap();
    let out = kibitzer(&["check", "--format", "json", "games/latin1.pgn"], dir.path(), None);
    assert!(stdout(&out).contains("\"PGN210\""), "{}", stdout(&out));
    let out = kibitzer(&["check", "--fix", "--format", "json", "games/latin1.pgn"], dir.path(), None);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(!stdout(&out).contains("PGN210"), "what remains is reported: {}", stdout(&out));
    let after = std::fs::read(dir.path().join("games/latin1.pgn")).unwrap();
    assert_eq!(after, b"[Event \"Caf\xe9 blitz\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 *\n");
    // Nothing left to fix: a second run leaves the file as it is.
    kibitzer(&["check", "--fix", "games/latin1.pgn"], dir.path(), None);
    assert_eq!(std::fs::read(dir.path().join("games/latin1.pgn")).unwrap(), after);
}

/// Export format: a line of spaces ended by a lone CR is reported where it is, as a line of
/// spaces ended by LF or CR LF is (found by `fuzz/coverage.sh check-pbn`).
#[test]
fn a_line_of_spaces_ended_by_a_lone_cr_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.pbn"), "% EXPORT\r\n\r\n[Event \"x\"]\r\n \r[Site \"y\"]\r\n").unwrap();
    let out = stdout(&kibitzer(&["check", "--format", "json", "a.pbn"], dir.path(), None));
    let diagnostics: serde_json::Value = serde_json::from_str(&out).unwrap();
    let spaces: Vec<_> = diagnostics
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["message"].as_str().is_some_and(|m| m.contains("not a line of spaces")))
        .map(|d| (d["line"].as_u64(), d["column"].as_u64()))
        .collect();
    assert_eq!(spaces, [(Some(4), Some(1))], "{out}");
}

/// `--fix` never adds tags; `--fix --add-eco` gives each game the ECO and Opening tags it lacks
/// (or has as `?`), in export order (after the roster and Annotator, before WhiteElo; at the
/// start of a game without tags), from the opening its fixed moves reach; a game from a FEN
/// position and an Opening written as Scid's three tags get none. A second run changes nothing,
/// and `--add-eco` without `--fix` is a usage error.
#[test]
fn add_eco_adds_the_opening_tags_a_game_lacks_only_when_asked() {
    const BEFORE: &str = "[Event \"No opening tags, a castling written with zeros\"]\n\
[Site \"Club\"]\n\
[Date \"2024.03.01\"]\n\
[Round \"1\"]\n\
[White \"A\"]\n\
[Black \"B\"]\n\
[Result \"*\"]\n\
[Annotator \"C\"]\n\
[WhiteElo \"2100\"]\n\
\n\
1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 Nf6 *\n\
\n\
[Event \"ECO unknown, Opening kept\"]\n\
[ECO \"?\"]\n\
[Opening \"Sicilian\"]\n\
\n\
1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 *\n\
\n\
[Event \"Scid's three tags: only ECO is added\"]\n\
[Opening \"QGD\"]\n\
[Variation \"Ragozin\"]\n\
\n\
1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Nf3 Bb4 *\n\
\n\
[Event \"From a FEN position: nothing is added\"]\n\
[SetUp \"1\"]\n\
[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\
\n\
1. d4 d5 *\n\
\n\
1. c4 e6 2. Nc3 Nf6 3. d4 Bb4 *\n\
";
    const AFTER: &str = "[Event \"No opening tags, a castling written with zeros\"]\n\
[Site \"Club\"]\n\
[Date \"2024.03.01\"]\n\
[Round \"1\"]\n\
[White \"A\"]\n\
[Black \"B\"]\n\
[Result \"*\"]\n\
[Annotator \"C\"]\n\
[ECO \"C50\"]\n\
[Opening \"Italian Game: Giuoco Piano\"]\n\
[WhiteElo \"2100\"]\n\
\n\
1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 *\n\
\n\
[Event \"ECO unknown, Opening kept\"]\n\
[ECO \"B90\"]\n\
[Opening \"Sicilian\"]\n\
\n\
1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 *\n\
\n\
[Event \"Scid's three tags: only ECO is added\"]\n\
[ECO \"D38\"]\n\
[Opening \"QGD\"]\n\
[Variation \"Ragozin\"]\n\
\n\
1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Nf3 Bb4 *\n\
\n\
[Event \"From a FEN position: nothing is added\"]\n\
[SetUp \"1\"]\n\
[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\
\n\
1. d4 d5 *\n\
\n\
[ECO \"E20\"]\n\
[Opening \"Nimzo-Indian Defense\"]\n\
\n\
1. c4 e6 2. Nc3 Nf6 3. d4 Bb4 *\n\
";
    let dir = workspace();
    let file = dir.path().join("games/openings.pgn");
    std::fs::write(&file, BEFORE).unwrap();
    let out = kibitzer(&["check", "--fix", "games/openings.pgn"], dir.path(), None);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), BEFORE.replace("0-0", "O-O"), "--fix alone adds no tag");
    let out = kibitzer(&["check", "--fix", "--add-eco", "games/openings.pgn"], dir.path(), None);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), AFTER);
    kibitzer(&["check", "--fix", "--add-eco", "games/openings.pgn"], dir.path(), None);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), AFTER, "a second run changes nothing");
    let out = kibitzer(&["check", "--add-eco", "games/openings.pgn"], dir.path(), None);
    assert_eq!(out.status.code(), Some(2), "--add-eco needs --fix");
}

/// `--format json` writes a file's array out a round of objects at a time, on every core: a file
/// with thousands of diagnostics (several rounds) gives one JSON array holding, in order, the
/// objects `--format json-lines` prints one by one.
#[test]
fn json_of_many_diagnostics_written_in_rounds_is_the_json_lines_in_one_array() {
    let dir = tempfile::tempdir().unwrap();
    // Each game mates without `#` and plays on: two diagnostics a game, twelve thousand in all.
    let text: String = (0..6000)
        .map(|i| format!("[Event \"G{i}\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 Ke7 6. Ke3 *\n\n"))
        .collect();
    std::fs::write(dir.path().join("many.pgn"), text).unwrap();
    let out = kibitzer(&["check", "--format", "json", "many.pgn"], dir.path(), None);
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    let array: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON array");
    let lines = kibitzer(&["check", "--format", "json-lines", "many.pgn"], dir.path(), None);
    let one_by_one: Vec<serde_json::Value> =
        stdout(&lines).lines().map(|l| serde_json::from_str(l).expect("a JSON object a line")).collect();
    assert!(one_by_one.len() > 10_000, "{}", one_by_one.len());
    assert_eq!(array.as_array().unwrap(), &one_by_one);
}

/// A file of more than 4 MB is read by a thread per core, each its own stretch: what `check`
/// and `fmt` make of it is what they make of the same bytes from standard input (read as one
/// stream), the illegal moves of its first, middle and last games found at their lines.
#[test]
fn a_large_file_read_in_stretches_is_read_as_standard_input_is() {
    let dir = tempfile::tempdir().unwrap();
    let comment = "x".repeat(1000);
    let games = 4200;
    let bad = [0, games / 2, games - 1];
    let text: String = (0..games)
        .map(|i| {
            let second = if bad.contains(&i) { "Ke3" } else { "Nf3" };
            format!("[Event \"G{i}\"]\n\n1. e4 {{{comment}}} e5 2. {second} *\n\n")
        })
        .collect();
    assert!(text.len() > 4 << 20);
    std::fs::write(dir.path().join("big.pgn"), &text).unwrap();
    // Every diagnostic shown: each game's long line is one too, in every stretch of the file.
    let all = ["--max-diagnostics", "0"];
    let from_file = kibitzer(&["check", all[0], all[1], "big.pgn"], dir.path(), None);
    let from_stdin =
        kibitzer(&["check", all[0], all[1], "--stdin-filepath", "big.pgn", "-"], dir.path(), Some(text.as_bytes()));
    assert_eq!(from_file.status.code(), Some(1), "{}", String::from_utf8_lossy(&from_file.stderr));
    assert_eq!(stdout(&from_file), stdout(&from_stdin));
    for game in bad {
        // Each game is four lines (its tag, a blank line, its moves, a blank line).
        let place = format!("big.pgn:{}:", game * 4 + 3);
        assert!(stdout(&from_file).lines().any(|l| l.starts_with(&place) && l.contains("PGN200")), "{place}");
    }
    let formatted = kibitzer(&["fmt", "--stdin-filepath", "big.pgn", "-"], dir.path(), Some(text.as_bytes()));
    kibitzer(&["fmt", "big.pgn"], dir.path(), None);
    assert_eq!(std::fs::read(dir.path().join("big.pgn")).unwrap(), formatted.stdout);
}

/// Plain games are read in one pass and a broken one by the grammar, which then reads the rest
/// of the file: the rules find what they find in the games before the broken one, in it and in
/// the games after it, each at its line and column.
#[test]
fn games_before_and_after_a_broken_game_are_checked_alike() {
    let dir = tempfile::tempdir().unwrap();
    let text = "[Event \"A\"]\n[Site \"?\"]\n\n1. e4 e5 2. Ke3 *\n\n\
                [Event \"B\"]\n\n1. e4 garbage e5 *\n\n\
                [Event \"C\"]\n{a comment after the tags}\n\n1. d4 d5 2. Kd3 *\n";
    std::fs::write(dir.path().join("mixed.pgn"), text).unwrap();
    let out = kibitzer(&["check", "--format", "json", "mixed.pgn"], dir.path(), None);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON array");
    let found: Vec<(u64, u64, &str)> = value
        .as_array()
        .unwrap()
        .iter()
        .map(|d| (d["line"].as_u64().unwrap(), d["column"].as_u64().unwrap(), d["code"].as_str().unwrap()))
        .collect();
    assert_eq!(found, [(4, 13, "PGN200"), (8, 7, "PGN004"), (13, 13, "PGN202")], "{value:#}");
}

/// The text report shows the line under a diagnostic up to 300 characters (counted as
/// characters, not bytes); a longer line, usually binary noise or a whole game on one line, is
/// left out and the diagnostic still names its line and column.
#[test]
fn text_output_echoes_a_line_of_300_characters_but_not_a_longer_one() {
    let dir = tempfile::tempdir().unwrap();
    let line = |chars: usize| {
        let start = "1. e4 e5 2. Qxh7 {";
        let end = "} *";
        // `é` is two bytes: the limit counts characters.
        format!("{start}{}{end}", "é".repeat(chars - start.len() - end.len()))
    };
    for (chars, echoed) in [(300, true), (301, false)] {
        let text = format!("[Event \"Club\"]\n\n{}\n", line(chars));
        assert_eq!(text.lines().nth(2).unwrap().chars().count(), chars);
        let out = kibitzer(&["check", "--stdin-filepath", "long.pgn", "-"], dir.path(), Some(text.as_bytes()));
        let report = stdout(&out);
        assert!(report.contains("long.pgn:3:13: error[PGN"), "{report}");
        assert_eq!(report.contains("3 | 1. e4 e5 2. Qxh7"), echoed, "{chars} characters: {report}");
    }
}

/// What a file holds never drives the terminal: the text report shows a name with control
/// characters, or one that is not UTF-8, quoted as `ls` quotes it for a shell (`$'…'`, which the
/// shell reads back as the same bytes), the values a message quotes with their control
/// characters escaped, and the echoed line with them blanked; no ESC or BEL byte is written.
#[cfg(unix)]
#[test]
fn names_and_text_shown_on_a_terminal_have_their_control_characters_escaped() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    // A pair name that sets the terminal's title and rings its bell (among ordinary lines: a
    // file of control characters would be binary).
    let board = format!("x\x1b]0;pwned\x07y|v|\n{}", "NT|an ordinary note|\n".repeat(20));
    let names: [&[u8]; 2] = [b"bad\x1b[31m\x07.lin", b"caf\xe9.lin"];
    for name in names {
        std::fs::write(dir.path().join(OsStr::from_bytes(name)), &board).unwrap();
    }
    let run = |args: &[&OsStr]| {
        std::process::Command::new(kibitzer_tests::kibitzer()).args(args).current_dir(dir.path()).output().unwrap()
    };
    let check = OsStr::new("check");
    let out = run(&[check, OsStr::from_bytes(names[0]), OsStr::from_bytes(names[1])]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = stdout(&out);
    assert!(!out.stdout.iter().any(|&b| b == 0x1b || b == 0x07), "{stdout:?}");
    let quoted = ["$'bad\\e[31m\\x07.lin'", "$'caf\\xe9.lin'"];
    for name in quoted {
        let first = format!("{name}:1:1: error[LIN002]: `x\\u{{1b}}]0;pwned\\u{{7}}y` is not a pair name");
        assert!(stdout.lines().any(|l| l.starts_with(&first)), "{first}\n{stdout}");
    }
    assert!(stdout.contains("1 | x ]0;pwned y|v|\n"), "the line echoed with its controls blanked: {stdout}");
    // Walked, the same names; `fmt --check` lists them the same way.
    let out = run(&[check, OsStr::new(".")]);
    let stdout = self::stdout(&out);
    for name in quoted {
        assert!(stdout.contains(&format!("$'./{}:1:1: error[LIN002]", &name[2..])), "{stdout}");
    }
    let out = run(&[OsStr::new("fmt"), OsStr::new("--check"), OsStr::from_bytes(names[1])]);
    assert_eq!(self::stdout(&out).lines().next(), Some(quoted[1]));
    // Pasted back into a shell, a quoted name finds its file.
    match std::process::Command::new("bash")
        .arg("-c")
        .arg(format!("\"$0\" check {} {}", quoted[0], quoted[1]))
        .arg(kibitzer_tests::kibitzer())
        .current_dir(dir.path())
        .output()
    {
        Ok(out) => {
            assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
            assert!(self::stdout(&out).contains("2 files checked"), "{}", self::stdout(&out));
        }
        Err(_) => eprintln!("pasting back not tried: no bash"),
    }
}

/// The perft-suite EPD layout (`;D1 20 ;D2 400`): one EPD017 a line, and `check --fix` writes each
/// `;` after its operation, after which the file is clean.
#[test]
fn perft_layout_is_one_error_a_line_and_fix_rewrites_it() {
    let dir = tempfile::tempdir().unwrap();
    let text = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5 ;D2 25\n";
    std::fs::write(dir.path().join("p.epd"), text).unwrap();
    let out = kibitzer(&["check", "--format", "json", "p.epd"], dir.path(), None);
    let found: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let codes: Vec<&str> = found.as_array().unwrap().iter().map(|d| d["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["EPD017"]);
    let out = kibitzer(&["check", "--fix", "p.epd"], dir.path(), None);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stdout));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("p.epd")).unwrap(),
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 D1 5; D2 25;\n"
    );
}
