//! PGN moves in the editor: hover shows the position a move leads to, completion offers the
//! legal moves at the cursor. Both ask the check's own replay
//! ([`crate::pgn::check::replay_to`]) for the position there, so the editor and `kibitzer
//! check` never disagree about what a move does (start from a FEN tag, Chess960, variations).

use super::diagrams::board_markdown;
use super::picture::board::{grid_of, Marks};
use super::types::{Completion, CompletionKind, HoverInfo};
use crate::chess::commands::{self, Value};
use crate::chess::san::{self, CheckMark};
use crate::pgn::check::{replay_to, Played, Stop};
use crate::pgn::flat::{FlatParse, Game};
use crate::pgn::syntax_kind::SyntaxKind;
use crate::text::{TextRange, TextSize};
use cozy_chess::{Board, Color, File, Move, Piece, Rank, Square};

/// The game of a PGN text that holds `offset` (its end included: the cursor after the last
/// character still belongs to it).
fn game_at<'p>(parse: &'p FlatParse<'_>, offset: TextSize) -> Option<Game<'p>> {
    parse.games().find(|g| g.range().contains_inclusive(offset))
}

/// Hover over a move: who moves what where, the position after it as a diagram and its FEN;
/// for a move that cannot be played, why. `None` when `offset` is not on a move.
pub fn move_hover(text: &str, offset: TextSize, pictures: bool) -> Option<HoverInfo> {
    let parse = crate::pgn::parser::parse_events(text, Vec::new());
    let game = game_at(&parse, offset)?;
    let Some(stop) = replay_to(&game, offset) else {
        // The check does not replay this game: say so on a move rather than stay silent.
        let token = game.tokens_at(offset).find(|t| t.kind == SyntaxKind::SAN)?;
        let markdown = format!(
            "`{}` is not replayed: the game's FEN tag has errors, or its Variant is neither chess nor Chess960",
            token.text
        );
        return Some(HoverInfo { range: token.range, markdown });
    };
    let (SyntaxKind::SAN, range) = stop.token? else { return None };
    if !range.contains_inclusive(offset) {
        return None;
    }
    let written = &text[range];
    let Some(before) = &stop.before else {
        return Some(HoverInfo {
            range,
            markdown: format!("`{written}` is not replayed: an earlier move of this line cannot be played"),
        });
    };
    let markdown = match stop.played? {
        Played::Move(mv, after) => {
            let canonical = san::canonical(before, mv, &after).to_string();
            let mut md = format!("**{}{written}**: {}", move_number(before), describe(before, mv, &after));
            if canonical != written {
                md.push_str(&format!(" (SAN `{canonical}`)"));
            }
            // The opening the move reaches, when the data set names the position.
            if let Some(opening) = crate::chess::openings::named(&after) {
                md.push_str(&format!("\n\nOpening: {} {} (lichess chess-openings)", opening.eco, opening.name));
            }
            let marks = Marks { last_move: Some((mv.from, mv.to)), ..comment_marks(&text[usize::from(range.end())..]) };
            md.push_str(&position_markdown(&after, &marks, pictures));
            md
        }
        Played::Null(after) => {
            let side = color_name(before.side_to_move());
            let marks = comment_marks(&text[usize::from(range.end())..]);
            format!(
                "**{}{written}**: null move, {side} passes{}",
                move_number(before),
                position_markdown(&after, &marks, pictures)
            )
        }
        Played::Refused(diagnostic) => format!(
            "**{}{written}** cannot be played: {}\n\nThe position before it:{}",
            move_number(before),
            diagnostic.message,
            position_markdown(before, &Marks::default(), pictures)
        ),
    };
    Some(HoverInfo { range, markdown })
}

