//! `kibitzer fmt` through the built binary: in place, `--check`, `--diff`, standard input,
//! `--range`, encodings and line ends kept, units with errors kept byte for byte.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// An EPD line whose operations are out of order and spaced loosely, and its export form.
const EPD_IN: &str = "4k3/8/8/8/8/8/8/4K3  w - -  id \"x\";  bm Kd2;\n";
const EPD_OUT: &str = "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"x\";\n";

fn run(args: &[&str], dir: &Path) -> Output {
    Command::new(kibitzer_tests::kibitzer()).args(args).current_dir(dir).output().unwrap()
}

/// Runs kibitzer with `input` on standard input. The input is written from another thread, so
/// that a large output cannot block the child while the test still writes; and a child that
/// exits without reading (bad usage is refused before any input is read) closes the pipe, which
/// is then no failure of the test: its exit status and output say what happened.
fn run_stdin(args: &[&str], input: &[u8]) -> Output {
    run_stdin_with(args, input, &[])
}

/// [`run_stdin`] with environment variables set for the child.
fn run_stdin_with(args: &[&str], input: &[u8], env: &[(&str, &str)]) -> Output {
    let mut child = Command::new(kibitzer_tests::kibitzer())
        .args(args)
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || match stdin.write_all(&input) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        other => other.unwrap(),
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    output
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn rewrites_in_place_and_is_then_clean() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.epd"), EPD_IN).unwrap();
    let out = run(&["fmt", "a.epd"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(std::fs::read_to_string(dir.path().join("a.epd")).unwrap(), EPD_OUT);
    let check = run(&["fmt", "--check", "a.epd"], dir.path());
    assert_eq!(check.status.code(), Some(0));
    assert_eq!(stdout(&check), "");
}

#[test]
fn check_lists_files_that_would_change_and_exits_1() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("bad.epd"), EPD_IN).unwrap();
    std::fs::write(dir.path().join("good.epd"), EPD_OUT).unwrap();
    let out = run(&["fmt", "--check", "."], dir.path());
    assert_eq!(out.status.code(), Some(1));
    let listed = stdout(&out);
    assert!(listed.contains("bad.epd") && !listed.contains("good.epd"), "{listed}");
    assert_eq!(std::fs::read_to_string(dir.path().join("bad.epd")).unwrap(), EPD_IN, "--check writes nothing");
}

#[test]
fn diff_prints_a_unified_diff() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.epd"), EPD_IN).unwrap();
    let out = run(&["fmt", "--diff", "a.epd"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    let diff = stdout(&out);
    assert!(diff.starts_with("--- a.epd\n+++ a.epd\n@@ -1 +1 @@\n"), "{diff}");
    assert!(diff.contains(&format!("-{EPD_IN}")) && diff.contains(&format!("+{EPD_OUT}")), "{diff}");
    assert_eq!(std::fs::read_to_string(dir.path().join("a.epd")).unwrap(), EPD_IN);
}

#[test]
fn standard_input_to_standard_output() {
    let out = run_stdin(&["fmt", "--stdin-filepath", "x.epd"], EPD_IN.as_bytes());
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), EPD_OUT);
    let out = run_stdin(&["fmt", "--lang", "epd", "-"], EPD_IN.as_bytes());
    assert_eq!(stdout(&out), EPD_OUT);
    let out = run_stdin(&["fmt", "-"], EPD_IN.as_bytes());
    assert_eq!(out.status.code(), Some(2), "stdin without a language is bad usage");
}

#[test]
fn latin1_stays_latin1_unless_utf8_is_asked() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("l.epd");
    std::fs::write(&file, b"4k3/8/8/8/8/8/8/4K3 w - - id \"caf\xe9\";  bm Kd2;\n").unwrap();
    assert_eq!(run(&["fmt", "l.epd"], dir.path()).status.code(), Some(0));
    assert_eq!(std::fs::read(&file).unwrap(), b"4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"caf\xe9\";\n");
    assert_eq!(run(&["fmt", "--check", "--encoding", "utf-8", "l.epd"], dir.path()).status.code(), Some(1));
    assert_eq!(run(&["fmt", "--encoding", "utf-8", "l.epd"], dir.path()).status.code(), Some(0));
    assert_eq!(std::fs::read(&file).unwrap(), "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"café\";\n".as_bytes());
}

