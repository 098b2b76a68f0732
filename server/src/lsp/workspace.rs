//! The files of the workspace folders: the PGN, PBN, PBI and EPD files under each root, found as
//! `kibitzer check <folder>` finds them ([`crate::inputs::collect_targets`]: by default
//! `.gitignore`, `.ignore` and hidden entries respected, symbolic links not followed, each file
//! once; the client's `walk` setting changes it as the CLI's `--follow`, `--no-ignore` and
//! `--hidden` do), less the compressed and PGC files (the server works on text), and how to
//! read one.
//! Workspace diagnostics and workspace symbols are computed over them; the server never writes
//! them.

use crate::walk::WalkOptions;
use kibitzer_syntax::text::SourceText;
use kibitzer_syntax::Lang;
use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;
use tower_lsp_server::ls_types::Uri;

/// Files larger than this are left out of workspace-wide answers: VS Code asks for the workspace's
/// diagnostics every two seconds, and the first answer reads every file (the others only look at
/// their stamps). A larger file is checked when it is opened.
const MAX_BYTES: u64 = 16 << 20;
/// At most this many files are looked at in all.
const MAX_FILES: usize = 20_000;

#[derive(Debug, Clone)]
pub struct WorkspaceFile {
    pub path: PathBuf,
    pub uri: Uri,
    pub lang: Lang,
    pub stamp: Stamp,
}

/// What tells that a file changed without reading it: its length and modification time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Stamp {
    pub len: u64,
    pub modified_ns: u128,
}

impl Stamp {
    pub fn of(path: &Path) -> Option<Stamp> {
        let meta = std::fs::metadata(path).ok()?;
        let modified_ns = meta.modified().ok()?.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos());
        Some(Stamp { len: meta.len(), modified_ns })
    }
}

/// The checkable text files under `roots`, walked as `walk` says, in name order (a root that
/// cannot be read gives none).
pub fn files(roots: &[PathBuf], walk: &WalkOptions) -> Vec<WorkspaceFile> {
    let mut out = Vec::new();
    for root in roots {
        let Ok(collected) = crate::inputs::collect_targets(std::slice::from_ref(root), None, None, walk) else {
            continue;
        };
        for target in collected.targets {
            let crate::inputs::Origin::File(path) = target.origin else { continue };
            if crate::file_kind::compression_of(&path).is_some() || crate::file_kind::is_pgc(&path) {
                continue;
            }
            let Some(stamp) = Stamp::of(&path).filter(|s| s.len <= MAX_BYTES) else { continue };
            let Some(uri) = Uri::from_file_path(&path) else { continue };
            out.push(WorkspaceFile { path, uri, lang: target.lang, stamp });
            if out.len() == MAX_FILES {
                return out;
            }
        }
    }
    out
}

/// A file's text, decoded as the CLI decodes it.
pub fn read(path: &Path) -> Option<SourceText> {
    std::fs::read(path).ok().map(kibitzer_syntax::text::decode_owned)
}
