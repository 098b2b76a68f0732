//! Decompression bombs and endless pipes through the built binary: memory stays bounded by what
//! kibitzer decides (a chunk of whole games, the 1 MiB game limit, 64 MiB of PBN read whole),
//! never by what an archive or a pipe holds. Each archive is made by the test; the peak memory
//! of the run is read with `/usr/bin/time` where it is installed (else only the answers are
//! checked, saying so).

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// The most memory any of these runs may take, whatever it decompresses or is piped.
const PEAK_LIMIT_KB: u64 = 300 * 1024;

/// Runs kibitzer with `stdin` fed from another thread; the output and the peak resident memory
/// in KB (`None` without `/usr/bin/time`).
fn run(args: &[&str], cwd: &Path, stdin: Option<Box<dyn Read + Send>>, env: &[(&str, &str)]) -> (Output, Option<u64>) {
    let timer = Path::new("/usr/bin/time");
    let peak_file = cwd.join(".peak");
    let mut command = if timer.is_file() {
        let mut c = Command::new(timer);
        c.arg("-o").arg(&peak_file).args(["-f", "%M"]).arg(kibitzer_tests::kibitzer());
        c
    } else {
        eprintln!("no /usr/bin/time: peak memory not measured");
        Command::new(kibitzer_tests::kibitzer())
    };
    command.args(args).current_dir(cwd).envs(env.iter().copied());
    command.stdin(if stdin.is_some() { Stdio::piped() } else { Stdio::null() });
    let mut child = command.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("kibitzer runs");
    let feeder = stdin.map(|mut input| {
        let mut pipe = child.stdin.take().unwrap();
        std::thread::spawn(move || {
            // kibitzer may stop reading early (binary data): a broken pipe is fine.
            let _ = std::io::copy(&mut input, &mut pipe);
        })
    });
    let out = child.wait_with_output().unwrap();
    if let Some(feeder) = feeder {
        feeder.join().unwrap();
    }
    let peak = std::fs::read_to_string(&peak_file).ok().and_then(|s| s.trim().lines().last()?.parse().ok());
    let _ = std::fs::remove_file(&peak_file);
    (out, peak)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn assert_bounded(peak: Option<u64>, what: &str) {
    if let Some(kb) = peak {
        assert!(kb <= PEAK_LIMIT_KB, "{what}: peak {kb} KB over {PEAK_LIMIT_KB} KB");
    }
}

/// `len` copies of `byte`, never held whole.
fn endless(byte: u8, len: u64) -> impl Read + Send {
    std::io::repeat(byte).take(len)
}

/// `pattern` over and over, `len` bytes in all, never held whole (`yes PATTERN | head -c LEN`).
struct Repeated {
    pattern: Vec<u8>,
    left: u64,
    at: usize,
}

impl Read for Repeated {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = (buf.len() as u64).min(self.left) as usize;
        for slot in &mut buf[..n] {
            *slot = self.pattern[self.at];
            self.at = (self.at + 1) % self.pattern.len();
        }
        self.left -= n as u64;
        Ok(n)
    }
}

const GIB: u64 = 1 << 30;

fn zstd_of(input: impl Read) -> Vec<u8> {
    zstd::stream::encode_all(input, 1).unwrap()
}

