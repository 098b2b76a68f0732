//! Pull diagnostics (LSP 3.17): `textDocument/diagnostic` for an open document and
//! `workspace/diagnostic` for the files of the workspace folders.
//!
//! Result ids let a client skip what did not change:
//! - an open document's id is a hash of the diagnostics sent (`d…`): asked again with it, the
//!   answer is `unchanged` whenever the diagnostics are the same, whatever was edited;
//! - a file on disk that is not open has the id of its length, modification time and the
//!   settings generation (`f…`), and, with the checks across files, a fingerprint of its
//!   findings with the workspace's other files (`…-a…`, computed from their facts): asked again
//!   with it, the answer is `unchanged` without the file being read at all.
//!
//! Files on disk are read and checked with the CLI's engine ([`crate::check::diagnostics_of`],
//! or [`crate::check::diagnostics_across`] as `check --across-files` does);
//! open documents are answered from their editor text and its incremental analysis.
//!
//! Push or pull: a client that declares `textDocument.diagnostic` pulls, and the server then does
//! not also publish (as rust-analyzer does for its own diagnostics); when the settings change it
//! asks such a client to pull again (`workspace/diagnostic/refresh`). Other clients get
//! `textDocument/publishDiagnostics` as before.

use super::analysis;
use super::document::{AcrossFiles, Snapshot};
use super::offsets::{PositionsInOrder, SegmentPositions};
use super::to_lsp;
use super::workspace::WorkspaceFile;
use super::workspace_games::{self, ClosedFindings};
use kibitzer_syntax::across_files::FileFacts;
use kibitzer_syntax::text::ColumnUnit;
use kibitzer_syntax::CheckOptions;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::Arc;
use tower_lsp_server::ls_types::*;

/// The double-dummy deals a check found unsolved: solved off the request path,
/// after which the document is checked again (push) or the client asked to pull again.
pub type Unsolved = Vec<crate::dd::DealKey>;

/// Re-checks what an edit left dirty and converts at most `max` diagnostics (with the DDS ones of
/// the deals solved so far); gives the snapshot back with its refreshed segments
/// (for the document to keep) and the deals still to solve. Push and pull both use it.
///
/// With `workspace` (the other files of the workspace, [`workspace_games`]), the checks of games
/// together run over the document and those files, and the document's facts for them and what
/// they found are given too, for the document to keep.
pub fn diagnose(
    mut snapshot: Snapshot,
    max: usize,
    workspace: Option<workspace_games::Workspace>,
) -> (Snapshot, Vec<Diagnostic>, Unsolved, Option<AcrossFiles>) {
    analysis::refresh(snapshot.lang, &snapshot.rope, &mut snapshot.segments, &snapshot.options);
    let before = snapshot.across_before.take();
    let (places, kept) = match workspace {
        Some(workspace) => {
            let own = Arc::new(FileFacts::of_pieces(snapshot.segments.iter().map(|s| s.data.across.clone())));
            let (findings, places) =
                workspace_games::diagnostics(snapshot.lang, &own, &workspace, &snapshot.options, snapshot.unit, before);
            (places, Some(AcrossFiles { facts: Some(own), findings }))
        }
        None => {
            let findings = analysis::findings_alone(snapshot.lang, &snapshot.segments, &snapshot.options, before);
            (HashMap::new(), findings.map(|findings| AcrossFiles { facts: None, findings }))
        }
    };
    with_findings(snapshot, max, &places, kept)
}

/// The diagnostics of a checked snapshot ([`diagnose`]) with the findings of the checks of
/// games together `kept` (their related places in other files `places`): what the pass over
/// every open document ([`super::publish::recheck_across`]) publishes, checking nothing.
pub fn with_findings(
    mut snapshot: Snapshot,
    max: usize,
    places: &HashMap<(usize, kibitzer_syntax::TextRange), Location>,
    kept: Option<AcrossFiles>,
) -> (Snapshot, Vec<Diagnostic>, Unsolved, Option<AcrossFiles>) {
    // Nothing to do for segments already checked.
    analysis::refresh(snapshot.lang, &snapshot.rope, &mut snapshot.segments, &snapshot.options);
    let pos = PositionsInOrder::new(snapshot.positions());
    let across = kept.as_ref().map(|k| k.findings.found());
    let found = analysis::document_diagnostics(snapshot.lang, &snapshot.segments, &snapshot.options, across);
    let (found, unsolved) = {
        let (double_dummy, unsolved) =
            super::double_dummy::diagnostics(snapshot.lang, &snapshot.rope, &snapshot.segments, &snapshot.options);
        (super::double_dummy::merged(found, double_dummy), unsolved)
    };
    let diagnostics: Vec<Diagnostic> =
        found.take(max).map(|d| to_lsp::diagnostic_across(&d, &snapshot.uri, &pos, places)).collect();
    (snapshot, diagnostics, unsolved, kept)
}

