//! An open document: its text in a rope, its version, its language and settings, and the
//! per-unit analysis kept in step with every edit.

use super::analysis::{apply_edit, ByteEdit, Segment};
use super::cache::TokenAnswer;
use super::offsets::Positions;
use kibitzer_syntax::across_files::FileFindings;
use kibitzer_syntax::text::ColumnUnit;
use kibitzer_syntax::{CheckOptions, Lang, TextRange, TextSize};
use ropey::Rope;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tower_lsp_server::ls_types::{TextDocumentContentChangeEvent, Uri};

pub struct Document {
    pub uri: Uri,
    pub lang: Lang,
    /// The client's version of the text, as it sent it (published with the diagnostics).
    pub version: i32,
    /// Which text this is, in the order the server received them ([`next_revision`]): what the
    /// checks are ordered by. The client's versions may go backwards (a client's bug, or a
    /// document reopened); the text received last is the newest whatever its version, as
    /// rust-analyzer has it, and it is checked and published.
    pub revision: u64,
    pub rope: Rope,
    pub path: Option<PathBuf>,
    pub options: Arc<CheckOptions>,
    /// Segments of the current text; dirty where edited since the last refresh.
    pub segments: Vec<Segment>,
    /// The facts of its last check for the checks across the workspace's files
    /// ([`super::workspace_games`]); `None` before.
    pub across_facts: Option<Arc<kibitzer_syntax::across_files::FileFacts>>,
    /// The revision `across_facts` are of ([`Document::set_across_facts`]).
    facts_revision: u64,
    /// What the checks of its games together found at its last check (the duplicates and
    /// spellings of its games, over the workspace's files or in it alone), with the version it
    /// was made at: the code actions' quick fixes read them while the document is still at that
    /// version, and the next check moves them when an edit only moved text
    /// ([`FileFindings`]).
    across_found: Option<(CheckOrder, Arc<FileFindings>)>,
    /// Edits since `refreshed`, with the revision each produced: replayed onto a refresh that
    /// finishes after newer edits arrived, so its work is kept.
    log: Vec<(u64, ByteEdit)>,
    /// The revision whose refreshed segments were last merged in.
    refreshed: Option<u64>,
    /// The latest check whose diagnostics were published.
    pub published: Option<CheckOrder>,
    /// How many checks were started ([`Document::snapshot_to_check`]).
    checks_started: u64,
    /// The last whole-document semantic-token answer, shared with the snapshots: a delta
    /// request is answered from it.
    pub semantic_answer: SemanticAnswerSlot,
    /// When the last edit arrived.
    last_change: Option<Instant>,
    /// Whether a check that publishes is running ([`Document::start_check`]), and if so whether
    /// another was asked for meanwhile.
    checking: Option<Again>,
}

/// Whether a check was asked for while one was running ([`Document::start_check`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Again(bool);

/// Edits closer together than this are typing: their diagnostics wait for the configured
/// debounce. A keystroke after a longer pause is checked at once, so that a single edit's
/// diagnostics come as fast as the check allows (a few milliseconds), while a burst of typing
/// is checked once it pauses.
pub const TYPING_GAP: Duration = Duration::from_millis(250);

/// Where the last whole-document semantic-token answer of a document is kept.
pub type SemanticAnswerSlot = Arc<Mutex<Option<TokenAnswer>>>;

/// What the checks of a document's games together gave: with the workspace's other files
/// ([`super::workspace_games`]), the document's facts for the others' checks; and its own
/// findings, kept with what they were found from.
pub struct AcrossFiles {
    /// `None` when the `acrossFiles` setting is off: the document was checked alone.
    pub facts: Option<Arc<kibitzer_syntax::across_files::FileFacts>>,
    pub findings: Arc<FileFindings>,
}

/// Which check of a document a result comes from: the revision it checked, then the order in
/// which the checks of that revision were started (a revision is checked again when the
/// workspace's files change, and the checks may finish in any order). A result is kept and
/// published only when no later check's was: a check that started before the workspace's files
/// were read must not take the place of one that started after.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct CheckOrder {
    pub revision: u64,
    pub started: u64,
}

