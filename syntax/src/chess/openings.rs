//! Opening names: the lichess chess-openings table (CC0; `syntax/data/eco/`, with SOURCES.md
//! saying where it comes from) looked up by position, and the classification the data set
//! defines: play a game's moves and take the last named position reached. Looking up by
//! position (piece placement, side to move, castling rights, and an en passant square only
//! when a legal en passant capture exists, as the data set's EPD keys are written by
//! python-chess) makes transpositions count.
//!
//! The table is generated source, checked in (`openings/table.rs`): every line's position key,
//! sorted, with a filter of the keys and the longest line, written by `openings/generate.rs`,
//! which replays the data set's lines (about 3,800; a test keeps the file equal to what the data
//! generates). No run of the program replays the table (docs/performance.md has what that
//! saved); a lookup is one probe of the filter and, for the positions it lets through (the
//! early plies of nearly every game), the key or two of its bucket in an index built at first
//! use. Only the sets of names and families, which the Opening tag checks read, are
//! gathered at first use; the table is replayed only to ask whether a game's ECO code is that of
//! a line it is on ([`lines`]), when no named position of the game has it.

use cozy_chess::{Board, File, Move, Piece, Rank, Square};
use rustc_hash::FxHashSet;
use std::sync::LazyLock;

#[cfg(test)]
mod generate;
mod lines;
#[rustfmt::skip]
mod table;

/// A named opening position of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Opening {
    /// The ECO code, `A00` to `E99`.
    pub eco: &'static str,
    /// The full name, `Family: Variation, Subvariation` (the data set's convention).
    pub name: &'static str,
}

impl Opening {
    /// The name without its variation: up to the colon (`Sicilian Defense`), the whole name
    /// when there is none. (A comma without a colon is no family: `Queen's Pawn, Mengarini
    /// Attack` would make `Queen's Pawn`, Scid's name for other openings, a family.)
    pub fn family(&self) -> &'static str {
        self.name.split_once(':').map_or(self.name, |(family, _)| family)
    }

    /// The name split as PGN's three opening tags hold it (pgn-extract's and Scid's
    /// `Opening`, `Variation`, `SubVariation`): the family, the first part after the colon,
    /// and the rest.
    pub fn parts(&self) -> (&'static str, Option<&'static str>, Option<&'static str>) {
        let Some((family, rest)) = self.name.split_once(": ") else { return (self.name, None, None) };
        match rest.split_once(", ") {
            Some((variation, sub)) => (family, Some(variation), Some(sub)),
            None => (family, Some(rest), None),
        }
    }
}

/// Every name, and every family ([`Opening::family`]), of the table.
///
/// Sets, not sorted lists: sorting the table's names (long strings sharing long prefixes, like
/// `Sicilian Defense: ...`) at first use cost about 5 M instructions, a third of the Opening tag
/// checks on TWIC 1389, and each binary search a dozen such comparisons.
struct Names {
    names: FxHashSet<&'static str>,
    families: FxHashSet<&'static str>,
}

static NAMES: LazyLock<Names> = LazyLock::new(|| Names {
    names: table::BY_KEY.iter().map(|(_, o)| o.name).collect(),
    families: table::BY_KEY.iter().map(|(_, o)| o.family()).collect(),
});

/// The named opening of `board`'s position, if the table names it.
pub fn named(board: &Board) -> Option<&'static Opening> {
    named_by_key(key(board))
}

/// [`named`] of a position's [`key`].
#[inline]
fn named_by_key(key: u64) -> Option<&'static Opening> {
    let bit = (key >> 48) as usize;
    if table::FILTER[bit / 64] & (1 << (bit % 64)) == 0 {
        return None;
    }
    INDEX.position(key).map(|i| &table::BY_KEY[i].1)
}

/// [`table::BY_KEY`]'s keys by their top bits: a lookup reads where its bucket starts and the
/// key or two in it, two loads where a binary search over the table made a dozen, each waiting
/// for the one before (the search was a twentieth of `check`'s time on a file of games; the
/// early plies of nearly every game are named positions, so the filter lets them through).
struct Index {
    keys: Vec<u64>,
    /// `starts[b]..starts[b + 1]`: the keys whose top [`Index::BITS`] bits are `b`.
    starts: Vec<u16>,
}