/// The result id of an open document's diagnostics: a hash of what is sent.
pub fn result_id(items: &[Diagnostic]) -> String {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    for d in items {
        serde_json::to_string(d).unwrap_or_default().hash(&mut hasher);
    }
    format!("d{:016x}", hasher.finish())
}

/// The answer to `textDocument/diagnostic`: `unchanged` when `previous` names these diagnostics.
pub fn document_report(items: Vec<Diagnostic>, previous: Option<&str>) -> DocumentDiagnosticReport {
    let id = result_id(&items);
    if previous == Some(id.as_str()) {
        return DocumentDiagnosticReport::Unchanged(RelatedUnchangedDocumentDiagnosticReport {
            related_documents: None,
            unchanged_document_diagnostic_report: UnchangedDocumentDiagnosticReport { result_id: id },
        });
    }
    DocumentDiagnosticReport::Full(RelatedFullDocumentDiagnosticReport {
        related_documents: None,
        full_document_diagnostic_report: FullDocumentDiagnosticReport { result_id: Some(id), items },
    })
}

/// An empty answer for a document the server does not know (not open, not a checked format).
pub fn empty_report() -> DocumentDiagnosticReport {
    DocumentDiagnosticReport::Full(RelatedFullDocumentDiagnosticReport::default())
}

/// One open document's part of a workspace answer.
pub fn open_report(
    uri: Uri,
    version: i32,
    items: Vec<Diagnostic>,
    previous: Option<&str>,
) -> WorkspaceDocumentDiagnosticReport {
    let version = Some(i64::from(version));
    match document_report(items, previous) {
        DocumentDiagnosticReport::Unchanged(r) => {
            WorkspaceDocumentDiagnosticReport::Unchanged(WorkspaceUnchangedDocumentDiagnosticReport {
                uri,
                version,
                unchanged_document_diagnostic_report: r.unchanged_document_diagnostic_report,
            })
        }
        DocumentDiagnosticReport::Full(r) => {
            WorkspaceDocumentDiagnosticReport::Full(WorkspaceFullDocumentDiagnosticReport {
                uri,
                version,
                full_document_diagnostic_report: r.full_document_diagnostic_report,
            })
        }
    }
}

/// The result id of a file on disk under the settings of `generation`.
pub fn disk_id(file: &WorkspaceFile, generation: u64) -> String {
    format!("f{}-{}-{generation}", file.stamp.len, file.stamp.modified_ns)
}

/// One file's part of a workspace answer: `unchanged` when `previous` is its id (nothing read),
/// else the file read and checked as `kibitzer check` does (as `check --across-files` does with
/// `across`, its findings with the workspace's other files, whose fingerprint is then part of
/// the id); `None` when it cannot be read.
pub fn disk_report(
    file: &WorkspaceFile,
    options: impl FnOnce() -> CheckOptions,
    generation: u64,
    unit: ColumnUnit,
    max: usize,
    previous: Option<&str>,
    across: Option<&ClosedFindings>,
) -> Option<WorkspaceDocumentDiagnosticReport> {
    let id = match across {
        Some(a) => format!("{}-a{:016x}", disk_id(file, generation), a.fingerprint),
        None => disk_id(file, generation),
    };
    if previous == Some(id.as_str()) {
        return Some(WorkspaceDocumentDiagnosticReport::Unchanged(WorkspaceUnchangedDocumentDiagnosticReport {
            uri: file.uri.clone(),
            version: None,
            unchanged_document_diagnostic_report: UnchangedDocumentDiagnosticReport { result_id: id },
        }));
    }
    let source = super::workspace::read(&file.path)?;
    let mut options = options();
    options.encoding = Some(source.encoding);
    let pos = SegmentPositions::new(&source.text, unit);
    let no_places = HashMap::new();
    let (found, places) = match across {
        Some(a) => {
            let found = crate::check::diagnostics_across(file.lang, &source.text, &options, a.diagnostics.clone());
            (found, &a.places)
        }
        None => (crate::check::diagnostics_of(file.lang, &source.text, &options), &no_places),
    };
    let items = found.iter().take(max).map(|d| to_lsp::diagnostic_across(d, &file.uri, &pos, places)).collect();
    Some(WorkspaceDocumentDiagnosticReport::Full(WorkspaceFullDocumentDiagnosticReport {
        uri: file.uri.clone(),
        version: None,
        full_document_diagnostic_report: FullDocumentDiagnosticReport { result_id: Some(id), items },
    }))
}
