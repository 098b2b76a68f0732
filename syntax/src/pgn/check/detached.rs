//! The facts of a text's games kept apart from the text: what a piece of a database that no one
//! holds whole (a task of `kibitzer.dask`, a chunk of a compressed file) gives for the checks of
//! its games together with every other piece's (duplicate games, the spellings of names). Each
//! game's [`Summary`] goes with copies of its roster's tokens and the line it starts on, so that
//! [`Joined`] can stand in for the text those checks would read ([`GamesText`]): the pieces'
//! facts, a hundred bytes or so a game, travel; their text does not.

use super::duplicates::{line_end_of, GamesText, LineCounter, Summary};
use crate::config::CheckOptions;
use crate::diagnostic::TextEdit;
use crate::moved::Shift;
use crate::spellings::{Files, Tokens};
use crate::text::{TextRange, TextSize};
use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};

/// What a deleted last game takes with it before its start.
const BLANKS: [char; 4] = [' ', '\t', '\r', '\n'];

/// The facts of the games of one piece of a text, with ranges relative to the piece.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Detached {
    games: Vec<Summary>,
    /// Each game's roster tokens as written (quotes included), by their index in the roster.
    tokens: Vec<[Option<Box<str>>; 7]>,
    /// The 1-based line of the piece each game starts on.
    lines: Vec<u32>,
    /// The length of the piece and the line ends in it: how far the pieces after it are moved.
    len: TextSize,
    breaks: u32,
    /// Where the text before the piece's last game ends once the blank lines before it are left
    /// out (0: only blanks are before it in the piece), and whether the line before it ends in
    /// CR LF (`None`: the game starts the piece): the deletion of that game, should it be the
    /// last of the whole text.
    before_last: Option<(TextSize, Option<bool>)>,
    /// Whether the piece ends in CR LF.
    ends_in_crlf: bool,
    /// Where the piece's text ends once its trailing blanks are left out (0: it is all blanks).
    trimmed_len: TextSize,
}

impl Detached {
    /// The facts of `text`'s games, whose summaries are `games` (in text order, ranges in `text`).
    pub fn of(text: &str, games: &[Summary]) -> Detached {
        let mut lines = LineCounter::new(text, 0);
        let starts: Vec<u32> = games.iter().map(|g| lines.line_at(g.start())).collect();
        let breaks = lines.line_at(TextSize::of(text)) - 1;
        let tokens = games.iter().map(|g| g.roster().map(|r| r.map(|r| Box::from(&text[r])))).collect();
        let before_last = games.last().map(|g| {
            let before = &text[..usize::from(g.start())];
            let kept = before.trim_end_matches(BLANKS).len();
            (TextSize::from(kept as u32), (!before.is_empty()).then(|| line_end_of(before) == "\r\n"))
        });
        let trimmed_len = TextSize::from(text.trim_end_matches(BLANKS).len() as u32);
        Detached {
            games: games.to_vec(),
            tokens,
            lines: starts,
            len: TextSize::of(text),
            breaks,
            before_last,
            trimmed_len,
            ends_in_crlf: line_end_of(text) == "\r\n",
        }
    }

    /// The length of the piece's text: where the next piece starts, in the joined text.
    pub fn len(&self) -> TextSize {
        self.len
    }

    /// The summaries of the piece's games, in order.
    pub fn games(&self) -> &[Summary] {
        &self.games
    }

    /// Whether the piece has no games.
    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    /// Whether `new` is these facts but for positions moved by one edit, each position given to
    /// `shift` with its counterpart ([`crate::moved`]): the same games with the same moves and
    /// roster tokens, starting on the same lines.
    pub fn moved_to(&self, new: &Detached, shift: &mut Shift) -> bool {
        let same = self.games.len() == new.games.len()
            && self.tokens == new.tokens
            && self.lines == new.lines
            && self.breaks == new.breaks
            && self.ends_in_crlf == new.ends_in_crlf
            && self.games.iter().zip(&new.games).all(|(old, new)| old.moved_to(new, shift));
        let before_last = match (self.before_last, new.before_last) {
            (Some((old, old_crlf)), Some((new, new_crlf))) if old_crlf == new_crlf => {
                // 0 says only blanks are before the last game: not a position.
                if (old == TextSize::from(0)) != (new == TextSize::from(0)) {
                    false
                } else {
                    shift.pair(old, new);
                    true
                }
            }
            (None, None) => true,
            _ => false,
        };
        shift.pair(self.trimmed_len, new.trimmed_len);
        if !(same && before_last) {
            shift.differs();
        }
        shift.holds()
    }
}

