//! Reading ahead for the solver: `kibitzer check` and `kibitzer dd` go through their files one
//! at a time, but the solver's queue ([`super::queue`]) should hold the deals of all of them, so
//! that every core is busy from the first file to the last (a file of four deals would
//! otherwise leave cores idle while the next file waits). A thread reads the files in the order
//! they are checked and queues the deals that will be asked for; the check then finds them
//! solved or being solved. It stays at most [`MOST_AHEAD`] deals ahead of the workers, so
//! memory is bounded whatever the number of files.

use super::queue::{queue, Wanted};
use super::solver::{boards, Board};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// Deals queued ahead of the workers at most.
const MOST_AHEAD: usize = 4096;

/// Which deals of a file will be asked for: `check` solves only the games with double-dummy
/// tags, `dd` every deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Deals {
    Checked,
    All,
}

/// The reader ahead; dropped, it stops and its deals not yet solved leave the queue.
pub struct Ahead {
    stop: Arc<AtomicBool>,
    wanted: Arc<Mutex<Vec<Wanted>>>,
}

impl Drop for Ahead {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.wanted.lock().unwrap_or_else(|e| e.into_inner()).clear();
    }
}

/// Starts reading `paths` (PBN files, compressed ones too) ahead of the check.
pub fn read_ahead(paths: Vec<PathBuf>, deals: Deals) -> Ahead {
    let stop = Arc::new(AtomicBool::new(false));
    let wanted = Arc::new(Mutex::new(Vec::new()));
    let ahead = Ahead { stop: stop.clone(), wanted: wanted.clone() };
    if paths.is_empty() {
        return ahead;
    }
    let _ = std::thread::Builder::new().name("kibitzer-dd-ahead".into()).spawn(move || {
        for path in paths {
            queue().wait_for_room(MOST_AHEAD);
            if stop.load(Ordering::Relaxed) {
                return;
            }
            // A file that cannot be read is the check's to report, when it reaches it.
            let Ok(bytes) = crate::compressed::read_whole(&path) else { continue };
            let text = kibitzer_syntax::text::decode_owned(bytes).text;
            if deals == Deals::Checked && !super::has_dd_tags(&text) {
                continue;
            }
            let found: Vec<_> = boards(&text)
                .into_iter()
                .filter(|b| deals == Deals::All || Board::has_dd_tags(b))
                .map(|b| b.key.deal)
                .collect();
            let mut held = wanted.lock().unwrap_or_else(|e| e.into_inner());
            if stop.load(Ordering::Relaxed) {
                return;
            }
            held.push(queue().want(&found));
        }
    });
    ahead
}
