//! `kibitzer-fuzz TARGET SECONDS [SEED]`: a mutational fuzzer on stable Rust (cargo-fuzz needs a
//! nightly toolchain and cargo-afl a clang, neither of which this machine has). SECONDS are of
//! CPU time, so that a campaign niced beside builds or paused still does the work it was asked.
//!
//! Seeds are the files of ../shared/corpus (cut into pieces of at most 16 KB at line ends) and
//! of fixtures/. Each execution takes a seed, applies one to eight random mutations — bytes
//! flipped, inserted, deleted, a range doubled or dropped, a format's tokens inserted (brackets,
//! quotes, braces, results, escapes, BOMs, CR and NEL line ends, multi-byte characters), a piece
//! of another seed spliced in, truncation — decodes the bytes as the CLI does, and runs the
//! target's oracle under `catch_unwind`. A panic (an oracle failure is a panic) is a finding:
//! its input is saved under fuzz/findings/ with the message, once per distinct message. An
//! execution that takes more than [`SLOW`] of CPU time is a finding too (inputs are small, so a
//! slow one means worse than linear time); one slow on the clock only is run again and timed on
//! the CPU, since a starved or stopped process is slow without being at fault. There is no
//! coverage feedback: the seeds are the corpus.
//!
//! Targets (LANG is pgn, epd, pbn or pbi):
//! - `parse-LANG`: the tree prints back the input byte for byte; units are ordered and inside
//!   the text.
//! - `check-LANG`: no panic in import or export mode; every range and fix inside the text and on
//!   character boundaries; every code in the catalogue; for PBN, checking piece by piece from the
//!   state the piece before left equals checking whole.
//! - `fmt-LANG`: formatting is idempotent, keeps every unit with syntax errors byte for byte,
//!   and gives the same text when done a small window at a time.
//! - `acbl`: the ACBLscore decoder and both writers never panic and write output in proportion
//!   to the input.
//!
//! The language server's message handling and incremental edits are fuzzed by the soak test
//! (`server/tests/lsp_soak.rs`); `fuzz/run.sh lsp SECONDS` runs it.

use kibitzer_syntax::format::{format, format_into, FormatOptions};
use kibitzer_syntax::{check, CheckOptions, Lang, Mode};
use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Where the last panic happened, from the panic hook.
static WHERE: std::sync::Mutex<String> = std::sync::Mutex::new(String::new());

