//! Export layout as diagnostics, through the binary: `check --mode export` reports each place
//! where a text differs from what `kibitzer fmt` writes, at that place, under the rule of its
//! kind (PGN016–PGN022, EPD018–EPD019, PBN808, PBI016), with the formatter's edit as its safe
//! fix; `check --mode export --fix` then writes what `fmt` writes (a property over random
//! games), `fmt`'s own output has none of them (fixtures, and TWIC games when the corpus is
//! there), and import mode has none at all.

use kibitzer_syntax::testing::Rng;
use proptest::prelude::*;

/// The codes of the export layout rules.
const LAYOUT: &[&str] =
    &["PGN016", "PGN017", "PGN018", "PGN019", "PGN020", "PGN021", "PGN022", "EPD018", "EPD019", "PBN808", "PBI016"];

const TAGS: &str = "[Event \"x\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n";

/// `check --format json` of `text` in a file `name`, in `mode`: (line, column, code, severity).
fn check(name: &str, text: &str, mode: &str) -> Vec<(u64, u64, String, String)> {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(name), text).unwrap();
    let out = kibitzer_tests::run_kibitzer(&["check", "--mode", mode, "--format", "json", name], dir.path(), None);
    kibitzer_tests::json_diagnostics(&out.stdout)
        .iter()
        .map(|d| {
            let text = |key: &str| d[key].as_str().unwrap_or_default().to_owned();
            (d["line"].as_u64().unwrap(), d["column"].as_u64().unwrap(), text("code"), text("severity"))
        })
        .collect()
}

/// The export layout diagnostics among `check`'s.
fn layout(name: &str, text: &str, mode: &str) -> Vec<(u64, u64, String, String)> {
    check(name, text, mode).into_iter().filter(|d| LAYOUT.contains(&d.2.as_str())).collect()
}

/// What `fmt` writes for `text` (standard input, the format named by `name`'s extension).
fn fmt(name: &str, text: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(name), text).unwrap();
    let out = kibitzer_tests::run_kibitzer(&["fmt", name], dir.path(), None);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    std::fs::read_to_string(dir.path().join(name)).unwrap()
}

/// What `check --mode export --fix` writes for `text`.
fn fixed(name: &str, text: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(name), text).unwrap();
    kibitzer_tests::run_kibitzer(&["check", "--mode", "export", "--fix", name], dir.path(), None);
    std::fs::read_to_string(dir.path().join(name)).unwrap()
}

fn at(line: u64, column: u64, code: &str, severity: &str) -> (u64, u64, String, String) {
    (line, column, code.to_owned(), severity.to_owned())
}

/// Each case of issue 65: one place each, reported there with its rule and severity, and the
/// fixed text is what `fmt` writes.
#[test]
fn each_layout_case_is_reported_at_its_place() {
    let roster = TAGS.replace("[Event \"x\"]\n", "");
    let long = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 *\n\n";
    let cases = [
        // Two spaces between a tag name and its value (PGN 8.1).
        (format!("[Event  \"x\"]\n{roster}1. e4 *\n\n"), at(1, 7, "PGN016", "error")),
        // Two tag pairs on one line (8.1).
        (format!("[Event \"x\"] {roster}1. e4 *\n\n"), at(1, 12, "PGN017", "error")),
        // Two spaces between movetext tokens (8.2.1).
        (format!("{TAGS}1. e4  e5 *\n\n"), at(9, 6, "PGN018", "error")),
        // A line ending in a space (8.2.1).
        (format!("{TAGS}1. e4 e5 \n2. Nf3 *\n\n"), at(9, 9, "PGN019", "error")),
        // A movetext line of 80 or more characters: an error, where export format breaks it.
        (format!("{TAGS}{long}"), at(9, 78, "PGN020", "error")),
        // A line break where the next token fits (8.2.1: as many tokens as possible a line).
        (format!("{TAGS}1. e4 e5\n2. Nf3 *\n\n"), at(9, 9, "PGN021", "error")),
        // No empty line after the last game: what no rule more precise names.
        (format!("{TAGS}1. e4 e5 *\n"), at(10, 1, "PGN022", "warning")),
        // No line break at all at the end of the text: how the game ends, not where a movetext
        // line is broken (PGN021), though the last line is nearly full.
        (
            format!("{TAGS}1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 *"),
            at(9, 80, "PGN022", "warning"),
        ),
    ];
    for (text, expected) in cases {
        let found = layout("a.pgn", &text, "export");
        assert_eq!(found, std::slice::from_ref(&expected), "{text}");
        assert!(layout("a.pgn", &text, "import").is_empty(), "none in import mode: {text}");
        assert_eq!(fixed("a.pgn", &text), fmt("a.pgn", &text), "--fix writes what fmt writes: {text}");
    }
    // A rest-of-line comment is kept by `fmt` (the standard leaves the export form of comments
    // open): `check --mode export` and `fmt --check` agree that it is export layout.
    let comment = format!("{TAGS}1. e4 ;best\n1... e5 *\n\n");
    assert!(layout("a.pgn", &comment, "export").is_empty());
    assert_eq!(fmt("a.pgn", &comment), comment);
    // The long movetext line is PGN020's error, not also PGN015's warning.
    let all = check("a.pgn", &format!("{TAGS}{long}"), "export");
    assert!(!all.iter().any(|d| d.2 == "PGN015"), "{all:?}");
    // A long tag line stays PGN015's warning: export format does not break it.
    let fen = TAGS.replace("[Site \"?\"]", &format!("[Site \"{}\"]", "s".repeat(90)));
    let all = check("a.pgn", &format!("{fen}1. e4 *\n\n"), "export");
    assert!(all.iter().any(|d| d.2 == "PGN015" && d.3 == "warning") && !all.iter().any(|d| d.2 == "PGN020"), "{all:?}");
}

