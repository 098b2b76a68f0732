//! Hover, completion, outline, folding, classification and note navigation over the lexical
//! scan ([`super::scan`]) of a unit's text.

use super::docs::{self, TagDoc};
use super::position;
use super::scan::{scan, tag_pairs, token_at, Kind, TagPair, Tok};
use super::types::{Completion, CompletionKind, Fold, FoldKind, HoverInfo, Symbol, SymbolKind, TokenClass};
use super::{bridge, chess};
use crate::text::{TextRange, TextSize};
use crate::Lang;

fn ts(n: usize) -> TextSize {
    TextSize::from(n as u32)
}

/// What is at `offset` and what it means, with text diagrams.
pub fn hover(lang: Lang, text: &str, offset: TextSize) -> Option<HoverInfo> {
    hover_with(lang, text, offset, false)
}

/// [`hover`], with positions, deals and tricks drawn as SVG pictures (Markdown `data:` images)
/// when `pictures` is set: for clients that show images.
pub fn hover_with(lang: Lang, text: &str, offset: TextSize, pictures: bool) -> Option<HoverInfo> {
    match lang {
        Lang::Pgn | Lang::Pbn => hover_tagged(lang, text, offset, pictures),
        Lang::Epd => hover_epd(text, offset, pictures),
        Lang::Pbi => hover_pbi(text, offset, pictures),
    }
}

fn hover_tagged(lang: Lang, text: &str, offset: TextSize, pictures: bool) -> Option<HoverInfo> {
    let tokens = scan(text);
    let tok = token_at(&tokens, offset)?;
    let pairs = tag_pairs(text, &tokens);
    let info = |markdown: String| Some(HoverInfo { range: tok.range, markdown });
    match tok.kind {
        Kind::TagName => {
            let name = &text[tok.range];
            match docs::tag_doc(lang, name) {
                Some(t) => info(docs::tag_markdown(t)),
                None => info(format!("**{name}** — not a standard {} tag", lang_name(lang))),
            }
        }
        Kind::TagValue => {
            let pair = pairs.iter().find(|p| p.range.contains_range(tok.range))?;
            let name = &text[pair.name];
            let value = &text[pair.value?];
            if lang == Lang::Pbn && name == "Contract" {
                let tag = |n: &str| pairs.iter().find(|p| &text[p.name] == n).and_then(|p| p.value).map(|v| &text[v]);
                if let Some(md) = contract_markdown(value, tag("Declarer"), tag("Vulnerable")) {
                    return info(md);
                }
            }
            if lang == Lang::Pbn && name == "Deal" {
                let tag = |n: &str| pairs.iter().find(|p| &text[p.name] == n).and_then(|p| p.value).map(|v| &text[v]);
                let tags = position::DealTags {
                    dealer: tag("Dealer"),
                    vulnerable: tag("Vulnerable"),
                    contract: tag("Contract"),
                    declarer: tag("Declarer"),
                    result: tag("Result"),
                };
                return position::deal_markdown(value, tags, pictures).and_then(info);
            }
            tag_value_markdown(lang, name, value, pictures).and_then(info)
        }
        Kind::Comment if lang == Lang::Pgn => {
            use crate::chess::commands;
            let start = tok.range.start();
            let command = commands::command_at(&text[tok.range], usize::from(offset - start))?;
            Some(HoverInfo { range: command.range + start, markdown: commands::explain(&command) })
        }
        Kind::Nag => {
            let n: u32 = text[tok.range][1..].parse().ok()?;
            let md = if lang == Lang::Pbn { docs::pbn_nag(n) } else { docs::pgn_nag(n) };
            info(md.unwrap_or_else(|| format!("**${n}**: out of range (0–255)")))
        }
        Kind::NoteRef if lang == Lang::Pbn => {
            let note = note_definition(text, &tokens, &pairs, tok.range)?;
            let value = &text[note.value?];
            let explanation = value.split_once(':').map_or(value, |(_, t)| t);
            info(format!("**Note {}**: {}", &text[tok.range], explanation))
        }
        Kind::Word if lang == Lang::Pgn => chess::move_hover(text, offset, pictures),
        Kind::Word if lang == Lang::Pbn => bridge::hover(text, offset, pictures),
        Kind::Result if lang == Lang::Pgn => {
            let meaning = docs::tag_doc(lang, "Result")?.values.iter().find(|(v, _)| *v == &text[tok.range])?.1;
            info(format!("Game termination marker `{}`: {meaning} *(PGN 8.2.6)*", &text[tok.range]))
        }
        _ => None,
    }
}

