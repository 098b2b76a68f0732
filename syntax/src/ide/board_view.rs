//! The board view: the pictures of the unit at the cursor, one frame per step, for an editor
//! panel that follows the cursor and steps through a game's moves or a deal's tricks.
//!
//! - PGN: the start position, then the position after each move of the line through the cursor
//!   (the main line, or the variations the cursor is in: a variation replaces the move before
//!   it, PGN 8.2.5), each from the check's own replay ([`crate::pgn::check::replay_to`]);
//! - PBN: the deal, then each trick of the Play section (the cards of the trick in the middle,
//!   the hands as they are before it), from the check's own play replay;
//! - EPD and PBI: the one position of the line at the cursor.
//!
//! Frames carry what a picture shows, not a rendering: the language server draws them (SVG or
//! text) and answers the `kibitzer/boardView` request with them.

use super::chess::{comment_marks, move_number};
use super::picture::board::{self, Marks};
use super::picture::{hand, trick};
use crate::lang::Lang;
use crate::pbn::model::{Card, CardSet, Seat, Suit};
use crate::pgn::check::{replay_to, Played};
use crate::pgn::flat::{Element, Node};
use crate::pgn::syntax_kind::SyntaxKind;
use crate::text::{TextRange, TextSize};
use cozy_chess::{File, Square};

/// Most frames of one view: a game longer than this shows the frames around the cursor.
const MAX_FRAMES: usize = 600;

/// The frames of the unit at the cursor and which of them the cursor is on.
#[derive(Debug, Clone, PartialEq)]
pub struct BoardView {
    /// What the frames show: "White – Black", "Board 3", "EPD line 12".
    pub title: String,
    pub frames: Vec<Frame>,
    /// The index of the frame the cursor is on.
    pub current: usize,
}

/// One step: a position after a move, or a trick.
#[derive(Debug, Clone, PartialEq)]
pub struct Frame {
    /// "12... Nf6", "Trick 3", "Start", "Deal".
    pub label: String,
    /// The text the frame belongs to (the move, the trick's cards, the record): an editor puts
    /// the cursor there when the user steps to this frame.
    pub range: TextRange,
    pub picture: Picture,
}

/// What a frame shows.
#[derive(Debug, Clone, PartialEq)]
pub enum Picture {
    /// A chess position.
    Chess(ChessPicture),
    /// A bridge deal, with the trick being played.
    Bridge(BridgePicture),
}

#[derive(Debug, Clone, PartialEq)]
pub struct ChessPicture {
    /// The position as FEN (only the piece placement for a PBI position, whose other fields
    /// are not written).
    pub fen: String,
    /// PBI writes S for a knight.
    pub pbi: bool,
    /// The last move's squares (the king's for castling) and the `[%cal]` arrows and `[%csl]`
    /// squares of the comments after it.
    pub marks: Marks,
}

#[derive(Debug, Clone, PartialEq)]
pub struct BridgePicture {
    /// The cards each seat holds (N, E, S, W) before the trick shown.
    pub hands: [CardSet; 4],
    /// The trick shown, in the order played (empty for the deal).
    pub trick: Vec<(Seat, Card)>,
    /// Who won the trick, when all four cards and the trump are known.
    pub winner: Option<Seat>,
    pub dealer: Option<String>,
    pub vulnerable: Option<String>,
    /// The contract and declarer as written (`4HX`, `S`).
    pub contract: Option<String>,
    pub declarer: Option<String>,
    /// Tricks won by declarer's side and the defenders before this trick.
    pub won: (u8, u8),
    /// The trump suit (`Some(None)` at no trump), when known.
    pub trump: Option<Option<Suit>>,
    /// The number of the trick shown, from 1 (0 for the deal).
    pub trick_number: usize,
}

/// The board view of the unit of `text` at `offset`; `None` when there is nothing to show
/// there (outside a game, a game without a replayable line, a deal without a full Deal tag).
pub fn board_view(lang: Lang, text: &str, offset: TextSize) -> Option<BoardView> {
    match lang {
        Lang::Pgn => pgn_view(text, offset),
        Lang::Pbn => pbn_view(text, offset),
        Lang::Epd => line_view(text, offset, false),
        Lang::Pbi => line_view(text, offset, true),
        Lang::Lin => None,
    }
}

