//! The progress bar of `kibitzer check` and `kibitzer dd` while deals are solved: on standard
//! error, only when it is a terminal and only once solving has gone on for a second (the same
//! rule and look as the bar of a long compressed file, `compressed::Progress`): deals answered
//! of deals queued, which grows as the reader ahead ([`super::ahead`]) queues more files.

use super::queue::queue;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The bar's drawing thread; dropped, the bar is cleared.
pub struct SolvingBar {
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

/// Starts watching the solver (nothing is drawn unless standard error is a terminal): called
/// before the run queues its deals.
pub fn solving_bar() -> SolvingBar {
    let stop = Arc::new(AtomicBool::new(false));
    if !std::io::stderr().is_terminal() {
        return SolvingBar { stop, thread: None };
    }
    // The counts before this run's deals, read here and not in the drawing thread: a thread
    // started late (a loaded machine) would count the deals queued meanwhile as before the run,
    // and never show a bar while they are solved.
    let before = queue().progress();
    let flag = stop.clone();
    let thread = std::thread::Builder::new().name("kibitzer-dd-bar".into()).spawn(move || draw(&flag, before)).ok();
    SolvingBar { stop, thread }
}

/// Draws the bar of the deals answered and queued since `(done_before, queued_before)`.
fn draw(stop: &AtomicBool, (done_before, queued_before): (u64, u64)) {
    let mut solving_since: Option<Instant> = None;
    let mut bar: Option<ProgressBar> = None;
    loop {
        // Woken at once when the run ends (see Drop), so that it never waits for the bar.
        std::thread::park_timeout(Duration::from_millis(100));
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let (done, queued) = queue().progress();
        let (done, queued) = (done - done_before, queued - queued_before);
        if done >= queued {
            solving_since = None;
            continue;
        }
        let since = *solving_since.get_or_insert_with(Instant::now);
        if bar.is_none() && since.elapsed() >= Duration::from_secs(1) {
            let new = ProgressBar::with_draw_target(Some(queued), ProgressDrawTarget::stderr());
            new.set_style(
                ProgressStyle::with_template("double dummy [{bar:30}] {pos}/{len} deals eta {eta}")
                    .unwrap_or_else(|_| ProgressStyle::default_bar())
                    .progress_chars("=> "),
            );
            bar = Some(new);
        }
        if let Some(bar) = &bar {
            bar.set_length(queued);
            bar.set_position(done);
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
}

impl Drop for SolvingBar {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            thread.thread().unpark();
            let _ = thread.join();
        }
    }
}
