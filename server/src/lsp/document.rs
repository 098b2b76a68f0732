//! An open document: its text in a rope, its version, its language and settings, and the
//! per-unit analysis kept in step with every edit.

use super::analysis::{apply_edit, ByteEdit, Segment};
use super::cache::TokenAnswer;
use super::offsets::Positions;
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
    pub version: i32,
    pub rope: Rope,
    pub path: Option<PathBuf>,
    pub options: Arc<CheckOptions>,
    /// Segments of the current text; dirty where edited since the last refresh.
    pub segments: Vec<Segment>,
    /// The facts of its last check for the checks across the workspace's files
    /// ([`super::workspace_games`]); `None` before.
    pub across_facts: Option<Arc<kibitzer_syntax::across_files::FileFacts>>,
    /// What that check found (the duplicates and spellings of its games, over the workspace's
    /// files), with the version it was made at: the code actions' quick fixes read them while
    /// the document is still at that version.
    across_found: Option<(i32, Arc<Vec<kibitzer_syntax::Diagnostic>>)>,
    /// Edits since `refreshed`, with the version each produced: replayed onto a refresh that
    /// finishes after newer edits arrived, so its work is kept.
    log: Vec<(i32, ByteEdit)>,
    /// The version whose refreshed segments were last merged in.
    refreshed: Option<i32>,
    /// The newest version whose diagnostics were published.
    pub published: Option<i32>,
    /// The last whole-document semantic-token answer, shared with the snapshots: a delta
    /// request is answered from it.
    pub semantic_answer: SemanticAnswerSlot,
    /// When the last edit arrived.
    last_change: Option<Instant>,
}

/// Edits closer together than this are typing: their diagnostics wait for the configured
/// debounce. A keystroke after a longer pause is checked at once, so that a single edit's
/// diagnostics come as fast as the check allows (a few milliseconds), while a burst of typing
/// is checked once it pauses.
pub const TYPING_GAP: Duration = Duration::from_millis(250);

/// Where the last whole-document semantic-token answer of a document is kept.
pub type SemanticAnswerSlot = Arc<Mutex<Option<TokenAnswer>>>;

/// What a check of a document with the workspace's other files gave
/// ([`super::workspace_games`]): the document's facts for the others' checks, and its own
/// findings.
pub struct AcrossFiles {
    pub facts: Arc<kibitzer_syntax::across_files::FileFacts>,
    pub found: Arc<Vec<kibitzer_syntax::Diagnostic>>,
}

/// An immutable view of a document for a handler: cloning a rope is O(1).
#[derive(Clone)]
pub struct Snapshot {
    pub uri: Uri,
    pub lang: Lang,
    pub version: i32,
    pub rope: Rope,
    pub options: Arc<CheckOptions>,
    pub segments: Vec<Segment>,
    pub unit: ColumnUnit,
    pub semantic_answer: SemanticAnswerSlot,
    /// The findings of the last check across the workspace's files, when they are of this
    /// version of the text ([`Document::keep_across`]).
    pub across_found: Option<Arc<Vec<kibitzer_syntax::Diagnostic>>>,
}

impl Snapshot {
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
            rope: Rope::from_str(text),
            path,
            options,
            segments: Vec::new(),
            across_facts: None,
            across_found: None,
            log: Vec::new(),
            refreshed: None,
            published: None,
            semantic_answer: SemanticAnswerSlot::default(),
            last_change: None,
        }
    }

    pub fn snapshot(&self, unit: ColumnUnit) -> Snapshot {
        Snapshot {
            uri: self.uri.clone(),
            lang: self.lang,
            version: self.version,
            rope: self.rope.clone(),
            options: self.options.clone(),
            segments: self.segments.clone(),
            unit,
            semantic_answer: self.semantic_answer.clone(),
            across_found: self.across_found.as_ref().filter(|(v, _)| *v == self.version).map(|(_, f)| f.clone()),
        }
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
            self.log.push((version, edit));
        }
        self.version = version;
        typing
    }

    /// Keeps what a check across files of `version` gave (when the document is still at that
    /// version); gives whether its facts differ from those kept before (the other open
    /// documents are then checked again).
    pub fn keep_across(&mut self, version: i32, across: Option<AcrossFiles>) -> bool {
        let Some(across) = across.filter(|_| self.version == version) else { return false };
        let changed = self.across_facts.as_deref() != Some(&*across.facts);
        self.across_facts = Some(across.facts);
        self.across_found = Some((version, across.found));
        changed
    }

    /// Takes in the segments a refresh computed for `version`, replaying the edits made since.
    /// A refresh made with other settings than the current ones is dropped.
    pub fn merge_refresh(&mut self, version: i32, options: &Arc<CheckOptions>, mut segments: Vec<Segment>) {
        if self.refreshed.is_some_and(|r| r >= version) || !Arc::ptr_eq(options, &self.options) {
            return;
        }
        self.log.retain(|(v, _)| *v > version);
        // Replaying needs each edit's text length after it: recompute from the edits in order.
        let mut len = segments.last().map_or(0, |s| usize::from(s.range.end()));
        for (_, edit) in &self.log {
            len = len + edit.new_len - (edit.old_end - edit.start);
            apply_edit(&mut segments, *edit, len);
        }
        debug_assert_eq!(len, self.rope.len_bytes());
        self.segments = segments;
        self.refreshed = Some(version);
    }

    pub fn set_options(&mut self, options: Arc<CheckOptions>) {
        if *options != *self.options {
            self.options = options;
            // Every diagnostic may change with the settings.
            self.segments.clear();
            self.log.clear();
            self.refreshed = None;
        }
    }
}