/// The legal moves at `offset` in canonical SAN (check marks included), filtered by the part
/// of a move already typed there; empty outside movetext, inside a comment, after the result
/// or in a line that is no longer replayed.
pub fn move_completions(text: &str, offset: TextSize) -> Vec<Completion> {
    let parse = crate::pgn::parser::parse_events(text, Vec::new());
    let Some(game) = game_at(&parse, offset) else { return Vec::new() };
    // Moves belong after the tag section and before the termination marker.
    if game.tag_section().is_some_and(|s| s.range().end() > offset) {
        return Vec::new();
    }
    if game.result().is_some_and(|r| r.range.start() < offset) {
        return Vec::new();
    }
    let Some(Stop { token, before: Some(board), .. }) = replay_to(&game, offset) else { return Vec::new() };
    let replace = match token {
        Some((SyntaxKind::SAN | SyntaxKind::SYMBOL, range)) if range.start() < offset => {
            TextRange::new(range.start(), offset)
        }
        // Inside a comment, a number, a NAG…: no move is typed there.
        Some((_, range)) if range.start() < offset => return Vec::new(),
        _ => TextRange::empty(offset),
    };
    let typed = &text[replace];
    let mut moves = Vec::new();
    board.generate_moves(|list| {
        moves.extend(list);
        false
    });
    let mut out: Vec<Completion> = moves
        .into_iter()
        .filter_map(|mv| {
            let mut after = board.clone();
            after.play_unchecked(mv);
            let label = san::canonical(&board, mv, &after).to_string();
            label.starts_with(typed).then(|| Completion {
                detail: Some(describe(&board, mv, &after)),
                documentation: None,
                kind: CompletionKind::Move,
                replace,
                insert: label.clone(),
                label,
            })
        })
        .collect();
    out.sort_by(|a, b| a.label.cmp(&b.label));
    out
}

