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
//!   path, by the refresh of [`super::publish`], at the first diagnostics and again when the client says files
//!   changed (`didChangeWatchedFiles`) or a document is saved; each file's facts are kept while
//!   its length and modification time are unchanged, so a refresh reads only what changed; a
//!   file open in the editor has none kept (its document's facts stand for it, [`DiskFile`])
//!   until it closes, when a refresh takes the document's if the file holds its text, or checks
//!   the file. At
//!   most [`MAX_BYTES`] of files are taken, in path order (16 MB a file at most, compressed
//!   and PGC files left out, as workspace diagnostics); the rest are left out;
//! - a document's diagnostics read the facts kept (nothing on disk is read for them, but the
//!   few files a finding points into, to place the related place); an open document's own facts
//!   are those of its last check; an edit adds only the edited document's;
//! - after a refresh, and after an open document's facts change (it was opened, edited or
//!   closed), one pass over the facts of every open document and file of the format finds what
//!   each open document's findings are now ([`changed_findings`]); only the documents whose
//!   findings changed are published again, from their last check (nothing is checked again).
//!   So a change costs one pass, linear in the games of the workspace, not one a document: with
//!   D open documents and G games in all, opening them one after the other costs O(D·G) for
//!   their own passes and the passes for the others (coalesced: one at a time, the next one
//!   taking every change made while it ran), where a pass per other document cost O(D²·G).

use super::offsets::Positions;
use super::workspace::{self, Stamp};
use kibitzer_syntax::across_files::{
    check_across_files, check_file_across, check_files_across, FileFacts, FileFindings,
};
use kibitzer_syntax::{Diagnostic, Lang, TextRange};
use ropey::Rope;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use tower_lsp_server::ls_types::{Location, Uri};

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
    /// Documents closed whose files have no facts yet, by uri: their facts stand for their
    /// files' on disk when a file holds the document's text and is checked with the same options
    /// ([`files_with_facts`]), so closing two hundred documents does not check them all again.
    /// Kept until a refresh takes them or their files have facts ([`Index::set_files`]).
    handed: Mutex<HashMap<Uri, Handed>>,
}

/// A closed document's text, facts and check options ([`Index::hand_over`]).
pub struct Handed {
    rope: Rope,
    facts: Arc<FileFacts>,
    options: Arc<kibitzer_syntax::CheckOptions>,
}

/// A file on disk with its facts.
#[derive(Clone)]
pub struct DiskFile {
    path: PathBuf,
    uri: Uri,
    lang: Lang,
    name: String,
    stamp: Stamp,
    /// `None` while the file is open in the editor: the document's own facts stand for it then
    /// (every reader of the files on disk leaves out those open with facts), and a second copy
    /// of the same games' facts is not kept — with two hundred open documents of 100 KB, about
    /// 50 MB ([`Index::forget`]). The refresh that follows its closing takes them from the
    /// document or computes them ([`Index::hand_over`]).
    facts: Option<Arc<FileFacts>>,
}

/// Whether two readings of the workspace hold the same files with the same stamps, in order, and
/// facts for the same of them.
pub fn same_files(before: &[DiskFile], after: &[DiskFile]) -> bool {
    before.len() == after.len()
        && before
            .iter()
            .zip(after)
            .all(|(a, b)| a.path == b.path && a.stamp == b.stamp && a.facts.is_some() == b.facts.is_some())
}

impl Index {
    /// Marks the files as changed: the next diagnostics start a refresh.
    pub fn mark_stale(&self) {
        self.stale.store(true, Ordering::SeqCst);
    }

    /// Whether the file of `uri`, an open document that closes, may be without facts on disk:
    /// it has none, or a refresh runs that may have passed it over while it was open.
    pub fn lacks_facts(&self, uri: &Uri) -> bool {
        let files = self.files.lock().unwrap_or_else(|e| e.into_inner());
        let kept = files.as_ref().is_some_and(|files| files.iter().any(|f| f.uri == *uri && f.facts.is_none()));
        kept || self.refreshing.load(Ordering::SeqCst)
    }

