//! Reading and writing PGC records (§20.1–20.4).

use super::model::{ordered_moves, Game, Item, SEVEN_TAG_ROSTER};
use cozy_chess::Board;

crate::diagnostic::declare_rules! {
    UNREADABLE_PGC = "PGC001" "unreadable-pgc" Error Import "PGN 20, 20.2, 20.4"
        "PGC data that cannot be decoded (truncated, an unknown marker, an impossible move ordinal)."
        "A PGC file is a sequence of records, each a marker byte and its items (PGN 20, 20.4); moves are ordinals into the sorted SAN of the legal moves (PGN 20.2). Where a record is truncated, its marker is unknown, or a move ordinal is not that of a legal move, the rest of the file cannot be read: the games before that point are checked, and this diagnostic marks where reading stopped. Such a file was cut short in transfer or written by a faulty program; convert it again from the PGN source."
        bad: "", good: "";
}

const NOOP: u8 = 0x00;
const REDUCED_GAME: u8 = 0x01;
const TAG_PAIR: u8 = 0x02;
const SHORT_MOVES: u8 = 0x03;
const LONG_MOVES: u8 = 0x04;
const GAME_BEGIN: u8 = 0x05;
const GAME_END: u8 = 0x06;
const SIMPLE_NAG: u8 = 0x07;
const RAV_BEGIN: u8 = 0x08;
const RAV_END: u8 = 0x09;
const ESCAPE: u8 = 0x0a;

/// Why a game cannot be written as PGC.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EncodeError {
    /// The ply (1-based, counting every move of the game's movetext in order, variations
    /// included) where it failed, if at a move.
    pub ply: Option<usize>,
    pub message: String,
}

