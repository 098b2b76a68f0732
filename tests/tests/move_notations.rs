//! Moves in every common notation, read the same way everywhere (issue 32, part 3): SAN, long
//! algebraic (`Nb8-c6`, `Nf6xe4`), coordinates as UCI writes them (`g1f3`, `b7b8q`) and castling
//! as `0-0`, as the king's two-square move (`e1g1`) or as the king taking its own rook (`b1h1`,
//! UCI's Chess960 form). A move one of these readings makes legal is one warning with its SAN
//! as the safe fix; only a move no reading makes legal is an error. Driven through the binary on
//! the fixtures of `fixtures/notation`: PGN movetext (main line and variations, standard chess
//! and Chess960) and every move opcode of EPD (`bm`, `am`, `pm`, `sm`, `pv`). PBI has no move
//! to read: its keymove field is free text in the source's own notation ("for human eyes only",
//! PBI 1.2), which kibitzer does not check.

use std::path::{Path, PathBuf};
use std::process::Command;

fn fixture(name: &str) -> PathBuf {
    kibitzer_tests::fixtures("notation").join(name)
}

/// `check --format json` of `path`, one line a diagnostic: `line:column severity code message`.
fn diagnostics(path: &Path) -> Vec<String> {
    let out = Command::new(kibitzer_tests::kibitzer()).args(["check", "--format", "json"]).arg(path).output().unwrap();
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON report");
    report
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            format!(
                "{}:{} {} {} {}",
                d["line"],
                d["column"],
                d["severity"].as_str().unwrap(),
                d["code"].as_str().unwrap(),
                d["message"].as_str().unwrap()
            )
        })
        .collect()
}

/// The fixture after `check --fix` on a copy, and what `check` says of the fixed copy.
fn fixed(name: &str) -> (String, Vec<String>) {
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join(name);
    std::fs::copy(fixture(name), &copy).unwrap();
    let status = Command::new(kibitzer_tests::kibitzer()).args(["check", "--fix"]).arg(&copy).output().unwrap().status;
    // The illegal moves stay: errors, exit status 1.
    assert_eq!(status.code(), Some(1), "{name}");
    (std::fs::read_to_string(&copy).unwrap(), diagnostics(&copy))
}

fn errors(all: &[&str]) -> Vec<String> {
    all.iter().filter(|d| d.contains(" error ")).map(|d| d.to_string()).collect()
}