/// An execution slower than this is reported (inputs are at most a few tens of KB).
const SLOW: Duration = Duration::from_secs(2);
/// Seeds are cut into pieces of at most this many bytes.
const SEED_BYTES: usize = 16 * 1024;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("minimize") {
        return minimize(&args[2], Path::new(&args[3]));
    }
    let (Some(target), Some(seconds)) = (args.get(1), args.get(2).and_then(|s| s.parse::<u64>().ok())) else {
        eprintln!("usage: kibitzer-fuzz TARGET SECONDS [SEED]\ntargets: {}", TARGETS.join(" "));
        std::process::exit(2);
    };
    if !TARGETS.contains(&target.as_str()) {
        eprintln!("unknown target {target}; targets: {}", TARGETS.join(" "));
        std::process::exit(2);
    }
    let seed = args.get(3).and_then(|s| s.parse().ok()).unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64) | 1
    });
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let lang = target.split_once('-').and_then(|(_, l)| Lang::from_id(l));
    let seeds = load_seeds(&root, lang);
    if seeds.is_empty() {
        eprintln!("no seeds found for {target}");
        std::process::exit(2);
    }
    let findings_dir = root.join("fuzz/findings");
    eprintln!("{target}: {} seeds, {seconds} s, seed {seed}", seeds.len());
    // Panics are findings, reported once each below, not printed as they happen.
    std::panic::set_hook(Box::new(|info| {
        if let Some(l) = info.location() {
            *WHERE.lock().unwrap_or_else(|e| e.into_inner()) = format!("{}:{}", l.file(), l.line());
        }
    }));
    let mut rng = Rng(seed);
    let dictionary = dictionary(lang);
    let budget = Duration::from_secs(seconds);
    let mut executions: u64 = 0;
    let mut findings: Vec<String> = Vec::new();
    let mut slowest = Duration::ZERO;
    let started = Instant::now();
    let start_cpu = process_cpu_time();
    // The CPU clock is read from /proc, so about once a second rather than per execution.
    let mut last_look = Instant::now();
    // A progress line every ten minutes on the clock, so that a long run stopped early still
    // says how far it got.
    let mut last_report = Instant::now();
    loop {
        if last_look.elapsed() >= Duration::from_secs(1) {
            last_look = Instant::now();
            let cpu = process_cpu_time().saturating_sub(start_cpu);
            if cpu >= budget {
                break;
            }
            if last_report.elapsed() >= Duration::from_secs(600) {
                last_report = Instant::now();
                eprintln!(
                    "{target}: {executions} executions so far, {:.0} s of CPU, {:.0} s on the clock, {} distinct findings",
                    cpu.as_secs_f64(),
                    started.elapsed().as_secs_f64(),
                    findings.len()
                );
            }
        }
        let input = mutate(&mut rng, &seeds, &dictionary);
        let t = Instant::now();
        let outcome = std::panic::catch_unwind(AssertUnwindSafe(|| run(target, lang, &input)));
        let mut took = t.elapsed();
        if outcome.is_ok() && took > SLOW {
            took = thread_cpu_time_of(|| run(target, lang, &input));
        }
        slowest = slowest.max(took);
        executions += 1;
        let problem = match outcome {
            Err(payload) => {
                let at = WHERE.lock().unwrap_or_else(|e| e.into_inner()).clone();
                Some(format!("{} (at {at})", panic_message(&payload)))
            }
            Ok(()) if took > SLOW => Some(format!("slow: {} ms of CPU on {} bytes", took.as_millis(), input.len())),
            Ok(()) => None,
        };
        if let Some(message) = problem {
            let key: String = message.lines().next().unwrap_or_default().chars().take(200).collect();
            if !findings.contains(&key) {
                findings.push(key.clone());
                let _ = std::fs::create_dir_all(&findings_dir);
                let name = format!("{target}-{:016x}", fnv(&input));
                let _ = std::fs::write(findings_dir.join(format!("{name}.input")), &input);
                let _ = std::fs::write(findings_dir.join(format!("{name}.txt")), &message);
                eprintln!("FINDING {name}: {key}");
            }
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    let cpu = process_cpu_time().saturating_sub(start_cpu).as_secs_f64();
    println!(
        "{target}: {executions} executions in {cpu:.0} s of CPU, {elapsed:.0} s on the clock ({:.0}/CPU s), {} distinct findings, slowest {} ms, peak memory {} MB",
        executions as f64 / cpu.max(1.0),
        findings.len(),
        slowest.as_millis(),
        peak_rss_mb()
    );
    std::process::exit(i32::from(!findings.is_empty()));
}

const TARGETS: &[&str] = &[
    "parse-pgn",
    "parse-epd",
    "parse-pbn",
    "parse-pbi",
    "check-pgn",
    "check-epd",
    "check-pbn",
    "check-pbi",
    "fmt-pgn",
    "fmt-epd",
    "fmt-pbn",
    "fmt-pbi",
    "acbl",
];

/// One execution of `target` on `input`; panics when an oracle fails.
fn run(target: &str, lang: Option<Lang>, input: &[u8]) {
    let Some(lang) = lang else {
        return acbl(input);
    };
    let text = kibitzer_syntax::text::decode(input).text;
    match target.split_once('-').map(|(kind, _)| kind) {
        Some("parse") => parse(lang, &text),
        Some("check") => check_oracle(lang, &text),
        Some("fmt") => fmt(lang, &text),
        _ => unreachable!(),
    }
}

fn parse(lang: Lang, text: &str) {
    assert!(kibitzer_syntax::reprint(lang, text) == text, "reprint differs from the input");
    let mut previous_end = 0;
    for u in kibitzer_syntax::units(lang, text) {
        assert!(
            usize::from(u.start()) >= previous_end && usize::from(u.end()) <= text.len(),
            "unit {u:?} out of order"
        );
        previous_end = usize::from(u.end());
    }
}

fn check_oracle(lang: Lang, text: &str) {
    for mode in [Mode::Import, Mode::Export] {
        let options = CheckOptions { mode, ..CheckOptions::default() };
        let diagnostics = check(lang, text, &options);
        for d in &diagnostics {
            let (s, e) = (usize::from(d.range.start()), usize::from(d.range.end()));
            assert!(s <= e && e <= text.len(), "{} range {:?} outside the text", d.code, d.range);
            assert!(text.is_char_boundary(s) && text.is_char_boundary(e), "{} range splits a character", d.code);
            assert!(kibitzer_syntax::rules::rule(d.code).is_some(), "{} is not in the catalogue", d.code);
            for edit in d.fix.iter().flat_map(|f| &f.edits) {
                let (s, e) = (usize::from(edit.range.start()), usize::from(edit.range.end()));
                assert!(s <= e && e <= text.len(), "{} fix outside the text", d.code);
                assert!(text.is_char_boundary(s) && text.is_char_boundary(e), "{} fix splits a character", d.code);
            }
        }
        if lang.has_chained_units() && mode == Mode::Import {
            // Piece by piece, each from the state the piece before left, equals the whole.
            let mut state = kibitzer_syntax::UnitState::default();
            let mut pieces: Vec<(usize, Vec<kibitzer_syntax::Diagnostic>)> = Vec::new();
            for piece in kibitzer_syntax::pieces(lang, text) {
                let checked = kibitzer_syntax::check_unit(lang, &text[piece.range], &state, &options);
                if let Some(last) = pieces.last_mut() {
                    last.1.extend(checked.for_previous);
                }
                pieces.push((usize::from(piece.range.start()), checked.diagnostics));
                state = checked.after;
            }
            let mut together: Vec<kibitzer_syntax::Diagnostic> = Vec::new();
            for (start, list) in pieces {
                together.extend(list.into_iter().map(|d| d.shifted((start as u32).into())));
            }
            let key = |d: &kibitzer_syntax::Diagnostic| (d.range.start(), d.range.end(), d.code, d.message.clone());
            together.sort_by_key(key);
            let mut diagnostics = diagnostics.clone();
            diagnostics.sort_by_key(key);
            // Binary text is judged whole, never piece by piece.
            if kibitzer_syntax::binary::binary_at([text]).is_none() {
                assert!(together == diagnostics, "piece by piece differs from whole");
            }
        }
    }
}

fn fmt(lang: Lang, text: &str) {
    let options = FormatOptions::default();
    let once = format(lang, text, &options);
    let twice = format(lang, &once.text, &options);
    assert!(twice.text == once.text, "formatting is not idempotent");
    for unit in &once.skipped {
        assert!(once.text.contains(&text[unit.range]), "a unit with errors was changed: {:?}", unit.range);
    }
    // Units with syntax errors are left as written.
    for d in kibitzer_syntax::format::syntax_errors(lang, text) {
        let inside_a_unit = kibitzer_syntax::units(lang, text).iter().any(|u| u.contains(d.range.start()));
        let kept = once.skipped.iter().any(|u| u.range.contains_inclusive(d.range.start()));
        assert!(kept || !inside_a_unit, "{} at {:?} is in a unit that was formatted", d.code, d.range);
    }
    // A small window gives the same text as the default one.
    let mut windowed = String::new();
    let _ = format_into(lang, text, None, &options, 97, &mut |piece: &str| {
        windowed.push_str(piece);
        Ok::<(), ()>(())
    });
    assert!(windowed == once.text, "formatting in small windows differs");
}

fn acbl(input: &[u8]) {
    if let Ok(decoded) = kibitzer_syntax::acbl::decode(input) {
        let json = serde_json::to_string(&kibitzer_syntax::acbl::to_json(&decoded)).unwrap_or_default();
        let pbn = kibitzer_syntax::acbl::to_pbn(&decoded);
        let budget = 100 * input.len() + 100_000;
        assert!(json.len() < budget && pbn.len() < budget, "output out of proportion: {} / {}", json.len(), pbn.len());
    }
}

/// `kibitzer-fuzz minimize TARGET FILE`: the input made smaller (chunks dropped while the same
/// failure stays), written to FILE.min and printed.
fn minimize(target: &str, file: &Path) {
    std::panic::set_hook(Box::new(|_| {}));
    let lang = target.split_once('-').and_then(|(_, l)| Lang::from_id(l));
    let fails = |input: &[u8]| {
        std::panic::catch_unwind(AssertUnwindSafe(|| run(target, lang, input))).err().map(|p| panic_message(&p))
    };
    let mut input = std::fs::read(file).expect("readable input");
    let Some(message) = fails(&input) else {
        // A slow finding is not minimized (each try would take seconds): its time is told.
        let took = thread_cpu_time_of(|| run(target, lang, &input));
        println!("no failure ({} ms of CPU)", took.as_millis());
        return;
    };
    let mut chunk = input.len() / 2;
    while chunk > 0 {
        let mut at = 0;
        while at < input.len() {
            let mut smaller = input.clone();
            smaller.drain(at..(at + chunk).min(input.len()));
            if fails(&smaller).as_deref() == Some(&message) {
                input = smaller;
            } else {
                at += chunk;
            }
        }
        chunk /= 2;
    }
    std::fs::write(file.with_extension("min"), &input).expect("writable");
    println!("{message}\n{:?}", String::from_utf8_lossy(&input));
}

/// xorshift64*.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

fn mutate(rng: &mut Rng, seeds: &[Vec<u8>], dictionary: &[&[u8]]) -> Vec<u8> {
    let mut data = seeds[rng.below(seeds.len())].clone();
    for _ in 0..1 + rng.below(8) {
        let len = data.len();
        let at = rng.below(len + 1);
        match rng.below(10) {
            0 if len > 0 => data[at.min(len - 1)] ^= 1 << rng.below(8),
            1 => data.insert(at, rng.next() as u8),
            2 if len > 0 => {
                let end = (at + 1 + rng.below(64)).min(len);
                data.drain(at.min(end)..end);
            }
            3..=5 => {
                let token = dictionary[rng.below(dictionary.len())];
                let times = if rng.below(20) == 0 { 1 + rng.below(500) } else { 1 };
                let insert: Vec<u8> = token.repeat(times);
                data.splice(at..at, insert);
            }
            6 if len > 0 => {
                let end = (at + 1 + rng.below(256)).min(len);
                let copy = data[at.min(end)..end].to_vec();
                let to = rng.below(data.len() + 1);
                data.splice(to..to, copy);
            }
            7 => {
                let other = &seeds[rng.below(seeds.len())];
                let from = rng.below(other.len());
                let end = (from + rng.below(2048)).min(other.len());
                data.splice(at..at, other[from..end].iter().copied());
            }
            8 => data.truncate(at),
            _ if len > 0 => {
                let end = (at + 1 + rng.below(16)).min(len);
                let c = dictionary[rng.below(dictionary.len())];
                data.splice(at.min(end)..end, c.iter().copied());
            }
            _ => {}
        }
    }
    data
}

fn dictionary(lang: Option<Lang>) -> Vec<&'static [u8]> {
    let mut d: Vec<&'static [u8]> = vec![
        b"\n",
        b"\r\n",
        b"\r",
        b" ",
        b"\t",
        b"\"",
        b"\\",
        b"[",
        b"]",
        b"{",
        b"}",
        b"(",
        b")",
        b";",
        b"%",
        b"\0",
        b"\xef\xbb\xbf",
        b"\xc3\xa9",
        b"\xe9",
        b"\xc2\x85",
        b"\xe2\x80\xa8",
        b"\xf0\x9f\x82\xa1",
        b"0",
        b"1",
        b"9",
        b"99999999999",
        b"-",
        b"#",
        b"\n\n",
    ];
    let more: &[&'static [u8]] = match lang {
        Some(Lang::Pgn) => &[
            b"[Event \"",
            b"\"]\n",
            b"[FEN \"",
            b"[SetUp \"1\"]",
            b"[Variant \"chess960\"]",
            b"1-0",
            b"0-1",
            b"1/2-1/2",
            b"*",
            b"1.",
            b"1...",
            b"e4",
            b"exd5",
            b"O-O",
            b"O-O-O",
            b"0-0",
            b"Nbd7",
            b"e8=Q+",
            b"$1",
            b"$255",
            b"!?",
            b"{ c }",
            b"(1. d4)",
            b"\n% esc\n",
            b"Kxe8#",
            b"--",
            b"Z0",
        ],
        Some(Lang::Epd) => &[
            b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ",
            b"/",
            b"8",
            b"K",
            b"k",
            b" w ",
            b" b ",
            b" KQkq ",
            b" - ",
            b"e3",
            b"bm ",
            b"am ",
            b"id \"",
            b"pv ",
            b"hmvc ",
            b"c0 \"",
            b";",
            b"0 1",
            b"HAha",
        ],
        Some(Lang::Pbn) => &[
            b"[Board \"",
            b"[Deal \"N:",
            b"AKQJ.T98.765.432 ",
            b"[Auction \"N\"]\n",
            b"[Play \"W\"]\n",
            b"[Contract \"4S\"]",
            b"[Declarer \"N\"]",
            b"[Result \"10\"]",
            b"[Vulnerable \"NS\"]",
            b"[Dealer \"E\"]",
            b"1S ",
            b"Pass ",
            b"X ",
            b"XX ",
            b"AP",
            b"=1=",
            b"^R",
            b"S2 ",
            b"HA ",
            b"- ",
            b"+",
            b"*",
            b"#",
            b"##",
            b"[ScoreTable \"PairId_NS\\2R;Score_NS\\6R\"]\n",
            b"[Note \"1:",
            b"% EXPORT\n",
            b"$2",
            b"[Score \"NS 420\"]",
            b"[ScoreIMP \"",
            b"[OptimumScore \"",
            b"[BidSystemNS \"",
        ],
        Some(Lang::Pbi) => &[
            b"#PBI 1.2\n",
            b"#PBI 1.1\n",
            b"\xef\xbb\xbf#PBI 1.2\n",
            b":",
            b"|",
            b"\\x3a",
            b"\\x",
            b"8/8/8/8/8/8/8/8",
            b"K",
            b"S",
            b"#2",
            b"h#3",
            b"s#",
            b"1.Sf3!",
            b"1.e4",
            b"\xc2\x85",
            b"\xe2\x80\xa8",
        ],
        None => &[b"\xff\xff\xff\xff", b"\x00\x00\x00\x00", b"\x01\x00", b"\x7f\xff\xff\xff", b"\x10\x00\x00\x00"],
    };
    d.extend_from_slice(more);
    d
}

