//! The names of the workspace's games — players, events, sites — for references and rename: the
//! tag values of every open document and of the files of the workspace folders (the files
//! [`workspace::files`] lists, as workspace symbols and diagnostics cover them: a file over its
//! size limit is left out) that name what the value at the cursor names, in files of the same
//! format. Which values name the same is [`ide::same_name`]'s answer (the grouping of the
//! spelling checks, over all those files together). An open document is read as the editor has
//! it; a file on disk is read again only when its length or modification time changed.

use super::document::Snapshot;
use super::offsets::{SegmentPositions, ToPosition};
use super::workspace::{self, Stamp, WorkspaceFile};
use crate::walk::WalkOptions;
use kibitzer_syntax::ide::{self, NameValue};
use kibitzer_syntax::text::ColumnUnit;
use kibitzer_syntax::TextSize;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use tower_lsp_server::ls_types::{Position, Range, Uri};

/// The names of one file.
pub struct FileNames {
    pub uri: Uri,
    pub values: Vec<NameValue>,
    /// Each value's range as the client counts positions.
    pub ranges: Vec<Range>,
}

/// The names of files on disk, by path, with the stamp and column unit they were read with.
pub type Cache = Mutex<HashMap<PathBuf, (Stamp, ColumnUnit, Arc<FileNames>)>>;

/// Where the workspace's files are and how to walk them.
pub struct Folders {
    pub roots: Vec<PathBuf>,
    pub walk: WalkOptions,
}

/// The names of an open document.
fn of_snapshot(s: &Snapshot) -> FileNames {
    let text = s.rope.to_string();
    let values = ide::name_values(s.lang, &text);
    let pos = s.positions();
    let ranges = values.iter().map(|v| pos.range(v.range)).collect();
    FileNames { uri: s.uri.clone(), values, ranges }
}

/// The names of a file on disk (from the cache while it is unchanged).
fn of_file(file: &WorkspaceFile, unit: ColumnUnit, cache: &Cache) -> Arc<FileNames> {
    if let Some((stamp, u, names)) = super::guard::lock(cache).get(&file.path) {
        if *stamp == file.stamp && *u == unit {
            return names.clone();
        }
    }
    let (values, ranges) = match workspace::read(&file.path) {
        Some(source) => {
            let values = ide::name_values(file.lang, &source.text);
            let pos = SegmentPositions::new(&source.text, unit);
            let ranges = values.iter().map(|v| pos.range(v.range)).collect();
            (values, ranges)
        }
        None => (Vec::new(), Vec::new()),
    };
    let names = Arc::new(FileNames { uri: file.uri.clone(), values, ranges });
    super::guard::lock(cache).insert(file.path.clone(), (file.stamp, unit, names.clone()));
    names
}

/// The values naming what the value at `position` of `document` names (that value included),
/// in `document`, in `others` (the other open documents) and in the files of `folders` that
/// are not open, file by file in that order; `None` when the cursor is on no name.
pub fn find(
    document: &Snapshot,
    position: Position,
    others: &[Snapshot],
    folders: &Folders,
    cache: &Cache,
) -> Option<Vec<(Uri, Range)>> {
    let own = of_snapshot(document);
    let offset = TextSize::from(document.positions().offset(position) as u32);
    let at = ide::name_at(&own.values, offset)?;
    let lang = document.lang;
    let mut files: Vec<Arc<FileNames>> = vec![Arc::new(own)];
    files.extend(others.iter().filter(|s| s.lang == lang).map(|s| Arc::new(of_snapshot(s))));
    let open = |uri: &Uri| uri == &document.uri || others.iter().any(|s| &s.uri == uri);
    for file in workspace::files(&folders.roots, &folders.walk) {
        if file.lang == lang && !open(&file.uri) {
            files.push(of_file(&file, document.unit, cache));
        }
    }
    let values: Vec<&[NameValue]> = files.iter().map(|f| f.values.as_slice()).collect();
    Some(
        ide::same_name(&values, (0, at)).into_iter().map(|(f, i)| (files[f].uri.clone(), files[f].ranges[i])).collect(),
    )
}
