//! Publishing diagnostics (`textDocument/publishDiagnostics`) to a client that does not pull
//! them: each edit schedules a check of its document in the background, the newest result is
//! published, and the deals a check found unsolved are solved after it.

use super::document::Snapshot;
use super::double_dummy;
use super::guard;
use super::progress;
use super::pull;
use super::state::State;
use super::workspace_games;
use kibitzer_syntax::Lang;
use std::sync::Arc;
use tower_lsp_server::ls_types::Uri;
use tower_lsp_server::Client;

/// Re-checks the document in the background and publishes its diagnostics, unless a newer
/// edit arrives first (then the newer edit's run publishes). One such check of a document runs
/// at a time: edits that come while it runs are checked together after it. `debounce` (set
/// while edits keep arriving, see [`Document::apply_changes`](super::document::Document::apply_changes))
/// waits the `debounceMs` setting first (none by default). A client that pulls diagnostics
/// gets none pushed: its pull does the work.
///
/// With the `dd` feature, a PBN document's DDS diagnostics are published with the others for
/// the games whose deals are solved; the deals of the other games are solved after the publish
/// (the ordinary diagnostics never wait for the solver), and the document is then checked
/// again, at its version of that moment.
pub fn schedule_diagnostics(state: Arc<State>, client: Client, uri: Uri, version: i32, debounce: bool) {
    let (pull_client, delay) = {
        let c = state.config();
        (c.pull_diagnostics, if debounce { c.settings.debounce } else { std::time::Duration::ZERO })
    };
    if pull_client {
        return;
    }
    tokio::spawn(guard::notification("diagnostics", async move {
        if !delay.is_zero() {
            tokio::time::sleep(delay).await;
        }
        let (unit, max) = {
            let c = state.config();
            (c.unit, c.settings.max_diagnostics)
        };
        let snapshot = {
            let mut docs = state.docs();
            match docs.get_mut(&uri) {
                Some(d) if d.version == version => match d.start_check(unit) {
                    Some(snapshot) => snapshot,
                    None => return, // a check is running: it has the document checked again
                },
                _ => return, // closed, or edited again: that edit's run publishes
            }
        };
        let _running = Running { state: state.clone(), client: client.clone(), uri: uri.clone() };
        let workspace = workspace_of(&state, &client, &snapshot);
        let work = move || pull::diagnose(snapshot, max, workspace);
        let Ok((snapshot, diagnostics, unsolved, across)) = guard::blocking("diagnostics", work).await else { return };
        let lang = snapshot.lang;
        let facts_changed;
        {
            let _publishing = state.publishing.lock().await;
            let publish = {
                let mut docs = state.docs();
                let Some(doc) = docs.get_mut(&uri) else { return };
                facts_changed = doc.keep_across(snapshot.order(), across);
                let newest = doc.publish(snapshot.order());
                doc.merge_refresh(snapshot.version, &snapshot.options, snapshot.segments);
                newest
            };
            if publish {
                state.publish_diagnostics(&client, uri.clone(), diagnostics, Some(snapshot.version)).await;
            }
        }
        if facts_changed {
            // The other open documents of its format are checked with it.
            recheck_open(&state, &client, Some((&uri, lang)));
        }
        solve_then(unsolved, state, client, uri);
    }));
}

/// The check of a document that publishes, while it runs: when it ends (published, dropped
/// as outdated, or failed), the document is checked again at its version of that moment if a
/// check was asked for meanwhile ([`Document::start_check`](super::document::Document::start_check)).
struct Running {
    state: Arc<State>,
    client: Client,
    uri: Uri,
}

impl Drop for Running {
    fn drop(&mut self) {
        let again = self.state.docs().get_mut(&self.uri).and_then(|d| d.end_check());
        if let Some(version) = again {
            schedule_diagnostics(self.state.clone(), self.client.clone(), self.uri.clone(), version, false);
        }
    }
}

/// Solves the deals a check found unsolved, off the request path, in a
/// [`double_dummy::Session`]: all queued at once on the solver's workers, waited for in the
/// document's order with `$/progress` (begin, a report a deal, end; the client may cancel it),
/// and the DDS diagnostics brought to the client as they come (a client that pulls is asked to
/// pull again, the others get the document checked and published again), at most about once a
/// second and once at the end.
pub fn solve_then(unsolved: pull::Unsolved, state: Arc<State>, client: Client, uri: Uri) {
    let Some(session) = double_dummy::start(&uri, unsolved) else { return };
    tokio::spawn(guard::notification("double dummy", async move {
        let progress = state.config().work_done_progress;
        let progress = match progress {
            true => progress::Solving::begin(&client, &session).await,
            false => None,
        };
        let total = session.keys.len();
        let mut brought = std::time::Instant::now();
        let mut finished = true;
        for (i, key) in session.keys.iter().enumerate() {
            let (key, flag) = (*key, session.cancelled.clone());
            let solved = guard::blocking("double dummy", move || double_dummy::solve(&key, &flag)).await;
            if !matches!(solved, Ok(true)) {
                finished = false;
                break;
            }
            if let Some(progress) = &progress {
                progress.report(i + 1, total).await;
            }
            if i + 1 < total && brought.elapsed() >= BRING_EVERY {
                bring_diagnostics(&state, &client, &uri).await;
                brought = std::time::Instant::now();
            }
        }
        if let Some(progress) = progress {
            progress.end(finished).await;
        }
        double_dummy::end(&uri, Some(&session));
        if finished {
            bring_diagnostics(&state, &client, &uri).await;
        }
    }));
}

