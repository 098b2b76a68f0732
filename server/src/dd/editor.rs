//! The language server's double-dummy features: the hover on a `Deal` tag (the trick table and
//! par) and the edits that write the analysis into a game.

use kibitzer_syntax::diagnostic::TextEdit;
use kibitzer_syntax::{TextRange, TextSize};

use super::solver::{
    boards, dd_tricks_string, seat_letter, side_score, strain_letter, tricks, SolvedDeals, SEATS, STRAINS,
};

/// Markdown for a hover on a `Deal` tag of `text` (one game, as the language server cuts it): the
/// double-dummy table and par.
pub fn hover(text: &str, offset: TextSize, solved: &SolvedDeals) -> Option<(TextRange, String)> {
    let boards = boards(text);
    let board = boards.iter().find(|b| b.game.tag("Deal").is_some_and(|t| t.range.contains_inclusive(offset)))?;
    let tag = board.game.tag("Deal")?;
    let analysis = solved.solve_first(&board.key);
    let mut md = String::from("**Double dummy** (DDS): tricks for each declarer\n\n| | NT | ♠ | ♥ | ♦ | ♣ |\n|---|---:|---:|---:|---:|---:|\n");
    for seat in SEATS {
        md.push_str(&format!("| {} |", seat_letter(seat)));
        for strain in STRAINS {
            md.push_str(&format!(" {} |", tricks(&analysis.table, seat, strain)));
        }
        md.push('\n');
    }
    md.push_str(&format!(
        "\nPar {} ({}) · `DoubleDummyTricks \"{}\"`",
        side_score(analysis.par_score),
        analysis.par_contracts.join(", "),
        dd_tricks_string(&analysis.table)
    ));
    Some((tag.range, md))
}

/// The columns of the `OptimumResultTable` written (PBN 5.7), as BridgeComposer writes them:
/// the declarer, then denomination and tricks right-aligned in two characters.
const RESULT_TABLE_COLUMNS: &str = "Declarer;Denomination\\2R;Result\\2R";

/// Edits of `text` (PBN) that write the analysis of the game at `offset`: `DoubleDummyTricks`,
/// `OptimumScore` (PBN 4.2.7) and `ParContract` after the `Deal` line, the `OptimumResultTable`
/// (PBN 5.7, all 20 rows) at the end of the game; tags already there get the solver's values
/// in place, so the game's layout is kept. With the game's range; `None` when no game with a
/// complete deal is there.
pub fn analysis_edits(text: &str, offset: TextSize, solved: &SolvedDeals) -> Option<(TextRange, Vec<TextEdit>)> {
    let boards = boards(text);
    let board = boards.iter().find(|b| b.game.range.contains_inclusive(offset))?;
    let analysis = solved.solve_first(&board.key);
    let game = &board.game;
    let deal = game.tag("Deal")?;
    let eol = if text[game.range].contains("\r\n") { "\r\n" } else { "\n" };
    let mut edits = Vec::new();
    // Where a line may be inserted after the deal: the start of the next line.
    let after_deal = match text[usize::from(deal.range.end())..usize::from(game.range.end())].find('\n') {
        Some(at) => deal.range.end() + TextSize::from(at as u32 + 1),
        None => deal.range.end(),
    };
    let mut new_tags = Vec::new();
    // A deal that all four pass out has no par contract: its stale ParContract goes.
    let par_contracts = (!analysis.par_contracts.is_empty()).then(|| analysis.par_contracts.join(", "));
    let values = [
        ("DoubleDummyTricks", Some(dd_tricks_string(&analysis.table))),
        ("OptimumScore", Some(side_score(analysis.par_score))),
        ("ParContract", par_contracts),
    ];
    for (name, value) in values {
        match (game.tag(name), value) {
            (Some(tag), Some(value)) if tag.value != value => edits.push(TextEdit::replace(tag.value_range, value)),
            (Some(tag), None) => {
                let line_end = if text[usize::from(tag.range.end())..].starts_with(eol) { eol.len() } else { 0 };
                edits.push(TextEdit::delete(TextRange::new(
                    tag.range.start(),
                    tag.range.end() + TextSize::from(line_end as u32),
                )));
            }
            (None, Some(value)) => new_tags.push(format!("[{name} \"{value}\"]")),
            _ => {}
        }
    }
    if !new_tags.is_empty() {
        let lines = if text[..usize::from(after_deal)].ends_with('\n') {
            new_tags.iter().map(|t| format!("{t}{eol}")).collect()
        } else {
            // The deal ends the text: the tags go on lines of their own after it.
            new_tags.iter().map(|t| format!("{eol}{t}")).collect::<String>()
        };
        edits.push(TextEdit::insert(after_deal, lines));
    }
    let mut table = format!("[OptimumResultTable \"{RESULT_TABLE_COLUMNS}\"]");
    for seat in SEATS {
        for strain in STRAINS {
            let tricks = tricks(&analysis.table, seat, strain);
            table.push_str(&format!("{eol}{} {:>2} {tricks:>2}", seat_letter(seat), strain_letter(strain)));
        }
    }
    // The end of what the game says: its last tag or section item, before the trivia after it.
    let content_end = |tag: &kibitzer_syntax::pbn::model::Tag<'_>| {
        tag.section_items().last().map_or(tag.range.end(), |t| t.range.end())
    };
    match game.tag("OptimumResultTable") {
        Some(tag) => {
            let written = &text[TextRange::new(tag.range.start(), content_end(tag))];
            if written != table {
                edits.push(TextEdit::replace(TextRange::new(tag.range.start(), content_end(tag)), table));
            }
        }
        None => {
            let end = game.tags.iter().map(content_end).max().unwrap_or(game.range.end());
            edits.push(TextEdit::insert(end, format!("{eol}{table}")));
        }
    }
    Some((game.range, edits))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dd::verify;
    use kibitzer_syntax::CheckOptions;

    /// Each hand holds one suit: whoever has trumps takes all 13; in notrump the leader's suit
    /// runs (declarer N: East leads his suit).
    /// The analysis written into a game whose deal ends the text (no line end after it) and into
    /// one in CRLF with a stale tag and a table: the solver then agrees with every tag.
    #[test]
    fn the_analysis_written_in_checks_clean() {
        let solved = SolvedDeals::new();
        let ends = "[Board \"1\"]\n[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]";
        let stale = "[Board \"1\"]\r\n[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\r\n\
                     [OptimumScore \"NS 1\"]\r\n[OptimumResultTable \"Declarer;Result\"]\r\nN 2\r\n[Auction \"N\"]\r\n7S AP\r\n";
        for text in [ends, stale] {
            let (_, edits) = analysis_edits(text, TextSize::from(3), &solved).unwrap();
            let (written, _) = kibitzer_syntax::diagnostic::apply_edits(text, &edits);
            assert_eq!(verify(&written, &CheckOptions::default()), vec![], "{written}");
            assert_eq!(boards(&written).len(), 1, "{written}");
            assert!(written.contains("[DoubleDummyTricks \"0d0d00d0d000d0d00d0d\"]"), "{written}");
            assert!(written.contains("[OptimumScore \"NS 1510\"]") && written.contains("W  C 13"), "{written}");
            assert_eq!(written.contains('\r'), text.contains('\r'), "{written}");
            // Written again: nothing left to change.
            assert_eq!(analysis_edits(&written, TextSize::from(3), &solved).unwrap().1, vec![], "{written}");
        }
    }
}
