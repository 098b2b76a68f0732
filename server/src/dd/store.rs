//! The persistent cache of solved deals: a deal's trick table, kept on disk across runs and
//! shared by every process (`check`, `dd`, the language server, Python), as ruff and
//! rust-analyzer keep theirs.
//!
//! Where: `$KIBITZER_CACHE_DIR`, else the platform's cache folder (`$XDG_CACHE_HOME`, else
//! `~/.cache`; `%LOCALAPPDATA%` on Windows; `~/Library/Caches` on macOS) under `kibitzer`, in
//! `dd/<solver>/`: another solver version never reads these entries.
//!
//! How: 256 append-only logs (a deal's log picked by a hash of its cards) of fixed 64-byte
//! records, each the magic, the four hands as card bits, the 20 trick counts and a checksum
//! seeded with the solver's version. A process appends a batch of records with one write to a
//! file opened for appending, so two writers at once never mix their records' bytes on a local
//! file system; a torn or corrupt record, or one of another solver, fails its checksum or its
//! bounds and is skipped (the deal is solved again): nothing read from the cache is trusted
//! without both. A log past [`MOST_RECORDS`] is rewritten with its newest half (a temporary file
//! renamed over it), so the whole cache stays under 256 × 64 × `MOST_RECORDS` bytes (16 MiB).
//! `kibitzer clean` removes it.

use contract_bridge::deal::FullDeal;
use contract_bridge::seat::Seat;
use contract_bridge::Strain;
use pons_dds::{TrickCountRow, TrickCountTable};
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};

/// The solver whose answers are kept: a new version of it starts an empty cache (its folder's
/// name and every record's checksum seed). A test compares it with Cargo.lock.
pub const SOLVER: &str = "pons-dds-0.2.0";

/// Records a log holds before it is halved.
const MOST_RECORDS: usize = 1024;
const RECORD: usize = 64;
const MAGIC: &[u8; 4] = b"KZD1";
const SEATS: [Seat; 4] = [Seat::North, Seat::East, Seat::South, Seat::West];
const STRAINS: [Strain; 5] = [Strain::Notrump, Strain::Spades, Strain::Hearts, Strain::Diamonds, Strain::Clubs];

/// The cards of a deal as the cache keys it: each hand's card bits, North East South West.
type Cards = [u8; 32];

fn cards(deal: &FullDeal) -> Cards {
    let mut out = [0; 32];
    for (i, seat) in SEATS.iter().enumerate() {
        out[8 * i..8 * i + 8].copy_from_slice(&deal[*seat].to_bits().to_le_bytes());
    }
    out
}