/// A SAN token or a variation, as they come in a line.
enum LineItem<'a> {
    San(TextRange),
    Variation(Node<'a>),
}

/// The moves and variations of a movetext or variation in order, looking inside move nodes but
/// not inside variations.
fn line_items<'a>(node: Node<'a>, out: &mut Vec<LineItem<'a>>) {
    for child in node.children() {
        match child {
            Element::Token(t) if t.kind == SyntaxKind::SAN => out.push(LineItem::San(t.range)),
            Element::Token(_) => {}
            Element::Node(n) if n.kind() == SyntaxKind::VARIATION => out.push(LineItem::Variation(n)),
            Element::Node(n) => line_items(n, out),
        }
    }
}

/// The moves of the line through `offset`: from the movetext down into each variation that
/// holds the offset, where the variation replaces the move written before it (PGN 8.2.5).
fn line_through(movetext: Node<'_>, offset: TextSize) -> Vec<TextRange> {
    let mut line = Vec::new();
    let mut container = movetext;
    loop {
        let mut items = Vec::new();
        line_items(container, &mut items);
        let inside = items.iter().position(
            |i| matches!(i, LineItem::Variation(v) if v.range().start() < offset && offset <= v.range().end()),
        );
        let upto = inside.unwrap_or(items.len());
        let before: Vec<TextRange> = items[..upto]
            .iter()
            .filter_map(|i| match i {
                LineItem::San(r) => Some(*r),
                LineItem::Variation(_) => None,
            })
            .collect();
        match inside {
            Some(k) => {
                let LineItem::Variation(v) = items[k] else { unreachable!("position() found a variation") };
                line.extend_from_slice(&before[..before.len().saturating_sub(1)]);
                container = v;
            }
            None => {
                line.extend(before);
                return line;
            }
        }
    }
}

fn pgn_view(text: &str, offset: TextSize) -> Option<BoardView> {
    let parse = crate::pgn::parser::parse_events(text, Vec::new());
    let game = parse.games().find(|g| g.range().contains_inclusive(offset))?;
    let tag = |name: &str| {
        game.tags()
            .find(|t| t.name().is_some_and(|n| n.text == name))
            .and_then(|t| t.value_token())
            .map(|v| v.text.trim_matches('"').to_owned())
    };
    let title = match (tag("White"), tag("Black")) {
        (Some(w), Some(b)) => format!("{w} – {b}"),
        _ => "Game".to_owned(),
    };
    let movetext = game.movetext();
    let line = movetext.map(|m| line_through(m, offset)).unwrap_or_default();
    // The start: the position before the line's first move, or before the movetext.
    let start_at =
        line.first().map_or_else(|| movetext.map_or(game.range().end(), |m| m.range().start()), |r| r.start());
    let start = replay_to(&game, start_at)?.before?;
    let start_range = game.tag_section().map_or(TextRange::empty(start_at), |s| s.range());
    let mut frames = vec![Frame {
        label: "Start".to_owned(),
        range: start_range,
        picture: Picture::Chess(ChessPicture { fen: super::chess::fen(&start), pbi: false, marks: Marks::default() }),
    }];
    let mut current = 0;
    for &range in &line {
        let Some(stop) = replay_to(&game, range.start()) else { break };
        let (Some(before), Some(Played::Move(mv, after))) = (stop.before, stop.played) else { break };
        let last_move = if crate::chess::san::is_castling(&before, mv) {
            // cozy-chess writes castling as the king taking its own rook.
            let file = if mv.to.file() > mv.from.file() { File::G } else { File::C };
            (mv.from, Square::new(file, mv.from.rank()))
        } else {
            (mv.from, mv.to)
        };
        if range.start() <= offset {
            current = frames.len();
        }
        frames.push(Frame {
            label: format!("{} {}", move_number(&before).trim_end(), &text[range]),
            range,
            picture: Picture::Chess(ChessPicture {
                fen: super::chess::fen(&after),
                pbi: false,
                marks: Marks { last_move: Some(last_move), ..comment_marks(&text[usize::from(range.end())..]) },
            }),
        });
    }
    let (frames, current) = window(frames, current);
    Some(BoardView { title, frames, current })
}