#[test]
fn a_unit_with_a_syntax_error_is_kept_byte_for_byte_and_reported() {
    let dir = tempfile::tempdir().unwrap();
    let broken = "4k3/8/8/8/8/8/8/4K3   w - - id \"never closed\n";
    std::fs::write(dir.path().join("e.epd"), format!("{EPD_IN}{broken}{EPD_IN}")).unwrap();
    let out = run(&["fmt", "e.epd"], dir.path());
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(std::fs::read_to_string(dir.path().join("e.epd")).unwrap(), format!("{EPD_OUT}{broken}{EPD_OUT}"));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("e.epd:2:") && stderr.contains("left as written"), "{stderr}");
}

#[test]
fn range_formats_only_the_units_it_touches() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("r.epd"), EPD_IN.repeat(3)).unwrap();
    let out = run(&["fmt", "--range", "2:2", "r.epd"], dir.path());
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(std::fs::read_to_string(dir.path().join("r.epd")).unwrap(), format!("{EPD_IN}{EPD_OUT}{EPD_IN}"));
    assert_eq!(run(&["fmt", "--range", "3:1", "r.epd"], dir.path()).status.code(), Some(2));
}

#[test]
fn trouble_exits_2_and_touches_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(&["fmt", "missing.pgn"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

/// A read-only file is reported and left alone, also when its folder is writable (or for root),
/// where renaming a new file over it would get round its read-only bit; the other files are
/// formatted. `check --fix` writes the same way.
#[test]
fn a_read_only_file_is_reported_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let (locked, open) = (dir.path().join("locked.epd"), dir.path().join("open.epd"));
    for path in [&locked, &open] {
        std::fs::write(path, EPD_IN).unwrap();
    }
    let mut permissions = std::fs::metadata(&locked).unwrap().permissions();
    permissions.set_readonly(true);
    std::fs::set_permissions(&locked, permissions).unwrap();
    for args in [&["fmt", "locked.epd", "open.epd"][..], &["check", "--fix", "locked.epd"][..]] {
        let out = run(args, dir.path());
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains("locked.epd: read-only: not rewritten"), "{args:?}: {stderr}");
        assert_eq!(std::fs::read_to_string(&locked).unwrap(), EPD_IN, "{args:?}");
    }
    assert_eq!(std::fs::read_to_string(&open).unwrap(), EPD_OUT);
    assert!(std::fs::metadata(&locked).unwrap().permissions().readonly());
}

#[test]
fn crlf_lines_keep_their_terminators() {
    let out = run_stdin(&["fmt", "--lang", "epd", "-"], EPD_IN.replace('\n', "\r\n").as_bytes());
    assert_eq!(stdout(&out), EPD_OUT.replace('\n', "\r\n"));
}