impl std::fmt::Display for EncodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.ply {
            Some(ply) => write!(f, "ply {ply}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

fn fail(ply: Option<usize>, message: impl Into<String>) -> EncodeError {
    EncodeError { ply, message: message.into() }
}

/// The PGC records of one game: a reduced game record (`0x01`) when it has exactly the Seven
/// Tag Roster and a main line without NAGs, variations or escapes; a general game
/// (`0x05` … `0x06`) otherwise.
pub fn encode_game(game: &Game) -> Result<Vec<u8>, EncodeError> {
    let mut out = Vec::new();
    let reduced = game.tags.len() == 7
        && game.tags.iter().zip(SEVEN_TAG_ROSTER).all(|((n, _), s)| n == s)
        && game.moves.iter().all(|i| matches!(i, Item::Move(_)));
    let board = game.start().map_err(|m| fail(None, m))?;
    let mut ply = 0;
    if reduced {
        out.push(REDUCED_GAME);
        for (_, value) in &game.tags {
            string1(&mut out, value)?;
        }
        let ordinals = ordinals(board, &game.moves, &mut ply)?;
        let len = u16::try_from(ordinals.len()).map_err(|_| fail(None, "more than 65,535 moves"))?;
        out.extend(len.to_le_bytes());
        out.extend(ordinals);
        return Ok(out);
    }
    out.push(GAME_BEGIN);
    for (name, value) in &game.tags {
        out.push(TAG_PAIR);
        string1(&mut out, name)?;
        string1(&mut out, value)?;
    }
    items(&mut out, board, &game.moves, &mut ply)?;
    out.push(GAME_END);
    Ok(out)
}

/// A string-1 item: Latin-1 (§20.1) when every character is Latin-1, else UTF-8, which PGC does
/// not foresee but which keeps the text. Readers take valid UTF-8 as UTF-8 and anything else
/// as Latin-1, so a Latin-1 string whose bytes happen to be valid UTF-8 (`Ã©`) is written as
/// UTF-8 too: every string reads back as it was written.
fn string1(out: &mut Vec<u8>, s: &str) -> Result<(), EncodeError> {
    let bytes = latin1_or_utf8(s);
    let len = u8::try_from(bytes.len()).map_err(|_| {
        fail(None, format!("a string of {} bytes does not fit a string-1 item (255 at most)", bytes.len()))
    })?;
    out.push(len);
    out.extend(bytes);
    Ok(())
}

fn latin1_or_utf8(s: &str) -> Vec<u8> {
    if s.is_ascii() || !s.chars().all(|c| u32::from(c) <= 0xff) {
        return s.as_bytes().to_vec();
    }
    let latin1: Vec<u8> = s.chars().map(|c| c as u8).collect();
    match std::str::from_utf8(&latin1) {
        Ok(_) => s.as_bytes().to_vec(),
        Err(_) => latin1,
    }
}

/// The ordinals of a sequence of moves only.
fn ordinals(mut board: Board, moves: &[Item], ply: &mut usize) -> Result<Vec<u8>, EncodeError> {
    let mut out = Vec::with_capacity(moves.len());
    for item in moves {
        if let Item::Move(san) = item {
            *ply += 1;
            let (ordinal, next) = play(&board, san, *ply)?;
            out.push(ordinal);
            board = next;
        }
    }
    Ok(out)
}

fn play(board: &Board, san: &str, ply: usize) -> Result<(u8, Board), EncodeError> {
    let resolved = crate::chess::san::resolve_san(board, san)
        .map_err(|_| fail(Some(ply), format!("`{san}` is not a legal move here")))?;
    let ordered = ordered_moves(board);
    let ordinal = ordered.iter().position(|(_, mv)| *mv == resolved.mv).expect("a legal move is in the list");
    let mut next = board.clone();
    next.play_unchecked(resolved.mv);
    Ok((ordinal as u8, next))
}

/// A movetext as records: runs of moves as move sequences, NAGs, variations (from the position
/// before the move they follow) and escapes.
fn items(out: &mut Vec<u8>, mut board: Board, moves: &[Item], ply: &mut usize) -> Result<(), EncodeError> {
    let mut run: Vec<u8> = Vec::new();
    let mut before: Option<Board> = None;
    let flush = |out: &mut Vec<u8>, run: &mut Vec<u8>| {
        if run.is_empty() {
            return;
        }
        match u8::try_from(run.len()) {
            Ok(n) => {
                out.push(SHORT_MOVES);
                out.push(n);
            }
            Err(_) => {
                // Longer than 65,535: cut into several sequences.
                for part in run.chunks(u16::MAX as usize) {
                    out.push(LONG_MOVES);
                    out.extend((part.len() as u16).to_le_bytes());
                    out.extend(part);
                }
                run.clear();
                return;
            }
        }
        out.append(run);
    };
    for item in moves {
        match item {
            Item::Move(san) => {
                *ply += 1;
                let (ordinal, next) = play(&board, san, *ply)?;
                run.push(ordinal);
                before = Some(std::mem::replace(&mut board, next));
            }
            Item::Nag(n) => {
                flush(out, &mut run);
                out.extend([SIMPLE_NAG, *n]);
            }
            Item::Variation(inner) => {
                flush(out, &mut run);
                let from = before.clone().ok_or_else(|| fail(Some(*ply + 1), "a variation before any move"))?;
                out.push(RAV_BEGIN);
                items(out, from, inner, ply)?;
                out.push(RAV_END);
            }
            Item::Escape(text) => {
                flush(out, &mut run);
                let bytes = latin1_or_utf8(text);
                let len = u16::try_from(bytes.len()).map_err(|_| fail(None, "an escape line over 65,535 bytes"))?;
                out.push(ESCAPE);
                out.extend(len.to_le_bytes());
                out.extend(bytes);
            }
        }
    }
    flush(out, &mut run);
    Ok(())
}

/// Why PGC data cannot be read further.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodeError {
    /// The byte offset of the record or item.
    pub offset: usize,
    /// The game (1-based) and ply (1-based, as in [`EncodeError`]), where inside one.
    pub game: Option<usize>,
    pub ply: Option<usize>,
    pub message: String,
}

impl std::fmt::Display for DecodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "byte {}", self.offset)?;
        if let Some(g) = self.game {
            write!(f, ", game {g}")?;
        }
        if let Some(p) = self.ply {
            write!(f, ", ply {p}")?;
        }
        write!(f, ": {}", self.message)
    }
}

/// A decoded game and where its records start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodedGame {
    pub game: Game,
    pub offset: usize,
}