/// At most [`MAX_FRAMES`] frames, around the current one.
fn window(frames: Vec<Frame>, current: usize) -> (Vec<Frame>, usize) {
    if frames.len() <= MAX_FRAMES {
        return (frames, current);
    }
    let first = current.saturating_sub(MAX_FRAMES / 2).min(frames.len() - MAX_FRAMES);
    (frames.into_iter().skip(first).take(MAX_FRAMES).collect(), current - first)
}

fn pbn_view(text: &str, offset: TextSize) -> Option<BoardView> {
    use crate::pbn::check::{facts_of, play};
    let root = crate::pbn::parse(text).syntax();
    let node = root
        .children()
        .find(|n| n.kind() == crate::pbn::syntax_kind::SyntaxKind::GAME && n.text_range().contains_inclusive(offset))?;
    let game = crate::pbn::model::Game::from_node(&node, text);
    let value = |name: &str| game.tags.iter().find(|t| t.name == name).map(|t| t.value.to_owned());
    let deal_tag = game.tags.iter().find(|t| t.name == "Deal")?;
    let deal = crate::bridge::deal::parse_deal(deal_tag.value).ok()?;
    let title = match (value("Event"), value("Board")) {
        (_, Some(b)) if !b.is_empty() => format!("Board {b}"),
        (Some(e), _) => e,
        _ => "Deal".to_owned(),
    };
    let picture = |trick_number, hands: [CardSet; 4], trick: Vec<(Seat, Card)>, winner, won, trump| BridgePicture {
        hands,
        trick,
        winner,
        dealer: value("Dealer"),
        vulnerable: value("Vulnerable"),
        contract: value("Contract"),
        declarer: value("Declarer"),
        won,
        trump,
        trick_number,
    };
    let deal_hands = deal.hands.map(Option::unwrap_or_default);
    let mut frames = vec![Frame {
        label: "Deal".to_owned(),
        range: deal_tag.range,
        picture: Picture::Bridge(picture(0, deal_hands, Vec::new(), None, (0, 0), None)),
    }];
    let mut current = 0;
    let opening = game.tags.iter().find(|t| t.name == "Play").and_then(|t| Seat::parse(t.value));
    if let Some((replay, rows)) = play::rows(&game, &facts_of(&game)) {
        for (k, row) in rows.iter().enumerate() {
            let Some(hands) = row.hands_before else { break };
            // Shown in the order played, from the trick's leader (when the replay does not know
            // it, from the Play tag's seat, where the section's columns start).
            let leader = row.leader.or(opening).unwrap_or(Seat::N);
            let trick: Vec<(Seat, Card)> =
                (0..4).map(|i| leader.offset(i)).filter_map(|seat| Some((seat, row.cards[seat.index()]?))).collect();
            if row.range.start() <= offset {
                current = frames.len();
            }
            frames.push(Frame {
                label: format!("Trick {}", k + 1),
                range: row.range,
                picture: Picture::Bridge(picture(
                    k + 1,
                    hands,
                    trick,
                    row.winner,
                    (row.won_before.declarer, row.won_before.defenders),
                    replay.trump,
                )),
            });
        }
    }
    Some(BoardView { title, frames, current })
}

/// The position of an EPD or PBI line at the cursor.
fn line_view(text: &str, offset: TextSize, pbi: bool) -> Option<BoardView> {
    let offset = usize::from(offset);
    let start = text[..offset.min(text.len())].rfind('\n').map_or(0, |i| i + 1);
    let end = text[start..].find('\n').map_or(text.len(), |i| start + i);
    let line = text[start..end].trim_end_matches('\r');
    let (fen, field_start) = if pbi {
        // The second `:`-separated field is the position (PBI 2).
        let colon = line.find(':')?;
        let field = line[colon + 1..].split(':').next()?;
        (field.trim().to_owned(), colon + 1)
    } else {
        let fields: Vec<&str> = line.split_whitespace().take(4).collect();
        (fields.join(" "), 0)
    };
    // Only a real position: eight ranks.
    board::grid(fen.split(' ').next()?, pbi)?;
    let number = text[..start].matches('\n').count() + 1;
    let range = TextRange::new(TextSize::from((start + field_start) as u32), TextSize::from(end as u32));
    Some(BoardView {
        title: format!("{} line {number}", if pbi { "PBI" } else { "EPD" }),
        frames: vec![Frame {
            label: format!("Line {number}"),
            range,
            picture: Picture::Chess(ChessPicture { fen, pbi, marks: Marks::default() }),
        }],
        current: 0,
    })
}

