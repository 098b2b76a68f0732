//! Not a pass/fail test: measures `check` throughput on the large corpus PGN files with full
//! move legality. Run by `bench/pgn-check.sh` (release build, `--ignored --nocapture`).

use kibitzer_syntax::{check, text, CheckOptions, Lang};
use std::path::PathBuf;
use std::time::Instant;

/// Seconds of CPU the whole process has used (Linux: user + system time of every thread,
/// also of the worker threads that large files are checked on and that have ended), so that a
/// loaded machine does not distort the figures; `None` elsewhere. The kernel counts in ticks of
/// 1/100 s (USER_HZ), hence the best of several runs.
fn process_cpu_s() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name, which is in parentheses and may hold spaces: state is
    // field 3, utime and stime are fields 14 and 15.
    let mut fields = stat[stat.rfind(')')? + 1..].split_whitespace().skip(11);
    let user: u64 = fields.next()?.parse().ok()?;
    let system: u64 = fields.next()?.parse().ok()?;
    Some((user + system) as f64 / 100.0)
}

#[test]
#[ignore]
fn pgn_check_throughput() {
    let Some(corpus) = kibitzer_tests::corpus("pgn") else {
        println!("skipped: no shared corpus found");
        return;
    };
    let files = std::env::var("PGN_BENCH_FILES").map_or_else(
        |_| {
            vec![
                corpus.join("pgn-reader/lichess_db_1000k.pgn"),
                corpus.join("pgn-reader/twic1599_1000k.pgn"),
                corpus.join("large/twic1389.pgn"),
            ]
        },
        |v| v.split(':').map(PathBuf::from).collect(),
    );
    for f in files {
        let Ok(bytes) = std::fs::read(&f) else {
            println!("skipped {}: not found", f.display());
            continue;
        };
        let source = text::decode(&bytes);
        let games = kibitzer_syntax::units(Lang::Pgn, &source.text).len();
        let options = CheckOptions::default();
        // Best of five runs.
        let mut best = f64::MAX;
        let mut best_cpu = f64::MAX;
        let mut count = 0;
        for _ in 0..5 {
            let start = Instant::now();
            let cpu = process_cpu_s();
            count = check(Lang::Pgn, &source.text, &options).len();
            best = best.min(start.elapsed().as_secs_f64());
            if let (Some(a), Some(b)) = (cpu, process_cpu_s()) {
                best_cpu = best_cpu.min(b - a);
            }
        }
        let mb = bytes.len() as f64 / 1e6;
        println!(
            "{}: {:.2} MB, {games} games, {count} diagnostics: wall {:.1} ms ({:.1} MB/s, {:.0} games/s); \
             CPU {:.1} ms ({:.1} MB/s, {:.0} games/s)",
            f.file_name().unwrap().to_string_lossy(),
            mb,
            best * 1e3,
            mb / best,
            games as f64 / best,
            best_cpu * 1e3,
            mb / best_cpu,
            games as f64 / best_cpu,
        );
    }
}
