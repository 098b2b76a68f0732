//! Duplicate games (pgn-extract's `-D`, the commonest cleaning of a database): a game whose
//! main-line moves, from the same starting position, and whose Seven Tag Roster repeat an
//! earlier game's of the same text. Near-duplicates, the same moves under tags spelled
//! differently (case, spacing, punctuation, `?` for a value, a missing Round), are a note.
//!
//! Linear in the number of games: the replay folds each game's start position and main-line
//! moves into one hash ([`MoveHash`]); each game's [`Summary`] (that hash, the ranges of its
//! roster's values, where it starts) is collected as the games are checked, on every core; one
//! pass in text order then looks each game's hash up in a map to the earlier games with the
//! same moves, and compares tags only with those (a few at most), never with every game. Tags
//! are compared as the moves are, by a hash of the roster's tokens as written, made on every
//! core; only rosters written differently are read from the text and compared value by value.

use super::tags::TagInfo;
use crate::config::CheckOptions;
use crate::diagnostic::{Applicability, Diagnostic, TextEdit};
use crate::pgn::flat::Game;
use crate::pgn::model::string_value;
use crate::spellings::{Fingerprint, NameKind, Tokens};
use crate::text::{TextRange, TextSize};
use std::borrow::Cow;
use std::collections::HashMap;

crate::diagnostic::declare_rules! {
    DUPLICATE_GAME = "PGN400" "duplicate-game" Warning Import "PGN 8.1.1"
        "A game that repeats an earlier game of the file: the same moves and Seven Tag Roster"
        "A game whose main-line moves, from the same starting position, and whose seven main tags (Event, Site, Date, Round, White, Black, Result: the Seven Tag Roster of PGN 8.1.1) repeat an earlier game's is that game again, as pgn-extract's `-D` finds it; merged databases are full of them. The diagnostic is on the later copy and points at the earlier one; the editor's action (an unsafe fix, never applied by `check --fix`) deletes the copy. Games of fewer than six plies are duplicates only when their players are named too (`1. e4 *` stubs repeat without being the same game); a game without moves never is. Across files: `check --across-files` and the language server (its workspace folders' files, setting `acrossFiles`) also find a game repeating a game of another file, taking files in order of their paths; the message then names the earlier game's file and line."
        bad: "[Event \"Club\"]\n[Site \"Here\"]\n[Date \"2024.01.05\"]\n[Round \"1\"]\n[White \"Adams\"]\n[Black \"Brown\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n[Event \"Club\"]\n[Site \"Here\"]\n[Date \"2024.01.05\"]\n[Round \"1\"]\n[White \"Adams\"]\n[Black \"Brown\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n",
        good: "[Event \"Club\"]\n[Site \"Here\"]\n[Date \"2024.01.05\"]\n[Round \"1\"]\n[White \"Adams\"]\n[Black \"Brown\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n";
    NEAR_DUPLICATE_GAME = "PGN401" "near-duplicate-game" Information Import "PGN 8.1.1"
        "A game with an earlier game's moves under tags spelled differently"
        "The same main-line moves from the same position as an earlier game, and a Seven Tag Roster that differs from it only in spelling: case, spacing or punctuation (`Carlsen,Magnus` and `carlsen, magnus`), `?` where the other has a value, a tag left out. Most often the same game entered twice; but two games can share their moves, so this is a note, and its action (an unsafe fix) deletes the later game only when asked. Games of fewer than six plies and games without both players named are left alone: short stubs and unnamed games agree with anything."
        bad: "[Event \"Club\"]\n[Date \"2024.01.05\"]\n[White \"Adams, M\"]\n[Black \"Brown\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n[Event \"club\"]\n[Date \"2024.??.??\"]\n[White \"Adams,M.\"]\n[Black \"Brown\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n",
        good: "[Event \"Club\"]\n[Date \"2024.01.05\"]\n[White \"Adams, M\"]\n[Black \"Brown\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n[Event \"Club\"]\n[Date \"2024.01.06\"]\n[White \"Brown\"]\n[Black \"Adams, M\"]\n[Result \"0-1\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 0-1\n";
}

/// Below this many plies a game is a stub (`1. e4 *`, `1. d4 d5 *`, an opening line of a
/// repertoire) or a miniature of a few known moves that many different games share: it is a
/// duplicate only when its roster matches with both players named, and never a near-duplicate.
/// Six plies is past the fool's mate (four) and the shortest traps; real games that short are
/// rare enough that two of them with the same players are the same game.
pub const MIN_PLIES: u32 = 6;

/// The earlier games with the same moves a game's tags are compared with at most: games that
/// share their moves are few (a known short draw played by many pairs is the most), and the
/// bound keeps the pass linear whatever the file holds.
const MAX_COMPARED: usize = 16;

/// The duplicates whose diagnostics one thread builds at a time: thousands, so that a file with
/// a few keeps to one thread.
const DIAGNOSTICS_A_JOB: usize = 4096;

/// Indices of the Seven Tag Roster (PGN 8.1.1) in [`Summary::roster`].
pub(super) const EVENT: usize = 0;
pub(super) const SITE: usize = 1;
pub(super) const WHITE: usize = 4;
pub(super) const BLACK: usize = 5;