/// The pictures of a frame as SVG: the board; or the hands and, for a trick, the trick.
pub fn frame_svg(frame: &Frame) -> Vec<String> {
    match &frame.picture {
        Picture::Chess(c) => board::grid(c.fen.split(' ').next().unwrap_or(""), c.pbi)
            .map(|grid| board::svg(&grid, &c.marks, &frame.label))
            .into_iter()
            .collect(),
        Picture::Bridge(b) => {
            let holdings: Vec<[String; 4]> = Seat::ALL
                .iter()
                .map(|seat| {
                    let set = b.hands[seat.index()];
                    Suit::ALL.map(|suit| {
                        (2..=14)
                            .rev()
                            .filter(|&rank| set.contains(Card { suit, rank }))
                            .map(crate::pbn::model::rank_char)
                            .collect()
                    })
                })
                .collect();
            let deal = hand::Deal {
                hands: std::array::from_fn(|seat| Some(std::array::from_fn(|suit| holdings[seat][suit].as_str()))),
                dealer: b.dealer.as_deref(),
                vulnerable: b.vulnerable.as_deref(),
                contract: b.contract.as_deref(),
                declarer: b.declarer.as_deref(),
                result: None,
            };
            let mut out = vec![hand::svg(&deal, &frame.label)];
            if !b.trick.is_empty() {
                let cards: Vec<Option<String>> = Seat::ALL
                    .iter()
                    .map(|seat| b.trick.iter().find(|(s, _)| s == seat).map(|(_, card)| card.to_string()))
                    .collect();
                let picture = trick::Trick {
                    number: b.trick_number,
                    cards: std::array::from_fn(|seat| cards[seat].as_deref()),
                    leader: b.trick.first().map(|(s, _)| s.index()),
                    winner: b.winner.map(Seat::index),
                    trump: b
                        .trump
                        .map(|t| t.map_or("NT".to_owned(), |s| super::diagrams::SUITS[s as usize].to_string())),
                };
                out.push(trick::svg(&picture, &frame.label));
            }
            out
        }
    }
}