impl Index {
    const BITS: u32 = 12;

    fn build() -> Index {
        let keys: Vec<u64> = table::BY_KEY.iter().map(|(k, _)| *k).collect();
        let mut starts = vec![0u16; (1 << Self::BITS) + 1];
        for &k in &keys {
            starts[Self::bucket(k) + 1] += 1;
        }
        for b in 1..starts.len() {
            starts[b] += starts[b - 1];
        }
        Index { keys, starts }
    }

    fn bucket(key: u64) -> usize {
        (key >> (64 - Self::BITS)) as usize
    }

    /// The index of `key` in [`table::BY_KEY`] (sorted, so each bucket's keys are together).
    fn position(&self, key: u64) -> Option<usize> {
        let b = Self::bucket(key);
        let (from, to) = (usize::from(self.starts[b]), usize::from(self.starts[b + 1]));
        self.keys[from..to].iter().position(|&k| k == key).map(|i| from + i)
    }
}

static INDEX: LazyLock<Index> = LazyLock::new(Index::build);

/// Whether `name` is the whole name of some opening of the table.
pub fn is_name(name: &str) -> bool {
    NAMES.names.contains(name)
}

/// Whether `name` is the family of some opening of the table ([`Opening::family`]).
pub fn is_family(name: &str) -> bool {
    NAMES.families.contains(name)
}

/// The number of plies of the table's longest line: past it a game is not looked up (a named
/// position reached later would need moves that go back and forth).
pub fn longest_line() -> u32 {
    table::LONGEST
}

/// The key of a position as the data set tells positions apart: cozy-chess's hash of piece
/// placement, side to move and castling rights, plus the en passant file only when an en
/// passant capture is legal (python-chess's EPD writes the square only then).
fn key(board: &Board) -> u64 {
    let mut key = board.hash_without_ep();
    if let Some(file) = board.en_passant().filter(|&f| en_passant_is_legal(board, f)) {
        // Any fixed odd constant per file keeps the keys of the 8 files apart.
        key ^= 0x9E37_79B9_7F4A_7C15_u64.wrapping_mul(file as u64 + 1);
    }
    key
}

fn en_passant_is_legal(board: &Board, file: File) -> bool {
    let side = board.side_to_move();
    let to = Square::new(file, Rank::Sixth.relative_to(side));
    let from_rank = Rank::Fifth.relative_to(side);
    // Most double steps have no pawn beside them: a look at the bitboards, no legality test.
    let pawns = board.colored_pieces(side, Piece::Pawn) & from_rank.bitboard() & file.adjacent();
    pawns.into_iter().any(|from| board.is_legal(Move { from, to, promotion: None }))
}

/// The named positions a game's main line passes through, in the order it reaches them, from
/// the first ply to [`longest_line`]: what classifying the game and checking its ECO and
/// Opening tags need.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Route {
    passed: Vec<&'static Opening>,
    /// The key of every position the main line reaches within the longest line, named or not:
    /// what [`Route::reaches_line_of`] asks of the whole table (inline up to the table's 36 plies:
    /// no allocation a game).
    reached: smallvec::SmallVec<[u64; 36]>,
}

impl Route {
    /// Notes the position after the main line's `ply`-th move (1 for White's first).
    #[inline]
    pub fn after_ply(&mut self, ply: u32, board: &Board) {
        // Within the longest line of the data set (36 plies): a constant, so that the common
        // case, a ply past it, asks nothing of the table.
        if ply <= table::LONGEST {
            let key = key(board);
            self.reached.push(key);
            if let Some(opening) = named_by_key(key) {
                self.passed.push(opening);
            }
        }
    }

    /// Whether the main line reaches a position the table does not name on some line of the
    /// table with code `eco` ([`lines`]): the code's range of lines is reached.
    pub fn reaches_line_of(&self, eco: &str) -> bool {
        self.reached.iter().any(|&key| lines::on_line_of(key, eco))
    }

