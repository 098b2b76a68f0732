//! PGN text ↔ PGC games.

use super::model::{Game, Item};
use crate::chess::san::{self, SanMove};
use crate::pgn::model::{games, string_value};
use crate::pgn::syntax_kind::{SyntaxKind, SyntaxNode};
use crate::text::TextRange;
use cozy_chess::Board;
use rowan::NodeOrToken;

/// What a game of a PGN text loses in PGC.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Lost {
    pub comments: usize,
}

/// A game of a PGN text, ready for PGC or not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnGame {
    /// The game's text in the PGN.
    pub range: TextRange,
    /// The game, or why it cannot be written in PGC (a syntax error, an illegal or null move).
    pub game: Result<Game, String>,
    pub lost: Lost,
}

/// The games of a PGN text.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FromPgn {
    pub games: Vec<PgnGame>,
}

/// Reads the games of a PGN text: tags, moves replayed and spelled canonically, NAGs (suffixes
/// as NAGs), variations and escape lines.
pub fn from_pgn(text: &str) -> FromPgn {
    let parse = crate::pgn::parse(text);
    let root = parse.syntax();
    let errors: Vec<TextRange> = parse.errors().iter().map(|d| d.range).collect();
    let mut out = FromPgn::default();
    for game in games(&root) {
        let range = game.range();
        let mut lost = Lost::default();
        let result = if errors.iter().any(|e| range.contains_range(*e) || e.start() == range.end()) {
            Err("the game has a syntax error".to_owned())
        } else {
            read_game(&game, &mut lost)
        };
        out.games.push(PgnGame { range, game: result, lost });
    }
    out
}

fn read_game(game: &crate::pgn::model::Game, lost: &mut Lost) -> Result<Game, String> {
    let mut out = Game::default();
    for tag in game.tags() {
        let (name, value) = tag.parts().ok_or("a tag without a name or value")?;
        out.tags.push((name.text().to_owned(), string_value(value.text()).into_owned()));
    }
    let start = out.start()?;
    if let Some(movetext) = game.movetext() {
        let mut ply = 0;
        out.moves = read_line(&movetext, start, lost, &mut ply)?;
    }
    Ok(out)
}

/// The items of a movetext or variation node, replayed from `board`. Recursion is bounded by
/// the parser's cap on variation depth.
fn read_line(node: &SyntaxNode, mut board: Board, lost: &mut Lost, ply: &mut usize) -> Result<Vec<Item>, String> {
    let mut items = Vec::new();
    let mut before: Option<Board> = None;
    for element in node.children_with_tokens() {
        match element {
            NodeOrToken::Node(node) => match node.kind() {
                SyntaxKind::MOVE => {
                    *ply += 1;
                    let mut suffix = None;
                    let mut written = None;
                    for token in node.children_with_tokens().filter_map(|e| e.into_token()) {
                        match token.kind() {
                            SyntaxKind::SAN => written = Some(token.text().to_owned()),
                            SyntaxKind::SUFFIX => suffix = Some(token.text().to_owned()),
                            _ => {}
                        }
                    }
                    let written = written.ok_or_else(|| format!("ply {ply}: a move without SAN"))?;
                    let parsed = san::parse(&written).ok_or_else(|| format!("ply {ply}: `{written}` is not SAN"))?;
                    if matches!(parsed.mv, SanMove::Null) {
                        return Err(format!("ply {ply}: PGC has no null move (`{written}`)"));
                    }
                    let mv = match san::resolve(&board, &parsed.mv, parsed.spelling.ambiguous_b) {
                        san::Resolution::Legal(m) => m,
                        _ => return Err(format!("ply {ply}: `{written}` is not a legal move")),
                    };
                    let mut after = board.clone();
                    after.try_play(mv).map_err(|_| format!("ply {ply}: `{written}` is not a legal move"))?;
                    items.push(Item::Move(san::canonical(&board, mv, &after).to_string()));
                    before = Some(std::mem::replace(&mut board, after));
                    if let Some(suffix) = suffix {
                        items.push(Item::Nag(
                            crate::chess::nag::of_suffix(&suffix)
                                .ok_or_else(|| format!("unknown suffix `{suffix}`"))?,
                        ));
                    }
                }
                SyntaxKind::VARIATION => {
                    let from =
                        before.clone().ok_or_else(|| format!("ply {}: a variation before any move", *ply + 1))?;
                    items.push(Item::Variation(read_line(&node, from, lost, ply)?));
                }
                SyntaxKind::MOVE_NUMBER => {}
                _ => return Err("the game has a syntax error".to_owned()),
            },
            NodeOrToken::Token(token) => match token.kind() {
                SyntaxKind::NAG => {
                    let n: u8 = token.text()[1..]
                        .parse()
                        .map_err(|_| format!("`{}` does not fit PGC's NAG byte", token.text()))?;
                    items.push(Item::Nag(n));
                }
                SyntaxKind::SUFFIX => {
                    let nag = crate::chess::nag::of_suffix(token.text())
                        .ok_or_else(|| format!("unknown suffix `{}`", token.text()))?;
                    items.push(Item::Nag(nag));
                }
                SyntaxKind::COMMENT | SyntaxKind::LINE_COMMENT => lost.comments += 1,
                SyntaxKind::ESCAPE => {
                    let line = token.text().trim_end_matches(['\r', '\n']);
                    items.push(Item::Escape(line.strip_prefix('%').unwrap_or(line).to_owned()));
                }
                _ => {}
            },
        }
    }
    Ok(items)
}

