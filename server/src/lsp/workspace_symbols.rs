//! `workspace/symbol`: the games of the workspace — open documents and the files of the
//! workspace folders — found by player, event or board number. A game's searchable text is its
//! outline entry (PGN: "White – Black, Event, Round, Result" and the date; PBN: "Board N: contract
//! by declarer, result" and the event), matched case-insensitively as a substring, else as a
//! fuzzy subsequence (`carlnep` finds "Carlsen – Nepomniachtchi"). The outline of a file on
//! disk is kept while its length and modification time stay the same. A PBN game is also found by
//! its players (North, East, South, West).

use super::offsets::{SegmentPositions, ToPosition};
use super::workspace::{Stamp, WorkspaceFile};
use kibitzer_syntax::ide;
use kibitzer_syntax::text::ColumnUnit;
use kibitzer_syntax::Lang;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use tower_lsp_server::ls_types::{DocumentSymbol, Location, Range, SymbolInformation, SymbolKind, Uri};

/// At most this many symbols are answered.
const MAX_RESULTS: usize = 1000;

/// A game as the search sees it.
#[derive(Debug, Clone)]
pub struct Entry {
    pub name: String,
    pub detail: Option<String>,
    pub range: Range,
    /// PBN: the players (North, East, South, West tags), searched besides the title.
    pub players: Option<String>,
}

/// The outlines of files on disk, by path, with the stamp and column unit they were read with.
pub type Cache = Mutex<HashMap<PathBuf, (Stamp, ColumnUnit, Arc<Vec<Entry>>)>>;

/// The games of an open document's outline; `text_of` gives a game's text (for its players).
pub fn entries_of_outline(lang: Lang, symbols: Vec<DocumentSymbol>, text_of: impl Fn(Range) -> String) -> Vec<Entry> {
    symbols
        .into_iter()
        .map(|s| Entry { players: players(lang, &text_of(s.range)), name: s.name, detail: s.detail, range: s.range })
        .collect()
}

/// The players a PBN game names, if any.
fn players(lang: Lang, game: &str) -> Option<String> {
    if lang != Lang::Pbn {
        return None;
    }
    let tokens = ide::scan::scan(game);
    let names: Vec<&str> = ide::scan::tag_pairs(game, &tokens)
        .into_iter()
        .filter(|p| matches!(&game[p.name], "North" | "East" | "South" | "West"))
        .filter_map(|p| p.value.map(|v| &game[v]))
        .collect();
    (!names.is_empty()).then(|| names.join(" "))
}

/// The games of a file on disk (from the cache while it is unchanged).
pub fn entries_of_file(file: &WorkspaceFile, unit: ColumnUnit, cache: &Cache) -> Arc<Vec<Entry>> {
    if let Some((stamp, u, entries)) = super::guard::lock(cache).get(&file.path) {
        if *stamp == file.stamp && *u == unit {
            return entries.clone();
        }
    }
    let entries = Arc::new(match super::workspace::read(&file.path) {
        Some(source) => {
            let pos = SegmentPositions::new(&source.text, unit);
            ide::symbols(file.lang, &source.text)
                .into_iter()
                .map(|s| Entry {
                    players: players(file.lang, &source.text[s.range]),
                    name: s.name,
                    detail: s.detail,
                    range: pos.range(s.range),
                })
                .collect()
        }
        None => Vec::new(),
    });
    super::guard::lock(cache).insert(file.path.clone(), (file.stamp, unit, entries.clone()));
    entries
}

/// How well `entry` matches `query` (lower is better): 0 substring, 1 subsequence; `None` when
/// it does not match. An empty query matches everything.
fn score(query: &str, entry: &Entry) -> Option<u8> {
    if query.is_empty() {
        return Some(0);
    }
    let hay = [Some(&entry.name), entry.detail.as_ref(), entry.players.as_ref()]
        .into_iter()
        .flatten()
        .map(|s| s.to_lowercase())
        .collect::<Vec<_>>()
        .join(" ");
    if hay.contains(query) {
        return Some(0);
    }
    let mut rest = hay.chars();
    query.chars().filter(|c| !c.is_whitespace()).all(|q| rest.any(|h| h == q)).then_some(1)
}

/// The symbols of `files` (each a URI, a name to show as its container, its games) matching
/// `query`, the best matches first, in file order within each.
pub fn search(query: &str, files: &[(Uri, String, Arc<Vec<Entry>>)]) -> Vec<SymbolInformation> {
    let query = query.trim().to_lowercase();
    let mut found: Vec<(u8, SymbolInformation)> = Vec::new();
    for (uri, container, entries) in files {
        for entry in entries.iter() {
            let Some(score) = score(&query, entry) else { continue };
            let name = match &entry.detail {
                Some(d) => format!("{} ({d})", entry.name),
                None => entry.name.clone(),
            };
            #[allow(deprecated)]
            found.push((
                score,
                SymbolInformation {
                    name,
                    kind: SymbolKind::NAMESPACE,
                    tags: None,
                    deprecated: None,
                    location: Location { uri: uri.clone(), range: entry.range },
                    container_name: Some(container.clone()),
                },
            ));
        }
    }
    found.sort_by_key(|(score, _)| *score);
    found.into_iter().take(MAX_RESULTS).map(|(_, s)| s).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn substring_then_subsequence_case_insensitive() {
        let entry = |name: &str| Entry {
            name: name.to_owned(),
            detail: Some("2024.01.01".into()),
            range: Range::default(),
            players: None,
        };
        let carlsen = entry("Carlsen, Magnus – Nepomniachtchi, Ian, World Championship");
        assert_eq!(score("nepo", &carlsen), Some(0));
        assert_eq!(score("carlnep", &carlsen), Some(1));
        assert_eq!(score("2024", &carlsen), Some(0));
        assert_eq!(score("kasparov", &carlsen), None);
        assert_eq!(score("board 7", &entry("Board 7: 3NT by S")), Some(0));
        let deal = Entry { players: Some("Zia Meckstroth".into()), ..entry("Board 1") };
        assert_eq!(score("zia", &deal), Some(0));
        assert_eq!(players(Lang::Pbn, "[North \"Zia\"]\n[South \"Rosenberg\"]").as_deref(), Some("Zia Rosenberg"));
    }
}
