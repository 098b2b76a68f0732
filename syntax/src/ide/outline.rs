//! The outline (document symbols): one symbol per game (PGN, PBN), record (EPD), problem (PBI) or
//! board (LIN), named by its tags or fields.

use super::scan::scan;
use super::split::{games, lines, tag_value, ts, Game};
use super::types::{Symbol, SymbolKind};
use crate::text::TextRange;
use crate::Lang;

/// The outline: one symbol per game (PGN, PBN), record (EPD) or problem (PBI).
pub fn symbols(lang: Lang, text: &str) -> Vec<Symbol> {
    match lang {
        Lang::Pgn | Lang::Pbn => {
            let tokens = scan(text);
            games(lang, text, &tokens)
                .iter()
                .map(|g| {
                    let (name, detail) = game_title(lang, text, g);
                    let selection = g.tags.first().map_or(g.range, |p| p.range);
                    Symbol { name, detail, kind: SymbolKind::Game, range: g.range, selection, children: Vec::new() }
                })
                .collect()
        }
        Lang::Lin => crate::lin::read::read_text(text)
            .0
            .into_iter()
            .map(|board| {
                let name = board.name.or(board.label).unwrap_or_else(|| "Board".to_owned());
                let selection = board.name_range.unwrap_or(board.range);
                Symbol {
                    name,
                    detail: None,
                    kind: SymbolKind::Game,
                    range: board.range,
                    selection,
                    children: Vec::new(),
                }
            })
            .collect(),
        Lang::Epd | Lang::Pbi => lines(text)
            .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#') && !l.starts_with("\u{feff}#"))
            .map(|(start, l)| {
                let range = TextRange::at(ts(start), ts(l.len()));
                let name = if lang == Lang::Epd { epd_title(l) } else { pbi_title(l) };
                Symbol { name, detail: None, kind: SymbolKind::Game, range, selection: range, children: Vec::new() }
            })
            .collect(),
    }
}

fn game_title(lang: Lang, text: &str, g: &Game) -> (String, Option<String>) {
    let get = |n: &str| tag_value(text, g, n).filter(|v| !v.is_empty() && *v != "?");
    match lang {
        Lang::Pbn => {
            let board = get("Board").map_or_else(|| "Board ?".to_owned(), |b| format!("Board {b}"));
            let contract = get("Contract");
            let title = match (contract, get("Declarer")) {
                (Some("Pass"), _) => format!("{board}: passed out"),
                (Some(c), Some(d)) => match get("Result") {
                    Some(r) => format!("{board}: {c} by {d}, {r} tricks"),
                    None => format!("{board}: {c} by {d}"),
                },
                _ => board,
            };
            (title, get("Event").map(str::to_owned))
        }
        _ => {
            let players = format!("{} – {}", get("White").unwrap_or("?"), get("Black").unwrap_or("?"));
            let rest: Vec<&str> = ["Event", "Round", "Result"].iter().filter_map(|n| get(n)).collect();
            let title = if rest.is_empty() { players } else { format!("{players}, {}", rest.join(", ")) };
            (title, get("Date").map(str::to_owned))
        }
    }
}

fn epd_title(line: &str) -> String {
    // The `id` opcode names a record; else its position field.
    if let Some(i) = line.find(" id ") {
        let rest = line[i + 4..].trim_start();
        let id = rest
            .strip_prefix('"')
            .and_then(|r| r.split('"').next())
            .unwrap_or_else(|| rest.split(';').next().unwrap_or(rest));
        return id.trim().to_owned();
    }
    line.split_whitespace().next().unwrap_or("").to_owned()
}

fn pbi_title(line: &str) -> String {
    let fields: Vec<&str> = line.split(':').collect();
    let authors = fields.first().copied().unwrap_or("").trim();
    let stipulation = fields.get(2).copied().unwrap_or("").trim();
    match (authors.is_empty(), stipulation.is_empty()) {
        (false, false) => format!("{authors}: {stipulation}"),
        (false, true) => authors.to_owned(),
        (true, false) => stipulation.to_owned(),
        (true, true) => "(anonymous)".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ide::test_texts::{PBN, PGN};

    #[test]
    fn symbols_name_each_game() {
        let s = symbols(Lang::Pgn, PGN);
        assert_eq!(s.iter().map(|s| s.name.as_str()).collect::<Vec<_>>(), ["Ann – Bob, Club, 1-0", "? – ?, Two"]);
        assert_eq!(&PGN[s[0].range][PGN[s[0].range].len() - 3..], "1-0");
        let s = symbols(Lang::Pbn, PBN);
        assert_eq!(s[0].name, "Board 7: 4S by N, 10 tricks");
        let s = symbols(Lang::Epd, "rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w KQkq - bm e4; id \"start\";\n");
        assert_eq!(s[0].name, "start");
    }
}
