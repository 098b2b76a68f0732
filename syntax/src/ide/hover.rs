//! Hover: what the element at the cursor is and what it means — tags, tag values (a PBN
//! contract's scores, a deal or a FEN drawn), NAGs, note references, command comments, moves,
//! calls and cards, EPD fields and opcodes, PBI fields, a LIN deal.

use super::diagrams;
use super::docs::{self, TagDoc};
use super::note_navigation::note_definition;
use super::scan::{scan, tag_pairs, token_at, Kind};
use super::split::{epd_words, lines, ts};
use super::types::HoverInfo;
use super::{bridge, chess};
use crate::pbn::model::DealData;
use crate::text::{TextRange, TextSize};
use crate::Lang;

/// What is at `offset` and what it means, with text diagrams.
pub fn hover(lang: Lang, text: &str, offset: TextSize) -> Option<HoverInfo> {
    hover_with(lang, text, offset, false)
}

/// [`hover`], with positions, deals and tricks drawn as SVG pictures (Markdown `data:` images)
/// when `pictures` is set: for clients that show images.
pub fn hover_with(lang: Lang, text: &str, offset: TextSize, pictures: bool) -> Option<HoverInfo> {
    hover_after(lang, text, offset, pictures, &DealData::default())
}

/// [`hover_with`] in a PBN game that follows games whose last left `previous` (its Dealer,
/// Vulnerable and Deal, [`crate::UnitState::previous_deal`]): on the Auction or Play tag of a
/// game that has neither a Deal nor a Dealer and so takes the previous game's (PBN702's
/// reading), the hover draws that deal and gives its BBO handviewer link.
pub fn hover_after(lang: Lang, text: &str, offset: TextSize, pictures: bool, previous: &DealData) -> Option<HoverInfo> {
    match lang {
        Lang::Pgn | Lang::Pbn => hover_tagged(lang, text, offset, pictures, previous),
        Lang::Epd => hover_epd(text, offset, pictures),
        Lang::Pbi => hover_pbi(text, offset, pictures),
        Lang::Lin => hover_lin(text, offset, pictures),
    }
}

/// Hover on a LIN board's deal (`md`, its name or value): the hand picture of a PBN Deal, the
/// dealer and vulnerability when the board gives them, and the board's deal as PBN tags.
fn hover_lin(text: &str, offset: TextSize, pictures: bool) -> Option<HoverInfo> {
    use crate::lin::{model, pbn, read};
    let parse = crate::lin::parse(text);
    let boards = model::boards(&parse.syntax(), text);
    let pairs = boards.iter().find(|b| !b.header && b.range.contains_inclusive(offset))?;
    let md = pairs.pairs.iter().find(|p| p.is("md") && p.range.contains_inclusive(offset))?;
    let board = read::read_board(pairs, None, &mut Vec::new());
    let dealer = board.dealer.map(|d| d.letter().to_string());
    let vulnerable = board.vulnerable.map(|v| v.as_str());
    let tags = diagrams::DealTags { dealer: dealer.as_deref(), vulnerable, ..Default::default() };
    let mut md_text = diagrams::deal_markdown(&pbn::deal_value(&board)?, tags, pictures)?;
    let facts: Vec<String> =
        [dealer.map(|d| format!("dealer **{d}**")), vulnerable.map(|v| format!("vulnerable **{v}**"))]
            .into_iter()
            .flatten()
            .collect();
    if !facts.is_empty() {
        md_text.push_str(&format!("\n\n{}", facts.join(", ")));
    }
    md_text.push_str(&format!("\n\nAs PBN:\n```\n{}```", pbn::deal_tags(&board)));
    Some(HoverInfo { range: md.range, markdown: md_text })
}