/// `fmt` keeps every line end it need not change: PGN leaves them free, so a game keeps its own
/// (CR LF among LF games, an old Mac's CR), byte for byte where nothing else changes; a game
/// whose line ends are mixed is written as the formatter writes it (LF). In a file and on
/// standard input alike.
#[test]
fn pgn_games_keep_their_own_line_ends() {
    let dir = tempfile::tempdir().unwrap();
    let fmt_bytes = |name: &str, bytes: &[u8]| {
        std::fs::write(dir.path().join(name), bytes).unwrap();
        let out = run(&["fmt", name], dir.path());
        assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
        let written = std::fs::read(dir.path().join(name)).unwrap();
        let piped = run_stdin(&["fmt", "--lang", "pgn", "-"], bytes);
        assert_eq!(piped.stdout, written, "standard input is formatted as the file");
        String::from_utf8(written).unwrap()
    };
    let unformatted =
        |event: &str| format!("[Event \"{event}\"]\n[White \"x\"]\n\n1. e4   e5 2. Nf3 {{a\nnote}} Nc6 *\n\n");
    // A game in export format, as `fmt` writes it.
    let exported = fmt_bytes("b.pgn", unformatted("b").as_bytes());
    assert!(exported.contains("\n1. e4 e5 2. Nf3 {a note} 2... Nc6 *\n"), "{exported:?}");
    let all_lf = format!("{}{exported}{}", unformatted("a"), unformatted("c"));
    let formatted_lf = fmt_bytes("lf.pgn", all_lf.as_bytes());
    assert!(formatted_lf.contains(&exported) && !formatted_lf.contains('\r'), "{formatted_lf:?}");

    // The export-format game in CR LF among LF games: untouched, it keeps every byte.
    let crlf_game = exported.replace('\n', "\r\n");
    let mixed = format!("{}{crlf_game}{}", unformatted("a"), unformatted("c"));
    assert_eq!(fmt_bytes("mixed.pgn", mixed.as_bytes()), formatted_lf.replacen(&exported, &crlf_game, 1));

    // All CR LF, or all CR (an old Mac's file): the formatted games keep them too.
    for end in ["\r\n", "\r"] {
        let text = all_lf.replace('\n', end);
        let formatted = fmt_bytes("ends.pgn", text.as_bytes());
        assert_eq!(formatted, formatted_lf.replace('\n', end), "{end:?}");
        let again = run(&["fmt", "--check", "ends.pgn"], dir.path());
        assert_eq!(again.status.code(), Some(0), "{end:?}: idempotent");
    }

    // A game whose own line ends are mixed is written with LF, as before.
    let torn = unformatted("a").replacen('\n', "\r\n", 1);
    assert_eq!(fmt_bytes("torn.pgn", torn.as_bytes()), fmt_bytes("a.pgn", unformatted("a").as_bytes()));
}

/// LIN leaves line ends free too: each board keeps its own.
#[test]
fn lin_boards_keep_their_own_line_ends() {
    let out = run_stdin(&["fmt", "--lang", "lin", "-"], b"PN|a|\r\nMB|p|\nSV|o|\rmb|p| mb|p|\r\n");
    assert_eq!(out.stdout, b"pn|a|\r\nmb|p|\nsv|o|\rmb|p|mb|p|\r\n");
}

#[test]
fn pbn_is_written_with_crlf_and_games_keep_their_place() {
    let input = "[Dealer \"n\"]\n[Board \"1\"]\n\n[Board \"2\"\n";
    let out = run_stdin(&["fmt", "--lang", "pbn", "-"], input.as_bytes());
    let text = stdout(&out);
    assert!(text.starts_with("[Event \"?\"]\r\n[Site \"?\"]\r\n[Date \"?\"]\r\n[Board \"1\"]\r\n"), "{text}");
    assert!(text.contains("[Dealer \"N\"]\r\n"), "{text}");
    assert!(text.ends_with("[Result \"?\"]\r\n\r\n[Board \"2\"\n"), "the broken game stays as written: {text:?}");
}

#[test]
fn pgn_game_with_a_syntax_error_is_kept_and_the_others_formatted() {
    let dir = tempfile::tempdir().unwrap();
    let broken = "[Event \"x\"\n1. d4 d5 *\n";
    let input = format!("1 e4 e5 2 Ng1f3 *\n\n{broken}\n1.d4 *\n");
    std::fs::write(dir.path().join("g.pgn"), &input).unwrap();
    let out = run(&["fmt", "g.pgn"], dir.path());
    assert_eq!(out.status.code(), Some(0));
    let text = std::fs::read_to_string(dir.path().join("g.pgn")).unwrap();
    assert!(text.contains("\n\n1. e4 e5 2. Nf3 *\n\n"), "{text}");
    assert!(text.contains(broken), "{text}");
    assert!(text.ends_with("\n\n1. d4 *\n\n"), "{text}");
    let again = run(&["fmt", "--check", "g.pgn"], dir.path());
    assert_eq!(again.status.code(), Some(0), "idempotent: {}", stdout(&again));
}