const PGN: &[&str] = &[
        "9:4 warning PGN214 `e2e4` is not standard SAN (the origin square is given beyond what tells the pieces apart); write `e4`",
        "9:9 warning PGN214 `e7-e5` is not standard SAN (long algebraic `-` is not SAN); write `e5`",
        "9:18 warning PGN214 `g1f3` is not standard SAN (long algebraic: SAN names the piece, not its square); write `Nf3`",
        "9:23 warning PGN214 `Nb8-c6` is not standard SAN (long algebraic `-` is not SAN); write `Nc6`",
        "9:33 warning PGN214 `Bf1-c4` is not standard SAN (long algebraic `-` is not SAN); write `Bc4`",
        "9:40 warning PGN214 `g8f6` is not standard SAN (long algebraic: SAN names the piece, not its square); write `Nf6`",
        "9:48 warning PGN214 `e1g1` is not standard SAN (castling is written `O-O` or `O-O-O`, not as the king's move); write `O-O`",
        "9:57 warning PGN214 `d2d3` is not standard SAN (the origin square is given beyond what tells the pieces apart); write `d3`",
        "9:62 warning PGN214 `f8c5` is not standard SAN (long algebraic: SAN names the piece, not its square); write `Bc5`",
        "9:70 warning PGN210 `0-0` is not standard SAN (castling is written with the letter O); write `O-O`",
        "9:74 warning PGN214 `e8g8` is not standard SAN (castling is written `O-O` or `O-O-O`, not as the king's move); write `O-O`",
        "10:6 warning PGN214 `Nf6xe4` is not standard SAN (the origin square is given beyond what tells the pieces apart); write `Nxe4`",
        "10:16 warning PGN214 `d2-d4` is not standard SAN (long algebraic `-` is not SAN); write `d4`",
        "10:22 warning PGN214 `e5xd4` is not standard SAN (the origin square is given beyond what tells the pieces apart); write `exd4`",
        "10:31 warning PGN214 `f1e1` is not standard SAN (long algebraic: SAN names the piece, not its square); write `Re1`",
        "10:36 warning PGN214 `d7d5` is not standard SAN (the origin square is given beyond what tells the pieces apart); write `d5`",
        "10:44 warning PGN214 `Bc4xd5` is not standard SAN (the origin square is given beyond what tells the pieces apart); write `Bxd5`",
        "10:51 warning PGN214 `Qd8xd5` is not standard SAN (the origin square is given beyond what tells the pieces apart); write `Qxd5`",
        "10:61 warning PGN214 `b1c3` is not standard SAN (long algebraic: SAN names the piece, not its square); write `Nc3`",
        "10:66 warning PGN214 `Qd5-a5` is not standard SAN (long algebraic `-` is not SAN); write `Qa5`",
        "10:76 warning PGN214 `Nc3xe4` is not standard SAN (the origin square is given beyond what tells the pieces apart); write `Nxe4`",
        "11:1 warning PGN214 `c8e6` is not standard SAN (long algebraic: SAN names the piece, not its square); write `Be6`",
        "11:10 warning PGN214 `c1d2` is not standard SAN (long algebraic: SAN names the piece, not its square); write `Bd2`",
        "11:15 warning PGN214 `e8c8` is not standard SAN (castling is written `O-O` or `O-O-O`, not as the king's move); write `O-O-O`",
        "24:4 warning PGN214 `b1h1` is not standard SAN (castling is written `O-O` or `O-O-O`, not as the king's move); write `O-O`",
        "24:9 warning PGN214 `b8a8` is not standard SAN (castling is written `O-O` or `O-O-O`, not as the king's move); write `O-O-O`",
        "36:4 warning PGN215 `b7b8q+` is not standard SAN (piece letters are uppercase; the origin square is given beyond what tells the pieces apart; a promotion is written with `=`); write `b8=Q+`",
        "36:18 warning PGN214 `b8b7+` is not standard SAN (long algebraic: SAN names the piece, not its square); write `Qb7+`",
        "48:4 error PGN200 illegal move `e1g1`: White has no short (kingside) castling right",
        "48:13 error PGN200 illegal move `Ke1-e3`: no king of White can legally move to e3",
        "48:25 error PGN200 illegal move `e2e4`: no piece of White stands on e2",
];

#[test]
fn pgn_movetext_reads_every_notation() {
    assert_eq!(diagnostics(&fixture("moves.pgn")), PGN);
}

#[test]
fn pgn_fix_writes_san_and_leaves_only_the_illegal_moves() {
    let original = std::fs::read_to_string(fixture("moves.pgn")).unwrap();
    let expected = original
        .replace(
            "1. e2e4 e7-e5 2. g1f3 Nb8-c6 3. Bf1-c4 g8f6 4. e1g1 (4. d2d3 f8c5 5. 0-0 e8g8)\n\
             4... Nf6xe4 5. d2-d4 e5xd4 6. f1e1 d7d5 7. Bc4xd5 Qd8xd5 8. b1c3 Qd5-a5 9. Nc3xe4\n\
             c8e6 10. c1d2 e8c8 *",
            "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O (4. d3 Bc5 5. O-O O-O)\n\
             4... Nxe4 5. d4 exd4 6. Re1 d5 7. Bxd5 Qxd5 8. Nc3 Qa5 9. Nxe4\n\
             Be6 10. Bd2 O-O-O *",
        )
        .replace("1. b1h1 b8a8 *", "1. O-O O-O-O *")
        .replace("1. b7b8q+ Kd7 2. b8b7+ *", "1. b8=Q+ Kd7 2. Qb7+ *");
    assert_ne!(expected, original);
    let (text, remaining) = fixed("moves.pgn");
    assert_eq!(text, expected);
    assert_eq!(remaining, errors(PGN));
}