fn hover_tagged(lang: Lang, text: &str, offset: TextSize, pictures: bool, previous: &DealData) -> Option<HoverInfo> {
    let tokens = scan(text);
    let tok = token_at(&tokens, offset)?;
    let pairs = tag_pairs(text, &tokens);
    let info = |markdown: String| Some(HoverInfo { range: tok.range, markdown });
    match tok.kind {
        Kind::TagName => {
            let name = &text[tok.range];
            let mut markdown = match docs::tag_doc(lang, name) {
                Some(t) => docs::tag_markdown(t),
                None => format!("**{name}** — not a standard {} tag", lang_name(lang)),
            };
            if lang == Lang::Pbn && matches!(name, "Auction" | "Play") {
                if let Some(taken) = taken_deal_markdown(text, &pairs, pictures, previous) {
                    markdown = format!("{markdown}\n\n---\n\n{taken}");
                }
            }
            info(markdown)
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
                let tags = diagrams::DealTags {
                    dealer: tag("Dealer"),
                    vulnerable: tag("Vulnerable"),
                    contract: tag("Contract"),
                    declarer: tag("Declarer"),
                    result: tag("Result"),
                };
                let picture = diagrams::deal_markdown(value, tags, pictures)?;
                return info(match crate::lin::handviewer::url_of_pbn(text) {
                    Some(url) => format!("{picture}\n\n[Open in BBO's handviewer]({url})\n\n`{url}`"),
                    None => picture,
                });
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
        Lang::Lin => "LIN",
    }
}

/// The deal a PBN game without Deal and Dealer takes from the game before (`previous`, PBN702's
/// reading), drawn, with its BBO handviewer link; `None` when the game takes none.
fn taken_deal_markdown(
    text: &str,
    pairs: &[super::scan::TagPair],
    pictures: bool,
    previous: &DealData,
) -> Option<String> {
    let tag = |n: &str| pairs.iter().find(|p| &text[p.name] == n).and_then(|p| p.value).map(|v| &text[v]);
    let has_tag = |n: &str| pairs.iter().any(|p| &text[p.name] == n);
    let own_vulnerable = tag("Vulnerable").and_then(crate::bridge::score::Vulnerability::parse);
    let taken = previous.taken_by(has_tag, own_vulnerable)?;
    let deal =
        crate::bridge::deal::write_deal(taken.deal.as_ref()?, taken.dealer.unwrap_or(crate::bridge::cards::Seat::N));
    let dealer = taken.dealer.map(|d| d.letter().to_string());
    let tags = diagrams::DealTags {
        dealer: dealer.as_deref(),
        vulnerable: taken.vulnerable.map(|v| v.as_str()),
        ..Default::default()
    };
    let picture = diagrams::deal_markdown(&deal, tags, pictures)?;
    let mut out = format!("The game has no Deal or Dealer: it plays the previous game's deal (PBN702)\n\n{picture}");
    if let Some(url) = crate::lin::handviewer::url_of_pbn_after(text, previous) {
        out.push_str(&format!("\n\n[Open in BBO's handviewer]({url})\n\n`{url}`"));
    }
    Some(out)
}

fn tag_value_markdown(lang: Lang, name: &str, value: &str, pictures: bool) -> Option<String> {
    if name == "FEN" && lang == Lang::Pgn {
        return diagrams::fen_markdown(value, pictures);
    }
    let doc: &TagDoc = docs::tag_doc(lang, name)?;
    let first = value.split(';').next().unwrap_or(value);
    let (v, m) = doc.values.iter().find(|(v, _)| *v == value || (name == "Scoring" && *v == first))?;
    Some(format!("`{v}`: {m} *({} {})*", doc.name, doc.section))
}

fn hover_epd(text: &str, offset: TextSize, pictures: bool) -> Option<HoverInfo> {
    let offset = usize::from(offset);
    let (start, line) = lines(text).find(|(s, l)| (*s..=s + l.len()).contains(&offset))?;
    let words = epd_words(line);
    let (k, (w_start, word)) =
        words.iter().enumerate().find(|(_, (s, w))| (start + s..=start + s + w.len()).contains(&offset))?;
    let range = TextRange::at(ts(start + w_start), ts(word.len()));
    let md = if k < 4 {
        diagrams::fen_markdown(line, pictures)?
    } else {
        // An opcode starts the line's fifth word and each word after a `;`.
        let is_opcode = line[..*w_start].trim_end().ends_with(';') || k == 4;
        let doc = docs::opcode_doc(word).filter(|_| is_opcode)?;
        format!("**{word}**: {doc} *(PGN 16.2.5)*")
    };
    Some(HoverInfo { range, markdown: md })
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
                    let diagram = diagrams::board_markdown(&grid, &Default::default(), "position", pictures);
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
    use crate::ide::test_texts::{at, PBN, PGN};

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

    #[test]
    fn epd_and_pbi_hover() {
        let line = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 bm e5; id \"x\";";
        let h = hover(Lang::Epd, line, ts(2)).unwrap();
        assert!(h.markdown.contains("Black to move"), "{}", h.markdown);
        assert!(hover(Lang::Epd, line, at(line, "bm")).unwrap().markdown.contains("best move"));
        let pbi = "#PBI 1.2\nSm\\xC3\\xADth:8/8/8/8/8/8/8/K6k:#2:::::sound:\n";
        let h = hover(Lang::Pbi, pbi, at(pbi, "th:")).unwrap();
        assert!(h.markdown.contains("Decoded: Sm\u{ed}th"), "{}", h.markdown);
    }

    #[test]
    fn a_lin_deal_shows_its_hands_dealer_vulnerability_and_pbn() {
        let lin = "pn|Ann,Bob,Cy,Di|md|3S765H432DAKQJCT98,S432HAKQJDT98C765,SAKQJHT98D765C432,|sv|e|mb|p|\n";
        let h = hover(Lang::Lin, lin, at(lin, "DAKQJCT98")).unwrap();
        assert_eq!(&lin[h.range], "md|3S765H432DAKQJCT98,S432HAKQJDT98C765,SAKQJHT98D765C432,|");
        assert!(h.markdown.contains("♠ AKQJ") && h.markdown.contains("♦ AKQJ"), "{}", h.markdown);
        assert!(h.markdown.contains("dealer **N**, vulnerable **EW**"), "{}", h.markdown);
        assert!(h
            .markdown
            .contains("[Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]"));
        assert!(hover(Lang::Lin, lin, at(lin, "Bob")).is_none());
        let picture = hover_with(Lang::Lin, lin, at(lin, "md|"), true).unwrap();
        assert!(picture.markdown.contains("data:image/svg+xml"), "{}", picture.markdown);
    }

    #[test]
    fn a_pbn_deal_links_to_bbo_handviewer() {
        let pbn = "[Dealer \"S\"]\n[Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n";
        let h = hover(Lang::Pbn, pbn, at(pbn, "N:")).unwrap();
        let url = crate::lin::handviewer::url_of_pbn(pbn).unwrap();
        assert!(h.markdown.contains(&format!("]({url})")), "{}", h.markdown);
        assert!(h.markdown.contains("♠ AKQJ"), "{}", h.markdown);
    }
}