/// The roster's tags whose values name something, and what they name.
const NAMES: [(usize, NameKind); 4] =
    [(EVENT, NameKind::Title), (SITE, NameKind::Title), (WHITE, NameKind::Person), (BLACK, NameKind::Person)];

/// The group of tags whose values are compared with each other: White and Black together.
fn group_of(tag: usize) -> u8 {
    if tag == BLACK {
        WHITE as u8
    } else {
        tag as u8
    }
}

/// The start position and the main-line moves of a game, folded into 64 bits as the replay
/// plays them: a played move by its squares and promotion, a move that could not be played by
/// its text (so that games broken the same way still compare).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct MoveHash(u64);

impl MoveHash {
    /// From the position the moves start from (its Zobrist hash: pieces, side to move,
    /// castling rights and en-passant square).
    pub fn new(start: &cozy_chess::Board) -> MoveHash {
        MoveHash(mix(0x9E37_79B9_7F4A_7C15, start.hash()))
    }

    /// Folds in the next main-line move: `played` when the replay played it, else its text.
    pub fn push(&mut self, played: Option<cozy_chess::Move>, text: &str) {
        self.0 = match played {
            Some(mv) => {
                let promotion = mv.promotion.map_or(0, |p| p as u64 + 1);
                mix(self.0, mv.from as u64 | (mv.to as u64) << 6 | promotion << 12 | 1 << 16)
            }
            None => text.bytes().fold(mix(self.0, 2 << 16), |h, b| mix(h, u64::from(b))),
        };
    }
}

/// One step of a multiplicative hash (the constant is FxHash's): fast, and spread well enough
/// for a map key; [`Summary::key`] adds the number of plies.
fn mix(h: u64, x: u64) -> u64 {
    (h.rotate_left(5) ^ x).wrapping_mul(0x517C_C1B7_2722_0A95)
}

/// What the duplicate pass needs of a game, collected while it is checked (no text copied).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Summary {
    /// Where the game starts.
    start: TextSize,
    /// Where the diagnostic goes: the game's first tag (its first line when it has none).
    header: TextRange,
    /// The start position and main line, and the number of plies of the main line; `None` when
    /// the moves were not replayed (a variant kibitzer does not know, a broken FEN).
    moves: Option<(MoveHash, u32)>,
    /// The value tokens of the roster's tags, by their index in the Seven Tag Roster.
    roster: [Option<TextRange>; 7],
    /// The fingerprints of the Event, Site, White and Black values, for the spelling check.
    /// Not sent with facts detached from the text ([`super::detached`]): the pass across games
    /// reads the values, and the fingerprints only tell beforehand whether it may find anything.
    #[serde(skip)]
    names: [Option<Fingerprint>; 4],
    /// The roster as [`check`] compares it first, worked out while the game's tags are at hand.
    /// Not sent with detached facts, whose rosters travel as copies of their tokens: `None`,
    /// and the pass reads those.
    #[serde(skip)]
    roster_print: Option<RosterPrint>,
}

/// What the duplicate pass compares of two rosters before reading either from the text: a hash
/// of the value tokens as written, and whether both players are named. In a merged database
/// nearly every copy's roster is written as its original's, and reading both from a text of
/// tens of megabytes, a game far from the other, cost most of the pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct RosterPrint {
    written: u64,
    players_named: bool,
}

/// The keys of the rosters' hash, drawn once a process. Equal prints are taken for the same
/// roster without reading it, so the hash is std's keyed SipHash, not a fast unkeyed one whose
/// collisions a file could be written to contain (two different rosters reported as copies).
static ROSTER_KEYS: std::sync::LazyLock<std::hash::RandomState> = std::sync::LazyLock::new(std::hash::RandomState::new);

impl RosterPrint {
    fn of(roster: &Roster<'_>) -> RosterPrint {
        RosterPrint { written: roster_hash(&roster.0), players_named: roster.names_players() }
    }
}

/// The keyed hash of a roster's tokens as written, each followed by `0xFF` and a tag left out
/// written `0xFE`: bytes no UTF-8 text holds, so that different rosters are different bytes.
/// They are put together on the stack and hashed with one write: hashed value by value (each
/// `Option` and `str` a write of its own), SipHash's work a write cost 1,200 instructions a
/// game.
fn roster_hash(tokens: &[Option<&str>; 7]) -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = ROSTER_KEYS.build_hasher();
    let mut buffer = [0u8; 256];
    let mut len = 0;
    for token in tokens {
        let bytes = token.map_or(&[0xFE][..], str::as_bytes);
        if len + bytes.len() + 1 > buffer.len() {
            // A long roster: what is gathered so far, then this token, written as they come
            // (SipHash reads its writes as one stream of bytes).
            hasher.write(&buffer[..len]);
            hasher.write(bytes);
            len = 0;
        } else {
            buffer[len..len + bytes.len()].copy_from_slice(bytes);
            len += bytes.len();
        }
        buffer[len] = 0xFF;
        len += 1;
    }
    hasher.write(&buffer[..len]);
    hasher.finish()
}