/// The seeds: corpus and fixture files of the target's format, cut at line ends into pieces of
/// at most [`SEED_BYTES`] (ACBLscore files whole).
fn load_seeds(root: &Path, lang: Option<Lang>) -> Vec<Vec<u8>> {
    let mut files = Vec::new();
    let corpus = std::env::var_os("KIBITZER_CORPUS")
        .map(PathBuf::from)
        .or_else(|| Some(root.join("../shared/corpus")))
        .filter(|p| p.is_dir());
    let dirs: Vec<PathBuf> = match lang {
        Some(_) => [corpus, Some(root.join("fixtures"))].into_iter().flatten().collect(),
        None => corpus.into_iter().map(|c| c.join("acbl")).collect(),
    };
    for dir in dirs {
        walk(&dir, &mut files);
    }
    files.sort();
    let mut seeds = Vec::new();
    for file in files {
        let wanted = match lang {
            Some(lang) => Lang::from_path(&file) == Some(lang),
            None => file
                .extension()
                .is_some_and(|e| e.len() == 3 && e.to_ascii_lowercase().to_string_lossy().starts_with("ac")),
        };
        let Ok(bytes) = std::fs::read(&file).map_err(|_| ()).and_then(|b| if wanted { Ok(b) } else { Err(()) }) else {
            continue;
        };
        if lang.is_none() {
            seeds.push(bytes);
            continue;
        }
        let mut rest: &[u8] = &bytes;
        while !rest.is_empty() {
            let mut end = rest.len().min(SEED_BYTES);
            if end < rest.len() {
                end = rest[..end].iter().rposition(|&b| b == b'\n').map_or(end, |i| i + 1);
            }
            seeds.push(rest[..end].to_vec());
            rest = &rest[end..];
            // Large files give their first pieces only: every file gets a say.
            if seeds.len() % 64 == 0 {
                break;
            }
        }
    }
    if seeds.is_empty() && lang.is_some() {
        seeds.push(Vec::new());
    }
    seeds
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            walk(&path, out);
        } else {
            out.push(path);
        }
    }
}