/// Hover for a PBN contract: the duplicate score (Law 77) for every number of tricks declarer
/// may take, at the vulnerability of the game's Declarer and Vulnerable tags.
fn contract_markdown(value: &str, declarer: Option<&str>, vulnerable: Option<&str>) -> Option<String> {
    use crate::bridge::score::{duplicate_score, Vulnerability};
    use crate::pbn::model::{Contract, Seat};
    let contract = Contract::parse(value)?;
    let seat = declarer.and_then(|d| Seat::parse(d.trim_start_matches('^')));
    let vul = vulnerable.and_then(Vulnerability::parse);
    let (is_vul, said) = match (seat, vul) {
        (Some(seat), Some(v)) => {
            let is_vul = v.is_vulnerable(seat);
            (
                is_vul,
                format!(
                    "declarer {value} by {}, {}",
                    declarer.unwrap_or(""),
                    if is_vul { "vulnerable" } else { "not vulnerable" }
                ),
            )
        }
        _ => (false, "vulnerability unknown: scores shown not vulnerable".to_owned()),
    };
    let needed = contract.level + 6;
    let mut md = format!("**Contract {value}** — {said} *(PBN 3.4.14; scores by Law 77)*\n\n| tricks | result | score |\n|---|---|---|\n");
    for tricks in (needed.saturating_sub(4)..=13).rev() {
        let result = match tricks.cmp(&needed) {
            std::cmp::Ordering::Less => format!("down {}", needed - tricks),
            std::cmp::Ordering::Equal => "made".to_owned(),
            std::cmp::Ordering::Greater => format!("+{}", tricks - needed),
        };
        md.push_str(&format!("| {tricks} | {result} | {} |\n", duplicate_score(contract, is_vul, tricks)));
    }
    Some(md)
}

fn lang_name(lang: Lang) -> &'static str {
    match lang {
        Lang::Pgn => "PGN",
        Lang::Pbn => "PBN",
        Lang::Epd => "EPD",
        Lang::Pbi => "PBI",
    }
}

fn tag_value_markdown(lang: Lang, name: &str, value: &str, pictures: bool) -> Option<String> {
    if name == "FEN" && lang == Lang::Pgn {
        return position::fen_markdown(value, pictures);
    }
    let doc: &TagDoc = docs::tag_doc(lang, name)?;
    let first = value.split(';').next().unwrap_or(value);
    let (v, m) = doc.values.iter().find(|(v, _)| *v == value || (name == "Scoring" && *v == first))?;
    Some(format!("`{v}`: {m} *({} {})*", doc.name, doc.section))
}

/// The `Note` tag that explains the note reference at `reference`: notes follow the section
/// whose references they explain, so the first `Note n:` after the reference, else the last
/// one before it.
fn note_definition<'p>(text: &str, _tokens: &[Tok], pairs: &'p [TagPair], reference: TextRange) -> Option<&'p TagPair> {
    let n = note_number(&text[reference])?;
    let notes: Vec<&TagPair> = pairs
        .iter()
        .filter(|p| &text[p.name] == "Note")
        .filter(|p| p.value.is_some_and(|v| text[v].split_once(':').is_some_and(|(k, _)| k.trim() == n)))
        .collect();
    notes.iter().find(|p| p.range.start() >= reference.end()).or(notes.last()).copied()
}

fn note_number(reference: &str) -> Option<&str> {
    reference.strip_prefix('=')?.strip_suffix('=')
}

/// Where the note reference (or `Note` tag) at `offset` is explained.
pub fn definition(lang: Lang, text: &str, offset: TextSize) -> Option<TextRange> {
    if lang != Lang::Pbn {
        return None;
    }
    let tokens = scan(text);
    let tok = token_at(&tokens, offset)?;
    let pairs = tag_pairs(text, &tokens);
    match tok.kind {
        Kind::NoteRef => note_definition(text, &tokens, &pairs, tok.range).map(|p| p.range),
        _ => {
            let pair = pairs.iter().find(|p| p.range.contains_range(tok.range) && &text[p.name] == "Note")?;
            Some(pair.range)
        }
    }
}