#[test]
fn a_file_larger_than_a_window_is_formatted_as_a_whole_and_left_alone_once_clean() {
    use kibitzer_syntax::format::{format, FormatOptions, WINDOW};
    use kibitzer_syntax::{text, Lang};
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("big.pgn");
    // Latin-1 bytes, games of every length, one broken game in the middle.
    let mut input = Vec::new();
    let mut i = 0;
    while input.len() < 3 * WINDOW {
        if i == 2000 {
            input.extend_from_slice(b"[Event \"broken\n1. d4 *\n\n");
        }
        input.extend_from_slice(b"[Event \"caf\xe9 ");
        input.extend_from_slice(format!("{i}\"]\n1.e4 e5 2.Nf3 Nc6 ").as_bytes());
        for _ in 0..i % 5 {
            input.extend_from_slice(b"{a comment of some words to fill more than one line} ");
        }
        input.extend_from_slice(if i % 7 == 0 { b"{a comment} *\n\n".as_slice() } else { b"*\n\n" });
        i += 1;
    }
    std::fs::write(&file, &input).unwrap();
    let source = text::decode(&input);
    assert_eq!(source.encoding, text::Encoding::Latin1);
    let expected =
        text::encode(&format(Lang::Pgn, &source.text, &FormatOptions::default()).text, source.encoding).unwrap();
    let out = run(&["fmt", "big.pgn"], dir.path());
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stderr).contains("1 unit(s) with errors left as written"));
    assert!(std::fs::read(&file).unwrap() == expected, "streamed in windows, the same bytes as formatted whole");
    // Clean now: a second run neither changes nor rewrites the file.
    let modified = std::fs::metadata(&file).unwrap().modified().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(20));
    assert_eq!(run(&["fmt", "big.pgn"], dir.path()).status.code(), Some(0));
    assert_eq!(std::fs::metadata(&file).unwrap().modified().unwrap(), modified, "a clean file is not rewritten");
    let out = run_stdin(&["fmt", "--lang", "pgn", "-"], &input);
    assert!(out.stdout == expected, "standard output streams the same bytes");
}

/// A PBN file large enough to be formatted in four pieces on every core, each from a guess of
/// what the games before it leave: the second piece inherits (`#`) columns given far before it
/// (its guess is wrong where it looks: formatted again); the third inherits nothing (its guess
/// is wrong only where it never looks: kept, and what it leaves is the real state with its own
/// values on top); the fourth inherits again, after a `##` value changed in the third.
/// `kibitzer fmt` writes what formatting it in one piece gives.
#[test]
fn a_large_pbn_file_inheriting_across_its_pieces_is_formatted_as_in_one_piece() {
    use kibitzer_syntax::format::{format_in_pieces, FormatOptions, WINDOW};
    use kibitzer_syntax::Lang;
    let table = |columns: &str| format!("[ScoreTable \"{columns}\"]\n1 \"Ann;Bob\" 7 2 \"Carl;Dora\" 3\n");
    let mut input = String::new();
    let mut n = 0;
    while input.len() < 1_800_000 {
        input.push_str(&format!("[Site \"S{n}\"]\n[Board \"{n}\"]\n[Deal \"N:- - - -\"]\n"));
        match n {
            0 => input.push_str(&format!("[Event \"##Club\"]\n{}", table("Rank\\2R;Names\\12;MP\\3R"))),
            100 => input.push_str("[Annotator \"once\"]\n"),
            3000 => input.push_str(&table("Names\\20L;Rank\\4R;MP")),
            25000 => input.push_str("[Event \"##Other club\"]\n"),
            // None in the third piece (about games 20,400 to 30,500).
            n if n % 97 == 0 && !(20000..31000).contains(&n) => input.push_str(&table("#")),
            _ => {}
        }
        input.push('\n');
        n += 1;
    }
    let mut expected = String::new();
    format_in_pieces(Lang::Pbn, &input, &FormatOptions::default(), WINDOW, usize::MAX, &mut |part: &str| {
        expected.push_str(part);
        Ok::<(), ()>(())
    })
    .unwrap();
    // Rows laid out by the first columns, and by the later ones after game 3000.
    assert!(expected.contains(" 1 \"Ann;Bob\"      7\r\n"), "the first columns are inherited");
    assert!(expected.contains("1                    \"Ann;Bob\" 7\r\n"), "the later columns are inherited");
    let out = run_stdin(&["fmt", "--lang", "pbn", "-"], input.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout(&out) == expected, "formatted in pieces, the bytes of one piece");
}