/// The pieces' facts put back in order, in place of the whole text for [`GamesText`]: offsets
/// are in the text the pieces make one after the other, lines counted from the first piece's.
/// The pieces may be of several files ([`Joined::of_files`]): each file's lines are counted
/// from its own start, a game's deletion stays in its file, and [`Tokens::file_of`] names the
/// file of an offset.
pub struct Joined<'a> {
    /// The roster tokens, borrowed from the pieces' facts: joining a workspace's games after
    /// each keystroke copies none of their names.
    tokens: FxHashMap<TextSize, &'a str>,
    /// Each game's start and 1-based line, in text order.
    lines: Vec<(TextSize, u32)>,
    /// Each file's range in the joined text and the deletion of its last game, in order.
    ends: Vec<FileEnd>,
    /// The files' names, when there are several.
    files: Option<Files>,
}

/// Where a file of a [`Joined`] text ends, and what deleting its last game leaves.
struct FileEnd {
    start: TextSize,
    end: TextSize,
    /// Where the text before the last game ends once blanks are left out, and its line end.
    before_last: Option<(TextSize, bool)>,
}

impl<'a> Joined<'a> {
    /// The joined text of `pieces` (in text order) and the summaries of all their games, ranges
    /// in that text.
    pub fn of(pieces: impl IntoIterator<Item = &'a Detached>, options: &CheckOptions) -> (Joined<'a>, Vec<Summary>) {
        let mut joined = Joined { tokens: FxHashMap::default(), lines: Vec::new(), ends: Vec::new(), files: None };
        let mut summaries = Vec::new();
        joined.push_file(pieces, options.first_line, &mut summaries);
        (joined, summaries)
    }

    /// The joined text of several files, each its name (as messages name it) and the pieces of
    /// its text in order, one file after the other; lines are counted from each file's start.
    pub fn of_files<'n, P: IntoIterator<Item = &'a Detached>>(
        files: impl IntoIterator<Item = (&'n str, P)>,
    ) -> (Joined<'a>, Vec<Summary>) {
        let mut joined =
            Joined { tokens: FxHashMap::default(), lines: Vec::new(), ends: Vec::new(), files: Some(Files::default()) };
        let mut summaries = Vec::new();
        for (name, pieces) in files {
            let start = joined.len();
            if let Some(files) = &mut joined.files {
                files.push(start, name);
            }
            joined.push_file(pieces, 0, &mut summaries);
        }
        (joined, summaries)
    }

    /// Where the text joined so far ends.
    fn len(&self) -> TextSize {
        self.ends.last().map_or(TextSize::from(0), |f| f.end)
    }

    /// Adds the pieces of one file, whose lines are counted after `first_line`.
    fn push_file(
        &mut self,
        pieces: impl IntoIterator<Item = &'a Detached>,
        first_line: u32,
        summaries: &mut Vec<Summary>,
    ) {
        let start = self.len();
        let mut file = FileEnd { start, end: start, before_last: None };
        let mut lines_before = first_line;
        // Where the pieces so far end once trailing blanks are left out.
        let mut trimmed_end = start;
        let mut ends_in_crlf = false;
        for piece in pieces {
            let delta = file.end;
            for ((game, tokens), line) in piece.games.iter().zip(&piece.tokens).zip(&piece.lines) {
                let game = game.clone().shifted(delta);
                for (range, token) in game.roster().iter().zip(tokens) {
                    if let (Some(range), Some(token)) = (range, token) {
                        self.tokens.insert(range.start(), token);
                    }
                }
                self.lines.push((game.start(), lines_before + line));
                summaries.push(game);
            }
            if let Some((kept, crlf)) = piece.before_last {
                // Only blanks before the game in its piece: they go back into the pieces before.
                let kept = if kept == TextSize::from(0) { trimmed_end } else { kept + delta };
                file.before_last = Some((kept, crlf.unwrap_or(ends_in_crlf)));
            }
            if piece.trimmed_len > TextSize::from(0) {
                trimmed_end = delta + piece.trimmed_len;
            }
            ends_in_crlf = piece.ends_in_crlf;
            file.end += piece.len;
            lines_before += piece.breaks;
        }
        self.ends.push(file);
    }
}

impl Tokens for Joined<'_> {
    fn token(&self, range: TextRange) -> &str {
        // The checks ask only for the ranges of the summaries' roster, which were all kept.
        self.tokens.get(&range.start()).copied().unwrap_or("")
    }

    fn file_of(&self, offset: TextSize) -> Option<(usize, &str)> {
        self.files.as_ref()?.file_of(offset)
    }
}

impl GamesText for Joined<'_> {
    fn line_of_game(&mut self, start: TextSize) -> u32 {
        let i = self.lines.partition_point(|(s, _)| *s < start);
        self.lines.get(i).map_or(0, |(_, line)| *line)
    }

    fn delete_last_game(&self, start: TextSize) -> TextEdit {
        let i = self.ends.partition_point(|f| f.end <= start).min(self.ends.len().saturating_sub(1));
        let Some(file) = self.ends.get(i) else { return TextEdit::delete(TextRange::new(start, start)) };
        let (kept, crlf) = file.before_last.unwrap_or((file.start, false));
        let ending = if kept == file.start {
            ""
        } else if crlf {
            "\r\n"
        } else {
            "\n"
        };
        TextEdit::replace(TextRange::new(kept, file.end), ending)
    }
}