/// The note references explained by the same `Note` tag as the element at `offset`, and that
/// tag itself.
pub fn references(lang: Lang, text: &str, offset: TextSize) -> Vec<TextRange> {
    let Some(note) = definition(lang, text, offset) else { return Vec::new() };
    let tokens = scan(text);
    let pairs = tag_pairs(text, &tokens);
    let mut out: Vec<TextRange> = tokens
        .iter()
        .filter(|t| t.kind == Kind::NoteRef)
        .filter(|t| note_definition(text, &tokens, &pairs, t.range).map(|p| p.range) == Some(note))
        .map(|t| t.range)
        .collect();
    out.push(note);
    out
}

/// Completions at `offset`: tag names, enumerated tag values, NAGs, EPD opcodes.
pub fn completions(lang: Lang, text: &str, offset: TextSize) -> Vec<Completion> {
    match lang {
        Lang::Pgn | Lang::Pbn => complete_tagged(lang, text, offset),
        Lang::Epd => complete_epd(text, offset),
        Lang::Pbi => Vec::new(),
    }
}

fn complete_tagged(lang: Lang, text: &str, offset: TextSize) -> Vec<Completion> {
    let tokens = scan(text);
    let i = tokens.partition_point(|t| t.range.end() < offset);
    let here = tokens.get(i).filter(|t| t.range.contains_inclusive(offset));
    let before = if i > 0 { tokens.get(i - 1) } else { None };
    // Right after `[`, or in the name after it: tag names.
    let name_at = match here {
        Some(t) if t.kind == Kind::TagOpen && t.range.end() == offset => Some(TextRange::empty(offset)),
        Some(t) if t.kind == Kind::TagName => Some(TextRange::new(t.range.start(), offset)),
        Some(t) if t.kind == Kind::Whitespace && before.is_some_and(|b| b.kind == Kind::TagOpen) => {
            Some(TextRange::empty(offset))
        }
        _ => None,
    };
    if let Some(replace) = name_at {
        let typed = &text[replace];
        return docs::tags(lang)
            .iter()
            .filter(|t| t.name.starts_with(typed))
            .map(|t| Completion {
                label: t.name.to_owned(),
                kind: CompletionKind::TagName,
                detail: Some(format!("{} — {}", t.section, t.meaning)),
                documentation: Some(docs::tag_markdown(t)),
                replace,
                insert: t.name.to_owned(),
            })
            .collect();
    }
    // Inside a value's quotes: the tag's values.
    if let Some(t) = here.filter(|t| t.kind == Kind::TagValue && t.range.start() < offset) {
        let pairs = tag_pairs(text, &tokens);
        let Some(pair) = pairs.iter().find(|p| p.range.contains_range(t.range)) else { return Vec::new() };
        let Some(value) = pair.value.filter(|v| v.contains_inclusive(offset)) else { return Vec::new() };
        let Some(doc) = docs::tag_doc(lang, &text[pair.name]) else { return Vec::new() };
        return doc
            .values
            .iter()
            .map(|(v, m)| Completion {
                label: (*v).to_owned(),
                kind: CompletionKind::TagValue,
                detail: Some((*m).to_owned()),
                documentation: None,
                replace: value,
                insert: (*v).to_owned(),
            })
            .collect();
    }
    // After `$`: the NAGs.
    if let Some(t) = here.filter(|t| t.kind == Kind::Nag && t.range.start() < offset) {
        let typed = &text[TextRange::new(t.range.start() + ts(1), offset)];
        let (max, nag): (u32, fn(u32) -> Option<String>) =
            if lang == Lang::Pbn { (14, docs::pbn_nag) } else { (139, docs::pgn_nag) };
        return (0..=max)
            .filter(|n| n.to_string().starts_with(typed))
            .filter_map(|n| {
                let doc = nag(n)?;
                Some(Completion {
                    label: format!("${n}"),
                    kind: CompletionKind::Nag,
                    detail: Some(doc.split_once(": ").map_or(doc.clone(), |(_, m)| m.to_owned())),
                    documentation: Some(doc),
                    replace: TextRange::new(t.range.start(), offset),
                    insert: format!("${n}"),
                })
            })
            .collect();
    }
    match lang {
        Lang::Pgn => chess::move_completions(text, offset),
        _ => bridge::completions(text, offset),
    }
}