impl Summary {
    /// The summary of `game`, whose tags are `tags` and whose moves (when replayed) hashed to
    /// `moves`.
    pub(super) fn of(text: &str, game: &Game<'_>, tags: &TagInfo, moves: Option<(MoveHash, u32)>) -> Summary {
        let range = game.range();
        let header = tags.first_tag.unwrap_or_else(|| {
            let text = &text[range];
            TextRange::at(range.start(), TextSize::from(text.find(['\n', '\r']).unwrap_or(text.len()) as u32))
        });
        let names =
            NAMES.map(|(tag, kind)| tags.roster[tag].and_then(|r| Fingerprint::of(&string_value(&text[r]), kind)));
        let roster_print = Some(RosterPrint::of(&Roster(tags.roster.map(|r| r.map(|r| &text[r])))));
        Summary { start: range.start(), header, moves, roster: tags.roster, names, roster_print }
    }

    /// Where the game starts.
    pub fn start(&self) -> TextSize {
        self.start
    }

    /// The fingerprints of the game's Event, Site, White and Black values, each with its group
    /// of tags (players are one group), for [`crate::spellings::Fingerprint::may_vary`].
    pub fn names(&self) -> impl Iterator<Item = (u8, Fingerprint)> + '_ {
        NAMES.iter().zip(&self.names).filter_map(|((tag, _), print)| Some((group_of(*tag), (*print)?)))
    }

    /// The ranges of the value tokens of the game's Seven Tag Roster (the first of each tag),
    /// by their index in the roster.
    pub(super) fn roster(&self) -> &[Option<TextRange>; 7] {
        &self.roster
    }

    /// Whether `new` is this summary but for its positions, each given to `shift` with its
    /// counterpart ([`crate::moved`]).
    pub(super) fn moved_to(&self, new: &Summary, shift: &mut crate::moved::Shift) -> bool {
        if self.moves != new.moves || self.names != new.names || self.roster_print != new.roster_print {
            return false;
        }
        shift.pair(self.start, new.start);
        shift.pair_range(self.header, new.header);
        for (old, new) in self.roster.iter().zip(&new.roster) {
            match (old, new) {
                (Some(old), Some(new)) => shift.pair_range(*old, *new),
                (None, None) => {}
                _ => return false,
            }
        }
        true
    }

    /// The same summary in a text in which the game's text starts `delta` bytes later.
    pub fn shifted(mut self, delta: TextSize) -> Summary {
        self.start += delta;
        self.header += delta;
        for value in self.roster.iter_mut().flatten() {
            *value += delta;
        }
        self
    }

    /// The same summary in a text in which the game's text starts `delta` bytes earlier.
    pub fn shifted_back(mut self, delta: TextSize) -> Summary {
        self.start -= delta;
        self.header -= delta;
        for value in self.roster.iter_mut().flatten() {
            *value -= delta;
        }
        self
    }
}

/// The roster of one game read from the text: its value tokens as written, each decoded when
/// asked. A file of copies compares a game's roster with an earlier one's for every copy, and
/// tokens written alike (nearly all) are equal values without decoding either.
struct Roster<'t>([Option<&'t str>; 7]);

impl<'t> Roster<'t> {
    fn read<T: Tokens + ?Sized>(text: &'t T, summary: &Summary) -> Roster<'t> {
        Roster(std::array::from_fn(|i| summary.roster[i].map(|r| text.token(r))))
    }

    fn value(&self, i: usize) -> Option<Cow<'t, str>> {
        self.0[i].map(string_value)
    }

    /// Whether the `i`-th values of two rosters are equal (both left out, or the same value).
    fn same_value(&self, other: &Roster<'_>, i: usize) -> bool {
        self.0[i] == other.0[i] || self.value(i) == other.value(i)
    }

    /// Both players named (not left out, not `?`).
    fn names_players(&self) -> bool {
        // Quotes and escapes are no letters or digits: the tokens are read as written.
        [WHITE, BLACK].iter().all(|&i| self.0[i].is_some_and(|token| !unknown(token)))
    }

    /// A hash of the values: equal rosters hash alike.
    fn hash(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        (0..7).for_each(|i| self.value(i).hash(&mut hasher));
        hasher.finish()
    }

    /// [`Roster::players`] of the game `summary` sums up, read from `text`: only its White and
    /// Black values are read (each value read is a cache miss or two in a large text).
    fn players_of<T: Tokens + ?Sized>(text: &'t T, summary: &Summary) -> String {
        let mut roster = Roster([None; 7]);
        for i in [WHITE, BLACK] {
            roster.0[i] = summary.roster[i].map(|r| text.token(r));
        }
        roster.players()
    }

    /// `White – Black`, as the message names a game.
    fn players(&self) -> String {
        let mut players = String::new();
        self.push_players(&mut players);
        players
    }

    /// [`Roster::players`] onto `out`.
    fn push_players(&self, out: &mut String) {
        let name = |i| self.value(i).filter(|v| !v.is_empty()).unwrap_or(Cow::Borrowed("?"));
        out.push_str(&name(WHITE));
        out.push_str(" – ");
        out.push_str(&name(BLACK));
    }
}

