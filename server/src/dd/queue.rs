//! The work queue of the solver: one queue of deals for the whole process, served by one
//! worker a core and one more for urgent deals only, each with its own pons-dds [`Solver`] (its
//! transposition table kept warm from deal to deal). `kibitzer check` and `kibitzer dd` put the deals of all their files on
//! it (a reader ahead of the check, [`super::prefetch`]), the language server a document's, the
//! Python API a text's; a hover or an action asks for its one deal *urgently*, ahead of
//! everything queued. A deal is solved once: asked for again while queued or being solved, the
//! asker waits for the same answer; solved before, its answer comes from memory (the latest
//! [`MOST_KEPT`]) or from the persistent cache ([`super::store`]), which the worker reads before
//! solving and writes after.
//!
//! Whoever queues deals holds a [`Wanted`]: dropping it (a document closed or edited, a run
//! interrupted) takes its deals off the queue unless someone else wants them too, so no
//! worker solves what nobody waits for any more.
//!
//! Memory: the queue holds deals (32 bytes each), at most [`MOST_KEPT`] answers (about 80
//! bytes each), and one transposition table a worker, which pons-dds bounds at 256 MiB and
//! which a hand record's deals keep far below that (see docs/performance.md).

use contract_bridge::deal::FullDeal;
use contract_bridge::Strain;
use pons_dds::{solve_deal_on, Solver, TrickCountTable};
use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, OnceLock};

/// Answers kept in memory (the persistent cache keeps more).
pub const MOST_KEPT: usize = 100_000;

/// How soon a cancelled wait returns.
const CANCEL_POLL: std::time::Duration = std::time::Duration::from_millis(50);

/// The search is deep: pons-dds runs it on 16 MiB stacks, and so do the workers.
const WORKER_STACK: usize = 16 << 20;

pub struct Queue {
    state: Mutex<State>,
    /// Signalled when a deal is queued.
    work: Condvar,
    /// Signalled when a deal is solved (or failed).
    done: Condvar,
    solved: AtomicU64,
    from_cache: AtomicU64,
    /// Deals put on the queue (each time a deal is queued): the length of a progress bar.
    queued_ever: AtomicU64,
}

#[derive(Default)]
struct State {
    /// Deals asked for urgently, the latest first; then the others, in the order asked.
    urgent: VecDeque<FullDeal>,
    waiting: VecDeque<FullDeal>,
    /// The deals in either queue (a deal may sit in both; the first taken wins).
    queued: HashSet<FullDeal>,
    /// How many holders of a [`Wanted`] want each deal not yet known.
    wanted: HashMap<FullDeal, u32>,
    running: HashSet<FullDeal>,
    /// Deals whose search panicked: their askers are told, not left waiting.
    failed: HashSet<FullDeal>,
    tables: HashMap<FullDeal, TrickCountTable>,
    order: VecDeque<FullDeal>,
    workers: usize,
}

/// The number of workers: `RAYON_NUM_THREADS` when set (the setting pons-dds's own pool
/// followed before this queue), else every core the process may use, as the rest of the
/// engine takes ([`kibitzer_syntax::map`]).
fn workers_wanted() -> usize {
    static WORKERS: OnceLock<usize> = OnceLock::new();
    *WORKERS.get_or_init(|| {
        std::env::var("RAYON_NUM_THREADS")
            .ok()
            .and_then(|n| n.parse::<usize>().ok())
            .filter(|&n| n > 0)
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
    })
}

/// The process's queue.
pub fn queue() -> &'static Queue {
    static QUEUE: OnceLock<Queue> = OnceLock::new();
    QUEUE.get_or_init(|| Queue {
        state: Mutex::new(State::default()),
        work: Condvar::new(),
        done: Condvar::new(),
        solved: AtomicU64::new(0),
        from_cache: AtomicU64::new(0),
        queued_ever: AtomicU64::new(0),
    })
}

/// Deals a holder waits for: dropped, they leave the queue unless another holder wants them.
pub struct Wanted {
    deals: Vec<FullDeal>,
}