#[test]
fn a_zstd_bomb_of_spaces_gets_one_diagnostic_in_bounded_memory() {
    let dir = tempfile::tempdir().unwrap();
    let bomb = zstd_of(endless(b' ', GIB));
    std::fs::write(dir.path().join("bomb.pgn.zst"), &bomb).unwrap();
    let (out, peak) = run(&["check", "bomb.pgn.zst"], dir.path(), None, &[]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}{}", text(&out.stderr));
    let diagnostics: Vec<_> = stdout.lines().filter(|l| l.contains("error[")).collect();
    assert_eq!(diagnostics.len(), 1, "{stdout}");
    assert!(diagnostics[0].starts_with("bomb.pgn.zst:1:"), "{stdout}");
    assert!(diagnostics[0].contains("error[PGN008]: game of 1024.0 MiB (1073741824 bytes)"), "{stdout}");
    assert_bounded(peak, "bomb.pgn.zst");

    // PBN is read whole: past 64 MiB it is refused, with one error naming the file.
    std::fs::write(dir.path().join("bomb.pbn.zst"), &bomb).unwrap();
    let (out, peak) = run(&["check", "bomb.pbn.zst"], dir.path(), None, &[]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("kibitzer: bomb.pbn.zst: PBN text is read whole"), "{stderr}");
    assert!(stderr.contains("more than 64 MiB"), "{stderr}");
    assert_bounded(peak, "bomb.pbn.zst");

    // fmt --check reads it the same way: bounded, and the unit too large is left as written.
    let (out, peak) = run(&["fmt", "--check", "bomb.pgn.zst"], dir.path(), None, &[]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_bounded(peak, "fmt --check bomb.pgn.zst");
}

#[test]
fn binary_data_in_an_archive_is_recognised_at_once_and_the_rest_not_read() {
    let dir = tempfile::tempdir().unwrap();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    std::io::copy(&mut endless(0, GIB / 2), &mut gz).unwrap();
    let gz = gz.finish().unwrap();
    std::fs::write(dir.path().join("zeros.pbn.gz"), &gz).unwrap();
    let (out, peak) = run(&["check", "zeros.pbn.gz"], dir.path(), None, &[]);
    assert_eq!(
        text(&out.stdout),
        "zeros.pbn.gz:1:1: error[PBN000]: not a PBN text file (binary data at byte 0)\n\
         1 file checked: 1 error, 0 warnings, 0 notes\n"
    );
    assert_bounded(peak, "zeros.pbn.gz");
    if let Some(kb) = peak {
        assert!(kb < 100 * 1024, "the rest is not read: peak {kb} KB");
    }
    // Formats decoded whole (PGC here, ACBLscore game files too) stop at 64 MiB decompressed.
    std::fs::write(dir.path().join("zeros.pgc.gz"), &gz).unwrap();
    let (out, peak) = run(&["check", "zeros.pgc.gz"], dir.path(), None, &[]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(
        stderr,
        "kibitzer: zeros.pgc.gz: decompresses to more than 64 MiB, more than a file of this kind holds: not read\n"
    );
    assert_bounded(peak, "zeros.pgc.gz");
}

/// `n` games that `fmt` changes.
fn games(n: usize) -> String {
    (0..n)
        .map(|i| {
            format!("[Event \"{i}\"]\n[Site \"s\"]\n[Result \"*\"]\n\n1.e4 e5 2.Nf3 {{ a comment }} Nc6 3.Bb5 a6 *\n\n")
        })
        .collect()
}

#[test]
fn standard_input_is_streamed_like_a_file() {
    let dir = tempfile::tempdir().unwrap();
    // `yes '1. e4 e5' | head -c 1G`: one game a gigabyte long.
    let piped = Repeated { pattern: b"1. e4 e5\n".to_vec(), left: GIB, at: 0 };
    let (out, peak) = run(&["check", "--lang", "pgn", "-"], dir.path(), Some(Box::new(piped)), &[]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}{}", text(&out.stderr));
    assert!(stdout.starts_with("<stdin>:1:1: error[PGN008]: game of 1024.0 MiB"), "{stdout}");
    assert_bounded(peak, "check -");

    // `fmt -` writes as it goes: the same text as formatting the file, in a window of games.
    let input = games(500_000);
    std::fs::write(dir.path().join("g.pgn"), &input).unwrap();
    let (piped, peak) = run(
        &["fmt", "--lang", "pgn", "-"],
        dir.path(),
        Some(Box::new(std::io::Cursor::new(input.clone().into_bytes()))),
        &[("KIBITZER_CHUNK_BYTES", "1000000")],
    );
    assert_eq!(piped.status.code(), Some(0), "{}", text(&piped.stderr));
    let (file, _) = run(&["fmt", "g.pgn"], dir.path(), None, &[]);
    assert_eq!(file.status.code(), Some(0), "{}", text(&file.stderr));
    let formatted = std::fs::read_to_string(dir.path().join("g.pgn")).unwrap();
    assert_ne!(formatted, input);
    assert!(text(&piped.stdout) == formatted, "fmt - gives what fmt FILE gives");
    if let Some(kb) = peak {
        assert!(kb * 1024 < input.len() as u64, "not held whole: peak {kb} KB for {} bytes", input.len());
    }
    // `fmt --check -` streams too: it names standard input when something would change.
    let small = std::io::Cursor::new(games(10).into_bytes());
    let (out, _) = run(&["fmt", "--check", "--lang", "pgn", "-"], dir.path(), Some(Box::new(small)), &[]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(text(&out.stdout).starts_with("<stdin>\n"), "{}", text(&out.stdout));
    let formatted_input = std::io::Cursor::new(formatted.into_bytes());
    let (out, _) = run(&["fmt", "--check", "--lang", "pgn", "-"], dir.path(), Some(Box::new(formatted_input)), &[]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    // A binary stream is refused at once, with the one diagnostic.
    let (out, _) = run(&["fmt", "--lang", "pgn", "-"], dir.path(), Some(Box::new(endless(0, GIB))), &[]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "kibitzer: <stdin>:1:1: error[PGN000]: not a PGN text file (binary data at byte 0)\n"
    );
}

#[test]
fn zip_archives_are_read_never_unpacked_and_members_reported_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let options = zip::write::SimpleFileOptions::default();
    let zip_of = |members: &[(&str, &[u8])]| {
        let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        for (name, bytes) in members {
            zip.start_file(*name, options).unwrap();
            zip.write_all(bytes).unwrap();
        }
        zip.finish().unwrap().into_inner()
    };
    let bad: &[u8] = b"[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n";
    // A zip inside is read (one level deep); a zip inside that one is only named.
    let deeper = zip_of(&[("deeper.pgn", bad)]);
    let inner = zip_of(&[("deep.pgn", bad), ("deeper.zip", &deeper)]);
    let mut zip = zip::ZipWriter::new(std::fs::File::create(dir.path().join("many.zip")).unwrap());
    for i in 0..3000 {
        zip.start_file(format!("games/{i}.pgn"), options).unwrap();
        zip.write_all(b"[Event \"x\"]\n\n1. e4 e5 *\n").unwrap();
    }
    for name in ["../../escape.pgn", "/etc/absolute.pgn"] {
        zip.start_file(name, options).unwrap();
        zip.write_all(b"[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n").unwrap();
    }
    zip.start_file("nested.zip", options).unwrap();
    zip.write_all(&inner).unwrap();
    zip.start_file("inside.pgn.zst", options).unwrap();
    zip.write_all(&zstd_of(&b"[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n"[..])).unwrap();
    zip.finish().unwrap();
    let before = kibitzer_tests::files_under(dir.path(), |_| true);
    let (out, peak) = run(&["check", "many.zip"], dir.path(), None, &[]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}{}", text(&out.stderr));
    for name in [
        "many.zip/../../escape.pgn:3:",
        "many.zip//etc/absolute.pgn:3:",
        "many.zip/inside.pgn.zst:3:",
        "many.zip/nested.zip/deep.pgn:3:",
    ] {
        assert!(stdout.lines().any(|l| l.starts_with(name) && l.contains("error[")), "{name}: {stdout}");
    }
    assert_eq!(stdout.lines().filter(|l| l.contains("error[")).count(), 4, "{stdout}");
    let stderr = text(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("kibitzer: note: many.zip/nested.zip/deeper.zip: a zip archive inside a zip"),
        "{stderr}"
    );
    assert_eq!(kibitzer_tests::files_under(dir.path(), |_| true), before, "nothing unpacked");
    assert!(!Path::new("/etc/absolute.pgn").exists());
    assert_bounded(peak, "many.zip");
}