/// How often a session brings the DDS diagnostics solved so far.
const BRING_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// Has the client see the document's diagnostics again: a pull client is asked to pull, the
/// others get the document checked and published.
async fn bring_diagnostics(state: &Arc<State>, client: &Client, uri: &Uri) {
    let (pull_client, refresh) = {
        let c = state.config();
        (c.pull_diagnostics, c.diagnostic_refresh)
    };
    if pull_client {
        if refresh {
            let _ = client.workspace_diagnostic_refresh().await;
        }
        return;
    }
    let now = state.docs().get(uri).map(|d| d.version);
    if let Some(now) = now {
        schedule_diagnostics(state.clone(), client.clone(), uri.clone(), now, false);
    }
}

/// The other files of the workspace `snapshot` is checked with ([`workspace_games`]), when the
/// `acrossFiles` setting is on and it is a PGN or PBN document: read from the state, no work. A
/// refresh of the files on disk is started when none was made yet or files changed since.
pub fn workspace_of(state: &Arc<State>, client: &Client, snapshot: &Snapshot) -> Option<workspace_games::Workspace> {
    let (on, roots) = {
        let c = state.config();
        (c.settings.across_files, c.roots.clone())
    };
    if !on || !matches!(snapshot.lang, Lang::Pgn | Lang::Pbn) {
        return None;
    }
    let files = state.games.files();
    if files.is_none() || state.games.is_stale() {
        refresh_workspace(state.clone(), client.clone());
    }
    let own_path = snapshot.uri.to_file_path().map(|p| p.into_owned());
    let name = workspace_games::name_of(&snapshot.uri, own_path.as_deref(), &roots);
    let open = state
        .docs()
        .iter()
        .filter(|(uri, d)| **uri != snapshot.uri && d.lang == snapshot.lang)
        .filter_map(|(uri, d)| {
            let facts = d.across_facts.clone()?;
            Some((uri.clone(), workspace_games::name_of(uri, d.path.as_deref(), &roots), facts, d.rope.clone()))
        })
        .collect();
    let disk = files.as_deref().map_or(&[][..], |f| &f[..]);
    Some(workspace_games::Workspace::new(&snapshot.uri, name, open, disk, snapshot.lang))
}

/// Walks the workspace folders and computes the facts of the files that changed, on the
/// blocking pool ([`workspace_games::files_with_facts`]), then checks the open documents again.
/// One refresh at a time: asked while one runs, the next diagnostics start another if files
/// changed meanwhile.
pub fn refresh_workspace(state: Arc<State>, client: Client) {
    if !state.games.start_refresh() {
        return;
    }
    tokio::spawn(guard::notification("workspace games", async move {
        let (roots, settings, root) = {
            let c = state.config();
            (c.roots.clone(), c.settings.clone(), c.root.clone())
        };
        let before = state.games.files();
        let compared = before.clone();
        let work = move || {
            let options_for = |path: &std::path::Path| settings.options_without_encoding(Some(path), root.as_deref()).0;
            workspace_games::files_with_facts(before.as_deref().map(|f| &f[..]), &roots, &settings.walk, options_for)
        };
        let done = guard::blocking("workspace games", work).await;
        state.games.end_refresh();
        let Ok(files) = done else { return };
        // Unchanged files (none at all, in a window without folders) change no document's
        // findings: publishing them again would only repeat what the editor has.
        let changed = !workspace_games::same_files(compared.as_deref().map_or(&[][..], |f| &f[..]), &files);
        state.games.set_files(files);
        if changed {
            recheck_open(&state, &client, None);
        }
    }));
}

/// Checks the open documents again (all, or those of `except`'s format but it) and publishes
/// them, or asks a client that pulls to pull again: the files they are checked with changed.
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
        .filter(|(uri, d)| except.is_none_or(|(u, lang)| u != *uri && d.lang == lang))
        .map(|(uri, d)| (uri.clone(), d.version))
        .collect();
    for (uri, version) in open {
        schedule_diagnostics(state.clone(), client.clone(), uri, version, true);
    }
}
