//! `kibitzer convert` end to end through the built binary, on a game file written by a tiny
//! encoder here (made-up names; the full encoder lives in the syntax crate's tests) and on the
//! corpus when it is present.

use std::path::{Path, PathBuf};
use std::process::Command;

fn kibitzer() -> Command {
    Command::new(kibitzer_tests::kibitzer())
}

/// The smallest valid game file: a Master Table with one Howell pairs event, one section of two
/// pairs and one board result. Offsets from the layout document.
fn tiny_game_file() -> Vec<u8> {
    let mut b = vec![0u8; 0x0a14];
    let put16 = |b: &mut Vec<u8>, at: usize, v: u16| b[at..at + 2].copy_from_slice(&v.to_le_bytes());
    let put32 = |b: &mut Vec<u8>, at: usize, v: usize| b[at..at + 4].copy_from_slice(&(v as u32).to_le_bytes());
    let sized = |b: &mut Vec<u8>, len: usize| {
        let at = b.len();
        b.resize(at + len, 0);
        b[at..at + 2].copy_from_slice(&((len - 2) as u16).to_le_bytes());
        at
    };
    let string = |b: &mut Vec<u8>, at: usize, s: &str| {
        b[at] = s.len() as u8;
        b[at + 1..at + 1 + s.len()].copy_from_slice(s.as_bytes());
    };
    put16(&mut b, 0, 0x0a12);
    b[2..6].copy_from_slice(b"\x03AC3");
    put16(&mut b, 0x9db, 815);
    let event = sized(&mut b, 0x2e6);
    string(&mut b, event + 4, "Tiny Pairs");
    string(&mut b, event + 0x48, "May 1, 2024");
    string(&mut b, event + 0x5c, "Made Up Club");
    b[event + 0x95] = 1; // club session number: a club game
    put32(&mut b, 0x12, event);
    let details = sized(&mut b, 0x324);
    b[details + 0x18] = 1; // Howell
    put16(&mut b, details + 0x1b, 2); // highest pair number
    let index = sized(&mut b, 0x14 + 16);
    b[index + 6] = 2;
    put32(&mut b, details + 4, index);
    for pair in 1..=2usize {
        let entry = sized(&mut b, 0xa4 + 240);
        put16(&mut b, entry + 0x1c, if pair == 1 { 10000 } else { 1 }); // percentages
        let score = (if pair == 1 { 100i32 } else { 0 }).to_le_bytes();
        b[entry + 0x0c..entry + 0x10].copy_from_slice(&score); // session score
        b[entry + 0x14..entry + 0x18].copy_from_slice(&score); // final score
        string(&mut b, entry + 0xa4, "Doe");
        string(&mut b, entry + 0xa4 + 0x11, if pair == 1 { "Jane" } else { "John" });
        put32(&mut b, index + 0x14 + 8 * (pair - 1) + 4, entry);
        b[details + 0x12d + 2 * (pair - 1)] = pair as u8; // table
        b[details + 0x12d + 2 * (pair - 1) + 1] = 1; // direction
    }
    let boards = sized(&mut b, 0x26 + 8);
    put16(&mut b, boards + 4, 1);
    let table = sized(&mut b, 6 + 18);
    put16(&mut b, table + 2, 5);
    let rec = table + 6;
    b[rec] = 1;
    b[rec + 1] = 1;
    put16(&mut b, rec + 2, 1);
    put16(&mut b, rec + 4, 62); // 620
    put32(&mut b, rec + 6, 100);
    put16(&mut b, rec + 10, 2);
    put16(&mut b, rec + 12, (-62i16) as u16);
    b[boards + 0x26] = 5;
    put16(&mut b, boards + 0x26 + 2, 1);
    put32(&mut b, boards + 0x26 + 4, table);
    b[0x13e] = 1; // section summary: event 1
    string(&mut b, 0x13e + 1, "A");
    put32(&mut b, 0x13e + 4, details);
    put32(&mut b, 0x13e + 8, boards);
    let len = b.len();
    put32(&mut b, 6, len);
    b
}

fn temp_dir() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