impl Drop for Wanted {
    fn drop(&mut self) {
        let mut state = queue().lock();
        for deal in &self.deals {
            if let Some(n) = state.wanted.get_mut(deal) {
                *n -= 1;
                if *n == 0 {
                    state.wanted.remove(deal);
                }
            }
        }
    }
}

impl Queue {
    fn lock(&self) -> MutexGuard<'_, State> {
        // Each change under the lock leaves the state whole, even when a panic interrupts.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The answer for `deal` if it is in memory.
    pub fn known(&self, deal: &FullDeal) -> Option<TrickCountTable> {
        self.lock().tables.get(deal).copied()
    }

    /// Queues the deals not known yet, behind those queued before; the answers come to
    /// [`Queue::table`].
    pub fn want(&self, deals: &[FullDeal]) -> Wanted {
        let mut state = self.lock();
        let mut kept = Vec::new();
        for deal in deals {
            if state.tables.contains_key(deal) {
                continue;
            }
            *state.wanted.entry(*deal).or_insert(0) += 1;
            kept.push(*deal);
            if !state.queued.contains(deal) && !state.running.contains(deal) {
                state.queued.insert(*deal);
                state.waiting.push_back(*deal);
                self.queued_ever.fetch_add(1, Ordering::Relaxed);
            }
        }
        self.start_workers(&mut state);
        drop(state);
        self.work.notify_all();
        Wanted { deals: kept }
    }