/// How two games' rosters compare.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Likeness {
    Same,
    SpelledAlike,
    Different,
}

fn likeness(a: &Roster<'_>, b: &Roster<'_>) -> Likeness {
    if (0..7).all(|i| a.same_value(b, i)) {
        return Likeness::Same;
    }
    if (0..7).all(|i| spelled_alike(a.value(i).as_deref(), b.value(i).as_deref())) {
        Likeness::SpelledAlike
    } else {
        Likeness::Different
    }
}

/// A value as spelling leaves it: lower case, letters, digits and `?` only (read as it is
/// compared, nothing allocated: the pass compares many values and reports few).
fn spelling(value: &str) -> impl Iterator<Item = char> + '_ {
    value.chars().filter(|c| c.is_alphanumeric() || *c == '?').flat_map(char::to_lowercase)
}

/// Nothing known: empty or only `?` (`?`, `????.??.??`), once spelled alike.
fn unknown(value: &str) -> bool {
    // What spelling keeps is letters, digits and `?`, lowercase letters being letters still:
    // all `?` exactly when no letter or digit is there.
    !value.chars().any(char::is_alphanumeric)
}

/// Two values that differ only in spelling: equal once spelled alike, one of them unknown or
/// left out, or equal but where one has `?` (a date known to the year only).
fn spelled_alike(a: Option<&str>, b: Option<&str>) -> bool {
    let (Some(a), Some(b)) = (a, b) else { return true };
    if unknown(a) || unknown(b) {
        return true;
    }
    let (mut a, mut b) = (spelling(a), spelling(b));
    loop {
        match (a.next(), b.next()) {
            (None, None) => return true,
            (Some(x), Some(y)) if x == y || x == '?' || y == '?' => {}
            _ => return false,
        }
    }
}

/// Whether any two of `games` share their moves, the first condition of a duplicate: when not,
/// [`check`] finds nothing and its text need not be gathered (the language server's pass over
/// an open document, after each edit, costs one hash-set insertion per game).
pub fn may_have_duplicates<'a>(games: impl Iterator<Item = &'a Summary>) -> bool {
    let mut seen = std::collections::HashSet::new();
    games.filter_map(|g| g.moves.filter(|(_, plies)| *plies > 0)).any(|key| !seen.insert(key))
}

/// What the checks of a text's games together read beyond the games' summaries: the roster's
/// tokens, the line a game starts on, the text before the last game. [`WholeText`] reads them
/// from the text; [`super::detached::Joined`] from what pieces of a text no one holds whole
/// kept of them.
/// Shared between threads: the diagnostics of many copies are built on every core.
pub trait GamesText: Tokens + Sync {
    /// The 1-based line (counted from [`CheckOptions::first_line`]) of the game starting at
    /// `start`; asked in increasing order of `start`.
    fn line_of_game(&mut self, start: TextSize) -> u32;

    /// The edit that deletes the text's last game (of its file, when the text is several files:
    /// [`Tokens::file_of`]), which starts at `start`, with the blank lines before it, so that
    /// the text still ends with one line end.
    fn delete_last_game(&self, start: TextSize) -> TextEdit;
}

/// The text itself, for [`GamesText`].
pub struct WholeText<'t> {
    text: &'t str,
    lines: LineCounter<'t>,
}

impl<'t> WholeText<'t> {
    pub fn new(text: &'t str, options: &CheckOptions) -> WholeText<'t> {
        WholeText { text, lines: LineCounter::new(text, options.first_line) }
    }
}

impl Tokens for WholeText<'_> {
    fn token(&self, range: TextRange) -> &str {
        &self.text[range]
    }
}

impl GamesText for WholeText<'_> {
    fn line_of_game(&mut self, start: TextSize) -> u32 {
        self.lines.line_at(start)
    }

    fn delete_last_game(&self, start: TextSize) -> TextEdit {
        let before = &self.text[..usize::from(start)];
        let kept = before.trim_end_matches([' ', '\t', '\r', '\n']).len();
        let range = TextRange::new(TextSize::from(kept as u32), TextSize::of(self.text));
        TextEdit::replace(range, if kept == 0 { "" } else { line_end_of(before) })
    }
}

/// The line end a text uses, read from its end: what a deletion of its last game leaves.
pub(super) fn line_end_of(text: &str) -> &'static str {
    if text.ends_with("\r\n") {
        "\r\n"
    } else {
        "\n"
    }
}