const EPD: &[&str] = &[
    "2:40 warning EPD011 `bm` move `h1h7`, canonical SAN is `Rh7`",
    "2:45 warning EPD011 `bm` move `Rh1-h7`, canonical SAN is `Rh7`",
    "2:52 warning EPD011 `bm` move `a1xa3`, canonical SAN is `Rxa3`",
    "2:58 warning EPD011 `bm` move `b7b8q`, canonical SAN is `b8=Q+`",
    "2:64 warning EPD011 `bm` move `e1g1`, canonical SAN is `O-O`",
    "2:69 warning EPD011 `bm` move `e1a1`, canonical SAN is `O-O-O`",
    "2:74 warning EPD011 `bm` move `0-0-0`, canonical SAN is `O-O-O`",
    "3:40 warning EPD011 `am` move `h1h7`, canonical SAN is `Rh7`",
    "3:45 warning EPD011 `am` move `Rh1-h7`, canonical SAN is `Rh7`",
    "3:52 warning EPD011 `am` move `a1xa3`, canonical SAN is `Rxa3`",
    "3:58 warning EPD011 `am` move `b7b8q`, canonical SAN is `b8=Q+`",
    "3:64 warning EPD011 `am` move `e1g1`, canonical SAN is `O-O`",
    "3:69 warning EPD011 `am` move `e1a1`, canonical SAN is `O-O-O`",
    "3:74 warning EPD011 `am` move `0-0-0`, canonical SAN is `O-O-O`",
    "4:40 warning EPD011 `pm` move `e1g1`, canonical SAN is `O-O`",
    "5:40 warning EPD011 `sm` move `b7a8q`, canonical SAN is `bxa8=Q+`",
    "6:37 warning EPD011 `pv` move `e1g1`, canonical SAN is `O-O`",
    "6:42 warning EPD011 `pv` move `e8c8`, canonical SAN is `O-O-O`",
    "6:47 warning EPD011 `pv` move `Ra1-a8`, canonical SAN is `Ra8+`",
    "6:54 warning EPD011 `pv` move `c8d7`, canonical SAN is `Kd7`",
    "6:59 warning EPD011 `pv` move `g1g2`, canonical SAN is `Kg2`",
    "7:32 warning EPD011 `bm` move `b1a1`, canonical SAN is `O-O-O`",
    "7:41 warning EPD011 `am` move `b1h1`, canonical SAN is `O-O`",
    "8:36 error EPD009 `bm` move `e1g1` is not legal for White in this position",
    "9:37 error EPD009 `am` move `e2e4` is not legal for White in this position",
    "9:42 error EPD009 `am` move `Ke1-e3` is not legal for White in this position",
];

#[test]
fn epd_move_operands_read_every_notation() {
    assert_eq!(diagnostics(&fixture("moves.epd")), EPD);
}

#[test]
fn epd_fix_writes_san_and_leaves_only_the_illegal_moves() {
    let original = std::fs::read_to_string(fixture("moves.epd")).unwrap();
    let expected = original
        .replace("bm h1h7 Rh1-h7 a1xa3 b7b8q e1g1 e1a1 0-0-0;", "bm Rh7 Rh7 Rxa3 b8=Q+ O-O O-O-O O-O-O;")
        .replace("am h1h7 Rh1-h7 a1xa3 b7b8q e1g1 e1a1 0-0-0;", "am Rh7 Rh7 Rxa3 b8=Q+ O-O O-O-O O-O-O;")
        .replace("pm e1g1;", "pm O-O;")
        .replace("sm b7a8q;", "sm bxa8=Q+;")
        .replace("pv e1g1 e8c8 Ra1-a8 c8d7 g1g2;", "pv O-O O-O-O Ra8+ Kd7 Kg2;")
        .replace("bm b1a1; am b1h1;", "bm O-O-O; am O-O;");
    assert_ne!(expected, original);
    let (text, remaining) = fixed("moves.epd");
    assert_eq!(text, expected);
    assert_eq!(remaining, errors(EPD));
}