#[test]
fn json_goes_to_stdout() {
    let dir = temp_dir();
    let game = write(dir.path(), "240501.ACE", &tiny_game_file());
    let out = kibitzer().args(["convert"]).arg(&game).args(["--to", "json"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let section = &json["events"][0]["sections"][0];
    assert_eq!(json["events"][0]["event_name"], "Tiny Pairs");
    assert_eq!(section["letter"], "A");
    assert_eq!(section["entries"][0]["players"][0]["fname"], "Jane");
    assert_eq!(section["boards"][0]["results"][0]["ns_score"], 620);
    assert_eq!(section["boards"][0]["results"][0]["ew_score"], -620);
}

#[test]
fn pbn_goes_to_the_output_file() {
    let dir = temp_dir();
    let game = write(dir.path(), "240501.aca", &tiny_game_file());
    let target = dir.path().join("out.pbn");
    std::fs::write(&target, "old contents").unwrap();
    let out = kibitzer().arg("convert").arg(&game).args(["--to", "pbn", "-o"]).arg(&target).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.stdout.is_empty());
    let pbn = std::fs::read_to_string(&target).unwrap();
    assert!(pbn.starts_with("% PBN 2.1\n"), "{pbn}");
    assert!(
        pbn.contains("[Event \"Tiny Pairs\"]\n[Site \"Made Up Club\"]\n[Date \"2024.05.01\"]\n[Board \"5\"]"),
        "{pbn}"
    );
    assert!(pbn.contains("[Dealer \"N\"]\n[Vulnerable \"NS\"]"), "{pbn}");
    assert!(pbn.contains("\n1 2 620 -620 1 0\n"), "{pbn}");
    assert!(pbn.contains("\n1 1 \"Doe, Jane\" 1 100 0\n2 2 \"Doe, John\" 0 0.01 0\n"), "{pbn}");
    let leftovers: Vec<_> = std::fs::read_dir(dir.path()).unwrap().flatten().map(|e| e.file_name()).collect();
    assert_eq!(leftovers.len(), 2, "no temporary file left behind: {leftovers:?}");
}

#[test]
fn a_file_that_is_not_a_game_file_is_one_line_on_stderr_and_exit_2() {
    let dir = temp_dir();
    let bogus = write(dir.path(), "bogus.aca", b"this is not a game file\n");
    let target = dir.path().join("out.json");
    let out = kibitzer().arg("convert").arg(&bogus).args(["--to", "json", "-o"]).arg(&target).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("bogus.aca") && stderr.contains("Master Table at offset 0x0"), "{stderr}");
    assert!(!target.exists(), "nothing written for a failed conversion");
}

#[test]
fn a_truncated_file_names_the_structure_and_offset() {
    let dir = temp_dir();
    let mut bytes = tiny_game_file();
    bytes.truncate(bytes.len() - 10);
    let cut = write(dir.path(), "cut.acm", &bytes);
    let out = kibitzer().arg("convert").arg(&cut).args(["--to", "pbn"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("cut.acm: Master Table at offset 0x6: the file is truncated"), "{stderr}");
}

#[test]
fn a_missing_file_is_exit_2() {
    let out = kibitzer().args(["convert", "/nonexistent/x.aca", "--to", "json"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent/x.aca"));
}

#[test]
fn every_corpus_game_file_converts_or_fails_with_a_message() {
    let Some(dir) = kibitzer_tests::corpus("acbl") else {
        eprintln!("skipped: no ACBLscore corpus");
        return;
    };
    let mut converted = 0;
    for sub in std::fs::read_dir(&dir).unwrap().flatten() {
        for file in std::fs::read_dir(sub.path()).into_iter().flatten().flatten() {
            let path = file.path();
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            if name.ends_with(".md") || name.ends_with(".json") {
                continue;
            }
            let out = kibitzer().arg("convert").arg(&path).args(["--to", "pbn"]).output().unwrap();
            if name.starts_with("NEGATIVE") {
                assert_eq!(out.status.code(), Some(2), "{name}");
                assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
            } else {
                assert!(out.status.success(), "{name}: {}", String::from_utf8_lossy(&out.stderr));
                assert!(String::from_utf8_lossy(&out.stdout).contains("[ScoreTable "), "{name}");
                converted += 1;
            }
        }
    }
    assert!(converted > 60, "{converted}");
}

/// A game file compressed with gzip or zstd, or alone in a zip archive, converts as the file
/// itself does.
#[test]
fn compressed_game_files_convert_as_the_file() {
    use std::io::Write;
    let dir = temp_dir();
    let plain = dir.path().join("TINY.ACA");
    std::fs::write(&plain, tiny_game_file()).unwrap();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(&tiny_game_file()).unwrap();
    std::fs::write(dir.path().join("TINY.ACA.gz"), gz.finish().unwrap()).unwrap();
    std::fs::write(dir.path().join("TINY.ACA.zst"), zstd::encode_all(&tiny_game_file()[..], 3).unwrap()).unwrap();
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    zip.start_file("TINY.ACA", zip::write::SimpleFileOptions::default()).unwrap();
    zip.write_all(&tiny_game_file()).unwrap();
    std::fs::write(dir.path().join("TINY.zip"), zip.finish().unwrap().into_inner()).unwrap();
    let convert =
        |name: &str| kibitzer().args(["convert", name, "--to", "pbn"]).current_dir(dir.path()).output().unwrap();
    let expected = convert("TINY.ACA");
    assert!(expected.status.success());
    for name in ["TINY.ACA.gz", "TINY.ACA.zst", "TINY.zip"] {
        let out = convert(name);
        assert!(out.status.success(), "{name}: {}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(out.stdout, expected.stdout, "{name}");
    }
}