/// The other formats' export layout, at least its generic kind, through the same engine.
#[test]
fn other_formats_report_their_layout_too() {
    let epd = "4k3/8/8/8/8/8/8/4K3 w - -  id \"a\";\n";
    assert_eq!(layout("a.epd", epd, "export"), [at(1, 26, "EPD018", "error")]);
    assert!(layout("a.epd", epd, "import").is_empty());
    assert_eq!(fixed("a.epd", epd), fmt("a.epd", epd));
    let reordered = "4k3/8/8/8/8/8/8/4K3 w - - id \"x\"; bm Kd2;\n";
    let found = layout("b.epd", reordered, "export");
    assert!(!found.is_empty() && found.iter().all(|d| d.2 == "EPD019"), "{found:?}");
    assert_eq!(fixed("b.epd", reordered), fmt("b.epd", reordered));
}

/// A random game from the starting position, written in a random import layout: loose and
/// missing blanks, line breaks anywhere, blanks at line ends, rest-of-line and brace comments,
/// castling with zeros, suffixes, Black's move numbers, tag pairs spaced and joined.
fn random_game(rng: &mut Rng) -> String {
    use cozy_chess::Board;
    let mut out = String::new();
    let tags = [
        "Event \"x\"",
        "Site \"?\"",
        "Date \"????.??.??\"",
        "Round \"?\"",
        "White \"a\"",
        "Black \"b\"",
        "Result \"*\"",
    ];
    for tag in tags {
        let spaced = if rng.below(4) == 0 { tag.replacen(' ', "  ", 1) } else { tag.to_owned() };
        out.push('[');
        out.push_str(&spaced);
        out.push(']');
        out.push_str(["\n", "\n", "\n", " ", " \n", "\n\n"][rng.below(6)]);
    }
    out.push('\n');
    let mut board = Board::default();
    let plies = rng.below(60);
    let blank = |rng: &mut Rng| ["  ", "\n", " \n", "   ", " ", " ", " ", " ", " ", " "][rng.below(10)];
    for ply in 0..plies {
        let mut moves = Vec::new();
        board.generate_moves(|set| {
            moves.extend(set);
            false
        });
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        let mut after = board.clone();
        after.play_unchecked(mv);
        let san = kibitzer_syntax::chess::san::canonical(&board, mv, &after);
        let mut san = String::from_utf8_lossy(san.as_bytes()).into_owned();
        if rng.below(3) == 0 {
            san = san.replace('O', "0");
        }
        let number = ply / 2 + 1;
        if ply % 2 == 0 {
            out.push_str(&format!("{number}."));
            out.push_str(if rng.below(5) == 0 { "" } else { blank(rng) });
        } else if rng.below(4) == 0 {
            out.push_str(&format!("{number}...{}", blank(rng)));
        }
        out.push_str(&san);
        if rng.below(8) == 0 {
            out.push_str(["!", "?", "!?"][rng.below(3)]);
        }
        out.push_str(blank(rng));
        match rng.below(12) {
            0 => out.push_str("{a comment}  "),
            1 => out.push_str(";rest of line\n"),
            _ => {}
        }
        board = after;
    }
    out.push('*');
    out.push_str(["\n", " \n", "\n\n\n"][rng.below(3)]);
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// `check --mode export --fix` writes what `fmt` writes, and `fmt`'s output has no export
    /// layout diagnostic.
    #[test]
    fn fixing_in_export_mode_writes_what_fmt_writes(seed in any::<u64>()) {
        let mut rng = Rng::new(seed);
        let text: String = (0..1 + rng.below(3)).map(|_| random_game(&mut rng)).collect();
        let formatted = fmt("g.pgn", &text);
        let fixed = fixed("g.pgn", &text);
        prop_assert_eq!(&fixed, &formatted, "from\n{}", text);
        let found = layout("g.pgn", &formatted, "export");
        prop_assert!(found.is_empty(), "{:?}\n{}", found, formatted);
        if formatted != text {
            prop_assert!(!layout("g.pgn", &text, "export").is_empty(), "fmt changes the text; check says why");
        }
    }
}