/// The duplicate games of `text`, whose games' summaries are `games` in text order, into `out`;
/// gives the indices of the games found to be copies, in order (the spelling check leaves them
/// out: a copy is deleted, not renamed).
pub fn check(text: &mut impl GamesText, games: &[Summary], out: &mut Vec<Diagnostic>) -> Vec<usize> {
    if games.len() < 2 {
        return Vec::new();
    }
    // (game, earlier game, likeness) of every duplicate, in text order.
    let mut found: Vec<(usize, usize, Likeness)> = Vec::new();
    let mut seen: HashMap<(MoveHash, u32), Vec<usize>> = HashMap::with_capacity(games.len());
    for (i, game) in games.iter().enumerate() {
        let Some(key) = game.moves.filter(|(_, plies)| *plies > 0) else { continue };
        let earlier = seen.entry(key).or_default();
        // Players must be named: unnamed games agree with anything.
        let players_named =
            || game.roster_print.map_or_else(|| Roster::read(text, game).names_players(), |p| p.players_named);
        if !earlier.is_empty() && players_named() {
            let short = key.1 < MIN_PLIES;
            let mut best: Option<(usize, Likeness)> = None;
            // Read from the text only when the rosters are not written alike.
            let mut roster = None;
            for &e in earlier.iter() {
                let likeness = match (game.roster_print, games[e].roster_print) {
                    (Some(a), Some(b)) if a.written == b.written => Likeness::Same,
                    _ => {
                        likeness(roster.get_or_insert_with(|| Roster::read(text, game)), &Roster::read(text, &games[e]))
                    }
                };
                match likeness {
                    Likeness::Same => {
                        best = Some((e, likeness));
                        break;
                    }
                    Likeness::SpelledAlike if best.is_none() && !short => best = Some((e, likeness)),
                    _ => {}
                }
            }
            if let Some((e, likeness)) = best {
                found.push((i, e, likeness));
                if likeness == Likeness::Same {
                    // Its copies match the earlier game; it need not be kept.
                    continue;
                }
            }
        }
        if earlier.len() < MAX_COMPARED {
            earlier.push(i);
        }
    }
    if found.is_empty() {
        return Vec::new();
    }
    let copies: Vec<usize> = found.iter().map(|&(i, _, _)| i).collect();
    // Messages name the earlier game's line: counted once over the text, in order of offset.
    let mut wanted: Vec<usize> = found.iter().map(|&(_, e, _)| e).collect();
    wanted.sort_unstable();
    wanted.dedup();
    let line_of: HashMap<usize, u32> = wanted.into_iter().map(|e| (e, text.line_of_game(games[e].start))).collect();
    // Built on every core: a merged database has tens of thousands of copies.
    let text = &*text;
    let jobs: Vec<&[(usize, usize, Likeness)]> = found.chunks(DIAGNOSTICS_A_JOB).collect();
    let built = crate::parallel::map(jobs.len(), |job| {
        // The earlier game's players, read once for all its copies in the job.
        let mut players_of: HashMap<usize, String> = HashMap::new();
        let diagnostic = |&(i, e, likeness): &(usize, usize, Likeness)| {
            let (game, first) = (&games[i], &games[e]);
            // The earlier game's line, and its file when the files of a workspace are checked
            // together and it is in another one.
            let (rule, what, why) = match likeness {
                Likeness::Same => (&DUPLICATE_GAME, "duplicate", "the same moves and Seven Tag Roster"),
                _ => (&NEAR_DUPLICATE_GAME, "near-duplicate", "the same moves, the tags spelled differently"),
            };
            // Written piece by piece, not with `format!`.
            let mut message = String::with_capacity(128);
            message.push_str(what);
            message.push_str(" of the game at line ");
            message.extend(crate::text::decimal_digits(line_of[&e], &mut [0; 10]).iter().map(|&d| char::from(d)));
            if let (Some((there, name)), Some((here, _))) = (text.file_of(first.start), text.file_of(game.start)) {
                if there != here {
                    message.push_str(" of `");
                    message.push_str(name);
                    message.push('`');
                }
            }
            message.push_str(" (");
            message.push_str(players_of.entry(e).or_insert_with(|| Roster::players_of(text, first)));
            message.push_str("): ");
            message.push_str(why);
            let delete = deletion(text, games, i);
            Diagnostic::new(rule, game.header, message).with_related(first.header, "the earlier game").with_fix(
                "Delete duplicate game",
                vec![delete],
                Applicability::Unsafe,
            )
        };
        jobs[job].iter().map(diagnostic).collect::<Vec<_>>()
    });
    out.extend(built.into_iter().flatten());
    copies
}

/// The edit that deletes game `i` (never the first: it repeats an earlier one): its text up
/// to the next game; the last game with the blank lines before it, so that the file still ends
/// with one line end.
fn deletion(text: &(impl GamesText + ?Sized), games: &[Summary], i: usize) -> TextEdit {
    let file = |g: &Summary| text.file_of(g.start).map(|(f, _)| f);
    match games.get(i + 1).filter(|next| file(next) == file(&games[i])) {
        Some(next) => TextEdit::delete(TextRange::new(games[i].start, next.start)),
        // The last game of the text, or of its file when files are checked together.
        None => text.delete_last_game(games[i].start),
    }
}

/// The games of the pieces of a stream read before (a compressed file, standard input: checked a
/// chunk of whole games at a time, whose text is then let go), as far as finding their copies in
/// the pieces after needs them: about 40 bytes a game, no text. A piece's own check finds the
/// copies within it; [`EarlierGames::copies_in`] finds its games that repeat a game of a piece
/// before, exactly (the same moves and the same Seven Tag Roster, both players named):
/// near-duplicates and spellings need the earlier values and are found within a piece only.
/// At most [`EarlierGames::MAX_GAMES`] games are remembered, so that memory stays bounded
/// whatever the stream holds (a month of lichess is a hundred million games).
#[derive(Debug, Default)]
pub struct EarlierGames {
    /// Each remembered game's moves, plies and a hash of its roster's values, with the line it
    /// starts on.
    seen: HashMap<(MoveHash, u32, u64), u32>,
}