/// Reads PGC data: every game up to the end, or up to the first error (which is returned with
/// the games before it). Escape records between games belong to the game after them.
pub fn decode(bytes: &[u8]) -> (Vec<DecodedGame>, Option<DecodeError>) {
    let mut reader = Reader { bytes, at: 0, game: 0 };
    let mut games = Vec::new();
    let mut pending_escapes = Vec::new();
    while reader.at < bytes.len() {
        let offset = reader.at;
        let result = match bytes[offset] {
            NOOP => {
                reader.at += 1;
                continue;
            }
            ESCAPE => {
                reader.at += 1;
                match reader.string2() {
                    Ok(s) => {
                        pending_escapes.push(Item::Escape(s));
                        continue;
                    }
                    Err(e) => Err(e),
                }
            }
            REDUCED_GAME => {
                reader.game += 1;
                reader.at += 1;
                reader.reduced_game()
            }
            GAME_BEGIN => {
                reader.game += 1;
                reader.at += 1;
                // The standard's form, else pgn2pgc's (the roster's seven strings first).
                let after_marker = reader.at;
                reader.general_game(false).or_else(|standard| {
                    reader.at = after_marker;
                    // Where the standard's reading failed at once, the file is likely pgn2pgc's.
                    reader
                        .general_game(true)
                        .map_err(|other| if standard.offset == after_marker { other } else { standard })
                })
            }
            other => Err(reader.error(offset, None, format!("marker 0x{other:02x} where a game should start"))),
        };
        match result {
            Ok(mut game) => {
                if !pending_escapes.is_empty() {
                    let mut moves = std::mem::take(&mut pending_escapes);
                    moves.append(&mut game.moves);
                    game.moves = moves;
                }
                games.push(DecodedGame { game, offset });
            }
            Err(e) => return (games, Some(e)),
        }
    }
    (games, None)
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    game: usize,
}

