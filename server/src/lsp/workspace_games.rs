//! Duplicate games and the spellings of names across the workspace
//! ([`kibitzer_syntax::across_files`]): an open document's diagnostics include the games of it
//! that repeat a game of another file of the workspace, and the names it spells otherwise than
//! the commonest spelling of all those files, with the related place in the other file. The
//! files are those of the workspace folders ([`workspace::files`]) of the document's format,
//! with the open documents as the editor has them; they are ordered by their path relative to
//! their workspace folder (byte order), so that the earlier of two copies is the same whatever
//! was opened first. The client's `acrossFiles` setting turns it off.
//!
//! The work is bounded so that opening or editing a document stays as fast as without it:
//! - the files on disk are walked and their facts computed (a check of each) off the request
//!   path, by [`refresh`], at the first diagnostics and again when the client says files
//!   changed (`didChangeWatchedFiles`) or a document is saved; each file's facts are kept while
//!   its length and modification time are unchanged, so a refresh reads only what changed. At
//!   most [`MAX_BYTES`] of files are taken, in path order (16 MB a file at most, compressed
//!   and PGC files left out, as workspace diagnostics); the rest are left out;
//! - a document's diagnostics read the facts kept (nothing on disk is read for them, but the
//!   few files a finding points into, to place the related place); an open document's own facts
//!   are those of its last check; an edit adds only the edited document's;
//! - after a refresh, and after an open document's facts change, the other open documents of
//!   the same format are checked again and published (debounced as edits are).

use super::document::Snapshot;
use super::offsets::Positions;
use super::state::State;
use super::workspace::{self, Stamp};
use kibitzer_syntax::across_files::{check_across_files, FileFacts};
use kibitzer_syntax::{Diagnostic, Lang, TextRange};
use ropey::Rope;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use tower_lsp_server::ls_types::{Location, Uri};
use tower_lsp_server::Client;

/// The files on disk whose facts are kept, in bytes in all: about 64 k games of PGN, whose joined
/// pass takes a few tens of milliseconds after an edit.
pub const MAX_BYTES: u64 = 64 << 20;

/// The facts of the workspace folders' files on disk.
#[derive(Default)]
pub struct Index {
    files: Mutex<Option<Arc<Vec<DiskFile>>>>,
    /// Set while a refresh runs; `stale` when files changed meanwhile.
    refreshing: AtomicBool,
    stale: AtomicBool,
}

/// A file on disk with its facts.
pub struct DiskFile {
    path: PathBuf,
    uri: Uri,
    lang: Lang,
    name: String,
    stamp: Stamp,
    facts: Arc<FileFacts>,
}

impl Index {
    /// Marks the files as changed: the next diagnostics start a refresh.
    pub fn mark_stale(&self) {
        self.stale.store(true, Ordering::SeqCst);
    }
}

/// One of the other files a document is checked with.
pub struct Other {
    name: String,
    uri: Uri,
    facts: Arc<FileFacts>,
    /// Where its text is read from when a finding points into it.
    text: Source,
}

enum Source {
    Open(Rope),
    Disk(PathBuf),
}

/// What a document's check across files needs, gathered from the state without work: its name
/// and the other files of its format with their facts.
pub struct Workspace {
    name: String,
    others: Vec<Other>,
}

/// A file's name for messages and ordering: its path relative to the workspace folder holding it
/// (`/` between the parts), else its whole path or URI.
pub fn name_of(uri: &Uri, path: Option<&Path>, roots: &[PathBuf]) -> String {
    let Some(path) = path else { return uri.as_str().to_owned() };
    let relative = roots.iter().find_map(|root| path.strip_prefix(root).ok()).unwrap_or(path);
    relative.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/")
}

/// The other files `snapshot` is checked with, when the setting is on; also whether the files on
/// disk need a refresh (none made yet, or files changed since).
pub fn gather(state: &State, snapshot: &Snapshot) -> (Option<Workspace>, bool) {
    let (on, roots) = {
        let c = state.config();
        (c.settings.across_files, c.roots.clone())
    };
    if !on || !matches!(snapshot.lang, Lang::Pgn | Lang::Pbn) {
        return (None, false);
    }
    let own_path = snapshot.uri.to_file_path().map(|p| p.into_owned());
    let name = name_of(&snapshot.uri, own_path.as_deref(), &roots);
    let mut others = Vec::new();
    let mut open = vec![snapshot.uri.clone()];
    for (uri, doc) in state.docs().iter().filter(|(uri, d)| **uri != snapshot.uri && d.lang == snapshot.lang) {
        open.push(uri.clone());
        if let Some(facts) = &doc.across_facts {
            let name = name_of(uri, doc.path.as_deref(), &roots);
            others.push(Other { name, uri: uri.clone(), facts: facts.clone(), text: Source::Open(doc.rope.clone()) });
        }
    }
    let files = state.games.files.lock().unwrap_or_else(|e| e.into_inner()).clone();
    let refresh = files.is_none() || state.games.stale.load(Ordering::SeqCst);
    for file in files.iter().flat_map(|f| f.iter()) {
        if file.lang == snapshot.lang && !open.contains(&file.uri) {
            let text = Source::Disk(file.path.clone());
            others.push(Other { name: file.name.clone(), uri: file.uri.clone(), facts: file.facts.clone(), text });
        }
    }
    (Some(Workspace { name, others }), refresh)
}