#[test]
fn a_bom_is_written_once() {
    let out = run_stdin(&["fmt", "--lang", "epd", "-"], format!("\u{feff}{EPD_IN}{EPD_IN}").as_bytes());
    assert_eq!(stdout(&out), format!("\u{feff}{EPD_OUT}{EPD_OUT}"));
}

/// A file over the size at which `fmt` formats pieces on every core (512 KB), through the
/// binary: its output is the one-window, one-thread formatting of the library, byte for byte,
/// for PGN and PBN (whose pieces start from a guess of the tags they inherit). Made of
/// fixtures, some with errors (kept as written), repeated.
#[test]
fn a_large_file_formats_as_on_one_thread() {
    use kibitzer_syntax::format::{format_in_pieces, FormatOptions};
    use kibitzer_syntax::Lang;
    let root = kibitzer_tests::workspace().join("fixtures");
    for (lang, name, files) in [
        (Lang::Pgn, "big.pgn", vec!["pgn/clean/chess960.pgn", "pgn/rules/PGN200.pgn", "pgn/rules/PGN203.pgn"]),
        (
            Lang::Pbn,
            "big.pbn",
            vec!["pbn/clean/inherit.pbn", "pbn/clean/tables.pbn", "pbn/rules/PBN402.pbn", "pbn/rules/PBN403.pbn"],
        ),
    ] {
        let mut unit = String::new();
        for f in files {
            unit.push_str(&std::fs::read_to_string(root.join(f)).unwrap());
            unit.push_str("\n\n");
        }
        let text = unit.repeat(700_000 / unit.len() + 1);
        assert!(text.len() > 600_000);
        let mut whole = String::new();
        format_in_pieces(lang, &text, &FormatOptions::default(), usize::MAX, usize::MAX, &mut |p: &str| {
            whole.push_str(p);
            Ok::<(), ()>(())
        })
        .unwrap();
        let out = run_stdin(&["fmt", "--stdin-filepath", name], text.as_bytes());
        assert!(String::from_utf8_lossy(&out.stdout) == whole, "{name}: fmt in pieces differs from one thread");
    }
}

/// A call's `;` comment and then a brace comment holding a tag-like line: `fmt` ends the line
/// after the `;` comment (on one line it swallowed the `{`, and the next run read a tag there),
/// and a second run changes nothing (found by `fuzz/run.sh fmt-pbn`).
#[test]
fn a_comment_after_a_line_comment_stays_a_comment() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.pbn"), "[Auction \"N\"]\n1D=1=;\n{\n[a \"\"];}$4\n").unwrap();
    assert_eq!(run(&["fmt", "a.pbn"], dir.path()).status.code(), Some(0));
    let once = std::fs::read_to_string(dir.path().join("a.pbn")).unwrap();
    assert!(once.contains("1D =1= $4 ;\r\n{\r\n[a \"\"];}\r\n"), "{once:?}");
    let check = run(&["fmt", "--check", "a.pbn"], dir.path());
    assert_eq!(check.status.code(), Some(0), "{}", stdout(&check));
    // Still one comment: the check reads no tag named `a`.
    let checked = stdout(&run(&["check", "a.pbn"], dir.path()));
    assert!(!checked.contains("PBN101"), "{checked}");
}

/// A tag repeated after an escape line: `kibitzer fmt` sorts it next to its twin with the `%`
/// line between them, and a second run (`fmt --check`) still reads one game, not two (found by
/// `fuzz/coverage.sh fmt-pgn`; an escape line is not an empty line, PGN 6).
#[test]
fn a_tag_repeated_after_an_escape_line_stays_in_its_game() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.pgn"), "[Result \"\"]\n%\n[g \"\"][Result \"\"]\n1. e4 c5 *\n").unwrap();
    run(&["fmt", "a.pgn"], dir.path());
    let once = std::fs::read_to_string(dir.path().join("a.pgn")).unwrap();
    assert!(once.contains("[Result \"\"]\n%\n[Result \"\"]\n"), "{once:?}");
    assert_eq!(once.matches("[Event ").count(), 1, "{once:?}");
    let check = run(&["fmt", "--check", "a.pgn"], dir.path());
    assert_eq!(check.status.code(), Some(0), "{}", stdout(&check));
}

