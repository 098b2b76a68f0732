//! Games as data: each game of a PGN text read into plain values (its tags with escapes decoded,
//! its main line as SAN and UCI, the clock and evaluation each move's comment gives, its result
//! and the line it starts on), for programs that want the games rather than diagnostics (the
//! Python package's `read_games`). The main line is replayed as the check replays it, from the
//! position of the FEN and Variant tags; it stops at the first move the board refuses, which
//! [`GameRecord::stopped_at`] names (the check reports why).

use super::flat::Game;
use super::model::{string_value, Event};
use super::syntax_kind::SyntaxKind;
use crate::chess::commands::{commands, Score, Value};
use crate::chess::san::{self, Resolution, SanMove};
use crate::text::{LineIndex, TextSize};
use cozy_chess::{Board, File, Move, Square};

/// One game of a text, read.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GameRecord {
    /// The 1-based line the game starts on (its first tag, or its first move).
    pub line: u32,
    /// Every complete tag pair, in order, the value with `\"` and `\\` unescaped.
    pub tags: Vec<(String, String)>,
    /// The main line's moves in canonical SAN (as the standard and python-chess write them;
    /// a null move is `--`), up to the first move the board refuses.
    pub san: Vec<String>,
    /// The same moves in UCI (`e2e4`, castling as the king's move `e1g1`, a null move `0000`).
    pub uci: Vec<String>,
    /// The clock (`[%clk]`) each move's comment gives, in seconds, where it gives one.
    pub clocks: Vec<Option<f64>>,
    /// The evaluation (`[%eval]`) each move's comment gives, in centipawns from White's view.
    pub eval_cp: Vec<Option<i64>>,
    /// A mate the evaluation announces: mate in so many moves, negative when Black mates.
    pub eval_mate: Vec<Option<i32>>,
    /// The termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`), when the game has one.
    pub result: Option<String>,
    /// The main line's move that could not be played, as written (illegal, ambiguous, or
    /// after a start position the check cannot read): the moves above stop before it.
    pub stopped_at: Option<String>,
}

/// Every game of `text` (a PGN text), in order.
pub fn read_games(text: &str) -> Vec<GameRecord> {
    let parse = super::parser::parse_events(text, Vec::new());
    let index = LineIndex::with_breaks(text, crate::Lang::Pgn.line_breaks());
    parse.games().filter_map(|game| read_game(text, &index, &game)).collect()
}

/// A game read; `None` for a stretch with neither tags nor moves (comments after the last game).
fn read_game(text: &str, index: &LineIndex, game: &Game<'_>) -> Option<GameRecord> {
    let tags: Vec<(String, String)> = game
        .tags()
        .filter_map(|tag| tag.parts())
        .map(|(name, value)| (name.text.to_owned(), string_value(value.text).into_owned()))
        .collect();
    let result = game.result().map(|r| r.text.to_owned());
    // The first tag or movetext token, past leading comments and blanks.
    let first = game
        .node()
        .tokens()
        .find(|t| !t.kind.is_trivia() && !matches!(t.kind, SyntaxKind::COMMENT | SyntaxKind::LINE_COMMENT))?;
    let line = index.line_col(text, first.range.start(), crate::text::ColumnUnit::Char).line + 1;
    let mut record = GameRecord { line, tags, result, ..GameRecord::default() };
    let mut board = super::check::start_position(game);
    if let Some(movetext) = game.movetext() {
        let mut depth = 0usize;
        movetext.walk_filtered(
            |node| node == SyntaxKind::VARIATION,
            |event| match event {
                Event::Enter(..) => depth += 1,
                Event::Leave(..) => depth = depth.saturating_sub(1),
                Event::Token(token) if depth == 0 => match token.kind {
                    SyntaxKind::SAN if record.stopped_at.is_none() => {
                        match board.as_mut().and_then(|b| play(b, token.text)) {
                            Some((san, uci)) => {
                                record.san.push(san);
                                record.uci.push(uci);
                                record.clocks.push(None);
                                record.eval_cp.push(None);
                                record.eval_mate.push(None);
                            }
                            None => record.stopped_at = Some(token.text.to_owned()),
                        }
                    }
                    // A comment annotates the move before it (python-chess's reading too).
                    SyntaxKind::COMMENT if record.stopped_at.is_none() && !record.san.is_empty() => {
                        annotate(&mut record, token.text)
                    }
                    _ => {}
                },
                Event::Token(_) => {}
            },
        );
    }
    Some(record)
}