/// A game of a PGN or PBN text: its range and tag pairs.
struct Game {
    range: TextRange,
    tags: Vec<TagPair>,
}

/// Cuts the text into games: a tag pair after movetext (PGN) or after an empty line (PBN)
/// starts a new one.
fn games(lang: Lang, text: &str, tokens: &[Tok]) -> Vec<Game> {
    let pairs = tag_pairs(text, tokens);
    let mut games: Vec<Game> = Vec::new();
    let mut seen_body = true;
    let mut p = 0;
    let mut last_content_end = TextSize::from(0);
    for (i, t) in tokens.iter().enumerate() {
        match t.kind {
            Kind::TagOpen => {
                let blank_before =
                    i > 0 && tokens[i - 1].kind == Kind::Whitespace && has_blank_line(&text[tokens[i - 1].range]);
                let new_game = games.is_empty() || seen_body || (lang == Lang::Pbn && blank_before);
                if new_game {
                    if let Some(g) = games.last_mut() {
                        g.range = TextRange::new(g.range.start(), last_content_end);
                    }
                    games.push(Game { range: TextRange::new(t.range.start(), t.range.end()), tags: Vec::new() });
                    seen_body = false;
                }
                while p < pairs.len() && pairs[p].range.start() < t.range.start() {
                    p += 1;
                }
                if let (Some(g), Some(pair)) = (games.last_mut(), pairs.get(p)) {
                    if pair.range.start() == t.range.start() {
                        g.tags.push(*pair);
                    }
                }
            }
            Kind::Word | Kind::MoveNumber | Kind::Result if lang == Lang::Pgn => {
                // Movetext only counts outside a tag pair.
                let in_pair = games.last().and_then(|g| g.tags.last()).is_some_and(|p| p.range.contains_range(t.range));
                if !in_pair {
                    seen_body = true;
                }
            }
            _ => {}
        }
        if t.kind != Kind::Whitespace {
            last_content_end = t.range.end();
        }
    }
    if let Some(g) = games.last_mut() {
        g.range = TextRange::new(g.range.start(), last_content_end.max(g.range.end()));
    }
    games
}

/// Whether whitespace holds two line breaks (an empty line ends a PBN game).
fn has_blank_line(ws: &str) -> bool {
    ws.replace("\r\n", "\n").chars().filter(|&c| c == '\n' || c == '\r').count() >= 2
}

fn tag_value<'t>(text: &'t str, game: &Game, name: &str) -> Option<&'t str> {
    game.tags.iter().find(|p| &text[p.name] == name).and_then(|p| p.value).map(|v| &text[v])
}

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

/// Each line with its start offset (terminator excluded).
fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut start = 0;
    text.split_inclusive('\n').map(move |l| {
        let s = start;
        start += l.len();
        (s, l.trim_end_matches(['\n', '\r']))
    })
}