    /// Blocks while more than `most` deals are queued: a reader ahead of the check keeps
    /// the queue, and memory, bounded.
    pub fn wait_for_room(&self, most: usize) {
        let mut state = self.lock();
        while state.queued.len() > most {
            state = self.done.wait(state).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// The answer for `deal`, waiting for it; `urgent`: solved next, ahead of all queued.
    ///
    /// # Panics
    /// When the solver panicked on the deal.
    pub fn table(&self, deal: &FullDeal, urgent: bool) -> TrickCountTable {
        match self.wait(deal, urgent, None) {
            Some(table) => table,
            None => unreachable!("a wait without a flag is never cancelled"),
        }
    }

    /// [`Queue::table`] in the order queued, or `None` soon after `cancelled` is set (the
    /// language server's solving of a document that was closed, edited or cancelled).
    pub fn table_unless(&self, deal: &FullDeal, cancelled: &AtomicBool) -> Option<TrickCountTable> {
        self.wait(deal, false, Some(cancelled))
    }

    fn wait(&self, deal: &FullDeal, urgent: bool, cancelled: Option<&AtomicBool>) -> Option<TrickCountTable> {
        let _wanted = (!urgent).then(|| self.want(std::slice::from_ref(deal)));
        let mut wanted_now = None;
        let mut state = self.lock();
        loop {
            if let Some(table) = state.tables.get(deal) {
                return Some(*table);
            }
            if state.failed.contains(deal) {
                panic!("the double-dummy solver failed on the deal {deal}");
            }
            if cancelled.is_some_and(|c| c.load(Ordering::Relaxed)) {
                return None;
            }
            if urgent && wanted_now.is_none() {
                *state.wanted.entry(*deal).or_insert(0) += 1;
                wanted_now = Some(Wanted { deals: vec![*deal] });
                if !state.running.contains(deal) {
                    if state.queued.insert(*deal) {
                        self.queued_ever.fetch_add(1, Ordering::Relaxed);
                    }
                    state.urgent.push_front(*deal);
                }
                self.start_workers(&mut state);
                self.work.notify_all();
            } else if !state.queued.contains(deal) && !state.running.contains(deal) {
                // Solved and forgotten since (more than MOST_KEPT answers since): asked again.
                state.queued.insert(*deal);
                state.waiting.push_back(*deal);
                self.queued_ever.fetch_add(1, Ordering::Relaxed);
                self.start_workers(&mut state);
                self.work.notify_all();
            }
            state = match cancelled {
                None => self.done.wait(state).unwrap_or_else(|e| e.into_inner()),
                // The flag is set by another thread without the lock: looked at again soon.
                Some(_) => self.done.wait_timeout(state, CANCEL_POLL).unwrap_or_else(|e| e.into_inner()).0,
            };
        }
    }

    /// Deals solved by this process with the solver, and read from the persistent cache.
    pub fn counts(&self) -> (u64, u64) {
        (self.solved.load(Ordering::Relaxed), self.from_cache.load(Ordering::Relaxed))
    }

    /// Deals answered by the workers and deals queued, since the process started.
    pub fn progress(&self) -> (u64, u64) {
        let (solved, from_cache) = self.counts();
        (solved + from_cache, self.queued_ever.load(Ordering::Relaxed))
    }

    /// Starts the workers not started yet: one a core, and one more that solves only urgent
    /// deals, so that a hover never waits for a worker to finish the deal it is on (a hard deal
    /// of a hand record takes a second or more). While it solves, the cores are shared among
    /// one thread more than there are: the hovered deal is solved at once, at a share of a
    /// core, rather than after the deals being solved.
    fn start_workers(&self, state: &mut State) {
        while state.workers < workers_wanted() + 1 {
            let n = state.workers;
            let urgent_only = n == workers_wanted();
            let spawned = std::thread::Builder::new()
                .name(if urgent_only { "kibitzer-dd-urgent".to_owned() } else { format!("kibitzer-dd-{n}") })
                .stack_size(WORKER_STACK)
                .spawn(move || queue().work_loop(urgent_only));
            if spawned.is_err() {
                break;
            }
            state.workers += 1;
        }
    }

    /// The next deal someone still wants, marked as running; `urgent_only`: only from the
    /// deals asked for urgently.
    fn next(&self, urgent_only: bool) -> FullDeal {
        let mut state = self.lock();
        loop {
            while let Some(deal) =
                state.urgent.pop_front().or_else(|| if urgent_only { None } else { state.waiting.pop_front() })
            {
                if !state.queued.remove(&deal) {
                    continue; // taken from the other queue already
                }
                if !state.wanted.contains_key(&deal) || state.tables.contains_key(&deal) {
                    continue; // no longer wanted: its holders dropped it
                }
                state.running.insert(deal);
                // Room for a reader that waits (see wait_for_room).
                self.done.notify_all();
                return deal;
            }
            state = self.work.wait(state).unwrap_or_else(|e| e.into_inner());
        }
    }

    fn work_loop(&self, urgent_only: bool) {
        let mut solver = Solver::new(Strain::Notrump);
        loop {
            let deal = self.next(urgent_only);
            let answer = match super::store::store().and_then(|s| s.get(&deal)) {
                Some(table) => {
                    self.from_cache.fetch_add(1, Ordering::Relaxed);
                    Some(table)
                }
                None => {
                    let solved =
                        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| solve_deal_on(&mut solver, deal)));
                    if let Ok(table) = &solved {
                        self.solved.fetch_add(1, Ordering::Relaxed);
                        if let Some(store) = super::store::store() {
                            store.put(&deal, table);
                        }
                    } else {
                        // A solver that panicked mid-search is not trusted with the next deal.
                        solver = Solver::new(Strain::Notrump);
                    }
                    solved.ok()
                }
            };
            let mut state = self.lock();
            state.running.remove(&deal);
            match answer {
                Some(table) => {
                    if state.tables.insert(deal, table).is_none() {
                        state.order.push_back(deal);
                    }
                    while state.order.len() > MOST_KEPT {
                        if let Some(old) = state.order.pop_front() {
                            state.tables.remove(&old);
                        }
                    }
                }
                None => {
                    state.failed.insert(deal);
                }
            }
            drop(state);
            self.done.notify_all();
        }
    }
}

/// Deals this process has solved with the solver, and read from the persistent cache.
pub fn counts() -> (u64, u64) {
    queue().counts()
}

/// With `KIBITZER_DD_STATS` set, says on standard error how many deals this process solved
/// and how many it read from the persistent cache (what the tests of the cache count).
pub fn report_counts() {
    if std::env::var_os("KIBITZER_DD_STATS").is_none() {
        return;
    }
    let (solved, from_cache) = counts();
    let plural = if solved == 1 { "" } else { "s" };
    eprintln!("kibitzer: double dummy: solved {solved} deal{plural}, {from_cache} from cache");
}
