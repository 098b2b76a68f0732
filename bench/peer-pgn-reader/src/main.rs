//! `peer-pgn-reader [--variations | --write] FILE…`: kibitzer's benchmark peer, pgn-reader +
//! shakmaty used the way their authors use them (the library's `validate` example): each file
//! read into memory, each SAN resolved with `San::to_move` (which proves the move legal) and
//! played with `play_unchecked` (no second proof), the position taken from the FEN tag when
//! there is one.
//!
//! - no flag: every main line replayed, variations skipped (as pgn-reader's own benchmark does);
//!   prints the counts of games, moves and illegal moves.
//! - `--variations`: every variation replayed too, as `kibitzer check` replays them.
//! - `--write`: a writing peer for `kibitzer fmt`: every game written back to standard output in
//!   the export layout (tags, a blank line, movetext with move numbers, each move's SAN written
//!   anew from the position with `SanPlus::from_move_and_play_unchecked`, comments, NAGs,
//!   variations replayed and written, the result, lines under 80 characters).
//!
//! Used by bench/compare-pgn.sh and bench/compare-fmt.sh; its own workspace, never linked into
//! kibitzer (GPL-3.0).

use pgn_reader::{Nag, Outcome, RawComment, RawTag, Reader, SanPlus, Skip, Visitor};
use shakmaty::{fen::Fen, CastlingMode, Chess, Color, Position};
use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    MainLines,
    Variations,
    Write,
}

#[derive(Default)]
struct Totals {
    games: u64,
    moves: u64,
    illegal: u64,
}

/// Lines of movetext under 80 characters, words joined by one space.
struct Wrapped {
    out: Vec<u8>,
    line: usize,
    /// The next word follows the last without a space (after `(`).
    glued: bool,
}

impl Wrapped {
    fn word(&mut self, word: &[u8]) {
        let space = usize::from(!self.glued);
        if self.line > 0 && self.line + space + word.len() > 79 {
            self.out.push(b'\n');
            self.line = 0;
        } else if self.line > 0 && !self.glued {
            self.out.push(b' ');
            self.line += 1;
        }
        self.glued = false;
        self.out.extend_from_slice(word);
        self.line += word.len();
    }

    /// `)` after the last word, without a space.
    fn close(&mut self) {
        if self.line + 1 > 79 {
            self.out.push(b'\n');
            self.line = 0;
        }
        self.out.push(b')');
        self.line += 1;
    }

    fn end_line(&mut self) {
        if self.line > 0 {
            self.out.push(b'\n');
            self.line = 0;
        }
    }
}

/// The main lines only, written as the library's `validate` example: the position itself is
/// the movetext, each move played in place.
struct MainLines {
    totals: Totals,
}

impl Visitor for MainLines {
    type Tags = Option<Chess>;
    type Movetext = Chess;
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(None)
    }

    fn tag(&mut self, tags: &mut Self::Tags, name: &[u8], value: RawTag<'_>) -> ControlFlow<Self::Output> {
        if name == b"FEN" {
            *tags = Some(start_of(value));
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(tags.unwrap_or_default())
    }

    fn san(&mut self, position: &mut Chess, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        match san_plus.san.to_move(position) {
            Ok(m) => {
                self.totals.moves += 1;
                position.play_unchecked(m);
                ControlFlow::Continue(())
            }
            Err(_) => {
                // The rest of the game cannot be replayed.
                self.totals.illegal += 1;
                self.totals.games += 1;
                ControlFlow::Break(())
            }
        }
    }

    fn end_game(&mut self, _position: Chess) -> Self::Output {
        self.totals.games += 1;
    }
}

/// The position of a FEN tag (the standard one when it cannot be read).
fn start_of(value: RawTag<'_>) -> Chess {
    Fen::from_ascii(value.as_bytes())
        .ok()
        .and_then(|fen| fen.into_position(CastlingMode::Chess960).ok())
        .unwrap_or_default()
}

/// Every line replayed (`--variations`), and written back (`--write`).
struct Replayer {
    mode: Mode,
    totals: Totals,
    text: Wrapped,
    /// A word reused for each move, number, comment or NAG.
    word: String,
}

/// The line being replayed: the position after the last move and the one before it (where a
/// variation starts), with the lines the open variations left.
struct Line {
    position: Option<Chess>,
    before_last: Option<Chess>,
    outer: Vec<(Option<Chess>, Option<Chess>)>,
    /// The next move needs its number (a Black move after a comment, NAG or variation).
    number_next: bool,
}