impl EarlierGames {
    /// The games remembered at most: a map of 2^20 places (900,000 fill it to 86 %), about 35 MB.
    pub const MAX_GAMES: usize = 900_000;

    /// The games of the piece `text` (their summaries `games`, in order, ranges in `text`; its
    /// first line after `options.first_line`) that repeat a game of a piece before, each a
    /// PGN400 naming that game's line (without a related place: its text is gone), into `out`;
    /// gives their headers (the piece's own findings on those games give way to these). The
    /// piece's games are then remembered.
    pub fn copies_in(
        &mut self,
        text: &str,
        games: &[Summary],
        options: &CheckOptions,
        out: &mut Vec<Diagnostic>,
    ) -> Vec<TextRange> {
        let whole = WholeText::new(text, options);
        let mut lines = LineCounter::new(text, options.first_line);
        let mut copies = Vec::new();
        // The piece's games, remembered once all are looked up: a copy within the piece is its
        // own check's to find, with the related place.
        let mut remember = Vec::new();
        for (i, game) in games.iter().enumerate() {
            let Some((moves, plies)) = game.moves.filter(|(_, plies)| *plies > 0) else { continue };
            let roster = Roster::read(&whole, game);
            if !roster.names_players() {
                continue;
            }
            let key = (moves, plies, roster.hash());
            let line = lines.line_at(game.start);
            match self.seen.get(&key) {
                Some(&first) => {
                    let message = format!(
                        "duplicate of the game at line {first} ({}): the same moves and Seven Tag Roster",
                        roster.players()
                    );
                    let delete = deletion(&whole, games, i);
                    out.push(Diagnostic::new(&DUPLICATE_GAME, game.header, message).with_fix(
                        "Delete duplicate game",
                        vec![delete],
                        Applicability::Unsafe,
                    ));
                    copies.push(game.header);
                }
                None => remember.push((key, line)),
            }
        }
        for (key, line) in remember {
            if self.seen.len() >= Self::MAX_GAMES {
                break;
            }
            self.seen.entry(key).or_insert(line);
        }
        copies
    }
}

/// Line numbers of offsets asked in increasing order, counted once over the text (CR, LF and
/// CR LF end a line, as [`crate::text::LineIndex`] counts them).
pub(super) struct LineCounter<'t> {
    bytes: &'t [u8],
    at: usize,
    line: u32,
}

