//! Publishing diagnostics (`textDocument/publishDiagnostics`) to a client that does not pull
//! them: each edit schedules a check of its document in the background, the newest result is
//! published, and the deals a check found unsolved are solved after it.

use super::analysis;
use super::document::AcrossFiles;
use super::document::Snapshot;
use super::double_dummy;
use super::guard;
use super::progress;
use super::pull;
use super::state::State;
use super::workspace_games;
use kibitzer_syntax::across_files::FileFacts;
use kibitzer_syntax::Lang;
use std::sync::Arc;
use tower_lsp_server::ls_types::Uri;
use tower_lsp_server::Client;

/// Re-checks the document (at `revision`, [`Document::revision`](super::document::Document::revision))
/// in the background and publishes its diagnostics, unless a newer edit arrives first (then the newer edit's run publishes). One such check of a document runs
/// at a time: edits that come while it runs are checked together after it. `debounce` (set
/// while edits keep arriving, see [`Document::apply_changes`](super::document::Document::apply_changes))
/// waits the `debounceMs` setting first (none by default). A client that pulls diagnostics
/// gets none pushed: its pull does the work.
///
/// With the `dd` feature, a PBN document's DDS diagnostics are published with the others for
/// the games whose deals are solved; the deals of the other games are solved after the publish
/// (the ordinary diagnostics never wait for the solver), and the document is then checked
/// again, at its version of that moment.
pub fn schedule_diagnostics(state: Arc<State>, client: Client, uri: Uri, revision: u64, debounce: bool) {
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
        let (snapshot, kept_facts) = {
            let mut docs = state.docs();
            match docs.get_mut(&uri) {
                Some(d) if d.revision == revision => match d.start_check(unit) {
                    Some(snapshot) => (snapshot, d.across_facts.clone()),
                    None => return, // a check is running: it has the document checked again
                },
                _ => return, // closed, or edited again: that edit's run publishes
            }
        };
        let _running = Running { state: state.clone(), client: client.clone(), uri: uri.clone() };
        let Ok(permit) = state.checks.acquire().await else { return };
        let workspace = workspace_of(&state, &client, &snapshot);
        let work = move || {
            let mut snapshot = snapshot;
            // A document whose facts for the checks across files changed (just opened, or an
            // edit that changed a game) is published by the one pass over every open document
            // that its change starts: no pass of its own, which opening many documents at once
            // would run for each.
            if workspace.is_some() {
                analysis::refresh(snapshot.lang, &snapshot.rope, &mut snapshot.segments, &snapshot.options);
                let own = Arc::new(FileFacts::of_pieces(snapshot.segments.iter().map(|s| s.data.across.clone())));
                if kept_facts.as_ref() != Some(&own) {
                    return Err(Box::new((snapshot, own)));
                }
            }
            Ok(pull::diagnose(snapshot, max, workspace))
        };
        let checked = match guard::blocking("diagnostics", work).await {
            Ok(Ok(checked)) => checked,
            Ok(Err(deferred)) => {
                let (snapshot, own) = *deferred;
                {
                    let mut docs = state.docs();
                    let Some(doc) = docs.get_mut(&uri) else { return };
                    if doc.revision == snapshot.revision {
                        doc.set_across_facts(own);
                    }
                    doc.merge_refresh(snapshot.revision, &snapshot.options, snapshot.segments);
                }
                if state.has_own_facts(&uri) {
                    // They stand for its file on disk now.
                    state.games.forget(&uri);
                }
                drop(permit);
                recheck_across(state.clone(), client.clone());
                return;
            }
            Err(_) => return,
        };
        let (snapshot, diagnostics, unsolved, across) = checked;
        let facts_changed;
        {
            let _publishing = state.publishing.lock().await;
            let publish = {
                let mut docs = state.docs();
                let Some(doc) = docs.get_mut(&uri) else { return };
                facts_changed = doc.keep_across(snapshot.order(), across);
                let newest = doc.publish(snapshot.order());
                doc.merge_refresh(snapshot.revision, &snapshot.options, snapshot.segments);
                newest
            };
            if publish {
                state.publish_diagnostics(&client, uri.clone(), diagnostics, Some(snapshot.version)).await;
            }
        }
        drop(permit);
        if facts_changed {
            state.games.forget(&uri);
            // The other open documents of its format are checked with it.
            recheck_across(state.clone(), client.clone());
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
        if let Some(revision) = again {
            schedule_diagnostics(self.state.clone(), self.client.clone(), self.uri.clone(), revision, false);
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
    let now = state.docs().get(uri).map(|d| d.revision);
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
/// blocking pool ([`workspace_games::files_with_facts`]; not those of open documents, which
/// have their own), then checks the open documents again. One refresh at a time: asked while
/// one runs (the files marked stale meanwhile), another runs after it.
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
        let open = state.clone();
        let work = move || {
            let options_for = |path: &std::path::Path| settings.options_without_encoding(Some(path), root.as_deref()).0;
            let is_open = |uri: &Uri| open.docs().get(uri).is_some_and(|d| matches!(d.lang, Lang::Pgn | Lang::Pbn));
            let before = before.as_deref().map(|f| &f[..]);
            let handed = |uri: &Uri| open.games.take_handed(uri);
            workspace_games::files_with_facts(before, &roots, &settings.walk, options_for, is_open, handed)
        };
        let done = guard::blocking("workspace games", work).await;
        let Ok(files) = done else {
            state.games.end_refresh();
            return;
        };
        // Unchanged files (none at all, in a window without folders) change no document's
        // findings: publishing them again would only repeat what the editor has.
        let changed = !workspace_games::same_files(compared.as_deref().map_or(&[][..], |f| &f[..]), &files);
        state.games.set_files(files, |uri| state.has_own_facts(uri));
        state.games.end_refresh();
        if changed {
            recheck_across(state.clone(), client.clone());
        }
        if state.games.is_stale() {
            // Files changed, or documents closed, while it ran.
            refresh_workspace(state.clone(), client);
        }
        trim_after_closing(&state);
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
    let open: Vec<(Uri, u64)> = state
        .docs()
        .iter()
        .filter(|(uri, d)| except.is_none_or(|(u, lang)| u != *uri && d.lang == lang))
        .map(|(uri, d)| (uri.clone(), d.revision))
        .collect();
    for (uri, revision) in open {
        schedule_diagnostics(state.clone(), client.clone(), uri, revision, true);
    }
}

/// Brings the findings across files of every open PGN and PBN document up to date after the
/// facts of one of them, or the files on disk, changed: one pass a format over all of them
/// ([`workspace_games::changed_findings`]), and each document whose findings changed published
/// again with the diagnostics of its last check (nothing is checked again). One pass at a time:
/// asked for while one runs, another runs after it, for every change made meanwhile. A client
/// that pulls is asked to pull again instead.
pub fn recheck_across(state: Arc<State>, client: Client) {
    let (pull, refresh, on) = {
        let c = state.config();
        (c.pull_diagnostics, c.diagnostic_refresh, c.settings.across_files)
    };
    if pull {
        if refresh {
            tokio::spawn(async move {
                let _ = client.workspace_diagnostic_refresh().await;
            });
        }
        return;
    }
    if !on {
        return;
    }
    {
        let mut pass = guard::lock(&state.across_pass);
        if let Some(again) = pass.as_mut() {
            *again = true;
            return;
        }
        *pass = Some(false);
    }
    tokio::spawn(guard::notification("across files", async move {
        // Ends the pass even when one panics.
        struct Ending(Arc<State>);
        impl Drop for Ending {
            fn drop(&mut self) {
                *guard::lock(&self.0.across_pass) = None;
            }
        }
        let _ending = Ending(state.clone());
        loop {
            for lang in [Lang::Pgn, Lang::Pbn] {
                across_pass(&state, &client, lang).await;
            }
            let mut pass = guard::lock(&state.across_pass);
            if *pass != Some(true) {
                *pass = None;
                break;
            }
            *pass = Some(false);
        }
        trim_after_closing(&state);
    }));
}

/// Gives the memory freed by closing documents back to the system, once the work their closing
/// started is done: called when a document closes and when a pass across files or a refresh of
/// the workspace's files ends, it trims when a document closed since the last trim and neither
/// runs. Without it the heap keeps the pages of everything the documents held
/// ([`super::allocator::trim`]).
pub fn trim_after_closing(state: &State) {
    use std::sync::atomic::Ordering;
    if !state.closed.load(Ordering::SeqCst) || state.games.is_refreshing() || guard::lock(&state.across_pass).is_some()
    {
        return;
    }
    if state.closed.swap(false, Ordering::SeqCst) {
        tokio::task::spawn_blocking(super::allocator::trim);
    }
}

/// One pass of [`recheck_across`] over the open documents of `lang`.
async fn across_pass(state: &Arc<State>, client: &Client, lang: Lang) {
    let (roots, unit, max) = {
        let c = state.config();
        (c.roots.clone(), c.unit, c.settings.max_diagnostics)
    };
    // The documents checked so far, at the revision of their facts.
    let mut revisions = std::collections::HashMap::new();
    let open: Vec<workspace_games::OpenDoc> = state
        .docs()
        .iter()
        .filter(|(_, d)| d.lang == lang)
        .filter_map(|(uri, d)| {
            let facts = d.across_facts.clone()?;
            revisions.insert(uri.clone(), d.revision);
            Some(workspace_games::OpenDoc {
                uri: uri.clone(),
                name: workspace_games::name_of(uri, d.path.as_deref(), &roots),
                facts,
                rope: d.rope.clone(),
                options: d.options.clone(),
                kept: d.kept_findings(),
            })
        })
        .collect();
    if open.is_empty() {
        return;
    }
    let disk = state.games.files();
    let Ok(permit) = state.checks.acquire().await else { return };
    let work = move || workspace_games::changed_findings(lang, open, disk.as_deref().map_or(&[][..], |f| &f[..]), unit);
    let Ok(pass) = guard::blocking("across files", work).await else { return };
    let changed = pass.changed;
    if !pass.renewed.is_empty() {
        let mut docs = state.docs();
        for (uri, facts, findings) in pass.renewed {
            let Some(doc) = docs.get_mut(&uri) else { continue };
            if revisions.get(&uri) == Some(&doc.revision)
                && doc.across_facts.as_ref().is_some_and(|f| Arc::ptr_eq(f, &facts))
            {
                doc.renew_findings(findings);
            }
        }
    }
    if changed.is_empty() {
        return;
    }
    // Each changed document at the revision the pass saw, with the facts it used.
    let snapshots: Vec<_> = {
        let mut docs = state.docs();
        changed
            .into_iter()
            .filter_map(|c| {
                let doc = docs.get_mut(&c.uri)?;
                let same = revisions.get(&c.uri) == Some(&doc.revision)
                    && doc.across_facts.as_ref().is_some_and(|f| Arc::ptr_eq(f, &c.facts));
                same.then(|| (doc.snapshot_to_check(unit), c))
            })
            .collect()
    };
    let work = move || {
        snapshots
            .into_iter()
            .map(|(snapshot, c)| {
                let kept = Some(AcrossFiles { facts: Some(c.facts), findings: c.findings });
                pull::with_findings(snapshot, max, &c.places, kept)
            })
            .collect::<Vec<_>>()
    };
    let Ok(checked) = guard::blocking("across files", work).await else { return };
    drop(permit);
    let _publishing = state.publishing.lock().await;
    for (snapshot, diagnostics, unsolved, across) in checked {
        let publish = {
            let mut docs = state.docs();
            let Some(doc) = docs.get_mut(&snapshot.uri) else { continue };
            doc.keep_across(snapshot.order(), across);
            doc.publish(snapshot.order())
        };
        if publish {
            state.publish_diagnostics(client, snapshot.uri.clone(), diagnostics, Some(snapshot.version)).await;
        }
        solve_then(unsolved, state.clone(), client.clone(), snapshot.uri.clone());
    }
}