/// A revision not given before, in the order texts arrive (unique across documents, so that a
/// document closed and opened again never meets a check of its former text).
pub fn next_revision() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// An immutable view of a document for a handler: cloning a rope is O(1).
#[derive(Clone)]
pub struct Snapshot {
    pub uri: Uri,
    pub lang: Lang,
    pub version: i32,
    /// The document's [`Document::revision`] when the snapshot was taken.
    pub revision: u64,
    pub rope: Rope,
    pub options: Arc<CheckOptions>,
    pub segments: Vec<Segment>,
    pub unit: ColumnUnit,
    pub semantic_answer: SemanticAnswerSlot,
    /// The findings of the last check of the games together, when they are of this version of
    /// the text ([`Document::keep_across`]).
    pub across_found: Option<Arc<FileFindings>>,
    /// The findings of the last check of the games together, of whichever version: the next
    /// check moves them when the edits since only moved text.
    pub across_before: Option<Arc<FileFindings>>,
    /// The check the snapshot was made for ([`Document::snapshot_to_check`]); 0 for others.
    pub started: u64,
}

impl Snapshot {
    /// Which check of the document its results are.
    pub fn order(&self) -> CheckOrder {
        CheckOrder { revision: self.revision, started: self.started }
    }

    pub fn positions(&self) -> Positions<'_> {
        Positions::new(&self.rope, self.unit)
    }

    /// The ranges of the units of the text (its segments), or the whole text before the first
    /// check has cut it.
    pub fn unit_ranges(&self) -> Vec<TextRange> {
        if self.segments.is_empty() {
            return vec![TextRange::up_to(TextSize::from(self.rope.len_bytes() as u32))];
        }
        self.segments.iter().map(|s| s.range).collect()
    }

    /// The text of `range`.
    pub fn text_of(&self, range: TextRange) -> std::borrow::Cow<'_, str> {
        self.rope.byte_slice(usize::from(range.start())..usize::from(range.end())).into()
    }
}

impl Document {
    pub fn new(uri: Uri, lang: Lang, version: i32, text: &str, options: Arc<CheckOptions>) -> Document {
        let path = uri.to_file_path().map(|p| p.into_owned());
        Document {
            uri,
            lang,
            version,
            revision: next_revision(),
            rope: Rope::from_str(text),
            path,
            options,
            segments: Vec::new(),
            across_facts: None,
            facts_revision: 0,
            across_found: None,
            log: Vec::new(),
            refreshed: None,
            published: None,
            checks_started: 0,
            semantic_answer: SemanticAnswerSlot::default(),
            last_change: None,
            checking: None,
        }
    }

    /// Starts the check that publishes the document's diagnostics: a snapshot to check
    /// ([`Document::snapshot_to_check`]), or `None` while another such check is running, which
    /// is then told to have the document checked again when it ends ([`Document::end_check`]).
    /// So edits that come faster than the checks are checked together, one check after the
    /// running one, without a timer that every keystroke would wait for.
    pub fn start_check(&mut self, unit: ColumnUnit) -> Option<Snapshot> {
        match &mut self.checking {
            Some(again) => {
                again.0 = true;
                None
            }
            None => {
                self.checking = Some(Again(false));
                Some(self.snapshot_to_check(unit))
            }
        }
    }

    /// Ends the running check ([`Document::start_check`]); gives the revision to check now
    /// when another check was asked for while it ran.
    pub fn end_check(&mut self) -> Option<u64> {
        self.checking.take().filter(|again| again.0).map(|_| self.revision)
    }

    pub fn snapshot(&self, unit: ColumnUnit) -> Snapshot {
        Snapshot {
            uri: self.uri.clone(),
            lang: self.lang,
            version: self.version,
            revision: self.revision,
            rope: self.rope.clone(),
            options: self.options.clone(),
            segments: self.segments.clone(),
            unit,
            semantic_answer: self.semantic_answer.clone(),
            across_found: self
                .across_found
                .as_ref()
                .filter(|(o, _)| o.revision == self.revision)
                .map(|(_, f)| f.clone()),
            across_before: None,
            started: 0,
        }
    }

    /// A snapshot to check: with the findings of the document's last check of its games
    /// together, to be moved when the edits since only moved text. Those of an earlier version,
    /// which nothing else reads, are handed over, so that the check can move them in place.
    pub fn snapshot_to_check(&mut self, unit: ColumnUnit) -> Snapshot {
        let mut snapshot = self.snapshot(unit);
        self.checks_started += 1;
        snapshot.started = self.checks_started;
        snapshot.across_before = match self.across_found.take_if(|(o, _)| o.revision != self.revision) {
            Some((_, earlier)) => Some(earlier),
            None => self.across_found.as_ref().map(|(_, f)| f.clone()),
        };
        snapshot
    }

