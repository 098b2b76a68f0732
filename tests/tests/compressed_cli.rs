//! Compressed inputs through the built binary: `check` and `fmt --check` read `.gz`, `.bz2`,
//! `.zst` and `.zip` members as they read plain files (the same diagnostics at the same lines,
//! also when the stream is cut into many chunks), `fmt` refuses to rewrite a compressed file,
//! `check --fix` too, and directory walks pick compressed game files up.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output};

fn kibitzer(args: &[&str], cwd: &Path, chunk: Option<usize>) -> Output {
    let mut command = Command::new(kibitzer_tests::kibitzer());
    command.args(args).current_dir(cwd);
    if let Some(chunk) = chunk {
        command.env("KIBITZER_CHUNK_BYTES", chunk.to_string());
    }
    command.output().expect("kibitzer runs")
}

/// Games of every kind: clean, with an illegal move, with a syntax error, in Latin-1 (one byte
/// that is not UTF-8), separated as files usually are.
fn pgn() -> Vec<u8> {
    let mut out = Vec::new();
    for n in 0..300 {
        let game = match n % 5 {
            0 => format!("[Event \"{n}\"]\n[Site \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 {{ fine }} *\n\n"),
            1 => format!("[Event \"{n}\"]\n[Site \"x\"]\n\n1. e4 e5 2. Nf6 *\n\n"),
            2 => format!("[Event \"{n}\"]\n[Site \"x\n\n1. d4 *\n\n"),
            3 => format!("[Event \"{n}\"]\n[Date \"2024.13.01\"]\n\n1. c4 (1. d4 d5 2. Qd3 Qd6 3. Qa6) 1... e5 *\n\n"),
            // The marker disagrees with the Result tag: a diagnostic with a related place.
            _ => format!("[Event \"Caf\u{e9} {n}\"]\n[Result \"1-0\"]\n\n1. e4 *\n\n"),
        };
        if n == 299 {
            out.extend(b"[Event \"Z\xfcrich\"]\n\n1. Nf3 Nf6 2. Ng5 Ng4 3. Nxh7 Nxh2 4. Nxf8 Nxf1 5. Nxd7 0-1\n");
        } else {
            out.extend(game.as_bytes());
        }
    }
    out
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(bytes).unwrap();
    e.finish().unwrap()
}

fn bzip2(bytes: &[u8]) -> Vec<u8> {
    let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::default());
    e.write_all(bytes).unwrap();
    e.finish().unwrap()
}

fn zstd(bytes: &[u8]) -> Vec<u8> {
    zstd::encode_all(bytes, 3).unwrap()
}

fn zip(members: &[(&str, &[u8])]) -> Vec<u8> {
    let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (name, bytes) in members {
        let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
        w.start_file(*name, options).unwrap();
        w.write_all(bytes).unwrap();
    }
    w.finish().unwrap().into_inner()
}

fn diagnostics(out: &Output) -> Vec<serde_json::Value> {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stderr)))
}

/// The diagnostics without their paths.
fn located(values: &[serde_json::Value]) -> Vec<serde_json::Value> {
    values
        .iter()
        .map(|v| {
            let mut v = v.clone();
            v.as_object_mut().unwrap().remove("path");
            v
        })
        .collect()
}

#[test]
fn check_reads_every_compression_as_the_plain_file() {
    let dir = tempfile::tempdir().unwrap();
    let plain = pgn();
    std::fs::write(dir.path().join("games.pgn"), &plain).unwrap();
    std::fs::write(dir.path().join("games.pgn.gz"), gzip(&plain)).unwrap();
    std::fs::write(dir.path().join("games.pgn.bz2"), bzip2(&plain)).unwrap();
    std::fs::write(dir.path().join("games.pgn.zst"), zstd(&plain)).unwrap();
    std::fs::write(dir.path().join("twic.zip"), zip(&[("a.pgn", &plain), ("readme.txt", b"x"), ("b.PGN", &plain)]))
        .unwrap();
    let expected = diagnostics(&kibitzer(&["check", "--format", "json", "games.pgn"], dir.path(), None));
    assert!(expected.len() > 150, "{}", expected.len());
    assert!(expected.iter().any(|d| d["line"].as_u64() > Some(1000)));
    // Related places are on the stream's lines too, not their chunk's.
    assert!(expected.iter().any(|d| d["related"][0]["line"].as_u64() > Some(1000)));
    // Whole, and cut into chunks of a few games (each chunk on its own line numbers).
    for chunk in [None, Some(500), Some(4096)] {
        for file in ["games.pgn.gz", "games.pgn.bz2", "games.pgn.zst"] {
            let out = kibitzer(&["check", "--format", "json", file], dir.path(), chunk);
            assert_eq!(out.status.code(), Some(1), "{file}");
            let got = diagnostics(&out);
            assert!(got.iter().all(|d| d["path"] == file), "{file}");
            assert_eq!(located(&got), located(&expected), "{file} in chunks of {chunk:?}");
        }
        let got = diagnostics(&kibitzer(&["check", "--format", "json", "twic.zip"], dir.path(), chunk));
        let (a, b): (Vec<_>, Vec<_>) = got.into_iter().partition(|d| d["path"] == "twic.zip/a.pgn");
        assert!(b.iter().all(|d| d["path"] == "twic.zip/b.PGN"), "readme.txt is not read");
        assert_eq!(located(&a), located(&expected));
        assert_eq!(located(&b), located(&expected));
    }
    // Text output shows the offending line of the stream, as for the plain file.
    let text = |file: &str| {
        let out = kibitzer(&["check", file], dir.path(), Some(700));
        String::from_utf8(out.stdout).unwrap().replace(file, "F")
    };
    assert_eq!(text("games.pgn.zst"), text("games.pgn"));
}

