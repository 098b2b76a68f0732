//! Not a pass/fail test: measures `check` throughput on the large corpus PGN files with full
//! move legality. Run by `bench/pgn-check.sh` (release build, `--ignored --nocapture`).

use kibitzer_syntax::{check, text, CheckOptions, Lang};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Nanoseconds this thread has run on a CPU (Linux), so that a loaded machine does not
/// distort the figures; `None` elsewhere.
fn thread_cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat").ok()?.split_whitespace().next()?.parse().ok()
}

#[test]
#[ignore]
fn pgn_check_throughput() {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let Some(corpus) = [workspace.join("../shared/corpus/pgn"), PathBuf::from("/work/shared/corpus/pgn")]
        .into_iter()
        .find(|p| p.is_dir())
    else {
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
            let cpu = thread_cpu_ns();
            count = check(Lang::Pgn, &source.text, &options).len();
            best = best.min(start.elapsed().as_secs_f64());
            if let (Some(a), Some(b)) = (cpu, thread_cpu_ns()) {
                best_cpu = best_cpu.min((b - a) as f64 / 1e9);
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