/// Foldable regions: games, multi-line comments, variations, PBN sections.
pub fn folding(lang: Lang, text: &str) -> Vec<Fold> {
    if matches!(lang, Lang::Epd | Lang::Pbi) {
        return Vec::new();
    }
    let tokens = scan(text);
    let mut out: Vec<Fold> =
        games(lang, text, &tokens).iter().map(|g| Fold { range: g.range, kind: FoldKind::Region }).collect();
    let mut open: Vec<TextSize> = Vec::new();
    for t in &tokens {
        match t.kind {
            Kind::Comment if text[t.range].contains('\n') => out.push(Fold { range: t.range, kind: FoldKind::Comment }),
            Kind::ParenOpen => open.push(t.range.start()),
            Kind::ParenClose => {
                if let Some(s) = open.pop() {
                    out.push(Fold { range: TextRange::new(s, t.range.end()), kind: FoldKind::Region });
                }
            }
            _ => {}
        }
    }
    if lang == Lang::Pbn {
        // A section (Auction, Play, a table or a user-defined section: PBN 5.1) runs from its
        // tag to the next tag pair; a tag followed only by a comment is not one.
        let pairs = tag_pairs(text, &tokens);
        for (i, p) in pairs.iter().enumerate() {
            let end = pairs.get(i + 1).map_or(text.trim_end().len(), |n| usize::from(n.range.start()));
            let end = ts(text[..end].trim_end().len());
            if end <= p.range.end() {
                continue;
            }
            let data = text[TextRange::new(p.range.end(), end)].trim_start();
            let has_data = !data.is_empty() && !data.starts_with(['{', ';', '%']);
            if (matches!(&text[p.name], "Auction" | "Play") && has_data)
                || crate::pbn::model::is_section(&text[p.name], has_data)
            {
                out.push(Fold { range: TextRange::new(p.range.start(), end), kind: FoldKind::Region });
            }
        }
    }
    out.sort_by_key(|f| (f.range.start(), std::cmp::Reverse(f.range.end())));
    out
}

/// Token classes in document order, for semantic highlighting.
pub fn classify(lang: Lang, text: &str) -> Vec<(TextRange, TokenClass)> {
    if matches!(lang, Lang::Epd | Lang::Pbi) {
        return Vec::new();
    }
    let tokens = scan(text);
    let mut section = "";
    let mut out = Vec::with_capacity(tokens.len());
    for t in &tokens {
        let class = match t.kind {
            Kind::TagName => {
                section = if matches!(&text[t.range], "Auction" | "Play") { &text[t.range] } else { "" };
                Some(TokenClass::TagName)
            }
            Kind::TagValue => Some(TokenClass::TagValue),
            Kind::MoveNumber if lang == Lang::Pgn => Some(TokenClass::MoveNumber),
            Kind::Word if lang == Lang::Pgn => Some(TokenClass::Move),
            Kind::Word if section == "Auction" => Some(TokenClass::Call),
            Kind::Word if section == "Play" => Some(TokenClass::Card),
            Kind::Nag => Some(TokenClass::Nag),
            Kind::Comment => Some(TokenClass::Comment),
            Kind::Result if lang == Lang::Pgn => Some(TokenClass::Result),
            Kind::NoteRef => Some(TokenClass::NoteRef),
            Kind::Escape => Some(TokenClass::Escape),
            _ => None,
        };
        if let Some(c) = class {
            out.push((t.range, c));
        }
    }
    out
}

/// EPD opcodes (PGN 16.2.5) with what they carry.
pub const EPD_OPCODES: &[(&str, &str)] = &[
    ("acd", "analysis count: depth searched"),
    ("acn", "analysis count: nodes searched"),
    ("acs", "analysis count: seconds searched"),
    ("am", "avoid move(s)"),
    ("bm", "best move(s)"),
    ("c0", "comment (primary); c1 … c9 further comments"),
    ("ce", "centipawn evaluation"),
    ("dm", "direct mate in n moves"),
    ("draw_accept", "accept a draw offer"),
    ("draw_claim", "claim a draw"),
    ("draw_offer", "offer a draw"),
    ("draw_reject", "reject a draw offer"),
    ("eco", "Encyclopaedia of Chess Openings code"),
    ("fmvn", "full move number"),
    ("hmvc", "half-move clock"),
    ("id", "position identification"),
    ("nic", "New in Chess opening code"),
    ("noop", "no operation"),
    ("pm", "predicted move"),
    ("pv", "predicted variation"),
    ("rc", "repetition count"),
    ("resign", "game resignation"),
    ("sm", "supplied move"),
    ("tcgs", "telecommunication: game selector"),
    ("tcri", "telecommunication: receiver identification"),
    ("tcsi", "telecommunication: sender identification"),
    ("v0", "variation name (primary); v1 … v9 further names"),
];

fn opcode_doc(op: &str) -> Option<&'static str> {
    EPD_OPCODES.iter().find(|(o, _)| *o == op).map(|(_, d)| *d).or_else(|| match op.as_bytes() {
        [b'c', d] if d.is_ascii_digit() => Some("comment"),
        [b'v', d] if d.is_ascii_digit() => Some("variation name"),
        _ => None,
    })
}

