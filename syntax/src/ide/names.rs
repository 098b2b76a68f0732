//! References and rename of names: the players, events and sites a file's games name, read
//! from the tag values that hold them (PGN White and Black, PBN North, East, South and West;
//! Event and Site in both) and from the players a LIN `pn` pair lists, and the values across several files that name the same one, grouped
//! as [`crate::spellings`] groups them for PGN402/PGN403 and PBN120/PBN121 (`Carlsen, Magnus`,
//! `Carlsen,M` and `carlsen, magnus` are one player). The language server lists those values as
//! a name's references and rewrites them all on rename.
//!
//! Values are found with the forgiving [`scan`](super::scan), so that a file with syntax errors
//! elsewhere still has its names. A value that names no one is left out: an unknown one (`?`,
//! empty), a PBN value inherited from the game before (`#`), and a string without its closing
//! quote (where it ends is a guess). A LIN name is one of the comma-separated names of a `pn`
//! value, blanks around it left out (LIN has no quoting: a name holds neither `|` nor `,`).

use super::scan::{scan, tag_pairs};
use crate::pgn::model::{string_escaped, string_value};
use crate::spellings::{is_unknown, NameKind, Spellings};
use crate::text::{TextRange, TextSize};
use crate::Lang;

/// Which tags a name is written in: the values of one field are grouped together, never with
/// another field's (a player and a site of the same spelling are two names).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NameField {
    /// PGN White and Black, PBN North, East, South and West, the names of a LIN `pn`.
    Player,
    Event,
    Site,
}

impl NameField {
    /// The field of tag `tag` in `lang`, if its value is a name.
    fn of_tag(lang: Lang, tag: &str) -> Option<NameField> {
        match (lang, tag) {
            (Lang::Pgn, "White" | "Black") | (Lang::Pbn, "North" | "East" | "South" | "West") => {
                Some(NameField::Player)
            }
            (Lang::Pgn | Lang::Pbn, "Event") => Some(NameField::Event),
            (Lang::Pgn | Lang::Pbn, "Site") => Some(NameField::Site),
            _ => None,
        }
    }

    /// How the spellings of this field's names are matched.
    pub fn kind(self) -> NameKind {
        match self {
            NameField::Player => NameKind::Person,
            NameField::Event | NameField::Site => NameKind::Title,
        }
    }
}

/// One tag value that names a player, event or site.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NameValue {
    pub field: NameField,
    /// The value inside its quotes, as written (escapes and all).
    pub range: TextRange,
    /// The value with its escapes decoded.
    pub name: String,
}

/// Every value of `text` that names a player, event or site, in text order; none for a format
/// without such tags (EPD, PBI).
pub fn name_values(lang: Lang, text: &str) -> Vec<NameValue> {
    if lang == Lang::Lin {
        return lin_players(text);
    }
    if !matches!(lang, Lang::Pgn | Lang::Pbn) {
        return Vec::new();
    }
    let tokens = scan(text);
    tag_pairs(text, &tokens)
        .into_iter()
        .filter_map(|pair| {
            let field = NameField::of_tag(lang, &text[pair.name])?;
            let range = pair.value?;
            // Terminated: the closing quote follows the value.
            text[usize::from(range.end())..].starts_with('"').then_some(())?;
            let written = &text[range];
            let inherited = lang == Lang::Pbn && written.starts_with('#');
            // Decoded from the token, quotes included: a value may end in an escaped quote.
            let token = TextRange::new(range.start() - TextSize::from(1), range.end() + TextSize::from(1));
            (!inherited && !is_unknown(written)).then(|| NameValue {
                field,
                range,
                name: string_value(&text[token]).into_owned(),
            })
        })
        .collect()
}