impl Visitor for Replayer {
    type Tags = Option<Chess>;
    type Movetext = Line;
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(None)
    }

    fn tag(&mut self, tags: &mut Self::Tags, name: &[u8], value: RawTag<'_>) -> ControlFlow<Self::Output> {
        if name == b"FEN" {
            *tags = Some(start_of(value));
        }
        if self.mode == Mode::Write {
            let out = &mut self.text.out;
            out.push(b'[');
            out.extend_from_slice(name);
            out.extend_from_slice(b" \"");
            out.extend_from_slice(value.as_bytes());
            out.extend_from_slice(b"\"]\n");
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        if self.mode == Mode::Write {
            self.text.out.push(b'\n');
        }
        let line =
            Line { position: Some(tags.unwrap_or_default()), before_last: None, outer: Vec::new(), number_next: true };
        ControlFlow::Continue(line)
    }

    fn san(&mut self, line: &mut Self::Movetext, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        let Some(mut position) = line.position.take() else { return ControlFlow::Continue(()) };
        let Ok(m) = san_plus.san.to_move(&position) else {
            self.totals.illegal += 1;
            return ControlFlow::Continue(());
        };
        self.totals.moves += 1;
        let before = Some(position.clone());
        if self.mode == Mode::Write {
            use std::fmt::Write as _;
            // A move number and its move stay on one line.
            let white = position.turn() == Color::White;
            self.word.clear();
            if white || line.number_next {
                let dots = if white { ". " } else { "... " };
                let _ = write!(self.word, "{}{dots}", position.fullmoves());
            }
            SanPlus::from_move_and_play_unchecked(&mut position, m).append_to_string(&mut self.word);
            self.text.word(self.word.as_bytes());
        } else {
            position.play_unchecked(m);
        }
        line.number_next = false;
        line.before_last = before;
        line.position = Some(position);
        ControlFlow::Continue(())
    }

    fn nag(&mut self, line: &mut Self::Movetext, nag: Nag) -> ControlFlow<Self::Output> {
        if self.mode == Mode::Write {
            self.word.clear();
            nag.append_to_string(&mut self.word);
            self.text.word(self.word.as_bytes());
            line.number_next = true;
        }
        ControlFlow::Continue(())
    }

    fn comment(&mut self, line: &mut Self::Movetext, comment: RawComment<'_>) -> ControlFlow<Self::Output> {
        if self.mode == Mode::Write {
            // A comment's words are wrapped like the moves'.
            let mut words = comment.as_bytes().split(|b| b.is_ascii_whitespace()).filter(|w| !w.is_empty());
            let mut first = b"{".to_vec();
            first.extend_from_slice(words.next().unwrap_or_default());
            let mut pending = first;
            for w in words {
                self.text.word(&pending);
                pending = w.to_vec();
            }
            pending.push(b'}');
            self.text.word(&pending);
            line.number_next = true;
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, line: &mut Self::Movetext) -> ControlFlow<Self::Output, Skip> {
        // A variation replaces the last move: it starts from the position before it.
        let start = line.before_last.clone();
        line.outer.push((line.position.take(), line.before_last.take()));
        line.position = start;
        line.number_next = true;
        if self.mode == Mode::Write {
            self.text.word(b"(");
            self.text.glued = true;
        }
        ControlFlow::Continue(Skip(false))
    }

    fn end_variation(&mut self, line: &mut Self::Movetext) -> ControlFlow<Self::Output> {
        if let Some((position, before_last)) = line.outer.pop() {
            line.position = position;
            line.before_last = before_last;
        }
        line.number_next = true;
        if self.mode == Mode::Write {
            self.text.close();
        }
        ControlFlow::Continue(())
    }

    fn outcome(&mut self, _line: &mut Self::Movetext, outcome: Outcome) -> ControlFlow<Self::Output> {
        if self.mode == Mode::Write {
            self.text.word(outcome.as_str().as_bytes());
        }
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, _line: Self::Movetext) -> Self::Output {
        self.totals.games += 1;
        if self.mode == Mode::Write {
            self.text.end_line();
            if self.text.out == b"\n" {
                // Nothing but a comment line before the first game: nothing to write.
                self.text.out.clear();
            } else {
                self.text.out.push(b'\n');
            }
        }
    }
}

fn main() -> io::Result<()> {
    let mut mode = Mode::MainLines;
    let mut files = Vec::new();
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--variations" => mode = Mode::Variations,
            "--write" => mode = Mode::Write,
            _ => files.push(arg),
        }
    }
    let mut replayer = Replayer {
        mode,
        totals: Totals::default(),
        text: Wrapped { out: Vec::new(), line: 0, glued: false },
        word: String::new(),
    };
    let mut main_lines = MainLines { totals: Totals::default() };
    let stdout = io::stdout();
    let mut stdout = BufWriter::new(stdout.lock());
    for path in files {
        let text = std::fs::read(&path)?;
        let mut reader = Reader::new(&text[..]);
        if mode == Mode::MainLines {
            while reader.read_game(&mut main_lines)?.is_some() {}
            continue;
        }
        while reader.read_game(&mut replayer)?.is_some() {
            if mode == Mode::Write {
                stdout.write_all(&replayer.text.out)?;
                replayer.text.out.clear();
            }
        }
    }
    let Totals { games, moves, illegal } = if mode == Mode::MainLines { main_lines.totals } else { replayer.totals };
    if mode == Mode::Write {
        stdout.flush()?;
        eprintln!("{games} games, {moves} moves, {illegal} illegal");
    } else {
        println!("{games} games, {moves} moves, {illegal} illegal");
    }
    Ok(())
}
