//! The ECO and Opening tags against the moves (PGN 9.4: opening information of third-party
//! vendors), by the lichess chess-openings table ([`crate::chess::openings`]), and the tags a
//! game without them would get (`check --fix --add-eco`, the editor's code action).
//!
//! Databases classify with their own schemes (ChessBase's ECO codes, Scid's and pgn-extract's
//! names like `Sicilian` or `QGD`), which differ from lichess's in places. So a tag is only a
//! mismatch when no named position the game passes through agrees with it, not when the last
//! one differs; and an Opening tag is only checked when it is written the way lichess names
//! openings (a name or family of the table), never when it is another scheme's name.
//!
//! How lichess's `Family: Variation, Subvariation` meets PGN's tags: lichess's own exports
//! write the whole name in `Opening`, pgn-extract and Scid write `Opening`, `Variation` and
//! `SubVariation`. Both are read: the name is `Opening` alone, or
//! `Opening: Variation, SubVariation` when those tags are there. kibitzer adds the whole name
//! in `Opening` (one tag, the data set's name byte for byte, as lichess does).

use super::tags::{OpeningTags, Value, SEVEN_TAG_ROSTER};
use crate::chess::openings::{Opening, Route};
use crate::diagnostic::{Applicability, Diagnostic, TextEdit};
use crate::pgn::flat::Game;
use crate::pgn::model::string_escaped as escaped;
use crate::text::{TextRange, TextSize};

crate::diagnostic::declare_rules! {
    ECO_MISMATCH = "PGN120" "eco-mismatch" Warning Import "PGN 9.4.1"
        "An ECO code that no named opening position of the game has"
        "The moves of the main line are looked up, position by position (so transpositions count), in the lichess chess-openings table (CC0) up to its longest line. The ECO tag is a mismatch when its code (without a `/01` subcode) is the code of none of the named positions the game passes through, and the game reaches no position on a line of that code (a code names a range of lines, and an ECO reference file gives the code of positions the table does not name); where the game leaves the table's lines, the table cannot tell what another scheme calls its later positions, and the message names the last position it knows; databases that classify with another scheme (ChessBase's) mostly agree with one of them. The fix (not applied by `--fix`) writes the code of the last named position, the game's classification in the data set. Games from a FEN position or of a variant, and games that reach no named position, are not checked."
        bad: "[ECO \"C20\"]\n\n1. d4 d5 *\n", good: "[ECO \"D00\"]\n\n1. d4 d5 *\n";
    OPENING_NAME_MISMATCH = "PGN121" "opening-name-mismatch" Warning Import "PGN 9.4"
        "An Opening tag (with Variation, SubVariation) that names none of the game's opening positions"
        "The opening's name is the Opening tag, or `Opening: Variation, SubVariation` when those tags are there (pgn-extract's and Scid's three tags; lichess writes the whole name in Opening). It is checked only when it is a name of the lichess chess-openings table (CC0), or the family before its colon, so that names of other schemes (`Sicilian`, `QGD`) are left alone. It is a mismatch when none of the named positions the main line passes through (by position, so transpositions count) has that name or, for a family alone, that family. The fix (not applied by `--fix`) writes the last named position's name. Games from a FEN position or of a variant, and games that reach no named position, are not checked."
        bad: "[Opening \"French Defense\"]\n\n1. e4 c5 *\n", good: "[Opening \"Sicilian Defense\"]\n\n1. e4 c5 *\n";
}

/// Checks the opening tags of a game replayed from the standard initial position against the
/// named positions its main line passed through.
pub(super) fn check(tags: &OpeningTags, route: &Route, out: &mut Vec<Diagnostic>) {
    let Some(last) = route.last() else { return };
    if let Some((value, range)) = &tags.eco {
        check_eco(value, *range, last, route, out);
    }
    if let Some((value, range)) = &tags.opening {
        check_name(value, *range, tags, last, route, out);
    }
}

