//! Running independent jobs on all cores: the batch checks of large files cut them into pieces
//! and check the pieces at the same time (PBN's, `pbn/check/pieces.rs`; PGN's check in
//! `pgn/check.rs` still runs its own copy of this loop and can move here).

use std::sync::atomic::{AtomicUsize, Ordering};

/// `job(0) … job(count - 1)`, run on up to as many threads as there are cores, each thread
/// taking the next job when it is done (pieces of a file take unequal times); the results in job
/// order. The calling thread works too, so one core means no thread is spawned.
pub(crate) fn map<T: Send>(count: usize, job: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(count);
    let next = AtomicUsize::new(0);
    let work = || {
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= count {
                return done;
            }
            done.push((i, job(i)));
        }
    };
    let mut results: Vec<(usize, T)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (1..threads).map(|_| scope.spawn(work)).collect();
        let mut all = work();
        for w in workers {
            all.extend(w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)));
        }
        all
    });
    results.sort_unstable_by_key(|(i, _)| *i);
    results.into_iter().map(|(_, r)| r).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn results_come_in_job_order() {
        assert_eq!(super::map(100, |i| i * i), (0..100).map(|i| i * i).collect::<Vec<_>>());
        assert!(super::map(0, |i| i).is_empty());
    }
}
