//! `kibitzer-fuzz TARGET SECONDS [SEED]`: the mutational fuzzer, on stable Rust with no
//! coverage feedback (fuzz/coverage.sh runs the same targets under libFuzzer, guided by
//! coverage). SECONDS are of CPU time, so that a campaign niced beside builds or paused still
//! does the work it was asked.
//!
//! Seeds are the files of ../shared/corpus (cut into pieces of at most 16 KB at line ends) and
//! of fixtures/. Each execution takes a seed, applies one to eight random mutations — bytes
//! flipped, inserted, deleted, a range doubled or dropped, a format's tokens inserted (brackets,
//! quotes, braces, results, escapes, BOMs, CR and NEL line ends, multi-byte characters), a piece
//! of another seed spliced in, truncation — and runs the target's oracle (the library of this
//! crate, which says what each target checks) under `catch_unwind`. A panic (an oracle failure
//! is a panic) is a finding: its input is saved under fuzz/findings/ with the message, once per
//! distinct message. An execution that takes more than [`SLOW`] of CPU time is a finding too
//! (inputs are small, so a slow one means worse than linear time); one slow on the clock only is
//! run again and timed on the CPU, since a starved or stopped process is slow without being at
//! fault.
//!
//! `KIBITZER_FUZZ_CLOCK_SECONDS=N` also ends the run after N seconds on the clock, with the same
//! summary line: a campaign niced beside builds that must end by a given time says how much CPU
//! and how many executions it got, rather than being killed without a word.
//!
//! `kibitzer-fuzz minimize TARGET FILE` shrinks a finding; `kibitzer-fuzz seeds TARGET DIR`
//! writes the seeds into DIR, one file each, and the target's dictionary in libFuzzer's format
//! to DIR.dict (what fuzz/coverage.sh starts libFuzzer from).
//!
//! The language server's message handling and incremental edits are fuzzed by the soak test
//! (`tests/tests/lsp_soak.rs`); `fuzz/run.sh lsp SECONDS` runs it.

use kibitzer_fuzz::{run, target_dictionary, target_seeds, TARGETS};
use kibitzer_syntax::testing::Rng;
use std::panic::AssertUnwindSafe;
use std::path::Path;
use std::time::{Duration, Instant};

/// Where the last panic happened, from the panic hook.
static WHERE: std::sync::Mutex<String> = std::sync::Mutex::new(String::new());

/// An execution slower than this is reported (inputs are at most a few tens of KB).
const SLOW: Duration = Duration::from_secs(2);

fn main() {
    let args: Vec<String> = std::env::args().collect();
    match (args.get(1).map(String::as_str), args.get(2), args.get(3)) {
        (Some("minimize"), Some(target), Some(file)) => return minimize(target, Path::new(file)),
        (Some("seeds"), Some(target), Some(dir)) => return write_seeds(target, Path::new(dir)),
        _ => {}
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
    let seeds = target_seeds(&root, target);
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
    let mut rng = Rng::new(seed);
    let dictionary = target_dictionary(target);
    let budget = Duration::from_secs(seconds);
    let clock_budget = std::env::var("KIBITZER_FUZZ_CLOCK_SECONDS")
        .ok()
        .and_then(|s| s.parse::<u64>().ok())
        .map_or(Duration::MAX, Duration::from_secs);
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
            if cpu >= budget || started.elapsed() >= clock_budget {
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
        let outcome = std::panic::catch_unwind(AssertUnwindSafe(|| run(target, &input)));
        let mut took = t.elapsed();
        if outcome.is_ok() && took > SLOW {
            took = thread_cpu_time_of(|| run(target, &input));
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

/// `kibitzer-fuzz minimize TARGET FILE`: the input made smaller (chunks dropped while the same
/// failure stays), written to FILE.min and printed.
fn minimize(target: &str, file: &Path) {
    std::panic::set_hook(Box::new(|_| {}));
    let fails = |input: &[u8]| {
        std::panic::catch_unwind(AssertUnwindSafe(|| run(target, input))).err().map(|p| panic_message(&p))
    };
    let mut input = std::fs::read(file).expect("readable input");
    let Some(message) = fails(&input) else {
        // A slow finding is not minimized (each try would take seconds): its time is told.
        let took = thread_cpu_time_of(|| run(target, &input));
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

/// `kibitzer-fuzz seeds TARGET DIR`: the target's seeds written into DIR (created), a file
/// each named by its hash, and its dictionary in libFuzzer's format (one quoted token a line,
/// bytes outside printable ASCII as `\xNN`) to DIR.dict.
fn write_seeds(target: &str, dir: &Path) {
    if !TARGETS.contains(&target) {
        eprintln!("unknown target {target}; targets: {}", TARGETS.join(" "));
        std::process::exit(2);
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    std::fs::create_dir_all(dir).expect("a writable seed folder");
    let seeds = target_seeds(&root, target);
    for seed in &seeds {
        std::fs::write(dir.join(format!("{:016x}", fnv(seed))), seed).expect("a writable seed folder");
    }
    let mut dict = String::new();
    for token in target_dictionary(target) {
        dict.push('"');
        for &b in token {
            match b {
                b' '..=b'~' if b != b'"' && b != b'\\' => dict.push(char::from(b)),
                _ => dict.push_str(&format!("\\x{b:02x}")),
            }
        }
        dict.push_str("\"\n");
    }
    let mut dict_path = dir.as_os_str().to_owned();
    dict_path.push(".dict");
    std::fs::write(&dict_path, dict).expect("a writable dictionary");
    println!("{target}: {} seeds in {}", seeds.len(), dir.display());
}

fn mutate(rng: &mut Rng, seeds: &[Vec<u8>], dictionary: &[&[u8]]) -> Vec<u8> {
    let mut data = seeds[rng.below(seeds.len())].clone();
    for _ in 0..1 + rng.below(8) {
        let len = data.len();
        let at = rng.below(len + 1);
        match rng.below(10) {
            0 if len > 0 => data[at.min(len - 1)] ^= 1 << rng.below(8),
            1 => data.insert(at, rng.next_u64() as u8),
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

/// The peak resident set size of this process (Linux), in MB.
fn peak_rss_mb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines().find(|l| l.starts_with("VmHWM:")).and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .map_or(0, |kb: u64| kb / 1024)
}