fn check_eco(value: &str, range: TextRange, last: &Opening, route: &Route, out: &mut Vec<Diagnostic>) {
    // `?`, an empty value or a malformed code (PGN114's) is no classification to compare.
    let code = value.get(..3).filter(|_| value.len() == 3 || value.as_bytes()[3] == b'/');
    let is_code = |c: &&str| matches!(c.as_bytes(), [b'A'..=b'E', b'0'..=b'9', b'0'..=b'9']);
    let Some(code) = code.filter(is_code) else { return };
    // A code names a range of lines: right when the game reaches a position on one of them,
    // which the table may not name (ECO reference files give the code of such positions).
    if route.passed().iter().any(|o| o.eco == code) || route.reaches_line_of(code) {
        return;
    }
    out.push(
        Diagnostic::new(
            &ECO_MISMATCH,
            range,
            format!(
                "ECO `{value}` is the code of none of the game's opening positions; the moves reach {} `{}` ({}){}",
                last.eco,
                last.name,
                "lichess chess-openings",
                match route.leaves_the_table_at() {
                    Some(ply) => format!(
                        ", and from ply {ply} on leave its lines, where the table cannot tell what another scheme calls them"
                    ),
                    None => String::new(),
                }
            ),
        )
        .with_fix(
            format!("Replace with `{}` ({})", last.eco, last.name),
            vec![TextEdit::replace(range, last.eco)],
            Applicability::Unsafe,
        ),
    );
}

fn check_name(
    opening: &str,
    range: TextRange,
    tags: &OpeningTags,
    last: &Opening,
    route: &Route,
    out: &mut Vec<Diagnostic>,
) {
    let variation = tags.variation.as_ref().map(|(v, _)| v.as_ref()).filter(|v| !v.is_empty());
    let subvariation = tags.subvariation.as_ref().map(|(v, _)| v.as_ref()).filter(|v| !v.is_empty());
    let name = match (variation, subvariation) {
        (None, None) => opening.to_owned(),
        (Some(v), None) => format!("{opening}: {v}"),
        (Some(v), Some(s)) => format!("{opening}: {v}, {s}"),
        (None, Some(s)) => format!("{opening}: {s}"),
    };
    let family_only = variation.is_none() && subvariation.is_none() && !name.contains(':');
    let known = crate::chess::openings::is_name(&name) || (family_only && crate::chess::openings::is_family(&name));
    if !known {
        return;
    }
    let agrees = |o: &&Opening| o.name == name || (family_only && o.family() == name);
    if route.passed().iter().any(agrees) {
        return;
    }
    let written = match (&tags.variation, &tags.subvariation) {
        (None, None) => "Opening",
        (Some(_), None) => "Opening and Variation",
        (None, Some(_)) => "Opening and SubVariation",
        (Some(_), Some(_)) => "Opening, Variation and SubVariation",
    };
    let mut d = Diagnostic::new(
        &OPENING_NAME_MISMATCH,
        range,
        format!(
            "{written} `{name}` is the name of none of the game's opening positions; the moves reach {} `{}` ({})",
            last.eco, last.name, "lichess chess-openings"
        ),
    );
    if let Some(edits) = name_edits(tags, family_only, last) {
        let expected = if family_only { last.family() } else { last.name };
        d = d.with_fix(format!("Name the opening `{expected}`"), edits, Applicability::Unsafe);
    }
    out.push(d);
}

/// The edits that give `game` the ECO and Opening tags it lacks (absent, empty or `?`): the
/// code and the whole name of the last named position its main line reaches. An Opening
/// written as pgn-extract's three tags (with a Variation or SubVariation) is left alone. A new
/// tag goes where export order puts it (`kibitzer fmt`: the Seven Tag Roster, then the others
/// by name), before the first later tag, else after the last tag.
pub(super) fn additions(text: &str, game: &Game<'_>, tags: &OpeningTags, route: &Route) -> Vec<TextEdit> {
    let Some(last) = route.last() else { return Vec::new() };
    let unknown = |tag: &Option<Value>| tag.as_ref().is_none_or(|(v, _)| v.is_empty() || v == "?");
    let mut edits = Vec::new();
    let mut new_tags: Vec<(&str, &str)> = Vec::new();
    let three_tags = tags.variation.is_some() || tags.subvariation.is_some();
    for (name, tag, value) in [("ECO", &tags.eco, last.eco), ("Opening", &tags.opening, last.name)] {
        if !unknown(tag) || (name == "Opening" && three_tags) {
            continue;
        }
        match tag {
            Some((_, range)) => edits.push(TextEdit::replace(*range, escaped(value))),
            None => new_tags.push((name, value)),
        }
    }
    let eol = if text[game.range()].contains("\r\n") { "\r\n" } else { "\n" };
    // Tags added at one place make one edit, in export order (ECO before Opening).
    let mut places: Vec<(Insertion, Vec<String>)> = Vec::new();
    for (name, value) in new_tags {
        let line = format!("[{name} \"{}\"]", escaped(value));
        let place = insertion_point(game, name);
        match places.last_mut() {
            Some((last, lines)) if *last == place => lines.push(line),
            _ => places.push((place, vec![line])),
        }
    }
    for (place, lines) in places {
        let lines = lines.join(eol);
        edits.push(match place {
            Insertion::Before(at) => TextEdit::insert(at, format!("{lines}{eol}")),
            Insertion::After(at) => TextEdit::insert(at, format!("{eol}{lines}")),
            Insertion::NoTags(at) => TextEdit::insert(at, format!("{lines}{eol}{eol}")),
        });
    }
    edits
}