/// `fmt`'s output of every fixture has no export layout diagnostic: the layout of the
/// formatter's own output is clean by construction.
#[test]
fn formatted_fixtures_have_no_layout_diagnostic() {
    let root = kibitzer_tests::workspace().join("fixtures");
    let files = kibitzer_tests::files_under(&root, |p| {
        p.extension().is_some_and(|e| ["pgn", "epd", "pbn", "pbi"].iter().any(|x| e == *x))
    });
    assert!(files.len() > 100, "fixtures found: {}", files.len());
    let dir = tempfile::tempdir().unwrap();
    let mut names = Vec::new();
    for (i, path) in files.iter().enumerate() {
        let name = format!("{i}.{}", path.extension().unwrap().to_string_lossy());
        std::fs::copy(path, dir.path().join(&name)).unwrap();
        names.push(name);
    }
    let args: Vec<&str> = std::iter::once("fmt").chain(names.iter().map(String::as_str)).collect();
    kibitzer_tests::run_kibitzer(&args, dir.path(), None);
    let mut args = vec!["check", "--mode", "export", "--format", "json"];
    args.extend(names.iter().map(String::as_str));
    let out = kibitzer_tests::run_kibitzer(&args, dir.path(), None);
    let found: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let layout: Vec<String> = found
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| LAYOUT.contains(&d["code"].as_str().unwrap_or_default()))
        .map(|d| {
            let i: usize = d["file"].as_str().unwrap_or_default().split('.').next().unwrap().parse().unwrap_or(0);
            format!("{} {}:{} {}", files[i].display(), d["line"], d["code"], d["message"])
        })
        .collect();
    assert!(layout.is_empty(), "{}", layout.join("\n"));
}

/// The first 200 games of TWIC, formatted by `fmt`, have no export layout diagnostic; the
/// games as TWIC wrote them have some (TWIC's layout is not export format's).
#[test]
fn formatted_twic_games_have_no_layout_diagnostic() {
    let Some(path) = kibitzer_tests::corpus("pgn/large/twic1389.pgn") else {
        eprintln!("skipped: corpus pgn/large/twic1389.pgn missing");
        return;
    };
    let text = kibitzer_syntax::text::decode(&std::fs::read(path).unwrap()).text;
    let starts: Vec<usize> = text.match_indices("\n[Event ").map(|(i, _)| i + 1).take(201).collect();
    let games = &text[..starts[200]];
    let formatted = fmt("twic.pgn", games);
    let found = layout("twic.pgn", &formatted, "export");
    assert!(found.is_empty(), "{found:?}");
    assert_eq!(fixed("twic.pgn", games), formatted);
}

/// Import mode has none of the layout rules, whatever the layout.
#[test]
fn import_mode_reports_no_layout() {
    let text = format!("[Event  \"x\"] {}1.e4  e5 ;c\n2. Nf3 \n*\n", TAGS.replacen("[Event \"x\"]\n", "", 1));
    assert!(layout("a.pgn", &text, "import").is_empty());
    assert!(!layout("a.pgn", &text, "export").is_empty());
}