impl Reader<'_> {
    fn error(&self, offset: usize, ply: Option<usize>, message: impl Into<String>) -> DecodeError {
        DecodeError { offset, game: (self.game > 0).then_some(self.game), ply, message: message.into() }
    }

    fn take(&mut self, n: usize, what: &str) -> Result<&[u8], DecodeError> {
        let start = self.at;
        let end = start.checked_add(n).filter(|&e| e <= self.bytes.len());
        match end {
            Some(end) => {
                self.at = end;
                Ok(&self.bytes[start..end])
            }
            None => Err(self.error(
                start,
                None,
                format!("truncated {what}: {n} bytes needed, {} left", self.bytes.len() - start),
            )),
        }
    }

    fn byte(&mut self, what: &str) -> Result<u8, DecodeError> {
        Ok(self.take(1, what)?[0])
    }

    fn word(&mut self, what: &str) -> Result<u16, DecodeError> {
        let b = self.take(2, what)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }

    fn string1(&mut self) -> Result<String, DecodeError> {
        let n = self.byte("string length")? as usize;
        Ok(text(self.take(n, "string")?))
    }

    fn string2(&mut self) -> Result<String, DecodeError> {
        let n = self.word("string length")? as usize;
        Ok(text(self.take(n, "string")?))
    }

    fn reduced_game(&mut self) -> Result<Game, DecodeError> {
        let mut game = Game::default();
        for name in SEVEN_TAG_ROSTER {
            game.tags.push((name.to_owned(), self.string1()?));
        }
        let n = self.word("move sequence length")? as usize;
        let start = game.start().map_err(|m| self.error(self.at, None, m))?;
        let mut ply = 0;
        let mut level = Level::new(start);
        self.moves(n, &mut level, &mut ply)?;
        game.moves = level.items;
        Ok(game)
    }

    /// A general game after its `0x05`; `roster_first`: pgn2pgc's form, where the values of the
    /// Seven Tag Roster follow the marker as seven string-1 items.
    fn general_game(&mut self, roster_first: bool) -> Result<Game, DecodeError> {
        let mut game = Game::default();
        if roster_first {
            for name in SEVEN_TAG_ROSTER {
                let value = self.string1()?;
                game.tags.push((name.to_owned(), value));
            }
        }
        // Moves are read once the tags are known (the FEN tag gives the start).
        let mut stack: Vec<Level> = Vec::new();
        let mut ply = 0;
        loop {
            let offset = self.at;
            let marker = self.byte("record").map_err(|_| self.error(offset, None, "game not closed by 0x06"))?;
            match marker {
                NOOP => {}
                TAG_PAIR if stack.is_empty() => {
                    let name = self.string1()?;
                    let value = self.string1()?;
                    game.tags.push((name, value));
                }
                SHORT_MOVES | LONG_MOVES => {
                    let n = if marker == SHORT_MOVES {
                        self.byte("move sequence length")? as usize
                    } else {
                        self.word("move sequence length")? as usize
                    };
                    let level = self.top(&mut stack, &game, offset)?;
                    self.moves(n, level, &mut ply)?;
                }
                SIMPLE_NAG => {
                    let nag = self.byte("NAG")?;
                    self.top(&mut stack, &game, offset)?.items.push(Item::Nag(nag));
                }
                ESCAPE => {
                    let s = self.string2()?;
                    self.top(&mut stack, &game, offset)?.items.push(Item::Escape(s));
                }
                RAV_BEGIN => {
                    let parent = self.top(&mut stack, &game, offset)?;
                    let from = parent
                        .before
                        .clone()
                        .ok_or_else(|| self.error(offset, Some(ply + 1), "a variation before any move"))?;
                    stack.push(Level::new(from));
                }
                RAV_END => {
                    if stack.len() < 2 {
                        return Err(self.error(offset, None, "0x09 closes no variation"));
                    }
                    let inner = stack.pop().expect("two levels").items;
                    stack.last_mut().expect("one level").items.push(Item::Variation(inner));
                }
                GAME_END => {
                    if stack.len() > 1 {
                        return Err(self.error(offset, None, "game ends inside a variation"));
                    }
                    game.moves = stack.pop().map(|l| l.items).unwrap_or_default();
                    return Ok(game);
                }
                other => return Err(self.error(offset, None, format!("marker 0x{other:02x} inside a game"))),
            }
        }
    }

    /// The innermost level, started from the game's start position once the tags are read.
    fn top<'s>(&self, stack: &'s mut Vec<Level>, game: &Game, offset: usize) -> Result<&'s mut Level, DecodeError> {
        if stack.is_empty() {
            stack.push(Level::new(game.start().map_err(|m| self.error(offset, None, m))?));
        }
        Ok(stack.last_mut().expect("a level"))
    }

    fn moves(&mut self, n: usize, level: &mut Level, ply: &mut usize) -> Result<(), DecodeError> {
        let offset = self.at;
        let ordinals = self.take(n, "move sequence")?.to_vec();
        for (i, ordinal) in ordinals.into_iter().enumerate() {
            *ply += 1;
            let ordered = ordered_moves(&level.board);
            let Some((san, mv)) = ordered.into_iter().nth(usize::from(ordinal)) else {
                return Err(self.error(
                    offset + i,
                    Some(*ply),
                    format!("move ordinal {ordinal}, but the position has {} legal moves", legal_count(&level.board)),
                ));
            };
            let mut next = level.board.clone();
            next.play_unchecked(mv);
            level.before = Some(std::mem::replace(&mut level.board, next));
            level.items.push(Item::Move(san));
        }
        Ok(())
    }
}

fn legal_count(board: &Board) -> usize {
    let mut n = 0;
    board.generate_moves(|set| {
        n += set.len();
        false
    });
    n
}

/// A level of the movetext being read: the main line or a variation.
struct Level {
    board: Board,
    /// The position before the last move, where a variation on it starts.
    before: Option<Board>,
    items: Vec<Item>,
}

impl Level {
    fn new(board: Board) -> Level {
        Level { board, before: None, items: Vec::new() }
    }
}