    /// Applies `didChange` content changes in order (ranges in `unit` columns, each relative to
    /// the text after the previous change).
    /// Applies an edit of the client's; returns whether the user is typing (the previous edit
    /// came less than [`TYPING_GAP`] ago), when the diagnostics wait for a pause.
    pub fn apply_changes(
        &mut self,
        version: i32,
        changes: Vec<TextDocumentContentChangeEvent>,
        unit: ColumnUnit,
    ) -> bool {
        let now = Instant::now();
        let revision = next_revision();
        let typing = self.last_change.is_some_and(|last| now.duration_since(last) < TYPING_GAP);
        self.last_change = Some(now);
        for change in changes {
            let edit = match change.range {
                Some(range) => {
                    let r = Positions::new(&self.rope, unit).text_range(range);
                    let (start, end) = (usize::from(r.start()), usize::from(r.end()));
                    let (cs, ce) = (self.rope.byte_to_char(start), self.rope.byte_to_char(end));
                    self.rope.remove(cs..ce);
                    self.rope.insert(cs, &change.text);
                    ByteEdit { start, old_end: end, new_len: change.text.len() }
                }
                None => {
                    let old_len = self.rope.len_bytes();
                    self.rope = Rope::from_str(&change.text);
                    ByteEdit { start: 0, old_end: old_len, new_len: change.text.len() }
                }
            };
            apply_edit(&mut self.segments, edit, self.rope.len_bytes());
            self.log.push((revision, edit));
        }
        self.version = version;
        self.revision = revision;
        typing
    }

    /// Keeps what the check `order` of the games together gave, unless a later check's is kept:
    /// its findings, for the next check to move, and its facts when the document is still at
    /// that version; gives whether its facts differ from those kept before (the other open
    /// documents are then checked again).
    pub fn keep_across(&mut self, order: CheckOrder, across: Option<AcrossFiles>) -> bool {
        let Some(across) = across else { return false };
        if self.across_found.as_ref().is_some_and(|(kept, _)| *kept > order) {
            return false;
        }
        self.across_found = Some((order, across.findings));
        if self.revision != order.revision {
            return false;
        }
        let changed = across.facts.is_some() && self.across_facts != across.facts;
        if let Some(facts) = across.facts {
            self.set_across_facts(facts);
        }
        changed
    }

    /// Keeps `facts`, the facts of the document's text as it is now, for the checks across files.
    pub fn set_across_facts(&mut self, facts: Arc<kibitzer_syntax::across_files::FileFacts>) {
        self.across_facts = Some(facts);
        self.facts_revision = self.revision;
    }

    /// Its facts for the checks across files when they are those of its text as it is now (not
    /// edited since they were made).
    pub fn facts_of_text(&self) -> Option<&Arc<kibitzer_syntax::across_files::FileFacts>> {
        self.across_facts.as_ref().filter(|_| self.facts_revision == self.revision)
    }

    /// Puts `findings` in place of the findings kept, when they are the same findings of the
    /// same revision made again from the files as they are now (a pass over every open
    /// document, [`super::workspace_games::Pass`]): those kept hold on to the facts of every
    /// file as it was when they were found.
    pub fn renew_findings(&mut self, findings: Arc<FileFindings>) {
        if let Some((order, kept)) = &mut self.across_found {
            if order.revision == self.revision && kept.found() == findings.found() {
                *kept = findings;
            }
        }
    }

    /// What the last check of its games together found (of whichever revision).
    pub fn kept_findings(&self) -> Option<Arc<FileFindings>> {
        self.across_found.as_ref().map(|(_, f)| f.clone())
    }

    /// Whether the diagnostics of the check `order` are to be published: the document is still
    /// at its revision and no later check's were published. Marks them published.
    pub fn publish(&mut self, order: CheckOrder) -> bool {
        let newest = self.revision == order.revision && self.published.is_none_or(|p| p <= order);
        if newest {
            self.published = Some(order);
        }
        newest
    }