/// A text diagram of a frame, for clients that show no pictures.
pub fn frame_text(frame: &Frame) -> String {
    match &frame.picture {
        Picture::Chess(c) => board::grid(c.fen.split(' ').next().unwrap_or(""), c.pbi)
            .map(|grid| super::diagrams::grid_text(&grid))
            .unwrap_or_default(),
        Picture::Bridge(b) => {
            let hand = |seat: Seat| {
                let set = b.hands[seat.index()];
                let suit = |suit: Suit| -> String {
                    let ranks: String = (2..=14)
                        .rev()
                        .filter(|&rank| set.contains(Card { suit, rank }))
                        .map(crate::pbn::model::rank_char)
                        .collect();
                    format!("{}{}", super::diagrams::SUITS[suit as usize], if ranks.is_empty() { "-" } else { &ranks })
                };
                Suit::ALL.map(suit).join(" ")
            };
            let mut out = String::new();
            for seat in Seat::ALL {
                out.push_str(&format!("{}: {}\n", seat.name(), hand(seat)));
            }
            if !b.trick.is_empty() {
                let cards: Vec<String> = b.trick.iter().map(|(s, c)| format!("{} {}", s.letter(), c)).collect();
                out.push_str(&format!("Trick: {}\n", cards.join(", ")));
            }
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view(lang: Lang, text: &str, needle: &str) -> BoardView {
        board_view(lang, text, TextSize::from(text.find(needle).unwrap() as u32)).unwrap()
    }

    fn fen_of(frame: &Frame) -> &str {
        match &frame.picture {
            Picture::Chess(c) => &c.fen,
            Picture::Bridge(_) => panic!("a bridge frame"),
        }
    }

    const GAME: &str =
        "[White \"Anna\"]\n[Black \"Ben\"]\n\n1. e4 e5 (1... c5 2. Nf3 {Sicilian} d6) 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *\n";

    #[test]
    fn the_main_line_from_the_start_with_the_move_at_the_cursor() {
        let v = view(Lang::Pgn, GAME, "Nc6");
        assert_eq!(v.title, "Anna – Ben");
        let labels: Vec<&str> = v.frames.iter().map(|f| f.label.as_str()).collect();
        assert_eq!(labels, ["Start", "1. e4", "1... e5", "2. Nf3", "2... Nc6", "3. Bc4", "3... Bc5", "4. O-O"]);
        assert_eq!(v.current, 4);
        assert_eq!(&GAME[v.frames[4].range], "Nc6");
        assert!(fen_of(&v.frames[0]).starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq"));
        assert!(fen_of(&v.frames[2]).starts_with("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w"));
        let Picture::Chess(castle) = &v.frames[7].picture else { unreachable!() };
        // Castling is marked with the king's squares, not cozy-chess's king-takes-rook.
        assert_eq!(castle.marks.last_move, Some((Square::E1, Square::G1)));
    }

    #[test]
    fn a_variation_replaces_the_move_before_it() {
        let v = view(Lang::Pgn, GAME, "d6");
        let labels: Vec<&str> = v.frames.iter().map(|f| f.label.as_str()).collect();
        assert_eq!(labels, ["Start", "1. e4", "1... c5", "2. Nf3", "2... d6"]);
        assert_eq!(v.current, 4);
        // In the comment after 2. Nf3: that move's frame.
        assert_eq!(view(Lang::Pgn, GAME, "Sicilian").current, 3);
        // In the tag section: the start.
        assert_eq!(view(Lang::Pgn, GAME, "Anna").current, 0);
    }

    #[test]
    fn a_line_stops_at_a_move_that_cannot_be_played() {
        let v = view(Lang::Pgn, "1. e4 e5 2. Ke3 Nf6 *\n", "e4");
        assert_eq!(v.frames.len(), 3, "start, e4, e5");
    }

    #[test]
    fn tricks_of_the_play_section() {
        let text = "[Board \"7\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
            [Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n\
            [Declarer \"N\"]\n[Contract \"7NT\"]\n[Result \"13\"]\n[Play \"E\"]\nHJ H8 H5 HA\nCJ C8 C5 CA\n*\n";
        let v = view(Lang::Pbn, text, "CJ");
        assert_eq!(v.title, "Board 7");
        let labels: Vec<&str> = v.frames.iter().map(|f| f.label.as_str()).collect();
        assert_eq!(labels, ["Deal", "Trick 1", "Trick 2"]);
        assert_eq!(v.current, 2);
        let Picture::Bridge(trick2) = &v.frames[2].picture else { unreachable!() };
        // North won trick 1 with the heart ace and leads trick 2; the row is written from East.
        let order: Vec<String> = trick2.trick.iter().map(|(s, c)| format!("{}{c}", s.letter())).collect();
        assert_eq!(order, ["NCA", "ECJ", "SC8", "WC5"]);
        assert_eq!(trick2.winner, Some(Seat::N));
        assert_eq!(trick2.won, (1, 0));
        assert_eq!(trick2.hands[Seat::N.index()].len(), 12, "North before trick 2");
        assert!(frame_text(&v.frames[0]).starts_with("North: ♠AKQJ ♥AKQ ♦AKQ ♣AKQ\n"));
    }

    #[test]
    fn epd_and_pbi_lines_show_their_position() {
        let epd = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 id \"x\";\n";
        let v = view(Lang::Epd, epd, "id");
        assert_eq!(v.frames.len(), 1);
        assert_eq!(fen_of(&v.frames[0]), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3");
        let pbi = "Loyd:4k3/8/8/8/8/8/8/4K2R:#2\n";
        assert_eq!(fen_of(&view(Lang::Pbi, pbi, "4k3").frames[0]), "4k3/8/8/8/8/8/8/4K2R");
        assert!(board_view(Lang::Epd, "not a position\n", TextSize::from(2)).is_none());
    }
}