    /// Hands over the text `rope`, facts and options of the document `uri`, which closes, for the
    /// next refresh to take as its file's facts if the file holds that text.
    pub fn hand_over(
        &self,
        uri: &Uri,
        rope: &Rope,
        facts: &Arc<FileFacts>,
        options: &Arc<kibitzer_syntax::CheckOptions>,
    ) {
        let handed = Handed { rope: rope.clone(), facts: facts.clone(), options: options.clone() };
        self.handed.lock().unwrap_or_else(|e| e.into_inner()).insert(uri.clone(), handed);
    }

    /// What the document `uri` handed over when it closed, taken.
    pub fn take_handed(&self, uri: &Uri) -> Option<Handed> {
        self.handed.lock().unwrap_or_else(|e| e.into_inner()).remove(uri)
    }

    /// Lets go of the facts kept for the file of `uri`, an open document that has facts of its
    /// own now; when it closes, a refresh takes them from it or computes them again.
    pub fn forget(&self, uri: &Uri) {
        let mut files = self.files.lock().unwrap_or_else(|e| e.into_inner());
        let Some(kept) = files.as_mut() else { return };
        let Some(at) = kept.iter().position(|f| f.uri == *uri && f.facts.is_some()) else { return };
        // Shared with passes that may be running: copied (a few hundred entries of a name and
        // some `Arc`s), not changed in place.
        Arc::make_mut(kept)[at].facts = None;
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

impl Other {
    /// The file `f` on disk, with its `facts`, its text read from disk when a finding points
    /// into it.
    fn on_disk(f: &DiskFile, facts: &Arc<FileFacts>) -> Other {
        Other { name: f.name.clone(), uri: f.uri.clone(), facts: facts.clone(), text: Source::Disk(f.path.clone()) }
    }
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

/// The diagnostics of the checks of games together for the document whose facts are `own`, over
/// the workspace: its own (those of its games together, as the document alone gives them, and
/// those across files), and where their related places in other files are, in `unit` columns.
/// `before`, the findings of the document's last check, are moved instead when the edits since
/// only moved text ([`FileFindings`]).
pub fn diagnostics(
    lang: Lang,
    own: &Arc<FileFacts>,
    workspace: &Workspace,
    options: &kibitzer_syntax::CheckOptions,
    unit: kibitzer_syntax::text::ColumnUnit,
    before: Option<Arc<FileFindings>>,
) -> (Arc<FileFindings>, HashMap<(usize, TextRange), Location>) {
    // The document and the others, by name.
    let mut files: Vec<(&str, &Arc<FileFacts>, Option<&Other>)> = vec![(workspace.name.as_str(), own, None)];
    files.extend(workspace.others.iter().map(|o| (o.name.as_str(), &o.facts, Some(o))));
    files.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    let named: Vec<(&str, &Arc<FileFacts>)> = files.iter().map(|(n, f, _)| (*n, *f)).collect();
    let me = files.iter().position(|f| f.2.is_none()).unwrap_or_default();
    let mine = check_file_across(lang, &named, me, |_| options, before);
    let places = places_of(mine.found(), |k| files.get(k).and_then(|f| f.2), unit);
    (mine, places)
}

/// An open document as the pass over every open document of its format sees it
/// ([`changed_findings`]).
pub struct OpenDoc {
    pub uri: Uri,
    pub name: String,
    pub facts: Arc<FileFacts>,
    pub rope: Rope,
    pub options: Arc<kibitzer_syntax::CheckOptions>,
    /// What its last check of games together found: the pass tells whether it changes them.
    pub kept: Option<Arc<FileFindings>>,
}

/// The findings of an open document that a pass changed, with the places of their related
/// information in other files.
pub struct Changed {
    pub uri: Uri,
    pub facts: Arc<FileFacts>,
    pub findings: Arc<FileFindings>,
    pub places: HashMap<(usize, TextRange), Location>,
}

/// What a pass over every open document found ([`changed_findings`]): the documents whose
/// findings changed, and the findings of the others, the same as they kept but made from the
/// facts of the files as they are now.
pub struct Pass {
    pub changed: Vec<Changed>,
    /// (document, the facts of it the pass used, its findings): kept in place of the findings
    /// the document had, which hold on to the facts of every file as they were when those were
    /// found — those of documents closed or edited since, which would otherwise stay in memory
    /// as long as it does.
    pub renewed: Vec<(Uri, Arc<FileFacts>, Arc<FileFindings>)>,
}

/// One pass of the checks of games together over the open documents `open` (all of format
/// `lang`) and the files of `disk` that are not open, as each document's check runs it
/// ([`diagnostics`]); gives the documents whose findings differ from those they kept, and the
/// others' findings renewed ([`Pass`]). Linear in the games of all the files; the related places
/// are read only for the documents changed.
pub fn changed_findings(
    lang: Lang,
    open: Vec<OpenDoc>,
    disk: &[DiskFile],
    unit: kibitzer_syntax::text::ColumnUnit,
) -> Pass {
    // (name, facts, its text's source, its options): the open documents, then the files on disk.
    let default_options = Arc::new(kibitzer_syntax::CheckOptions::default());
    let mut files: Vec<(String, Other, Arc<kibitzer_syntax::CheckOptions>, Option<usize>)> = Vec::new();
    for (k, o) in open.iter().enumerate() {
        let other = Other {
            name: o.name.clone(),
            uri: o.uri.clone(),
            facts: o.facts.clone(),
            text: Source::Open(o.rope.clone()),
        };
        files.push((o.name.clone(), other, o.options.clone(), Some(k)));
    }
    for f in disk.iter().filter(|f| f.lang == lang && !open.iter().any(|o| o.uri == f.uri)) {
        // A file without facts is open (those come with its document) or was until lately.
        let Some(facts) = &f.facts else { continue };
        files.push((f.name.clone(), Other::on_disk(f, facts), default_options.clone(), None));
    }
    files.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    let named: Vec<(&str, &Arc<FileFacts>)> = files.iter().map(|(n, o, _, _)| (n.as_str(), &o.facts)).collect();
    let found = check_files_across(lang, &named, |k| &*files[k].2);
    let mut pass = Pass { changed: Vec::new(), renewed: Vec::new() };
    for (findings, (_, other, _, doc)) in found.into_iter().zip(&files) {
        let Some(doc) = doc.map(|k| &open[k]) else { continue };
        // The messages name the other file and line of each finding: the same findings are
        // the same diagnostics.
        if doc.kept.as_ref().is_some_and(|kept| kept.found() == findings.found()) {
            pass.renewed.push((doc.uri.clone(), other.facts.clone(), findings));
            continue;
        }
        let places = places_of(findings.found(), |k| files.get(k).map(|f| &f.1), unit);
        pass.changed.push(Changed { uri: doc.uri.clone(), facts: other.facts.clone(), findings, places });
    }
    pass
}

/// What the checks across files found for one closed file of the workspace, for
/// `workspace/diagnostic`: its findings (in place of its own checks of games together), where
/// their related places in other files are, and a fingerprint of both for its result id (the
/// findings change when another file does, the file itself unchanged).
pub struct ClosedFindings {
    pub diagnostics: Vec<Diagnostic>,
    pub places: HashMap<(usize, TextRange), Location>,
    pub fingerprint: u64,
}

/// An open document as the findings of the closed files see it: its facts of its last check.
pub struct OpenFile {
    pub uri: Uri,
    pub lang: Lang,
    pub name: String,
    pub facts: Arc<FileFacts>,
    pub rope: Rope,
    pub options: Arc<kibitzer_syntax::CheckOptions>,
}

/// The findings across files of every file of `disk` that is not open, each file checked with
/// the others of its format and the open documents, as an open document is ([`diagnostics`]);
/// by uri. `options_for` gives a file's check options (its severities). One pass a format,
/// linear in the games.
pub fn closed_findings(
    disk: &[DiskFile],
    open: &[OpenFile],
    options_for: impl Fn(&Path) -> kibitzer_syntax::CheckOptions,
    unit: kibitzer_syntax::text::ColumnUnit,
) -> HashMap<Uri, ClosedFindings> {
    let mut out = HashMap::new();
    for lang in [Lang::Pgn, Lang::Pbn] {
        // (name, facts, its text's source, its options, whether it is closed).
        let mut files: Vec<(&str, &FileFacts, Other, Arc<kibitzer_syntax::CheckOptions>)> = Vec::new();
        for o in open.iter().filter(|o| o.lang == lang) {
            let other = Other {
                name: o.name.clone(),
                uri: o.uri.clone(),
                facts: o.facts.clone(),
                text: Source::Open(o.rope.clone()),
            };
            files.push((o.name.as_str(), &o.facts, other, o.options.clone()));
        }
        for f in disk.iter().filter(|f| f.lang == lang && !open.iter().any(|o| o.uri == f.uri)) {
            let Some(facts) = &f.facts else { continue };
            files.push((f.name.as_str(), facts, Other::on_disk(f, facts), Arc::new(options_for(&f.path))));
        }
        if files.is_empty() {
            continue;
        }
        files.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
        let named: Vec<(&str, &FileFacts)> = files.iter().map(|(n, f, _, _)| (*n, *f)).collect();
        let found = check_across_files(lang, &named, |k| &files[k].3);
        for ((_, _, other, _), diagnostics) in files.iter().zip(found) {
            let Source::Disk(_) = other.text else { continue };
            let places = places_of(&diagnostics, |k| files.get(k).map(|f| &f.2), unit);
            let fingerprint = fingerprint(&diagnostics, &places);
            out.insert(other.uri.clone(), ClosedFindings { diagnostics, places, fingerprint });
        }
    }
    out
}

/// Where the related places of `found` that are in other files are (`file` gives the file of
/// an index), each of those files read once.
fn places_of<'a>(
    found: &[Diagnostic],
    file: impl Fn(usize) -> Option<&'a Other>,
    unit: kibitzer_syntax::text::ColumnUnit,
) -> HashMap<(usize, TextRange), Location> {
    let mut wanted: HashMap<usize, Vec<TextRange>> = HashMap::new();
    for r in found.iter().flat_map(|d| &d.related) {
        if let Some(k) = r.file {
            wanted.entry(k).or_default().push(r.range);
        }
    }
    let mut places = HashMap::new();
    for (k, ranges) in wanted {
        let Some(other) = file(k) else { continue };
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
    places
}

/// A hash of findings and their places, for a result id.
fn fingerprint(found: &[Diagnostic], places: &HashMap<(usize, TextRange), Location>) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    for d in found {
        (d.code, d.range, &d.message).hash(&mut hasher);
        for r in &d.related {
            let place = r.file.and_then(|k| places.get(&(k, r.range)));
            (r.range, place.map(|l| (l.uri.as_str(), l.range.start.line, l.range.start.character))).hash(&mut hasher);
        }
    }
    hasher.finish()
}

/// The workspace's PGN and PBN files under `roots` (walked as `walk` says) with their facts, in
/// order of name, [`MAX_BYTES`] at most: those of `before` whose stamp is unchanged are kept,
/// the others read and checked (`options_for` their check options), but for those `open` says
/// are open documents, whose facts are their documents' ([`DiskFile::facts`]), and those of
/// `handed` gives, closed documents whose text the file holds, whose facts are taken from them
/// ([`Index::take_handed`]). Blocking work.
pub fn files_with_facts(
    before: Option<&[DiskFile]>,
    roots: &[PathBuf],
    walk: &crate::walk::WalkOptions,
    options_for: impl Fn(&Path) -> kibitzer_syntax::CheckOptions,
    open: impl Fn(&Uri) -> bool,
    handed: impl Fn(&Uri) -> Option<Handed>,
) -> Vec<DiskFile> {
    let kept: HashMap<&Path, &DiskFile> = before.into_iter().flatten().map(|f| (f.path.as_path(), f)).collect();
    let mut found: Vec<_> = workspace::files(roots, walk)
        .into_iter()
        .filter(|f| matches!(f.lang, Lang::Pgn | Lang::Pbn))
        .map(|f| (name_of(&f.uri, Some(&f.path), roots), f))
        .collect();
    found.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    let mut bytes = 0;
    let mut files = Vec::new();
    for (name, file) in found {
        bytes += file.stamp.len;
        if bytes > MAX_BYTES {
            break;
        }
        let unchanged = kept.get(file.path.as_path()).filter(|k| k.stamp == file.stamp);
        let facts = match unchanged.and_then(|k| k.facts.clone()) {
            Some(facts) => Some(facts),
            // Asked when its turn comes, not when the refresh starts: documents opened while
            // it runs (an editor restoring its session) are not checked twice.
            None if open(&file.uri) => None,
            None => {
                let Some(source) = workspace::read(&file.path) else { continue };
                let mut options = options_for(&file.path);
                options.encoding = Some(source.encoding);
                match handed(&file.uri) {
                    // Its document's facts, made from this text with these options.
                    Some(h) if *h.options == options && h.rope == source.text.as_str() => Some(h.facts),
                    _ => Some(Arc::new(kibitzer_syntax::across_files::check_file(file.lang, &source.text, &options).1)),
                }
            }
        };
        files.push(DiskFile { path: file.path, uri: file.uri, lang: file.lang, name, stamp: file.stamp, facts });
    }
    files
}

impl Index {
    /// The files kept, `None` before the first refresh.
    pub fn files(&self) -> Option<Arc<Vec<DiskFile>>> {
        self.files.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Keeps the files a refresh found, without the facts of those that are open documents with
    /// facts of their own now (`has_own_facts`): opened while the refresh ran.
    pub fn set_files(&self, mut files: Vec<DiskFile>, has_own_facts: impl Fn(&Uri) -> bool) {
        for file in files.iter_mut().filter(|f| f.facts.is_some() && has_own_facts(&f.uri)) {
            file.facts = None;
        }
        // What closed documents handed over is wanted only for files still without facts.
        let lacking: std::collections::HashSet<&Uri> =
            files.iter().filter(|f| f.facts.is_none()).map(|f| &f.uri).collect();
        self.handed.lock().unwrap_or_else(|e| e.into_inner()).retain(|uri, _| lacking.contains(uri));
        *self.files.lock().unwrap_or_else(|e| e.into_inner()) = Some(Arc::new(files));
    }

    /// Whether files changed since the last refresh.
    pub fn is_stale(&self) -> bool {
        self.stale.load(Ordering::SeqCst)
    }

    /// Claims the refresh: false when one runs already. The files are then no longer stale.
    pub fn start_refresh(&self) -> bool {
        if self.refreshing.swap(true, Ordering::SeqCst) {
            return false;
        }
        self.stale.store(false, Ordering::SeqCst);
        true
    }

    /// Whether a refresh runs.
    pub fn is_refreshing(&self) -> bool {
        self.refreshing.load(Ordering::SeqCst)
    }

    pub fn end_refresh(&self) {
        self.refreshing.store(false, Ordering::SeqCst);
    }
}

impl Workspace {
    /// The document `uri` (its name `name`) and the other files: `open` the other open documents
    /// of its format (uri, name, facts, text), `disk` the files kept on disk (those not open).
    pub fn new(
        uri: &Uri,
        name: String,
        open: Vec<(Uri, String, Arc<FileFacts>, Rope)>,
        disk: &[DiskFile],
        lang: Lang,
    ) -> Workspace {
        let mut others: Vec<Other> = Vec::new();
        let mut open_uris = vec![uri.clone()];
        for (uri, name, facts, rope) in open {
            open_uris.push(uri.clone());
            others.push(Other { name, uri, facts, text: Source::Open(rope) });
        }
        for file in disk.iter().filter(|f| f.lang == lang && !open_uris.contains(&f.uri)) {
            let Some(facts) = file.facts.clone() else { continue };
            let text = Source::Disk(file.path.clone());
            others.push(Other { name: file.name.clone(), uri: file.uri.clone(), facts, text });
        }
        Workspace { name, others }
    }
}