impl<'t> LineCounter<'t> {
    pub(super) fn new(text: &'t str, first_line: u32) -> LineCounter<'t> {
        LineCounter { bytes: text.as_bytes(), at: 0, line: first_line + 1 }
    }

    /// The 1-based line of `offset`, at or after the last one asked.
    pub(super) fn line_at(&mut self, offset: TextSize) -> u32 {
        let to = usize::from(offset);
        for i in memchr::memchr2_iter(b'\n', b'\r', &self.bytes[self.at..to]) {
            let at = self.at + i;
            // The `\n` of a `\r\n` ends the line the `\r` ended.
            if !(self.bytes[at] == b'\n' && at > 0 && self.bytes[at - 1] == b'\r') {
                self.line += 1;
            }
        }
        self.at = to;
        self.line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(text: &str) -> Vec<(&'static str, String)> {
        crate::check(crate::Lang::Pgn, text, &CheckOptions::default())
            .into_iter()
            .filter(|d| matches!(d.code, "PGN400" | "PGN401"))
            .map(|d| (d.code, d.message))
            .collect()
    }

    fn game(tags: &str, moves: &str) -> String {
        format!("{tags}\n\n{moves}\n\n")
    }

    /// A roster's print is the keyed hash of its tokens, each ended by `0xFF`, a tag left out
    /// written `0xFE`, however long (a roster past the stack buffer is hashed in parts): and
    /// rosters that differ only in where a value ends, or in a left-out tag against an empty
    /// value, print differently.
    #[test]
    fn a_roster_print_is_the_hash_of_its_tokens_set_apart() {
        use std::hash::{BuildHasher, Hasher};
        let reference = |tokens: &[Option<&str>; 7]| {
            let mut bytes = Vec::new();
            for token in tokens {
                bytes.extend_from_slice(token.map_or(&[0xFE][..], str::as_bytes));
                bytes.push(0xFF);
            }
            let mut hasher = ROSTER_KEYS.build_hasher();
            hasher.write(&bytes);
            hasher.finish()
        };
        let long = "x".repeat(200);
        let rosters: [[Option<&str>; 7]; 6] = [
            [
                Some("\"Club\""),
                Some("\"Here\""),
                None,
                Some("\"1\""),
                Some("\"Adams, M\""),
                Some("\"Brown\""),
                Some("\"*\""),
            ],
            [
                Some("\"Club\""),
                Some("\"Here\""),
                Some(""),
                Some("\"1\""),
                Some("\"Adams, M\""),
                Some("\"Brown\""),
                Some("\"*\""),
            ],
            [
                Some("\"Club\"\"Here\""),
                Some(""),
                None,
                Some("\"1\""),
                Some("\"Adams, M\""),
                Some("\"Brown\""),
                Some("\"*\""),
            ],
            [Some(&long), Some(&long), None, Some(&long), Some("a"), Some("b"), Some("c")],
            [Some(&long), Some(&long), None, Some(&long), Some("a"), Some("b"), Some("d")],
            [None; 7],
        ];
        for (i, roster) in rosters.iter().enumerate() {
            assert_eq!(roster_hash(roster), reference(roster), "roster {i}");
            for (j, other) in rosters.iter().enumerate().skip(i + 1) {
                assert_ne!(roster_hash(roster), roster_hash(other), "rosters {i} and {j}");
            }
        }
    }

    const ROSTER_A: &str = "[Event \"Club\"]\n[Site \"Here\"]\n[Date \"2024.01.05\"]\n[Round \"1\"]\n[White \"Adams, M\"]\n[Black \"Brown\"]\n[Result \"*\"]";
    const RUY: &str = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *";

    /// The move hash and plies of the one game of `text`, as the check's replay finds them.
    fn moves_of(text: &str) -> Option<(MoveHash, u32)> {
        let (_, summaries) = crate::pgn::check::check_with_summaries(text, &CheckOptions::default());
        summaries[0].moves
    }

    #[test]
    fn the_hash_is_of_the_moves_played_and_the_start() {
        let hash = |moves: &str| moves_of(&format!("[Event \"x\"]\n\n{moves} *\n"));
        // The same moves however written; another order or another move differ.
        assert_eq!(hash("1. e4 e5 2. Nf3"), hash("1. e4 e5 2. Ngf3+!"));
        assert_eq!(hash("1. e4 e5 2. Nf3").unwrap().1, 3);
        assert_ne!(hash("1. e4 e5 2. Nf3"), hash("1. Nf3 e5 2. e4"));
        assert_ne!(hash("1. e4 e5"), hash("1. e4 e6"));
        // Variations, comments and NAGs are not moves of the main line.
        assert_eq!(hash("1. e4 e5 2. Nf3"), hash("1. e4 {best} e5 (1... c5 2. Nf3) 2. Nf3 $1"));
        // Moves that cannot be played hash by their text.
        assert_eq!(hash("1. e4 e5 2. Ke3"), hash("1. e4 e5 2. Ke3"));
        assert_ne!(hash("1. e4 e5 2. Ke3"), hash("1. e4 e5 2. Kd3"));
        // The same moves from another start position.
        let fen = "[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\"]\n\n1. e4 e5 *\n";
        assert_ne!(hash("1. e4 e5"), moves_of(fen));
        // A variant that is not replayed has no hash.
        assert_eq!(moves_of("[Variant \"crazyhouse\"]\n\n1. e4 e5 *\n"), None);
    }

    #[test]
    fn a_repeated_game_is_a_duplicate_of_the_first_naming_its_line() {
        let text =
            [game(ROSTER_A, RUY), game(ROSTER_A, "1. d4 d5 2. c4 e6 3. Nc3 Nf6 *"), game(ROSTER_A, RUY)].concat();
        assert_eq!(
            codes(&text),
            [(
                "PGN400",
                "duplicate of the game at line 1 (Adams, M – Brown): the same moves and Seven Tag Roster".into()
            )]
        );
        // A third copy names the first too.
        let text = format!("{text}{}", game(ROSTER_A, RUY));
        assert_eq!(codes(&text).len(), 2);
    }

    #[test]
    fn the_same_moves_from_another_position_are_another_game() {
        let fen = "[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\"]";
        let text = [game(ROSTER_A, RUY), game(&format!("{ROSTER_A}\n{fen}"), RUY)].concat();
        assert_eq!(codes(&text), []);
    }

    #[test]
    fn tags_spelled_differently_are_a_near_duplicate() {
        let other =
            ROSTER_A.replace("Adams, M", "adams,m").replace("2024.01.05", "2024.??.??").replace("[Round \"1\"]\n", "");
        let text = [game(ROSTER_A, RUY), game(&other, RUY)].concat();
        let found = codes(&text);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].0, "PGN401");
        // Other players: another game.
        let other = ROSTER_A.replace("Brown", "Black");
        assert_eq!(codes(&[game(ROSTER_A, RUY), game(&other, RUY)].concat()), []);
    }

    /// Rosters are compared first by a hash of their tokens as written: two written differently
    /// whose values are the same (`\\` and `\` before a letter both read as a backslash) are
    /// still the same roster, and a game is a duplicate of the first earlier game that matches.
    #[test]
    fn rosters_written_differently_with_the_same_values_are_the_same() {
        let escaped = ROSTER_A.replace("Club", "Club\\\\x");
        let bare = ROSTER_A.replace("Club", "Club\\x");
        let text = [game(&escaped, RUY), game(&bare, RUY)].concat();
        assert_eq!(codes(&text).iter().map(|c| c.0).collect::<Vec<_>>(), ["PGN400"]);
        // Written alike or not, each copy names the first game (line 1).
        let text = [game(&escaped, RUY), game(&bare, RUY), game(&escaped, RUY)].concat();
        let messages: Vec<String> = codes(&text).into_iter().map(|(_, message)| message).collect();
        assert_eq!(messages.len(), 2, "{messages:?}");
        assert!(messages.iter().all(|m| m.starts_with("duplicate of the game at line 1 ")), "{messages:?}");
    }