/// String bytes: UTF-8 when valid, else Latin-1 (§20.1).
fn text(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_owned(),
        Err(_) => bytes.iter().map(|&b| char::from(b)).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(sans: &[&str]) -> Vec<Item> {
        sans.iter().map(|s| Item::Move((*s).to_owned())).collect()
    }

    fn str_tags() -> Vec<(String, String)> {
        SEVEN_TAG_ROSTER.iter().map(|n| ((*n).to_owned(), "?".to_owned())).collect()
    }

    #[test]
    fn a_reduced_game_round_trips_byte_for_byte() {
        let game = Game { tags: str_tags(), moves: moves(&["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O"]) };
        let bytes = encode_game(&game).unwrap();
        assert_eq!(bytes[0], REDUCED_GAME);
        assert_eq!(&bytes[bytes.len() - 9..bytes.len() - 7], &[7, 0], "mvseq-2 length");
        let (games, error) = decode(&bytes);
        assert_eq!(error, None);
        assert_eq!(games, [DecodedGame { game, offset: 0 }]);
    }

    #[test]
    fn a_general_game_with_nags_variations_and_escapes_round_trips() {
        let mut tags = str_tags();
        tags.push(("ECO".into(), "C60".into()));
        tags.push(("Annotator".into(), "Caf\u{e9} \u{2654}".into()));
        tags.push(("Site".into(), "Z\u{fc}rich".into()));
        tags.push(("Black".into(), "Fran\u{ef}\u{bf}\u{bd}ois".into()));
        let game = Game {
            tags,
            moves: vec![
                Item::Escape("engine 1".into()),
                Item::Move("e4".into()),
                Item::Nag(1),
                Item::Variation(vec![
                    Item::Move("d4".into()),
                    Item::Move("d5".into()),
                    Item::Variation(moves(&["Nf6"])),
                    Item::Nag(2),
                ]),
                Item::Move("e5".into()),
                Item::Variation(moves(&["c5", "Nf3"])),
                Item::Move("Nf3".into()),
            ],
        };
        let bytes = encode_game(&game).unwrap();
        assert_eq!((bytes[0], bytes[bytes.len() - 1]), (GAME_BEGIN, GAME_END));
        assert!(bytes.windows(6).any(|w| w == b"Z\xfcrich"), "Latin-1 where it can be");
        let (games, error) = decode(&[&bytes[..], &bytes[..]].concat());
        assert_eq!(error, None);
        assert_eq!(games.len(), 2);
        assert_eq!(games[1].offset, bytes.len());
        assert_eq!(games[0].game, game);
    }

    /// pgn2pgc's general game: the roster's seven values right after 0x05 (as in the sample of
    /// the shared corpus: `05 01 '?' 08 'New York' …`), then tag pairs and moves.
    #[test]
    fn the_general_game_of_pgn2pgc_is_read() {
        let mut bytes = vec![GAME_BEGIN];
        for value in ["?", "New York", "1931.??.??", "?", "Capablanca, J ", "Marshall, C ", "1/2-1/2"] {
            bytes.push(value.len() as u8);
            bytes.extend(value.as_bytes());
        }
        bytes.extend([TAG_PAIR, 3, b'E', b'C', b'O', 3, b'D', b'1', b'7']);
        bytes.extend([SHORT_MOVES, 2, 11, 10, GAME_END]); // d4 d5
        let (games, error) = decode(&bytes);
        assert_eq!(error, None);
        let game = &games[0].game;
        assert_eq!(game.tag("Site"), Some("New York"));
        assert_eq!(game.tag("ECO"), Some("D17"));
        assert_eq!(game.moves, moves(&["d4", "d5"]));
    }

    #[test]
    fn what_cannot_be_encoded_or_decoded_says_where() {
        let game = Game { tags: str_tags(), moves: moves(&["e4", "e5", "Ke3"]) };
        assert_eq!(encode_game(&game).unwrap_err().ply, Some(3));
        let long = Game { tags: vec![("Event".into(), "x".repeat(256))], moves: vec![] };
        assert!(encode_game(&long).unwrap_err().message.contains("string-1"));
        // Ordinal 20 from the initial position does not exist.
        let mut bytes = encode_game(&Game { tags: str_tags(), moves: moves(&["e4", "e5"]) }).unwrap();
        let n = bytes.len();
        bytes[n - 1] = 20;
        bytes[n - 2] = 20;
        let (games, error) = decode(&bytes);
        assert!(games.is_empty());
        let error = error.unwrap();
        assert_eq!((error.game, error.ply, error.offset), (Some(1), Some(1), n - 2));
        assert!(error.message.contains("20 legal moves"), "{error}");
        let (_, error) = decode(&bytes[..5]);
        assert!(error.unwrap().message.contains("truncated"));
        let tag = [TAG_PAIR, 1, b'a', 1, b'b'];
        let (_, error) = decode(&[&[GAME_BEGIN][..], &tag, &tag, &tag, &tag, &[RAV_END, GAME_END]].concat());
        let error = error.unwrap();
        assert!(error.message.contains("closes no variation"), "{error}");
        assert_eq!((error.offset, error.game), (21, Some(1)));
    }
}