/// Plays the written move `written` on `board`: its canonical SAN and UCI, or `None` when the
/// board refuses it (the board is then as before).
fn play(board: &mut Board, written: &str) -> Option<(String, String)> {
    let parsed = san::parse(written)?;
    if parsed.mv == SanMove::Null {
        let after = board.null_move()?;
        *board = after;
        return Some(("--".to_owned(), "0000".to_owned()));
    }
    let Resolution::Legal(mv) = san::resolve(board, &parsed.mv, parsed.spelling.ambiguous_b) else { return None };
    let uci = uci(board, mv);
    let before = board.clone();
    board.play_unchecked(mv);
    Some((san::canonical(&before, mv, board).to_string(), uci))
}

/// `mv` in UCI: from and to squares and the promotion piece; castling as the king's two-square
/// move (cozy-chess writes it as the king taking its rook).
fn uci(board: &Board, mv: Move) -> String {
    let to = if san::is_castling(board, mv) {
        let file = if mv.to.file() > mv.from.file() { File::G } else { File::C };
        Square::new(file, mv.from.rank())
    } else {
        mv.to
    };
    let promotion = mv.promotion.map_or(String::new(), |p| san::piece_letter(p).to_ascii_lowercase().to_string());
    format!("{}{}{}", mv.from, to, promotion)
}

/// The clock and evaluation a comment after the last move gives it.
fn annotate(record: &mut GameRecord, comment: &str) {
    let last = record.san.len() - 1;
    for command in commands(comment) {
        match (command.name, command.value) {
            ("clk", Ok(Value::Time(t))) => record.clocks[last] = Some(t.millis as f64 / 1000.0),
            ("eval", Ok(Value::Eval(e))) => match e.score {
                Score::Centipawns(cp) => record.eval_cp[last] = Some(cp),
                Score::Mate(n) => record.eval_mate[last] = Some(n),
            },
            _ => {}
        }
    }
}

/// The start offset of each game [`read_games`] reads: where a reader that cuts a text into
/// pieces of whole games may cut.
pub fn game_starts(text: &str) -> Vec<TextSize> {
    let parse = super::parser::parse_events(text, Vec::new());
    parse.games().map(|g| g.range().start()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_is_read_with_its_tags_moves_clocks_and_evaluations() {
        let text = "[Event \"a \\\"b\\\"\"]\n[White \"X\"]\n\n1. e4 { [%clk 0:03:00] [%eval 0.17] } e5 \
                    {[%clk 0:02:59.5]} 2. Nf3 (2. f4 exf4) Nc6 3. Bc4 Nf6 4. O-O {[%eval #-3]} 4... Nxe4 1-0\n";
        let games = read_games(text);
        assert_eq!(games.len(), 1);
        let g = &games[0];
        assert_eq!(g.line, 1);
        assert_eq!(g.tags, vec![("Event".into(), "a \"b\"".into()), ("White".into(), "X".into())]);
        assert_eq!(g.san, ["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "O-O", "Nxe4"]);
        assert_eq!(g.uci, ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1", "f6e4"]);
        assert_eq!(g.clocks[..3], [Some(180.0), Some(179.5), None]);
        assert_eq!(g.eval_cp[0], Some(17));
        assert_eq!(g.eval_mate[6], Some(-3));
        assert_eq!(g.result.as_deref(), Some("1-0"));
        assert_eq!(g.stopped_at, None);
    }

    #[test]
    fn the_main_line_stops_at_a_refused_move_and_a_fen_sets_the_start() {
        let text = "[FEN \"4k3/P7/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. a8=Q+ Kd7 2. Ke5 *\n\n1. e4 e4 2. d4 *\n";
        let games = read_games(text);
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].san, ["a8=Q+", "Kd7"]);
        assert_eq!(games[0].uci, ["a7a8q", "e8d7"]);
        assert_eq!(games[0].stopped_at.as_deref(), Some("Ke5"));
        assert_eq!(games[1].line, 5);
        assert_eq!(games[1].san, ["e4"]);
        assert_eq!(games[1].stopped_at.as_deref(), Some("e4"));
    }
}