    /// The first ply whose position is on no line of the table, where the main line leaves it
    /// (and the table cannot tell what another scheme calls the game's later positions); `None`
    /// when every position reached within the longest line is on one.
    pub fn leaves_the_table_at(&self) -> Option<u32> {
        self.reached.iter().position(|&key| !lines::on_any_line(key)).map(|i| i as u32 + 1)
    }

    /// The game's classification: the last named position reached.
    pub fn last(&self) -> Option<&'static Opening> {
        self.passed.last().copied()
    }

    /// Every named position passed through, in order.
    pub fn passed(&self) -> &[&'static Opening] {
        &self.passed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::san::{self, Resolution};

    /// The index finds every key of the table where a binary search finds it, and no key that
    /// is not there (each key with its lowest bit flipped), and its buckets hold every key.
    #[test]
    fn the_index_finds_what_a_binary_search_finds() {
        let search = |k: u64| table::BY_KEY.binary_search_by_key(&k, |(k, _)| *k).ok();
        for &(k, _) in &table::BY_KEY {
            assert_eq!(INDEX.position(k), search(k));
            assert_eq!(INDEX.position(k ^ 1), search(k ^ 1));
        }
        assert_eq!(usize::from(INDEX.starts[1 << Index::BITS]), table::BY_KEY.len());
    }

    fn route(moves: &str) -> Route {
        let mut board = Board::default();
        let mut route = Route::default();
        for (ply, word) in moves.split_ascii_whitespace().filter(|w| !w.ends_with('.')).enumerate() {
            let written = san::parse(word).unwrap();
            let Resolution::Legal(mv) = san::resolve(&board, &written.mv, false) else { panic!("{word}") };
            board.play_unchecked(mv);
            route.after_ply(ply as u32 + 1, &board);
        }
        route
    }

    #[test]
    fn the_last_named_position_classifies_the_game() {
        let najdorf = route("1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. h3 h6 7. g4");
        assert_eq!(najdorf.passed().first().map(|o| o.name), Some("King's Pawn Game"));
        let last = najdorf.last().unwrap();
        assert_eq!((last.eco, last.name), ("B90", "Sicilian Defense: Najdorf Variation, Adams Attack"));
        assert_eq!(last.family(), "Sicilian Defense");
        assert_eq!(last.parts(), ("Sicilian Defense", Some("Najdorf Variation"), Some("Adams Attack")));
    }

    #[test]
    fn transpositions_reach_the_same_name() {
        let a = route("1. d4 Nf6 2. c4 e6 3. Nc3 Bb4").last().unwrap();
        let b = route("1. c4 e6 2. Nc3 Nf6 3. d4 Bb4").last().unwrap();
        assert_eq!(a, b);
        assert_eq!(a.eco, "E20");
        assert!(a.name.starts_with("Nimzo-Indian Defense"), "{}", a.name);
    }

    #[test]
    fn en_passant_counts_only_when_a_capture_is_legal() {
        // After 1. e4 the square e3 is no en passant square for the key: 1. e4 is named.
        assert_eq!(route("1. e4").last().map(|o| o.eco), Some("B00"));
        let mut board: Board = "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1".parse().unwrap();
        assert!(en_passant_is_legal(&board, File::E));
        board = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1".parse().unwrap();
        assert!(!en_passant_is_legal(&board, File::E));
        assert_eq!(key(&board), board.hash_without_ep());
    }

    #[test]
    fn names_split_into_the_three_opening_tags() {
        let o = |name| Opening { eco: "A00", name };
        assert_eq!(o("Polish Opening, with d5").family(), "Polish Opening, with d5");
        assert_eq!(o("Amar Opening: Paris Gambit").family(), "Amar Opening");
        assert_eq!(o("Polish Opening, with d5").parts(), ("Polish Opening, with d5", None, None));
        assert_eq!(o("Amar Opening").parts(), ("Amar Opening", None, None));
        assert_eq!(o("Amar Opening: Paris Gambit").parts(), ("Amar Opening", Some("Paris Gambit"), None));
        assert_eq!(o("A: B, C, D").parts(), ("A", Some("B"), Some("C, D")));
    }
}