/// The fields of an EPD line with their ranges (relative to the line): four position fields,
/// then opcode words; quoted operands are kept whole.
fn epd_words(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let b = line.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_whitespace() || b[i] == b';' {
            i += 1;
            continue;
        }
        let start = i;
        if b[i] == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += 1;
            }
            i = (i + 1).min(b.len());
        } else {
            while i < b.len() && !b[i].is_ascii_whitespace() && b[i] != b';' {
                i += 1;
            }
        }
        out.push((start, &line[start..i]));
    }
    out
}

fn hover_epd(text: &str, offset: TextSize, pictures: bool) -> Option<HoverInfo> {
    let offset = usize::from(offset);
    let (start, line) = lines(text).find(|(s, l)| (*s..=s + l.len()).contains(&offset))?;
    let words = epd_words(line);
    let (k, (w_start, word)) =
        words.iter().enumerate().find(|(_, (s, w))| (start + s..=start + s + w.len()).contains(&offset))?;
    let range = TextRange::at(ts(start + w_start), ts(word.len()));
    let md = if k < 4 {
        position::fen_markdown(line, pictures)?
    } else {
        // An opcode starts the line's fifth word and each word after a `;`.
        let is_opcode = line[..*w_start].trim_end().ends_with(';') || k == 4;
        let doc = opcode_doc(word).filter(|_| is_opcode)?;
        format!("**{word}**: {doc} *(PGN 16.2.5)*")
    };
    Some(HoverInfo { range, markdown: md })
}

fn complete_epd(text: &str, offset: TextSize) -> Vec<Completion> {
    let offset = usize::from(offset);
    let Some((start, line)) = lines(text).find(|(s, l)| (*s..=s + l.len()).contains(&offset)) else {
        return Vec::new();
    };
    let before = &line[..offset - start];
    let typed_start = before.rfind(|c: char| c.is_whitespace() || c == ';').map_or(0, |i| i + 1);
    let typed = &before[typed_start..];
    // Opcodes come after the four position fields, at the start of an operation.
    let fields_before = epd_words(&before[..typed_start]).len();
    let starts_operation = fields_before == 4 || before[..typed_start].trim_end().ends_with(';');
    if fields_before < 4 || !starts_operation {
        return Vec::new();
    }
    EPD_OPCODES
        .iter()
        .filter(|(op, _)| op.starts_with(typed))
        .map(|(op, doc)| Completion {
            label: (*op).to_owned(),
            kind: CompletionKind::Opcode,
            detail: Some((*doc).to_owned()),
            documentation: None,
            replace: TextRange::new(ts(start + typed_start), ts(offset)),
            insert: (*op).to_owned(),
        })
        .collect()
}

fn hover_pbi(text: &str, offset: TextSize, pictures: bool) -> Option<HoverInfo> {
    const FIELDS: [&str; 9] = [
        "names of the authors, separated by `;`",
        "position in Forsyth notation (S for knights)",
        "stipulation",
        "used source",
        "referenced sources",
        "awards",
        "key move",
        "status",
        "comment",
    ];
    let offset = usize::from(offset);
    let (start, line) = lines(text).find(|(s, l)| (*s..=s + l.len()).contains(&offset))?;
    if line.starts_with('#') || line.starts_with("\u{feff}") {
        return None;
    }
    let mut field_start = start;
    for (k, field) in line.split(':').enumerate() {
        let range = TextRange::at(ts(field_start), ts(field.len()));
        if range.contains_inclusive(ts(offset)) {
            let what = FIELDS.get(k).copied().unwrap_or("extra field (a data line has nine)");
            let mut md = format!("PBI field {}: {what}", k + 1);
            if let Some(decoded) = decode_escapes(field).filter(|d| d != field) {
                md.push_str(&format!("\n\nDecoded: {decoded}"));
            }
            if k == 1 {
                if let Some(grid) = super::picture::board::grid(field, true) {
                    let diagram = position::board_markdown(&grid, &Default::default(), "position", pictures);
                    md.push_str(&format!("\n\n{}", diagram.trim_end()));
                }
            }
            return Some(HoverInfo { range, markdown: md });
        }
        field_start += field.len() + 1;
    }
    None
}