/// A second-room game that leaves out Dealer, Vulnerable and Deal and relies on the game before
/// it (PBN702, as rpbridge writes them): `kibitzer fmt` writes the previous game's values, the
/// ones the check reads the game with, not `?`; a Vulnerable of the game's own stays. The result
/// is formatted already, and the check no longer finds the reuse.
#[test]
fn a_second_room_game_takes_the_previous_games_deal_data() {
    let dir = tempfile::tempdir().unwrap();
    let fixture = kibitzer_tests::fixtures("fmt").join("pbn/second-room-reuse.pbn");
    std::fs::copy(&fixture, dir.path().join("match.pbn")).unwrap();
    let before = run(&["check", "--format", "json", "match.pbn"], dir.path());
    assert_eq!(stdout(&before).matches("\"PBN702\"").count(), 2, "{}", stdout(&before));

    let out = run(&["fmt", "match.pbn"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let text = std::fs::read_to_string(dir.path().join("match.pbn")).unwrap();
    let games: Vec<&str> = text.split("\r\n\r\n").filter(|g| g.contains("[Auction")).collect();
    assert_eq!(games.len(), 4, "{text}");
    let board_1 = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765";
    let board_2 = "E:T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765 AKQJ.T98.765.432";
    for (game, dealer, vulnerable, deal) in [(games[1], "N", "None", board_1), (games[3], "E", "NS", board_2)] {
        let tags = format!("[Dealer \"{dealer}\"]\r\n[Vulnerable \"{vulnerable}\"]\r\n[Deal \"{deal}\"]\r\n");
        assert!(game.contains(&tags), "{game}");
        assert!(!game.contains("[Deal \"?\"]") && !game.contains("[Dealer \"?\"]"), "{game}");
    }
    // The game before each second room gives the same deal, from its dealer.
    assert!(games[0].contains(board_1) && games[2].contains(board_2), "{text}");

    let again = run(&["fmt", "--check", "match.pbn"], dir.path());
    assert_eq!(again.status.code(), Some(0), "not idempotent: {}", stdout(&again));
    let after = run(&["check", "--format", "json", "match.pbn"], dir.path());
    assert!(!stdout(&after).contains("\"PBN702\""), "{}", stdout(&after));
    assert_eq!(after.status.code(), Some(0), "{}", stdout(&after));
}

/// Standard input is formatted a chunk at a time, each chunk placed after the lines of those
/// before it (counted, its own line index built only when something is reported): a game left
/// as written far into the stream is reported at its line in the stream, the line `check`
/// gives for the same bytes, whatever the line ends before it (`\n`, `\r\n`, a lone `\r` in a
/// comment).
#[test]
fn a_unit_left_as_written_late_in_a_stream_is_reported_at_its_line() {
    let broken = 50;
    let text: String = (0..60)
        .map(|n| {
            let end = if n % 3 == 1 { "\r\n" } else { "\n" };
            let comment = if n % 7 == 0 { "{a\rb} " } else { "" };
            let site = if n == broken { "[Site \"x" } else { "[Site \"x\"]" };
            format!("[Event \"{n}\"]{end}{site}{end}{end}1. e4 {comment}e5 *{end}{end}")
        })
        .collect();
    // The broken game's Site line: one more than the line breaks before it (`\r\n` is one).
    let at = text.match_indices("[Site \"x").find(|(i, _)| !text[*i..].starts_with("[Site \"x\"]")).unwrap().0;
    let line = 1 + text[..at].replace("\r\n", "\n").matches(['\n', '\r']).count();
    assert!(at > 3 * 300, "the broken game is chunks into the stream ({at})");
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("s.pgn"), &text).unwrap();
    let checked = run(&["check", "s.pgn"], dir.path());
    let place = format!(":{line}:7: error[PGN001]");
    assert!(stdout(&checked).starts_with(&format!("s.pgn{place}")), "{}", stdout(&checked));
    let out = run_stdin_with(&["fmt", "--lang", "pgn", "-"], text.as_bytes(), &[("KIBITZER_CHUNK_BYTES", "300")]);
    assert_eq!(out.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.starts_with(&format!("<stdin>{place}")), "{stderr}");
    assert!(stderr.contains("<stdin>: 1 unit(s) with errors left as written"), "{stderr}");
}