/// FNV-1a, 64 bits: the records' checksum and the choice of log (not a defence against
/// forgery, which a cache in the user's own folder needs none against; against torn writes,
/// flipped bits and other versions' records).
fn fnv(seed: &[u8], bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in seed.iter().chain(bytes) {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

fn encode(deal: &FullDeal, table: &TrickCountTable) -> [u8; RECORD] {
    let mut r = [0; RECORD];
    r[..4].copy_from_slice(MAGIC);
    r[4..36].copy_from_slice(&cards(deal));
    for (s, strain) in STRAINS.iter().enumerate() {
        for (d, seat) in SEATS.iter().enumerate() {
            r[36 + 4 * s + d] = u8::from(table[*strain].get(*seat));
        }
    }
    let sum = fnv(SOLVER.as_bytes(), &r[..56]);
    r[56..].copy_from_slice(&sum.to_le_bytes());
    r
}

/// The deal's cards and table of a record, when it is whole, of this solver and possible.
fn decode(r: &[u8]) -> Option<(Cards, TrickCountTable)> {
    if r.len() < RECORD || &r[..4] != MAGIC || r[56..64] != fnv(SOLVER.as_bytes(), &r[..56]).to_le_bytes() {
        return None;
    }
    let mut table = TrickCountTable::default();
    for (s, strain) in STRAINS.iter().enumerate() {
        let c = &r[36 + 4 * s..40 + 4 * s];
        let row = TrickCountRow::try_new(c[0], c[1], c[2], c[3]).ok()?;
        table.0[*strain as usize] = row;
    }
    Some((r[4..36].try_into().ok()?, table))
}

/// The cache folder: `$KIBITZER_CACHE_DIR`, else the platform's.
pub fn folder() -> Option<PathBuf> {
    let env = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    if let Some(dir) = env("KIBITZER_CACHE_DIR") {
        return Some(dir);
    }
    let base = if cfg!(windows) {
        env("LOCALAPPDATA")
    } else if cfg!(target_os = "macos") {
        env("HOME").map(|h| h.join("Library").join("Caches"))
    } else {
        env("XDG_CACHE_HOME").or_else(|| env("HOME").map(|h| h.join(".cache")))
    }?;
    Some(base.join("kibitzer"))
}

/// The folder of the solved deals (all solver versions) inside [`folder`].
pub fn deals_folder() -> Option<PathBuf> {
    folder().map(|f| f.join("dd"))
}

static DISABLED: AtomicBool = AtomicBool::new(false);

/// `--no-cache`: this process neither reads nor writes the cache.
pub fn disable() {
    DISABLED.store(true, Ordering::Relaxed);
}

/// The logs of one solver version, those read so far held in memory.
pub struct Store {
    dir: PathBuf,
    logs: Mutex<HashMap<u8, HashMap<Cards, TrickCountTable>>>,
}

/// The process's store, `None` when there is no cache folder or `--no-cache` was given.
pub fn store() -> Option<&'static Store> {
    static STORE: OnceLock<Option<Store>> = OnceLock::new();
    if DISABLED.load(Ordering::Relaxed) {
        return None;
    }
    STORE.get_or_init(|| deals_folder().map(|d| Store::at(d.join(SOLVER)))).as_ref()
}

impl Store {
    pub fn at(dir: PathBuf) -> Store {
        Store { dir, logs: Mutex::new(HashMap::new()) }
    }

    fn log_of(cards: &Cards) -> u8 {
        fnv(b"", cards).to_le_bytes()[0]
    }

    fn path(&self, log: u8) -> PathBuf {
        self.dir.join(format!("{log:02x}.log"))
    }

    /// The table kept for `deal`, if a whole record of it is there.
    pub fn get(&self, deal: &FullDeal) -> Option<TrickCountTable> {
        let cards = cards(deal);
        let log = Self::log_of(&cards);
        let mut logs = self.logs.lock().unwrap_or_else(|e| e.into_inner());
        let entries = logs.entry(log).or_insert_with(|| read_log(&self.path(log)));
        entries.get(&cards).copied()
    }

    /// Keeps a solved deal (a failure to write is no error: the deal is solved again later).
    pub fn put(&self, deal: &FullDeal, table: &TrickCountTable) {
        let record = encode(deal, table);
        let cards = cards(deal);
        let log = Self::log_of(&cards);
        if let Some(entries) = self.logs.lock().unwrap_or_else(|e| e.into_inner()).get_mut(&log) {
            entries.insert(cards, *table);
        }
        let _ = self.append(log, &record);
    }

    fn append(&self, log: u8, record: &[u8]) -> std::io::Result<()> {
        std::fs::create_dir_all(&self.dir)?;
        let path = self.path(log);
        let mut file = std::fs::OpenOptions::new().create(true).append(true).open(&path)?;
        // One write: a record is never interleaved with another writer's.
        file.write_all(record)?;
        if file.metadata()?.len() > (MOST_RECORDS * RECORD) as u64 {
            self.halve(&path)?;
        }
        Ok(())
    }

    /// Rewrites a full log with its newest half of whole records, through a temporary file
    /// renamed over it (a record another process appends meanwhile may be lost: it is solved
    /// again when next asked for).
    fn halve(&self, path: &Path) -> std::io::Result<()> {
        let bytes = std::fs::read(path)?;
        let records = whole_records(&bytes);
        let keep = &records[records.len().saturating_sub(MOST_RECORDS / 2)..];
        let mut temp = tempfile::NamedTempFile::new_in(&self.dir)?;
        for r in keep {
            temp.write_all(r)?;
        }
        temp.persist(path).map_err(|e| e.error)?;
        Ok(())
    }
}

/// The whole records of a log's bytes, skipping what is not one (a torn write, flipped bits,
/// another solver's record): a record is looked for at the next byte after anything else.
fn whole_records(bytes: &[u8]) -> Vec<&[u8]> {
    let mut out = Vec::new();
    let mut at = 0;
    while at + RECORD <= bytes.len() {
        let r = &bytes[at..at + RECORD];
        if decode(r).is_some() {
            out.push(r);
            at += RECORD;
        } else {
            at += 1;
        }
    }
    out
}

fn read_log(path: &Path) -> HashMap<Cards, TrickCountTable> {
    let Ok(bytes) = std::fs::read(path) else { return HashMap::new() };
    whole_records(&bytes).into_iter().filter_map(decode).collect()
}

/// `kibitzer clean`: removes the cache of solved deals; the folder removed, if there was one.
pub fn clean() -> std::io::Result<Option<PathBuf>> {
    let Some(dir) = deals_folder() else { return Ok(None) };
    match std::fs::remove_dir_all(&dir) {
        Ok(()) => Ok(Some(dir)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deal() -> FullDeal {
        "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432".parse().unwrap()
    }

    fn table() -> TrickCountTable {
        let mut t = TrickCountTable::default();
        t.0[Strain::Spades as usize] = TrickCountRow::new(13, 0, 13, 0);
        t.0[Strain::Notrump as usize] = TrickCountRow::new(0, 13, 0, 13);
        t
    }

    #[test]
    fn a_record_reads_back_and_a_flipped_bit_or_another_solver_is_refused() {
        let record = encode(&deal(), &table());
        let (cards_read, table_read) = decode(&record).unwrap();
        assert_eq!(cards_read, cards(&deal()));
        assert_eq!(table_read, table());
        for byte in 0..RECORD {
            let mut bad = record;
            bad[byte] ^= 0x10;
            assert!(decode(&bad).is_none(), "byte {byte}");
        }
        // A record of another solver version: its checksum has another seed.
        let mut foreign = record;
        foreign[56..].copy_from_slice(&fnv(b"pons-dds-0.1.0", &record[..56]).to_le_bytes());
        assert!(decode(&foreign).is_none());
    }

    #[test]
    fn records_after_a_torn_one_are_found() {
        let record = encode(&deal(), &table());
        let mut bytes = record[..30].to_vec();
        bytes.extend_from_slice(&record);
        bytes.extend_from_slice(&record[..50]);
        assert_eq!(whole_records(&bytes).len(), 1);
    }

    #[test]
    fn the_solver_named_is_the_one_built() {
        let lock = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../Cargo.lock")).unwrap();
        let at = lock.find("name = \"pons-dds\"\nversion = \"").unwrap() + "name = \"pons-dds\"\nversion = \"".len();
        let version = &lock[at..at + lock[at..].find('"').unwrap()];
        assert_eq!(
            SOLVER,
            format!("pons-dds-{version}"),
            "a new solver: rename SOLVER, so that old answers are not read"
        );
    }

    #[test]
    fn a_full_log_is_halved() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::at(dir.path().to_owned());
        let record = encode(&deal(), &table());
        let log = Store::log_of(&cards(&deal()));
        for _ in 0..=MOST_RECORDS {
            store.append(log, &record).unwrap();
        }
        let len = std::fs::metadata(store.path(log)).unwrap().len() as usize;
        assert!(len <= MOST_RECORDS * RECORD, "{len}");
        assert_eq!(store.get(&deal()), Some(table()));
    }
}