/// Where a new tag goes in a game's tag section.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Insertion {
    /// Before the tag that starts here.
    Before(TextSize),
    /// After the last tag, which ends here.
    After(TextSize),
    /// The game has no tags: at its start, with an empty line before the moves.
    NoTags(TextSize),
}

fn insertion_point(game: &Game<'_>, name: &str) -> Insertion {
    let mut last_end = None;
    for tag in game.tags() {
        let Some((tag_name, _)) = tag.parts() else { continue };
        if !SEVEN_TAG_ROSTER.contains(&tag_name.text) && tag_name.text > name {
            return Insertion::Before(tag.range().start());
        }
        last_end = Some(tag.range().end());
    }
    match last_end {
        Some(end) => Insertion::After(end),
        None => Insertion::NoTags(game.range().start()),
    }
}

/// The edits that name `last` in the form the tags use: a family alone stays a family, a
/// whole name in Opening stays whole, and the three tags get the three parts when the game
/// has exactly the tags those parts need (otherwise no fix: tags would have to come or go).
fn name_edits(tags: &OpeningTags, family_only: bool, last: &Opening) -> Option<Vec<TextEdit>> {
    let (_, opening_range) = tags.opening.as_ref()?;
    if tags.variation.is_none() && tags.subvariation.is_none() {
        let expected = if family_only { last.family() } else { last.name };
        return Some(vec![TextEdit::replace(*opening_range, expected)]);
    }
    let (family, variation, subvariation) = last.parts();
    if variation.is_some() != tags.variation.is_some() || subvariation.is_some() != tags.subvariation.is_some() {
        return None;
    }
    let mut edits = vec![TextEdit::replace(*opening_range, family)];
    for (part, tag) in [(variation, &tags.variation), (subvariation, &tags.subvariation)] {
        if let (Some(part), Some((_, range))) = (part, tag) {
            edits.push(TextEdit::replace(*range, part));
        }
    }
    Some(edits)
}

#[cfg(test)]
mod tests {
    use crate::config::CheckOptions;
    use crate::diagnostic::Diagnostic;

    fn opening_diagnostics(text: &str) -> Vec<Diagnostic> {
        let all = crate::check(crate::Lang::Pgn, text, &CheckOptions::default());
        all.into_iter().filter(|d| d.code == "PGN120" || d.code == "PGN121").collect()
    }

    fn fixed(text: &str) -> String {
        let mut edits: Vec<_> = opening_diagnostics(text).into_iter().flat_map(|d| d.fix.unwrap().edits).collect();
        edits.sort_by_key(|e| e.range.start());
        crate::diagnostic::apply_edits(text, &edits).0
    }

    const NAJDORF: &str = "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 *\n";