/// The players of every `pn` pair of a LIN text (a board's four, a vugraph header's eight):
/// each name between commas, blanks around it left out; an empty or unknown one names no one.
fn lin_players(text: &str) -> Vec<NameValue> {
    let parse = crate::lin::parse(text);
    let mut out = Vec::new();
    for board in crate::lin::model::boards(&parse.syntax(), text) {
        for pair in board.pairs.iter().filter(|p| p.is("pn")) {
            let mut at = pair.value_range.start();
            for written in pair.value.split(',') {
                let start = at + TextSize::from((written.len() - written.trim_start().len()) as u32);
                at += TextSize::from(written.len() as u32 + 1);
                let name = written.trim();
                if !is_unknown(name) {
                    out.push(NameValue {
                        field: NameField::Player,
                        range: TextRange::at(start, TextSize::from(name.len() as u32)),
                        name: name.to_owned(),
                    });
                }
            }
        }
    }
    out
}

/// The value among `values` (those of one text, from [`name_values`]) at `offset`, the cursor
/// on it or just after it.
pub fn name_at(values: &[NameValue], offset: TextSize) -> Option<usize> {
    values.iter().position(|v| v.range.contains_inclusive(offset))
}

/// The values naming the same as `values[target.0][target.1]`, as (text, value) indices in
/// order, that value included: `values` holds each text's values ([`name_values`]), and the
/// spellings of the target's field are grouped over all the texts together, as one file's are
/// for its spelling check.
pub fn same_name(values: &[&[NameValue]], target: (usize, usize)) -> Vec<(usize, usize)> {
    let Some(field) = values.get(target.0).and_then(|v| v.get(target.1)).map(|v| v.field) else {
        return Vec::new();
    };
    let of_field: Vec<(usize, usize)> = values
        .iter()
        .enumerate()
        .flat_map(|(t, vs)| vs.iter().enumerate().filter(|(_, v)| v.field == field).map(move |(i, _)| (t, i)))
        .collect();
    let names: Vec<&str> = of_field.iter().map(|&(t, i)| values[t][i].name.as_str()).collect();
    let Some(at) = of_field.iter().position(|&found| found == target) else { return Vec::new() };
    Spellings::of(&names, field.kind()).same_name(at).map(|j| of_field[j]).collect()
}