/// PBI `\xNN` escapes decoded (bytes as Latin-1 when not UTF-8); `None` if malformed.
fn decode_escapes(field: &str) -> Option<String> {
    let mut bytes = Vec::new();
    let mut rest = field;
    while let Some(i) = rest.find("\\x") {
        bytes.extend_from_slice(&rest.as_bytes()[..i]);
        let hex = rest.get(i + 2..i + 4)?;
        bytes.push(u8::from_str_radix(hex, 16).ok()?);
        rest = &rest[i + 4..];
    }
    bytes.extend_from_slice(rest.as_bytes());
    Some(crate::text::decode(&bytes).text)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PGN: &str = "[Event \"Club\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"1-0\"]\n\n1. e4 $1 {good\nmove} (1. d4) 1-0\n\n[Event \"Two\"]\n\n1. d4 *\n";
    const PBN: &str = "[Board \"7\"]\n[Declarer \"N\"]\n[Contract \"4S\"]\n[Result \"10\"]\n[Auction \"N\"]\n1S =1= Pass 4S AP\n[Note \"1:five spades\"]\n[Play \"E\"]\nHA =2= H2 H3 H4\n[Note \"2:the lead\"]\n";

    fn at(text: &str, needle: &str) -> TextSize {
        ts(text.find(needle).unwrap() + 1)
    }

    #[test]
    fn hover_explains_tags_values_nags_and_notes() {
        let h = hover(Lang::Pgn, PGN, at(PGN, "White")).unwrap();
        assert!(h.markdown.contains("PGN 8.1.1.5"), "{}", h.markdown);
        assert_eq!(&PGN[h.range], "White");
        assert!(hover(Lang::Pgn, PGN, at(PGN, "$1")).unwrap().markdown.contains("good move"));
        assert!(hover(Lang::Pgn, PGN, at(PGN, "1-0\"")).unwrap().markdown.contains("White won"));
        let note = hover(Lang::Pbn, PBN, at(PBN, "=1=")).unwrap();
        assert_eq!(note.markdown, "**Note =1=**: five spades");
        assert!(hover(Lang::Pbn, PBN, at(PBN, "Contract")).unwrap().markdown.contains("PBN 3.4.14"));
        // 4S by N, not vulnerable (no Vulnerable tag: shown not vulnerable): 420 made, +1 450.
        let contract = hover(Lang::Pbn, PBN, at(PBN, "4S\"")).unwrap().markdown;
        assert!(contract.contains("| 10 | made | 420 |") && contract.contains("| 11 | +1 | 450 |"), "{contract}");
        assert!(contract.contains("| 9 | down 1 | -50 |"), "{contract}");
    }

    /// Found by the language server soak test: the cursor just before a `$` that starts the text
    /// (or follows a token without a space) panicked.
    #[test]
    fn completion_just_before_a_nag_does_not_panic() {
        for text in [PGN, PBN] {
            for (i, _) in text.match_indices('$') {
                let _ = completions(Lang::Pgn, text, ts(i));
            }
        }
        let _ = completions(Lang::Pgn, "1. e4 $1 *\n", ts(6));
        // Every offset of texts made of the formats' delimiters.
        let pieces = ["$", "$2", "[", "]", "\"", " ", "\n", "{", "}", "e4", "=1=", "Pass", "%", ";", "x"];
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..1000 {
            let mut text = String::new();
            for _ in 0..8 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                text.push_str(pieces[(seed % pieces.len() as u64) as usize]);
            }
            for lang in [Lang::Pgn, Lang::Pbn] {
                for offset in 0..=text.len() {
                    let r = std::panic::catch_unwind(|| completions(lang, &text, ts(offset)));
                    assert!(r.is_ok(), "{lang:?} {text:?} at {offset}");
                }
            }
        }
    }

    #[test]
    fn completion_offers_tag_names_values_and_nags() {
        let text = "[Vul";
        let c = completions(Lang::Pbn, text, ts(4));
        assert_eq!(c.iter().map(|c| c.label.as_str()).collect::<Vec<_>>(), ["Vulnerable"]);
        assert_eq!(c[0].replace, TextRange::new(ts(1), ts(4)));
        let text = "[Vulnerable \"\"]";
        let c = completions(Lang::Pbn, text, ts(13));
        assert!(c.iter().any(|c| c.label == "None"));
        assert_eq!(c[0].replace, TextRange::empty(ts(13)));
        let text = "1. e4 $13";
        let c = completions(Lang::Pgn, text, ts(text.len()));
        assert_eq!(
            c.iter().map(|c| c.label.as_str()).collect::<Vec<_>>(),
            ["$13", "$130", "$131", "$132", "$133", "$134", "$135", "$136", "$137", "$138", "$139"]
        );
        // A move being typed: the legal moves that start so.
        let c = completions(Lang::Pgn, "[Event \"x\"]\n1. e4", ts(17));
        assert_eq!(c.iter().map(|c| c.label.as_str()).collect::<Vec<_>>(), ["e4"]);
        assert_eq!(c[0].kind, CompletionKind::Move);
    }

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

    #[test]
    fn notes_link_references_and_definitions() {
        let def = definition(Lang::Pbn, PBN, at(PBN, "=2=")).unwrap();
        assert_eq!(&PBN[def], "[Note \"2:the lead\"]");
        let refs = references(Lang::Pbn, PBN, at(PBN, "Note \"1"));
        assert_eq!(refs.iter().map(|r| &PBN[*r]).collect::<Vec<_>>(), ["=1=", "[Note \"1:five spades\"]"]);
    }

    #[test]
    fn folding_and_classes_follow_the_text() {
        let f = folding(Lang::Pgn, PGN);
        assert!(f.iter().any(|f| f.kind == FoldKind::Comment && &PGN[f.range] == "{good\nmove}"));
        let classes = classify(Lang::Pbn, PBN);
        let class_of = |w: &str| classes.iter().find(|(r, _)| &PBN[*r] == w).map(|(_, c)| *c);
        assert_eq!(class_of("Pass"), Some(TokenClass::Call));
        assert_eq!(class_of("H2"), Some(TokenClass::Card));
        assert_eq!(class_of("=1="), Some(TokenClass::NoteRef));
    }

    #[test]
    fn pbn_sections_fold_and_the_table_tag_does_not() {
        let pbn = "[Board \"1\"]\n[Table \"3\"]\n{a comment}\n[Auction \"N\"]\n1C Pass\n[Note \"1:x\"]\n\
                   [ScoreTable \"PairId\\2R;Score\\4R\"]\n 1 +420\n 2 -50\n[MyData \"x\"]\nsome data\n";
        let folded: Vec<&str> = folding(Lang::Pbn, pbn)
            .iter()
            .filter(|f| f.kind == FoldKind::Region)
            .map(|f| pbn[f.range].lines().next().unwrap_or(""))
            .collect();
        assert!(folded.contains(&"[Auction \"N\"]"), "{folded:?}");
        assert!(folded.contains(&"[ScoreTable \"PairId\\2R;Score\\4R\"]"), "{folded:?}");
        assert!(folded.contains(&"[MyData \"x\"]"), "{folded:?}");
        assert!(!folded.iter().any(|f| f.starts_with("[Table") || f.starts_with("[Note")), "{folded:?}");
    }

    #[test]
    fn epd_and_pbi_hover() {
        let line = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 bm e5; id \"x\";";
        let h = hover(Lang::Epd, line, ts(2)).unwrap();
        assert!(h.markdown.contains("Black to move"), "{}", h.markdown);
        assert!(hover(Lang::Epd, line, at(line, "bm")).unwrap().markdown.contains("best move"));
        let c = complete_epd(line, ts(line.find("bm").unwrap() + 1));
        assert!(c.iter().any(|c| c.label == "bm"));
        let pbi = "#PBI 1.2\nSm\\xC3\\xADth:8/8/8/8/8/8/8/K6k:#2:::::sound:\n";
        let h = hover(Lang::Pbi, pbi, at(pbi, "th:")).unwrap();
        assert!(h.markdown.contains("Decoded: Sm\u{ed}th"), "{}", h.markdown);
    }
}