    #[test]
    fn an_eco_code_of_any_position_passed_through_agrees() {
        for eco in ["B90", "B50", "B20", "B00", "B90/01", "?", "", "F12", "b90"] {
            assert_eq!(opening_diagnostics(&format!("[ECO \"{eco}\"]\n\n{NAJDORF}")), vec![], "{eco}");
        }
        let text = format!("[ECO \"C60\"]\n\n{NAJDORF}");
        let found = opening_diagnostics(&text);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].code, "PGN120");
        assert!(found[0].message.contains("reach B90 `Sicilian Defense: Najdorf Variation`"), "{}", found[0].message);
        assert_eq!(fixed(&text), format!("[ECO \"B90\"]\n\n{NAJDORF}"));
    }

    /// An ECO reference file (pgn-extract's `eco.pgn`) gives the code of each line's last
    /// position, which the table may not name: a position on a line of that code is no mismatch.
    #[test]
    fn an_eco_code_whose_lines_the_game_is_on_agrees() {
        for (eco, moves) in [
            ("B07", "1. e4 d6 2. d4 Nf6 3. Nc3 *\n"),
            ("B54", "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 *\n"),
            ("C77", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 *\n"),
            ("E00", "1. d4 Nf6 2. c4 e6 *\n"),
        ] {
            assert_eq!(opening_diagnostics(&format!("[ECO \"{eco}\"]\n\n{moves}")), vec![], "{eco} {moves}");
        }
        // Off every line of B07 (1. e4 c5 is the Sicilian): a mismatch, and where the game leaves
        // the table's lines the message says that the table cannot tell what comes after.
        let found = opening_diagnostics("[ECO \"B07\"]\n\n1. e4 c5 2. Ke2 Qa5 3. Ke1 Qd8 4. Ke2 Qa5 5. Ke1 Qd8 *\n");
        assert_eq!(found.len(), 1, "{found:#?}");
        assert!(found[0].message.contains("on leave its lines, where the table cannot tell"), "{}", found[0].message);
    }

    #[test]
    fn an_opening_name_in_the_tables_vocabulary_is_checked() {
        for name in
            ["Sicilian Defense", "Sicilian Defense: Najdorf Variation", "King's Pawn Game", "Sicilian", "Whatever"]
        {
            assert_eq!(opening_diagnostics(&format!("[Opening \"{name}\"]\n\n{NAJDORF}")), vec![], "{name}");
        }
        // A family alone is replaced by a family, a whole name by a whole name.
        let text = format!("[Opening \"French Defense\"]\n\n{NAJDORF}");
        assert_eq!(fixed(&text), format!("[Opening \"Sicilian Defense\"]\n\n{NAJDORF}"));
        let text = format!("[Opening \"Sicilian Defense: Dragon Variation\"]\n\n{NAJDORF}");
        assert_eq!(fixed(&text), format!("[Opening \"Sicilian Defense: Najdorf Variation\"]\n\n{NAJDORF}"));
    }

    #[test]
    fn the_three_opening_tags_read_as_one_name() {
        let tags = |o: &str, v: &str| format!("[Opening \"{o}\"]\n[Variation \"{v}\"]\n\n{NAJDORF}");
        assert_eq!(opening_diagnostics(&tags("Sicilian Defense", "Najdorf Variation")), vec![]);
        // pgn-extract's names are another scheme: not checked.
        assert_eq!(opening_diagnostics(&tags("Sicilian", "Najdorf")), vec![]);
        let text = tags("Sicilian Defense", "Dragon Variation");
        assert_eq!(opening_diagnostics(&text)[0].code, "PGN121");
        assert_eq!(fixed(&text), tags("Sicilian Defense", "Najdorf Variation"));
    }

    #[test]
    fn games_not_from_the_initial_position_or_without_a_named_position_are_not_checked() {
        let fen = "[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n";
        assert_eq!(opening_diagnostics(&format!("[ECO \"C60\"]\n{fen}\n{NAJDORF}")), vec![]);
        assert_eq!(opening_diagnostics(&format!("[ECO \"C60\"]\n[Variant \"Chess960\"]\n\n{NAJDORF}")), vec![]);
        assert_eq!(opening_diagnostics("[ECO \"C60\"]\n[Opening \"Ruy Lopez\"]\n\n*\n"), vec![]);
    }

    #[test]
    fn transpositions_count() {
        // The Nimzo-Indian reached from the English.
        let text = "[ECO \"E20\"]\n[Opening \"Nimzo-Indian Defense\"]\n\n1. c4 e6 2. Nc3 Nf6 3. d4 Bb4 *\n";
        assert_eq!(opening_diagnostics(text), vec![]);
    }
}