    /// More copies than one thread's job: each diagnostic still names its own original (two
    /// originals, their copies alternating) and deletes its own copy.
    #[test]
    fn many_copies_each_name_their_original() {
        let b = ROSTER_A.replace("Brown", "Black");
        let (a_game, b_game) = (game(ROSTER_A, RUY), game(&b, "1. d4 d5 2. c4 e6 3. Nc3 Nf6 *"));
        let copies = DIAGNOSTICS_A_JOB + 10;
        let mut text = a_game.clone() + &b_game;
        for k in 0..copies {
            text.push_str(if k % 2 == 0 { &a_game } else { &b_game });
        }
        let b_line = a_game.lines().count() + 1;
        let found = crate::check(crate::Lang::Pgn, &text, &CheckOptions::default());
        let found: Vec<_> = found.into_iter().filter(|d| d.code == "PGN400").collect();
        assert_eq!(found.len(), copies);
        for d in &found {
            let copy = &text[usize::from(d.range.start())..];
            let (line, players) =
                if copy.starts_with(&a_game) { (1, "Adams, M – Brown") } else { (b_line, "Adams, M – Black") };
            assert_eq!(
                d.message,
                format!("duplicate of the game at line {line} ({players}): the same moves and Seven Tag Roster")
            );
            let fix = d.fix.as_ref().expect("a deletion");
            // The copy, and only the copy (the last one with the blank lines before it).
            let deleted = &text[fix.edits[0].range];
            assert_eq!(deleted.trim(), if line == 1 { a_game.trim() } else { b_game.trim() });
            assert!(fix.edits[0].range.contains(d.range.start()));
        }
    }

    /// A value is unknown exactly when spelling it leaves only `?`.
    #[test]
    fn unknown_values_are_those_spelled_as_question_marks() {
        for value in ["", "?", "????.??.??", " - ", "?a", "Ⅻ", "İ", "ß?", "..?..", "1", "_"] {
            assert_eq!(unknown(value), spelling(value).all(|c| c == '?'), "{value:?}");
        }
    }

    #[test]
    fn stubs_and_unnamed_games_are_left_alone() {
        let unnamed = ROSTER_A.replace("Adams, M", "?").replace("Brown", "?");
        // Short games repeat only as true duplicates with named players.
        let stubs = [game(ROSTER_A, "1. e4 *"), game(ROSTER_A, "1. e4 *")].concat();
        assert_eq!(codes(&stubs).len(), 1);
        let near = ROSTER_A.replace("Club", "club");
        assert_eq!(codes(&[game(ROSTER_A, "1. e4 *"), game(&near, "1. e4 *")].concat()), []);
        assert_eq!(codes(&[game(&unnamed, RUY), game(&unnamed, RUY)].concat()), []);
        // No moves at all: never.
        assert_eq!(codes(&[game(ROSTER_A, "*"), game(ROSTER_A, "*")].concat()), []);
    }

    #[test]
    fn the_fix_deletes_the_later_game_and_keeps_the_file_shape() {
        let text =
            [game(ROSTER_A, RUY), game(ROSTER_A, RUY), game(ROSTER_A, "1. d4 d5 2. c4 e6 3. Nc3 Nf6 *")].concat();
        let d = crate::check(crate::Lang::Pgn, &text, &CheckOptions::default());
        let dup = d.iter().find(|d| d.code == "PGN400").unwrap();
        let fix = dup.fix.as_ref().unwrap();
        assert_eq!(fix.applicability, Applicability::Unsafe);
        let (fixed, _) = crate::diagnostic::apply_edits(&text, &fix.edits);
        assert_eq!(fixed, [game(ROSTER_A, RUY), game(ROSTER_A, "1. d4 d5 2. c4 e6 3. Nc3 Nf6 *")].concat());
        // The last game: the file still ends with one line end.
        let text = [game(ROSTER_A, RUY), game(ROSTER_A, RUY)].concat();
        let d = crate::check(crate::Lang::Pgn, text.trim_end(), &CheckOptions::default());
        let fix = d.iter().find(|d| d.code == "PGN400").unwrap().fix.as_ref().unwrap();
        let (fixed, _) = crate::diagnostic::apply_edits(text.trim_end(), &fix.edits);
        assert_eq!(fixed, format!("{ROSTER_A}\n\n{RUY}\n"));
    }

    #[test]
    fn lines_are_counted_as_the_line_index_counts_them() {
        let text = "a\r\nb\rc\nd";
        let mut lines = LineCounter::new(text, 0);
        assert_eq!([0, 3, 5, 7].map(|o| lines.line_at(TextSize::from(o))), [1, 2, 3, 4]);
        let mut lines = LineCounter::new(text, 10);
        assert_eq!(lines.line_at(TextSize::from(7)), 14);
    }
}