#[test]
fn directories_are_walked_for_compressed_game_files() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("db")).unwrap();
    std::fs::write(dir.path().join("db/a.pgn.zst"), zstd(&pgn())).unwrap();
    std::fs::write(dir.path().join("db/b.epd.gz"), gzip(b"4k3/8/8/8/8/8/8/4K3 w - - bm Kd9;\n")).unwrap();
    std::fs::write(dir.path().join("db/c.tar.gz"), gzip(b"not a game")).unwrap();
    let out = kibitzer(&["check", "--format", "json", "db"], dir.path(), None);
    let got = diagnostics(&out);
    let mut paths: Vec<&str> = got.iter().map(|d| d["path"].as_str().unwrap()).collect();
    paths.dedup();
    assert_eq!(paths, ["db/a.pgn.zst", "db/b.epd.gz"]);
    // Something that does not decompress is trouble, named.
    std::fs::write(dir.path().join("db/d.pgn.bz2"), b"BZh9 this is not bzip2").unwrap();
    let out = kibitzer(&["check", "db/d.pgn.bz2"], dir.path(), None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("d.pgn.bz2: cannot decompress"));
}

#[test]
fn fmt_checks_compressed_files_and_refuses_to_rewrite_them() {
    let dir = tempfile::tempdir().unwrap();
    let formatted = "[Event \"x\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n\
                     [Black \"?\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n";
    let many: String = std::iter::repeat_n(formatted, 200).collect();
    std::fs::write(dir.path().join("ok.pgn"), &many).unwrap();
    let plain = kibitzer(&["fmt", "--check", "ok.pgn"], dir.path(), None);
    assert_eq!(plain.status.code(), Some(0), "the sample is formatted: {}", String::from_utf8_lossy(&plain.stdout));
    std::fs::write(dir.path().join("ok.pgn.zst"), zstd(many.as_bytes())).unwrap();
    // One game in the middle is not.
    let at = many.len() / 2;
    let at = many[..at].rfind("1. e4").unwrap();
    let bad = [&many[..at], "1.e4", &many[at + 5..]].concat();
    let line = many[..at].matches('\n').count() + 1;
    std::fs::write(dir.path().join("bad.pgn.gz"), gzip(bad.as_bytes())).unwrap();
    for chunk in [None, Some(300)] {
        let out = kibitzer(&["fmt", "--check", "ok.pgn.zst", "bad.pgn.gz"], dir.path(), chunk);
        assert_eq!(out.status.code(), Some(1));
        let said = String::from_utf8(out.stdout).unwrap();
        assert_eq!(said, format!("bad.pgn.gz:{line}\n1 file would be reformatted\n"), "{chunk:?}");
    }
    // The last game is not formatted: the formatting of the text's last piece runs past its end,
    // and the line is still the move's, not the first of that piece (as it was).
    let at = many.rfind("1. e4").unwrap();
    let last = [&many[..at], "1.e4", &many[at + 5..]].concat();
    let line = many[..at].matches('\n').count() + 1;
    std::fs::write(dir.path().join("last.pgn.gz"), gzip(last.as_bytes())).unwrap();
    for chunk in [None, Some(300)] {
        let out = kibitzer(&["fmt", "--check", "last.pgn.gz"], dir.path(), chunk);
        let said = String::from_utf8(out.stdout).unwrap();
        assert_eq!(said, format!("last.pgn.gz:{line}\n1 file would be reformatted\n"), "{chunk:?}");
    }
    let before = std::fs::read(dir.path().join("bad.pgn.gz")).unwrap();
    let out = kibitzer(&["fmt", "bad.pgn.gz"], dir.path(), None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("compressed files are not rewritten"));
    assert_eq!(std::fs::read(dir.path().join("bad.pgn.gz")).unwrap(), before);
    let out = kibitzer(&["check", "--fix", "bad.pgn.gz"], dir.path(), None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--fix does not rewrite compressed files"));
    assert_eq!(std::fs::read(dir.path().join("bad.pgn.gz")).unwrap(), before);
}

/// A compressed file cut short (a download that stopped) fails where the data stops, after its
/// first chunks were read whole: the file is named with what went wrong, exit 2, for `check` and
/// for `fmt --check` alike, with small chunks and with the default ones.
#[test]
fn a_compressed_file_cut_short_is_named_with_the_decompression_error() {
    let dir = tempfile::tempdir().unwrap();
    let whole = gzip(&pgn());
    std::fs::write(dir.path().join("cut.pgn.gz"), &whole[..whole.len() / 2]).unwrap();
    for chunk in [Some(300), None] {
        for args in [&["check", "cut.pgn.gz"][..], &["fmt", "--check", "cut.pgn.gz"]] {
            let out = kibitzer(args, dir.path(), chunk);
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{args:?} {chunk:?}: {stderr}");
            assert!(
                stderr.contains("cut.pgn.gz: cannot decompress: incomplete deflate stream"),
                "{args:?} {chunk:?}: {stderr}"
            );
        }
    }
}