/// `12.` before White's move, `12...` before Black's (PGN 8.2.2).
pub(super) fn move_number(before: &Board) -> String {
    let n = before.fullmove_number();
    match before.side_to_move() {
        Color::White => format!("{n}. "),
        Color::Black => format!("{n}..."),
    }
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// "black knight g8–f6", "white pawn e5×d6 en passant", "white castles short (king e1–g1)",
/// with what it takes, promotes to, and whether it checks or mates.
pub fn describe(before: &Board, mv: Move, after: &Board) -> String {
    let side = before.side_to_move();
    let color = color_name(side).to_ascii_lowercase();
    let piece = before.piece_on(mv.from).unwrap_or(Piece::Pawn);
    let mut out = if san::is_castling(before, mv) {
        // cozy-chess writes castling as the king taking its own rook (so Chess960 works).
        let short = mv.to.file() > mv.from.file();
        let rank = if side == Color::White { Rank::First } else { Rank::Eighth };
        let king_to = Square::new(if short { File::G } else { File::C }, rank);
        format!("{color} castles {} (king {}–{king_to})", if short { "short" } else { "long" }, mv.from)
    } else {
        let mut s = format!("{color} {} {}–{}", san::piece_name(piece), mv.from, mv.to);
        if let Some(taken) = before.piece_on(mv.to) {
            s.push_str(&format!(", takes the {} on {}", san::piece_name(taken), mv.to));
        } else if piece == Piece::Pawn && mv.from.file() != mv.to.file() {
            s.push_str(", takes the pawn en passant");
        }
        if let Some(p) = mv.promotion {
            s.push_str(&format!(", promotes to a {}", san::piece_name(p)));
        }
        s
    };
    match san::check_mark_after(after) {
        CheckMark::None => {}
        CheckMark::Check => out.push_str(", check"),
        CheckMark::Mate => out.push_str(", checkmate"),
    }
    out
}

/// FEN of a position: X-FEN `KQkq` letters when they are unambiguous (the king on e, the rooks
/// in the corners), else Shredder-FEN file letters, as Chess960 positions need.
pub fn fen(board: &Board) -> String {
    let standard = Color::ALL.iter().all(|&c| {
        let rights = board.castle_rights(c);
        (rights.short.is_none() && rights.long.is_none())
            || (board.king(c).file() == File::E
                && rights.short.is_none_or(|f| f == File::H)
                && rights.long.is_none_or(|f| f == File::A))
    });
    if standard {
        format!("{board}")
    } else {
        format!("{board:#}")
    }
}

/// The diagram of a position, who moves and its FEN, as a hover paragraph.
fn position_markdown(board: &Board, marks: &Marks, pictures: bool) -> String {
    let fen = fen(board);
    let diagram = board_markdown(&grid_of(board), marks, &format!("position {fen}"), pictures);
    format!("\n\n{diagram}{} to move · FEN `{fen}`", color_name(board.side_to_move()))
}

/// The `[%cal]` arrows and `[%csl]` squares of the comments right after a move (`rest` is the
/// text after it): what the annotator drew on the position the move leads to. NAGs and suffix
/// annotations between the move and its comments are passed over.
pub(super) fn comment_marks(rest: &str) -> Marks {
    let mut marks = Marks::default();
    let mut rest = rest;
    loop {
        rest = rest.trim_start();
        if let Some(body) = rest.strip_prefix('{') {
            let Some(end) = body.find('}') else { break };
            for command in commands::commands(&body[..end]) {
                match command.value {
                    Ok(Value::Arrows(arrows)) => marks.arrows.extend(arrows),
                    Ok(Value::Squares(squares)) => marks.squares.extend(squares),
                    _ => {}
                }
            }
            rest = &body[end + 1..];
        } else if rest.starts_with(['$', '!', '?']) {
            let end = rest.find(|c: char| c.is_whitespace() || c == '{').unwrap_or(rest.len());
            rest = &rest[end..];
        } else {
            break;
        }
    }
    marks
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ide::split::ts;

    fn hover_on(text: &str, needle: &str) -> String {
        move_hover(text, ts(text.find(needle).unwrap()), false).unwrap().markdown
    }

    fn labels(text: &str, offset: usize) -> Vec<String> {
        move_completions(text, ts(offset)).into_iter().map(|c| c.label).collect()
    }

    #[test]
    fn hover_shows_the_move_and_the_position_after_it() {
        let text = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 *\n";
        let md = hover_on(text, "Nc6");
        assert!(md.starts_with("**2...Nc6**: black knight b8–c6"), "{md}");
        assert!(md.contains("FEN `r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3`"), "{md}");
        assert!(md.contains("6 . . n . . . . .\n"), "{md}");
        assert!(md.contains("White to move"), "{md}");
        assert!(md.contains("\n\nOpening: C44 King's Knight Opening: Normal Variation (lichess"), "{md}");
        // A position the data set does not name: no opening line.
        assert!(!hover_on(text, "dxc6").contains("Opening:"));
        let md = hover_on(text, "Bxc6");
        assert!(md.contains("\n\nOpening: C68 Ruy Lopez: Exchange Variation (lichess"), "{md}");
        assert!(md.starts_with("**4. Bxc6**: white bishop b5–c6, takes the knight on c6"), "{md}");
        // Hovering from the move's last character, as well as its first, finds it.
        let end = text.find("e5").unwrap() + 2;
        assert!(move_hover(text, ts(end), false).unwrap().markdown.starts_with("**1...e5**"));
        // Not on a move: no move hover.
        assert!(move_hover(text, ts(text.find("2.").unwrap()), false).is_none());
        assert!(move_hover(text, ts(2), false).is_none());
    }

    #[test]
    fn hover_follows_variations_set_up_positions_and_chess960() {
        let text = "1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) 2... d6) 2. Nf3 *";
        assert!(hover_on(text, "d5").starts_with("**2...d5**: black pawn d7–d5"));
        assert!(hover_on(text, "d6").contains("FEN `rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3`"));
        let text = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 40\"]\n\n40. e4 Kd7 *";
        assert!(hover_on(text, "Kd7").starts_with("**40...Kd7**: black king e8–d7"));
        // Chess960 (Variant tag): the king on f1 castles short with the rook on g1.
        let text = "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - 0 1\"]\n\n1. O-O *";
        let md = hover_on(text, "O-O");
        assert!(md.starts_with("**1. O-O**: white castles short (king f1–g1)"), "{md}");
        assert!(md.contains("FEN `bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRRKN b ge - 1 1`"), "{md}");
        // The same castling as UCI writes it (the king takes its own rook), read as the check
        // reads it: the hover names the SAN.
        let uci = text.replace("1. O-O", "1. f1g1");
        let md = hover_on(&uci, "f1g1");
        assert!(md.starts_with("**1. f1g1**: white castles short (king f1–g1) (SAN `O-O`)"), "{md}");
        // Coordinates, long algebraic and castling as the king's two-square move.
        let text = "1. e2e4 e7-e5 2. g1f3 Nb8-c6 3. f1c4 g8f6 4. e1g1 *";
        assert!(hover_on(text, "g1f3").starts_with("**2. g1f3**: white knight g1–f3 (SAN `Nf3`)"));
        assert!(hover_on(text, "e1g1").starts_with("**4. e1g1**: white castles short"), "{}", hover_on(text, "e1g1"));
        assert!(hover_on(text, "e1g1").contains("(SAN `O-O`)"));
    }

    #[test]
    fn hover_says_why_a_move_is_illegal() {
        let text = "1. e4 e5 2. Ke3 Nf6 *";
        let md = hover_on(text, "Ke3");
        assert!(md.starts_with("**2. Ke3** cannot be played: illegal move `Ke3`"), "{md}");
        assert!(md.contains("The position before it"), "{md}");
        assert!(hover_on(text, "Nf6").contains("not replayed"));
        let text = "[Variant \"Crazyhouse\"]\n\n1. e4 e5 *";
        assert!(hover_on(text, "e5").contains("Variant is neither chess nor Chess960"), "{}", hover_on(text, "e5"));
        assert!(move_completions(text, ts(text.len() - 2)).is_empty());
        let md = hover_on("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R4RK1 w - - 0 1\"]\n\n1. Rd1 *", "Rd1");
        assert!(md.contains("ambiguous"), "{md}");
    }

    #[test]
    fn completion_offers_the_legal_moves_filtered_by_what_is_typed() {
        let text = "1. e4 e5 2. N";
        let c = labels(text, text.len());
        assert_eq!(c, ["Na3", "Nc3", "Ne2", "Nf3", "Nh3"]);
        let items = move_completions(text, ts(text.len()));
        assert_eq!(items[0].replace, TextRange::new(ts(text.len() - 1), ts(text.len())));
        assert_eq!(items[3].detail.as_deref(), Some("white knight g1–f3"));
        // At the start of the movetext: the twenty first moves.
        assert_eq!(labels("[Event \"x\"]\n\n", 13).len(), 20);
        // Check marks are part of the canonical move.
        let text = "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qx";
        assert_eq!(labels(text, text.len()), ["Qxe5+", "Qxf7#", "Qxh7"]);
        // In a variation: the position before the move it replaces.
        let text = "1. e4 e5 (1... c";
        assert_eq!(labels(text, text.len()), ["c5", "c6"]);
        let text = "1. e4 (1. d4 ) *";
        let inside = text.find(')').unwrap();
        assert_eq!(labels(text, inside).len(), 20, "Black's replies to 1. d4");
    }

    #[test]
    fn no_completion_outside_moves() {
        let text = "[Event \"x\"]\n\n1. e4 {a comment} e5 1-0\n";
        assert!(labels(text, 3).is_empty(), "in a tag");
        assert!(labels(text, text.find("comment").unwrap()).is_empty(), "in a comment");
        assert!(labels(text, text.len() - 1).is_empty(), "after the result");
        assert!(labels("1. e4 e5 2. Ke3 Nf6 3. ", 23).is_empty(), "after an illegal move");
    }
}