/// PGN written from PGC games, with where each game and ply landed in it.
#[derive(Debug, Clone, Default)]
pub struct Written {
    pub text: String,
    /// Per game, its range in `text` and the start of each ply (1-based ply `p` at `plies[p-1]`).
    pub games: Vec<(TextRange, Vec<crate::text::TextSize>)>,
}

/// Writes games as PGN: tags, then the movetext with move numbers, NAGs, variations and escape
/// lines, ended by the `Result` tag's value. (`kibitzer fmt` lays it out in export format.)
pub fn to_pgn(games: &[Game]) -> Written {
    let mut out = Written::default();
    for game in games {
        let start = out.text.len();
        let mut plies = Vec::new();
        for (name, value) in &game.tags {
            let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
            out.text.push_str(&format!("[{name} \"{escaped}\"]\n"));
        }
        out.text.push('\n');
        let board = game.start().unwrap_or_default();
        write_line(&mut out.text, &mut plies, &game.moves, board);
        let result = game.tag("Result").filter(|r| ["1-0", "0-1", "1/2-1/2", "*"].contains(r)).unwrap_or("*");
        if !out.text.ends_with('\n') && !out.text.ends_with(' ') && !out.text.ends_with("\n\n") {
            out.text.push(' ');
        }
        out.text.push_str(result);
        out.text.push_str("\n\n");
        let end = out.text.len();
        out.games.push((TextRange::new((start as u32).into(), (end as u32).into()), plies));
    }
    out
}

fn write_line(out: &mut String, plies: &mut Vec<crate::text::TextSize>, items: &[Item], mut board: Board) {
    let mut before: Option<Board> = None;
    let mut number_due = true;
    for item in items {
        match item {
            Item::Move(san) => {
                let number = board.fullmove_number();
                space(out);
                plies.push((out.len() as u32).into());
                match board.side_to_move() {
                    cozy_chess::Color::White => out.push_str(&format!("{number}. ")),
                    cozy_chess::Color::Black if number_due => out.push_str(&format!("{number}... ")),
                    cozy_chess::Color::Black => {}
                }
                out.push_str(san);
                number_due = false;
                if let Ok(resolved) = crate::chess::san::resolve_san(&board, san) {
                    let mut next = board.clone();
                    next.play_unchecked(resolved.mv);
                    before = Some(std::mem::replace(&mut board, next));
                }
            }
            Item::Nag(n) => {
                space(out);
                out.push_str(&format!("${n}"));
                number_due = true;
            }
            Item::Variation(inner) => {
                space(out);
                out.push('(');
                if let Some(from) = before.clone() {
                    write_line(out, plies, inner, from);
                }
                out.push(')');
                number_due = true;
            }
            Item::Escape(text) => {
                if !out.ends_with('\n') {
                    out.push('\n');
                }
                out.push('%');
                out.push_str(text);
                out.push('\n');
                number_due = true;
            }
        }
    }
}

fn space(out: &mut String) {
    if !(out.ends_with(' ') || out.ends_with('\n') || out.ends_with('(')) {
        out.push(' ');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pgn_to_games_and_back() {
        let text = "[Event \"x\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n[Result \"1-0\"]\n\n\
                    1. e4!? {note} (1. Kd2 Kd7 $14) 1... Kf7 2. Ke2 1-0\n\n[Event \"y\"]\n\n1. e4 Kxe4 *\n";
        let read = from_pgn(text);
        assert_eq!(read.games.len(), 2);
        assert_eq!(read.games[0].lost, Lost { comments: 1 });
        let game = read.games[0].game.clone().unwrap();
        assert_eq!(
            game.moves,
            [
                Item::Move("e4".into()),
                Item::Nag(5),
                Item::Variation(vec![Item::Move("Kd2".into()), Item::Move("Kd7".into()), Item::Nag(14)]),
                Item::Move("Kf7".into()),
                Item::Move("Ke2".into()),
            ]
        );
        assert!(read.games[1].game.as_ref().unwrap_err().contains("ply 2"));
        let written = to_pgn(std::slice::from_ref(&game));
        let again = from_pgn(&written.text);
        assert_eq!(again.games[0].game.as_ref().unwrap(), &game, "{}", written.text);
        assert_eq!(written.games[0].1.len(), 5);
        let second = usize::from(written.games[0].1[1]);
        assert!(written.text[second..].starts_with("1. Kd2"), "{}", written.text);
    }
}