    /// Takes in the segments a refresh computed for `revision`, replaying the edits made since.
    /// A refresh made with other settings than the current ones is dropped.
    pub fn merge_refresh(&mut self, revision: u64, options: &Arc<CheckOptions>, mut segments: Vec<Segment>) {
        if self.refreshed.is_some_and(|r| r >= revision) || !Arc::ptr_eq(options, &self.options) {
            return;
        }
        self.log.retain(|(r, _)| *r > revision);
        // Replaying needs each edit's text length after it: recompute from the edits in order.
        let mut len = segments.last().map_or(0, |s| usize::from(s.range.end()));
        for (_, edit) in &self.log {
            len = len + edit.new_len - (edit.old_end - edit.start);
            apply_edit(&mut segments, *edit, len);
        }
        debug_assert_eq!(len, self.rope.len_bytes());
        self.segments = segments;
        self.refreshed = Some(revision);
    }

    pub fn set_options(&mut self, options: Arc<CheckOptions>) {
        if *options != *self.options {
            self.options = options;
            // Every diagnostic may change with the settings (and the facts are not handed to
            // the file on disk when it closes before they are made again).
            self.facts_revision = 0;
            self.segments.clear();
            self.log.clear();
            self.refreshed = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kibitzer_syntax::across_files::{check_file_across, FileFacts};

    fn findings(name: &str) -> Arc<FileFindings> {
        let options = CheckOptions::default();
        check_file_across(Lang::Pgn, &[(name, &Arc::new(FileFacts::default()))], 0, |_| &options, None)
    }

    /// Two checks of one version (the second started when the workspace's files were read)
    /// that finish in the wrong order: the later check's findings stay, and the earlier's
    /// diagnostics are not published over its.
    #[test]
    fn a_check_that_finishes_late_does_not_replace_a_later_checks_results() {
        let uri: Uri = "file:///tmp/a.pgn".parse().unwrap();
        let mut doc = Document::new(uri, Lang::Pgn, 1, "1. e4 *\n", Arc::default());
        let first = doc.snapshot_to_check(ColumnUnit::Utf16);
        let second = doc.snapshot_to_check(ColumnUnit::Utf16);
        assert!(first.order() < second.order());
        let (early, late) = (findings("alone"), findings("with the workspace"));
        doc.keep_across(second.order(), Some(AcrossFiles { facts: None, findings: late.clone() }));
        assert!(doc.publish(second.order()));
        doc.keep_across(first.order(), Some(AcrossFiles { facts: None, findings: early }));
        assert!(!doc.publish(first.order()), "the earlier check's diagnostics are not published");
        let kept = doc.snapshot(ColumnUnit::Utf16).across_found.expect("findings of this version");
        assert!(Arc::ptr_eq(&kept, &late), "the later check's findings are kept");
        // An edit: the findings of version 1 are handed to the next check, to be moved.
        doc.apply_changes(
            2,
            vec![TextDocumentContentChangeEvent { range: None, range_length: None, text: "1. d4 *\n".into() }],
            ColumnUnit::Utf16,
        );
        assert!(doc.snapshot(ColumnUnit::Utf16).across_found.is_none(), "not for the code actions of version 2");
        let next = doc.snapshot_to_check(ColumnUnit::Utf16);
        assert!(next.across_before.is_some_and(|b| Arc::ptr_eq(&b, &late)));
    }

    /// A change whose version is below the last one (a client's bug, or versions counted
    /// again): the text received last is the newest, checked and published over the earlier.
    #[test]
    fn the_text_received_last_is_the_newest_whatever_its_version() {
        let uri: Uri = "file:///tmp/b.pgn".parse().unwrap();
        let mut doc = Document::new(uri, Lang::Pgn, 10, "1. e4 *\n", Arc::default());
        let first = doc.snapshot_to_check(ColumnUnit::Utf16);
        assert!(doc.publish(first.order()));
        let whole =
            |text: &str| vec![TextDocumentContentChangeEvent { range: None, range_length: None, text: text.into() }];
        doc.apply_changes(3, whole("1. d4 *\n"), ColumnUnit::Utf16);
        let second = doc.snapshot_to_check(ColumnUnit::Utf16);
        assert_eq!(second.version, 3);
        assert!(second.order() > first.order(), "checked after the earlier text's check");
        assert!(!doc.publish(first.order()), "the earlier text's diagnostics are outdated");
        assert!(doc.publish(second.order()), "the newest text's diagnostics are published");
    }
}