/// The diagnostics of the checks of games together for the document whose facts are `own`, over
/// the workspace: its own (those of its games together, as the document alone gives them, and
/// those across files), and where their related places in other files are, in `unit` columns.
pub fn diagnostics(
    lang: Lang,
    own: &FileFacts,
    workspace: &Workspace,
    options: &kibitzer_syntax::CheckOptions,
    unit: kibitzer_syntax::text::ColumnUnit,
) -> (Vec<Diagnostic>, HashMap<(usize, TextRange), Location>) {
    // The document and the others, by name.
    let mut files: Vec<(&str, &FileFacts, Option<&Other>)> = vec![(workspace.name.as_str(), own, None)];
    files.extend(workspace.others.iter().map(|o| (o.name.as_str(), &*o.facts, Some(o))));
    files.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    let named: Vec<(&str, &FileFacts)> = files.iter().map(|(n, f, _)| (*n, *f)).collect();
    let Some(me) = files.iter().position(|f| f.2.is_none()) else { return Default::default() };
    let mine = check_across_files(lang, &named, |_| options).swap_remove(me);
    let mut wanted: HashMap<usize, Vec<TextRange>> = HashMap::new();
    for r in mine.iter().flat_map(|d| &d.related) {
        if let Some(k) = r.file {
            wanted.entry(k).or_default().push(r.range);
        }
    }
    let mut places = HashMap::new();
    for (k, ranges) in wanted {
        let Some(other) = files[k].2 else { continue };
        let rope = match &other.text {
            Source::Open(rope) => rope.clone(),
            Source::Disk(path) => match workspace::read(path) {
                Some(source) => Rope::from_str(&source.text),
                None => continue,
            },
        };
        let pos = Positions::new(&rope, unit);
        for range in ranges {
            places.insert((k, range), Location { uri: other.uri.clone(), range: pos.range(range) });
        }
    }
    (mine, places)
}

/// Walks the workspace folders and computes the facts of the files that changed, on the
/// blocking pool, then checks the open documents again (a client that pulls is asked to pull).
/// One refresh at a time: asked while one runs, the files are marked stale and the next
/// diagnostics start another.
pub fn refresh(state: Arc<State>, client: Client) {
    if state.games.refreshing.swap(true, Ordering::SeqCst) {
        return;
    }
    state.games.stale.store(false, Ordering::SeqCst);
    tokio::spawn(super::guard::notification("workspace games", async move {
        let (roots, walk, settings, root) = {
            let c = state.config();
            (c.roots.clone(), c.settings.walk, c.settings.clone(), c.root.clone())
        };
        let before = state.games.files.lock().unwrap_or_else(|e| e.into_inner()).clone();
        let work = move || {
            let kept: HashMap<&Path, &DiskFile> =
                before.iter().flat_map(|f| f.iter()).map(|f| (f.path.as_path(), f)).collect();
            let mut bytes = 0;
            let mut files = Vec::new();
            let mut found: Vec<_> = workspace::files(&roots, &walk)
                .into_iter()
                .filter(|f| matches!(f.lang, Lang::Pgn | Lang::Pbn))
                .map(|f| (name_of(&f.uri, Some(&f.path), &roots), f))
                .collect();
            found.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
            for (name, file) in found {
                bytes += file.stamp.len;
                if bytes > MAX_BYTES {
                    break;
                }
                let facts = match kept.get(file.path.as_path()).filter(|k| k.stamp == file.stamp) {
                    Some(k) => k.facts.clone(),
                    None => {
                        let Some(source) = workspace::read(&file.path) else { continue };
                        let mut options = settings.options_without_encoding(Some(&file.path), root.as_deref()).0;
                        options.encoding = Some(source.encoding);
                        Arc::new(kibitzer_syntax::across_files::check_file(file.lang, &source.text, &options).1)
                    }
                };
                files.push(DiskFile {
                    path: file.path,
                    uri: file.uri,
                    lang: file.lang,
                    name,
                    stamp: file.stamp,
                    facts,
                });
            }
            files
        };
        let done = super::guard::blocking("workspace games", work).await;
        state.games.refreshing.store(false, Ordering::SeqCst);
        let Ok(files) = done else { return };
        *state.games.files.lock().unwrap_or_else(|e| e.into_inner()) = Some(Arc::new(files));
        recheck_open(&state, &client, None);
    }));
}

/// Checks the open documents again (but `except`) and publishes them, or asks a client that
/// pulls to pull again: the files they are checked with changed.
pub fn recheck_open(state: &Arc<State>, client: &Client, except: Option<(&Uri, Lang)>) {
    let (pull, refresh) = {
        let c = state.config();
        (c.pull_diagnostics, c.diagnostic_refresh)
    };
    if pull {
        if refresh {
            let client = client.clone();
            tokio::spawn(async move {
                let _ = client.workspace_diagnostic_refresh().await;
            });
        }
        return;
    }
    let open: Vec<(Uri, i32)> = state
        .docs()
        .iter()
        .filter(|(uri, d)| except.is_none_or(|(u, lang)| *u != **uri && d.lang == lang))
        .map(|(uri, d)| (uri.clone(), d.version))
        .collect();
    for (uri, version) in open {
        super::publish::schedule_diagnostics(state.clone(), client.clone(), uri, version, true);
    }
}