/// What a rename writes inside the quotes for the new name `name`: the name escaped as a
/// string of `lang` holds it (`"` and `\` behind a backslash); in LIN, which has no quoting,
/// the name as it is. An error when a value cannot hold it: a line break or another control
/// character, no name at all, or in LIN a `|` (which ends the value) or a `,` (which separates
/// the names of `pn`).
pub fn renamed_value(lang: Lang, name: &str) -> Result<String, String> {
    if lang == Lang::Lin {
        if let Some(c) = name.chars().find(|c| matches!(c, '|' | ',')) {
            return Err(format!("a LIN name holds no `{c}`: `|` ends the value and `,` separates the players of `pn`"));
        }
    } else if !matches!(lang, Lang::Pgn | Lang::Pbn) {
        return Err(format!("{} files have no names to rename", lang.id().to_uppercase()));
    }
    if name.trim().is_empty() {
        return Err("the new name is empty".to_owned());
    }
    if name.chars().any(char::is_control) {
        return Err("a tag value holds no line break, tab or other control character".to_owned());
    }
    Ok(if lang == Lang::Lin { name.to_owned() } else { string_escaped(name) })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(lang: Lang, text: &str) -> Vec<(NameField, &str, String)> {
        name_values(lang, text).into_iter().map(|v| (v.field, &text[v.range], v.name)).collect()
    }

    #[test]
    fn the_values_of_player_event_and_site_tags_are_names() {
        let pgn =
            "[Event \"Open\"]\n[Site \"?\"]\n[White \"O'Hara, \\\"Red\\\"\"]\n[Black \"Doe, J\"]\n[Round \"1\"]\n\n\
                   1. e4 {[White \"In, Comment\"]} *\n\n[White \"Unclosed\n";
        assert_eq!(
            names(Lang::Pgn, pgn),
            [
                (NameField::Event, "Open", "Open".to_owned()),
                (NameField::Player, "O'Hara, \\\"Red\\\"", "O'Hara, \"Red\"".to_owned()),
                (NameField::Player, "Doe, J", "Doe, J".to_owned()),
            ]
        );
        let pbn = "[Event \"Pairs\"]\n[North \"Roe, Ann\"]\n[White \"Not, A Seat\"]\n\n[Event \"#\"]\n[South \"-\"]\n";
        assert_eq!(
            names(Lang::Pbn, pbn),
            [(NameField::Event, "Pairs", "Pairs".to_owned()), (NameField::Player, "Roe, Ann", "Roe, Ann".to_owned())]
        );
        assert!(names(Lang::Epd, "rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w - - id \"x\";").is_empty());
    }

    #[test]
    fn the_same_name_is_grouped_across_texts_by_its_spellings() {
        let a = name_values(Lang::Pgn, "[White \"Doe, Jane\"]\n[Black \"Roe, Ann\"]\n[Site \"Doe, Jane\"]\n");
        let b = name_values(Lang::Pgn, "[White \"Roe, Ann\"]\n[Black \"doe,J\"]\n");
        let texts: [&[NameValue]; 2] = [&a, &b];
        assert_eq!(name_at(&a, TextSize::from(8)), Some(0));
        assert_eq!(name_at(&a, TextSize::from(3)), None);
        // `doe,J` stands for the one Jane Doe; the Site of that spelling is another field.
        assert_eq!(same_name(&texts, (0, 0)), [(0, 0), (1, 1)]);
        assert_eq!(same_name(&texts, (1, 1)), [(0, 0), (1, 1)]);
        assert_eq!(same_name(&texts, (0, 1)), [(0, 1), (1, 0)]);
        assert_eq!(same_name(&texts, (0, 2)), [(0, 2)]);
        assert_eq!(same_name(&texts, (2, 0)), []);
    }

    #[test]
    fn the_players_of_a_lin_pn_are_names() {
        let lin = "pn|Ann Roe, bo_ek,,?|md|3SA,,,|\nvg|Final,1|pn|cy|\npn|x|y|";
        let found = names(Lang::Lin, lin);
        assert_eq!(
            found,
            [
                (NameField::Player, "Ann Roe", "Ann Roe".to_owned()),
                (NameField::Player, "bo_ek", "bo_ek".to_owned()),
                (NameField::Player, "cy", "cy".to_owned()),
                (NameField::Player, "x", "x".to_owned()),
            ]
        );
        assert!(names(Lang::Lin, "md|3SA,,,|mb|p|").is_empty());
    }

    #[test]
    fn a_lin_name_is_written_as_it_is_without_a_bar_or_comma() {
        assert_eq!(renamed_value(Lang::Lin, "O'Hara \"Red\"").unwrap(), "O'Hara \"Red\"");
        assert!(renamed_value(Lang::Lin, "Roe, Ann").unwrap_err().contains('`'));
        assert!(renamed_value(Lang::Lin, "a|b").is_err());
        assert!(renamed_value(Lang::Lin, "a\nb").is_err());
        assert!(renamed_value(Lang::Lin, " ").is_err());
    }

    #[test]
    fn a_new_name_is_escaped_and_a_line_break_refused() {
        assert_eq!(renamed_value(Lang::Pgn, "O'Hara, \"Red\" \\ Jr").unwrap(), "O'Hara, \\\"Red\\\" \\\\ Jr");
        assert_eq!(renamed_value(Lang::Pbn, "Roe, Ann").unwrap(), "Roe, Ann");
        assert!(renamed_value(Lang::Pgn, "Doe,\nJane").is_err());
        assert!(renamed_value(Lang::Pgn, "  ").is_err());
        assert!(renamed_value(Lang::Epd, "Doe").is_err());
    }
}