fn panic_message(payload: &Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_owned()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "panic".to_owned()
    }
}

/// FNV-1a, to name findings.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// The peak resident set size of this process (Linux), in MB.
/// CPU time (user and system) of this process so far, from /proc/self/stat, in clock ticks of
/// 1/100 s (the kernel's USER_HZ on Linux).
fn process_cpu_time() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields after the command name, which is in parentheses and may hold spaces: utime and
    // stime are the 14th and 15th fields of the line, the 12th and 13th after the name.
    let after_name = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let ticks: u64 = after_name.split_whitespace().skip(11).take(2).filter_map(|f| f.parse::<u64>().ok()).sum();
    Duration::from_millis(ticks * 10)
}

/// CPU time this thread spends running `f`, from /proc/thread-self/schedstat (nanoseconds on
/// the CPU, its first field); the wall time when that file cannot be read.
fn thread_cpu_time_of(f: impl FnOnce()) -> Duration {
    fn on_cpu() -> Option<u64> {
        std::fs::read_to_string("/proc/thread-self/schedstat").ok()?.split_whitespace().next()?.parse().ok()
    }
    let (before, t) = (on_cpu(), Instant::now());
    let _ = std::panic::catch_unwind(AssertUnwindSafe(f));
    match (before, on_cpu()) {
        (Some(b), Some(a)) => Duration::from_nanos(a.saturating_sub(b)),
        _ => t.elapsed(),
    }
}

fn peak_rss_mb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines().find(|l| l.starts_with("VmHWM:")).and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .map_or(0, |kb: u64| kb / 1024)
}
