//! The decoder: from the bytes of a game file to a [`Game`].
//!
//! Layout: Matthew Kidd's "ACBLscore Game Files Decoded" (../shared/specs/acblscore-game-files.txt),
//! with the offsets that real files confirm where that text is older than its author's decoder:
//! Board Results Index entries start at 0x26 (the header is 2 + 36 bytes) and hold a uint16
//! result count; Board Result entries are round, table, then per side pair (uint16), raw score
//! (int16) and matchpoints (uint32 hundredths); Team Index entries start at 0x14 like Pair Index
//! entries.
//!
//! Only the Master Table is essential: a file without the `AC3` magic, or shorter than its own
//! length field says, is an error. Anything wrong below an event (a bad pointer, a structure
//! past the end of the file, a code this decoder does not know) becomes a [`Warning`] naming the
//! structure and offset, and the rest of the file is still decoded.

use super::model::*;
use super::reader::{DecodeError, Reader, Result, View, MASTER_TABLE};
use std::collections::BTreeMap;

/// Something the decoder could not decode or did not understand; the rest was decoded.
pub type Warning = DecodeError;

/// A decoded game with the warnings met while decoding it.
#[derive(Debug, Clone, PartialEq)]
pub struct Decoded {
    pub game: Game,
    pub warnings: Vec<Warning>,
}

/// More warnings than this are counted but not kept: a badly corrupted file must not produce
/// output many times its size.
pub const MAX_WARNINGS: usize = 200;

pub const MAGIC: [u8; 6] = [0x12, 0x0a, 0x03, b'A', b'C', b'3'];
pub const MASTER_TABLE_LEN: usize = 0x0a14;
pub const MAX_EVENTS: usize = 50;
pub const MAX_SECTIONS: usize = 100;
pub const SECTION_SUMMARY_BASE: usize = 0x13e;
pub const SECTION_SUMMARY_LEN: usize = 22;
pub const EVENT_DETAILS_LEN: usize = 0x2e6;
pub const STRAT_LEN: usize = 95;
pub const MAX_STRATS: usize = 3;
pub const SECTION_DETAILS_LEN: usize = 0x324;
pub const PLAYER_LEN: usize = 120;
/// Offset of the first Player Structure in Pair and Team Structures.
pub const ENTRY_PLAYERS: usize = 0xa4;
pub const INDEX_ENTRIES: usize = 0x14;
pub const BOARD_INDEX_ENTRIES: usize = 0x26;
pub const BOARD_TABLE_HEADER: usize = 6;
pub const MOVEMENT_HEADER: usize = 7;
pub const MOVEMENT_TABLE_LEN: usize = 3 * MOVEMENT_ROUNDS;
pub const MEMO_LINE: usize = 64;
pub const NOTE_LINE: usize = 76;

// Section Details fields used by more than one function (and by the test encoder).
pub const SD_REASSIGN: usize = 0xdd;
pub const SD_HOWELL_SEATS: usize = 0x12d;
pub const SD_MITCHELL_TABLES: usize = 0x17d;

/// Decodes a game file.
pub fn decode(bytes: &[u8]) -> std::result::Result<Decoded, DecodeError> {
    let mut decoder =
        Decoder { file: Reader::new(bytes), warnings: Vec::new(), dropped_warnings: 0, visited: BTreeMap::new() };
    let game = decoder.game()?;
    let mut warnings = decoder.warnings;
    if decoder.dropped_warnings > 0 {
        warnings.push(DecodeError {
            structure: MASTER_TABLE,
            offset: 0,
            message: format!("{} further warnings not shown", decoder.dropped_warnings),
        });
    }
    Ok(Decoded { game, warnings })
}

struct Decoder<'a> {
    file: Reader<'a>,
    warnings: Vec<Warning>,
    dropped_warnings: usize,
    /// The bytes of the structures decoded so far, start → end: a pointer into them again (as a
    /// corrupt file may hold many times) is reported instead of decoded again, so the work and
    /// the output stay proportional to the file's size.
    visited: BTreeMap<usize, usize>,
}

impl<'a> Decoder<'a> {
    fn warn(&mut self, warning: Warning) {
        if self.warnings.len() < MAX_WARNINGS {
            self.warnings.push(warning);
        } else {
            self.dropped_warnings += 1;
        }
    }

    /// Keeps the value of a sub-structure, or turns its error into a warning.
    fn keep<T>(&mut self, result: Result<T>) -> Option<T> {
        result.map_err(|e| self.warn(e)).ok()
    }

    /// Records that the `len` bytes of a structure at `start` are being decoded; an error when
    /// they overlap a structure already decoded. Real files keep structures apart; a corrupt
    /// one pointing twice into the same bytes would otherwise have them decoded again and
    /// again, each time a little further on (found by fuzzing: 23 KB of input gave 8 MB of JSON).
    fn first_visit(&mut self, structure: &'static str, start: usize, len: usize) -> Result<()> {
        let end = start.saturating_add(len.max(1));
        let before = self.visited.range(..end).next_back();
        if before.is_some_and(|(_, &before_end)| before_end > start) {
            return Err(DecodeError {
                structure,
                offset: start,
                message: "a second pointer into a structure already decoded (corrupt file?)".into(),
            });
        }
        self.visited.insert(start, end);
        Ok(())
    }

    fn game(&mut self) -> Result<Game> {
        let file = self.file;
        let head = file.prefix(MAGIC.len());
        if head != MAGIC {
            return Err(DecodeError {
                structure: MASTER_TABLE,
                offset: 0,
                message: format!(
                    "not an ACBLscore game file: expected the magic bytes 12 0A 03 'AC3', found {}",
                    hex(head)
                ),
            });
        }
        let master = file.fixed(MASTER_TABLE, 0, MASTER_TABLE_LEN)?;
        let declared = master.u32(6)?;
        let actual = file.len();
        if usize::try_from(declared).map_or(true, |d| d > actual) {
            return Err(master
                .error(6, format!("the file is truncated: its length field says {declared} bytes, it has {actual}")));
        }
        if usize::try_from(declared).is_ok_and(|d| d < actual) {
            self.warn(master.error(
                6,
                format!("the length field says {declared} bytes but the file has {actual}: trailing bytes ignored"),
            ));
        }
        let memo = self.optional_memo(&master, 0x9d6, MEMO_LINE);
        let note = self.optional_memo(&master, 0x9e3, NOTE_LINE);
        let mut game = Game {
            version: master.u16(0x9db)?,
            min_compatible_version: master.u16(0x9e1)?,
            created: timestamp(&master, 0x9dd)?,
            memo,
            note,
            events: Vec::new(),
        };
        for slot in 0..MAX_EVENTS {
            let details = master.pointer(0x12 + 4 * slot)?;
            if details == 0 {
                continue;
            }
            let event = self.event(&master, slot, details);
            if let Some(event) = self.keep(event) {
                game.events.push(event);
            }
        }
        Ok(game)
    }

    fn optional_memo(&mut self, view: &View<'a>, rel: usize, line_len: usize) -> Option<String> {
        let pointer = self.keep(view.pointer(rel))?;
        if pointer == 0 {
            return None;
        }
        let memo = memo(self.file, pointer, line_len);
        self.keep(memo)
    }

    fn event(&mut self, master: &View<'a>, slot: usize, details: usize) -> Result<Event> {
        let id = u8::try_from(slot + 1).unwrap_or(u8::MAX);
        let event_type = master.u8(0xda + slot)?;
        let scoring = master.u8(0x10c + slot)?;
        let view = self.file.sized("Event Details Structure", details, EVENT_DETAILS_LEN)?;
        let mut event = Event {
            id,
            event_type,
            scoring,
            details: self.event_details(&view)?,
            strats: Vec::new(),
            sections: Vec::new(),
        };
        if event.event_type_name().is_none() {
            self.warn(master.error(0xda + slot, format!("unknown event type {event_type}")));
        }
        if event.scoring_name().is_none() {
            self.warn(master.error(0x10c + slot, format!("unknown event scoring {scoring}")));
        }
        let nstrats = usize::from(event.details.nstrats);
        if nstrats > MAX_STRATS {
            self.warn(view.error(0x9e, format!("{nstrats} strats; only the first {MAX_STRATS} are decoded")));
        }
        for i in 0..nstrats.min(MAX_STRATS) {
            event.strats.push(strat(&view, 0xd4 + i * STRAT_LEN, 0x1f7 + i)?);
        }
        for slot in 0..MAX_SECTIONS {
            let start = SECTION_SUMMARY_BASE + slot * SECTION_SUMMARY_LEN;
            let summary = master.within("Section Summary Structure", start, SECTION_SUMMARY_LEN)?;
            if summary.u8(0)? != id {
                continue;
            }
            let section = self.section(&event, &summary, slot);
            if let Some(section) = self.keep(section) {
                event.sections.push(section);
            }
        }
        Ok(event)
    }

    fn event_details(&mut self, v: &View<'a>) -> Result<EventDetails> {
        let memo = self.optional_memo(v, 0xbd, MEMO_LINE);
        let details = EventDetails {
            event_name: v.string(0x04, 25)?,
            session_name: v.string(0x1e, 13)?,
            director_or_city: v.string(0x2c, 16)?,
            sanction: v.string(0x3d, 10)?,
            date: v.string(0x48, 19)?,
            club_or_tournament: v.string(0x5c, 25)?,
            event_code: v.string(0x76, 5)?,
            qual_event_code: v.string(0xc5, 8)?,
            hand_set: v.string(0x244, 10)?,
            local_charity: v.string(0x295, 40)?,
            club_num: v.string(0xb0, 6)?,
            club_session_num: v.u8(0x95)?,
            club_game_type: v.u8(0xa1)?,
            rating: v.u8(0x88)?,
            session_num: v.u8(0x8c)?,
            handicap_type: v.i8(0x8d)?,
            nstrats: v.u8(0x9e)?,
            nsessions: v.u8(0x9f)?,
            consolation_flag: v.u8(0xa0)?,
            modified: timestamp(v, 0xb7)?,
            nbrackets: v.u8(0xc2)?,
            bracket_num: v.u8(0xc3)?,
            continuous_pairs_flag: v.u8(0xce)?,
            senior_event_flag: v.u8(0x251)?,
            mp_award_revision_num: v.u8(0x254)?,
            stratify_by_avg_flag: v.u8(0x2c8)?,
            non_acbl_flag: v.u8(0x2ca)?,
            p_factor: v.u16(0x7d)?,
            t_factor: v.u16(0x83)?,
            s_factor: v.u16(0x24f)?,
            game_sanction_fee: real48(v, 0x275)?,
            table_sanction_fee: real48(v, 0x27b)?,
            charity_table_sanction_fee: real48(v, 0x281)?,
            memo,
        };
        if details.rating_name().is_none() {
            self.warn(v.error(0x88, format!("unknown event rating {}", details.rating)));
        }
        Ok(details)
    }

    fn section(&mut self, event: &Event, summary: &View<'a>, slot: usize) -> Result<Section> {
        let details_at = summary.pointer(4)?;
        let board_index_at = summary.pointer(8)?;
        let v = self.file.sized("Section Details Structure", details_at, SD_MITCHELL_TABLES)?;
        self.first_visit(v.structure(), v.start(), v.len())?;
        let memo = self.optional_memo(&v, 0xd1, MEMO_LINE);
        let mut section = Section {
            summary_slot: u8::try_from(slot).unwrap_or(u8::MAX),
            letter: summary.string(1, 2)?,
            links: SectionLinks {
                previous_scored: summary.u8(0xf)?,
                next_scored: summary.u8(0x10)?,
                previous_ranked: summary.u8(0x11)?,
                next_ranked: summary.u8(0x12)?,
            },
            scored_flags: summary.u8(0xe)?,
            rounds: summary.u8(0x14)?,
            movement_type: v.u8(0x18)?,
            nboards: v.u16(0x19)?,
            highest_pairnum: v.u16(0x1b)?,
            boards_per_round: v.u8(0x1d)?,
            board_top: v.u16(0x1e)?,
            movement_file: v.string(0x37, 11)?,
            phantom: v.i8(0x43)?,
            is_barometer: v.u8(0x47)?,
            ntables: v.u16(0x48)?,
            maximum_score: v.u16(0x4e)?,
            is_web: v.u8(0x60)?,
            max_results_per_board: v.u8(0x61)?,
            match_award: v.u16(0xb5)?,
            modified: timestamp(&v, 0xbd)?,
            memo,
            entries: Vec::new(),
            boards: None,
            movement: None,
        };
        if !event.is_teams() && section.movement_name().is_none() {
            self.warn(v.error(0x18, format!("unknown movement type {}", section.movement_type)));
        }
        let index_tables = [v.pointer(4)?, v.pointer(8)?, v.pointer(0xc)?, v.pointer(0x10)?];
        let entries = if event.is_teams() || event.is_bam() {
            self.teams(index_tables[0])
        } else if section.is_howell() || event.is_home_style_pairs() {
            self.howell_entries(&v, &section, event.is_home_style_pairs(), &index_tables)
        } else {
            self.mitchell_entries(&v, &section, event.is_individual(), &index_tables)
        };
        section.entries = entries;
        if board_index_at != 0 {
            let sides = if event.is_individual() { 4 } else { 2 };
            let boards = self.boards(board_index_at, sides);
            section.boards = self.keep(boards);
        }
        let movement_at = v.pointer(0x14)?;
        if movement_at != 0 {
            let movement =
                self.first_visit("Movement Table", movement_at, 1).and_then(|()| movement(self.file, movement_at));
            section.movement = self.keep(movement);
        }
        if event.is_teams() && v.pointer(0x23d).is_ok_and(|p| p != 0) {
            self.warn(v.error(0x23d, "team match tables are not decoded"));
        }
        Ok(section)
    }

    /// The Pair Structure pointed to by slot `table` (1-based) of a Pair Index Table.
    fn indexed_entry(&mut self, index_at: usize, table: usize) -> Result<Option<Entry>> {
        let index = self.file.sized("Pair Index Table", index_at, INDEX_ENTRIES)?;
        let count = usize::from(index.u8(6)?);
        if table == 0 || table > count {
            return Err(index.error(6, format!("table {table} is not among the {count} entries of the index")));
        }
        let entry_at = index.pointer(INDEX_ENTRIES + 8 * (table - 1) + 4)?;
        self.entry(entry_at, None)
    }

    /// The highest pair number whose seat map entry (`width` bytes per pair from `map`) lies in
    /// the Section Details; a larger declared number is reported once, not pair by pair.
    fn pairs_in_map(&mut self, v: &View<'a>, section: &Section, map: usize, width: usize) -> usize {
        let declared = usize::from(section.highest_pairnum);
        let room = v.len().saturating_sub(map) / width;
        if declared > room {
            self.warn(v.error(0x1b, format!("{declared} pairs declared, the seat map has room for {room}")));
            return room;
        }
        declared
    }

    /// Howell pairs: the Section Details map each pair number to the table and direction it
    /// started at, which select a Pair Index Table and a slot in it.
    fn howell_entries(
        &mut self,
        v: &View<'a>,
        section: &Section,
        by_number: bool,
        index_tables: &[usize; 4],
    ) -> Vec<Entry> {
        let mut entries = Vec::new();
        let highest = if by_number {
            // Numbered straight into the index table, whose count is one byte.
            usize::from(section.highest_pairnum).min(usize::from(u8::MAX))
        } else {
            self.pairs_in_map(v, section, SD_HOWELL_SEATS, 2)
        };
        for number in 1..=highest {
            if i64::try_from(number).ok() == Some(i64::from(section.phantom)) {
                continue;
            }
            let result = (|| -> Result<Option<Entry>> {
                let (table, index_at) = if by_number {
                    (number, index_tables[0])
                } else {
                    let seat = SD_HOWELL_SEATS + 2 * (number - 1);
                    let (table, dir) = (usize::from(v.u8(seat)?), usize::from(v.u8(seat + 1)?));
                    let index_at = match dir.checked_sub(1).and_then(|d| index_tables.get(d)) {
                        Some(&p) => p,
                        None => return Err(v.error(seat + 1, format!("direction {dir} is not 1-4"))),
                    };
                    (table, index_at)
                };
                self.indexed_entry(index_at, table)
            })();
            if let Some(Some(mut entry)) = self.keep(result) {
                entry.number = reassigned(v, number - 1, 80).unwrap_or(number as u16);
                entries.push(entry);
            }
        }
        entries
    }

    /// Mitchell pairs (and individuals): numbered per direction; the Section Details give for
    /// each number and direction the slot in that direction's index table.
    fn mitchell_entries(
        &mut self,
        v: &View<'a>,
        section: &Section,
        individual: bool,
        index_tables: &[usize; 4],
    ) -> Vec<Entry> {
        let directions = if individual { 4 } else { 2 };
        let mut entries = Vec::new();
        let highest = self.pairs_in_map(v, section, SD_MITCHELL_TABLES, 4);
        for number in 1..=highest {
            for (d, &direction) in Direction::ALL.iter().enumerate().take(directions) {
                let phantom = i64::from(section.phantom);
                let n = i64::try_from(number).unwrap_or(i64::MAX);
                if (d == 0 && n == phantom) || (d == 1 && n == -phantom) {
                    continue;
                }
                let result = (|| -> Result<Option<Entry>> {
                    let rel = SD_MITCHELL_TABLES + 4 * (number - 1) + d;
                    let table = usize::from(v.u8(rel)?);
                    if table == 0 {
                        return Ok(None);
                    }
                    self.indexed_entry(index_tables[d], table)
                })();
                if let Some(Some(mut entry)) = self.keep(result) {
                    entry.number = reassigned(v, 4 * (number - 1) + d, 160).unwrap_or(number as u16);
                    entry.direction = Some(direction);
                    entries.push(entry);
                }
            }
        }
        entries
    }

    fn teams(&mut self, index_at: usize) -> Vec<Entry> {
        let index = match self.file.sized("Team Index Table", index_at, INDEX_ENTRIES) {
            Ok(index) => index,
            Err(e) => {
                self.warn(e);
                return Vec::new();
            }
        };
        let mut entries = Vec::new();
        let count = index.u8(6).map(usize::from).unwrap_or(0);
        for i in 0..count {
            let rel = INDEX_ENTRIES + 8 * i;
            let result = (|| -> Result<Option<Entry>> {
                let number = index.u16(rel)?;
                let players = usize::from(index.u16(rel + 2)?);
                let mut entry = self.entry(index.pointer(rel + 4)?, Some(players))?;
                if let Some(entry) = entry.as_mut() {
                    entry.number = number;
                }
                Ok(entry)
            })();
            match result {
                Ok(Some(entry)) => entries.push(entry),
                Ok(None) => {}
                Err(e) => {
                    // Index entries are consecutive: past the first bad one, the rest are too.
                    self.warn(e);
                    break;
                }
            }
        }
        entries
    }

    /// A Pair, Team or Individual Structure. `None` for an unused (phantom) structure.
    fn entry(&mut self, at: usize, players: Option<usize>) -> Result<Option<Entry>> {
        let v = self.file.sized("Pair Structure", at, ENTRY_PLAYERS)?;
        self.first_visit(v.structure(), at, v.len())?;
        let room = (v.len() - ENTRY_PLAYERS) / PLAYER_LEN;
        let nplayers = players.unwrap_or(room);
        if nplayers > room {
            return Err(v.error(0, format!("{nplayers} players do not fit in the structure's {} bytes", v.len())));
        }
        let hundredths = |rel| v.i32(rel);
        let optional = |rel| v.i32(rel).map(|x| (x != -1).then_some(x));
        let mut entry = Entry {
            number: 0,
            direction: None,
            score_adjustment: hundredths(0x4)?,
            score_unscaled: hundredths(0x8)?,
            score_session: optional(0xc)?,
            score_carryover: hundredths(0x10)?,
            score_final: optional(0x14)?,
            score_handicap: hundredths(0x18)?,
            pct: v.u16(0x1c)?,
            strat_num: v.u8(0x1e)?,
            mp_average: v.u16(0x20)?,
            nboards: v.u8(0x2f)?,
            eligibility: v.u8(0x33)?,
            award: award(&v, 0x34)?,
            ranks: [rank(&v, 0x5e)?, rank(&v, 0x5e + 20)?, rank(&v, 0x5e + 40)?],
            next_section: v.string(0x28, 2)?,
            next_dir: v.char(0x2b)?,
            next_table: v.u16(0x2c)?,
            players: Vec::new(),
        };
        for i in 0..nplayers {
            let player = player(&v, ENTRY_PLAYERS + i * PLAYER_LEN)?;
            // Teams list up to six players; unused places are blank.
            if !(nplayers > 2 && player.is_blank()) {
                entry.players.push(player);
            }
        }
        if entry.players.iter().all(Player::is_blank) && entry.pct == 0 {
            return Ok(None);
        }
        Ok(Some(entry))
    }

    fn boards(&mut self, at: usize, sides: usize) -> Result<Vec<BoardResults>> {
        let index = self.file.sized("Board Results Index Table", at, BOARD_INDEX_ENTRIES)?;
        self.first_visit(index.structure(), at, index.len())?;
        let count = usize::from(index.u16(4)?);
        let room = (index.len() - BOARD_INDEX_ENTRIES) / 8;
        if count > room {
            self.warn(index.error(4, format!("{count} boards declared, room for {room}: reading {room}")));
        }
        let mut boards = Vec::new();
        for i in 0..count.min(room) {
            let rel = BOARD_INDEX_ENTRIES + 8 * i;
            let result = (|| -> Result<BoardResults> {
                let board = index.u8(rel)?;
                let declared_results = index.u16(rel + 2)?;
                let results = self.board_results(index.pointer(rel + 4)?, sides)?;
                Ok(BoardResults { board, declared_results, results })
            })();
            if let Some(board) = self.keep(result) {
                boards.push(board);
            }
        }
        Ok(boards)
    }

    fn board_results(&mut self, at: usize, sides: usize) -> Result<Vec<BoardResult>> {
        let table = self.file.sized("Board Results Table", at, BOARD_TABLE_HEADER)?;
        self.first_visit(table.structure(), at, table.len())?;
        let record = 2 + 8 * sides;
        let count = (table.len() - BOARD_TABLE_HEADER) / record;
        let mut results = Vec::new();
        for i in 0..count {
            let rel = BOARD_TABLE_HEADER + i * record;
            let mut result = BoardResult { round: table.u8(rel)?, table: table.u8(rel + 1)?, sides: Vec::new() };
            for s in 0..sides {
                let side = rel + 2 + 8 * s;
                result.sides.push(SideResult {
                    pair: table.u16(side)?,
                    score: RawScore(table.i16(side + 2)?),
                    mp: table.u32(side + 4)?,
                });
            }
            for (s, side) in result.sides.iter().enumerate() {
                if let Score::Unknown(raw) = side.score.meaning() {
                    self.warn(table.error(rel + 4 + 8 * s, format!("unknown special score {raw}")));
                }
            }
            results.push(result);
        }
        Ok(results)
    }
}

/// A pair number changed with ACBLscore's EDMOV command: a table of `len` bytes in the Section
/// Details; zero (or a place past the table) means no change.
fn reassigned(v: &View<'_>, place: usize, len: usize) -> Option<u16> {
    if place >= len {
        return None;
    }
    v.u8(SD_REASSIGN + place).ok().filter(|&n| n != 0).map(u16::from)
}

fn memo(file: Reader<'_>, at: usize, line_len: usize) -> Result<String> {
    let head = file.fixed("Memo Structure", at, 6)?;
    let lines = usize::from(head.u16(4)?);
    let v = file.fixed("Memo Structure", at, 6 + lines * line_len)?;
    let mut text = String::new();
    for i in 0..lines {
        text.push_str(&v.string(6 + i * line_len, line_len - 1)?);
        text.push('\n');
    }
    Ok(text)
}

fn timestamp(v: &View<'_>, rel: usize) -> Result<DosTimestamp> {
    Ok(DosTimestamp { time: v.u16(rel)?, date: v.u16(rel + 2)? })
}

fn real48(v: &View<'_>, rel: usize) -> Result<Real48> {
    let mut bytes = [0; 6];
    bytes.copy_from_slice(v.bytes(rel, 6)?);
    Ok(Real48(bytes))
}

fn strat(v: &View<'_>, at: usize, lm_at: usize) -> Result<Strat> {
    Ok(Strat {
        first_overall_award: v.u16(at + 0x10)?,
        ribbon_color: v.u8(at + 0x12)?,
        ribbon_depth: v.u8(at + 0x13)?,
        mpt_factor: v.u32(at + 0x14)?,
        overall_award_depth: v.u16(at + 0x18)?,
        table_basis: v.u8(at + 0x1a)?,
        min_mp: v.u16(at + 0x1e)?,
        max_mp: v.u16(at + 0x20)?,
        letter: v.char(at + 0x22)?,
        club_pct_open_rating: v.u8(at + 0x23)?,
        event_m_factor: real48(v, at + 0x24)?,
        session_m_factor: real48(v, at + 0x2a)?,
        overall: pigmentation(v, at + 0x32)?,
        session: pigmentation(v, at + 0x41)?,
        section: pigmentation(v, at + 0x50)?,
        lm_eligibility: v.i8(lm_at)?,
    })
}

fn pigmentation(v: &View<'_>, at: usize) -> Result<[Pigmentation; 3]> {
    let mut out = [Pigmentation::default(); 3];
    for (i, p) in out.iter_mut().enumerate() {
        *p = Pigmentation { pct: v.u16(at + 2 * i)?, mp: v.u16(at + 6 + 2 * i)?, kind: v.u8(at + 12 + i)? };
    }
    Ok(out)
}

fn award(v: &View<'_>, at: usize) -> Result<Award> {
    let mut award = Award::default();
    for (s, set) in award.sets.iter_mut().enumerate() {
        for (l, line) in set.iter_mut().enumerate() {
            let rel = at + 12 * s + 4 * l;
            *line = AwardLine { mp: v.u16(rel)?, pigmentation: v.u8(rel + 2)?, reason: v.u8(rel + 3)? };
        }
    }
    Ok(award)
}

fn rank(v: &View<'_>, at: usize) -> Result<Rank> {
    Ok(Rank {
        section_rank_low: v.u16(at)?,
        section_rank_high: v.u16(at + 2)?,
        overall_rank_low: v.u16(at + 4)?,
        overall_rank_high: v.u16(at + 6)?,
        qual_flag: v.u16(at + 8)?,
        rank: v.u16(at + 10)?,
    })
}

fn player(v: &View<'_>, at: usize) -> Result<Player> {
    Ok(Player {
        lname: v.string(at, 16)?,
        fname: v.string(at + 0x11, 16)?,
        city: v.string(at + 0x22, 16)?,
        state: v.string(at + 0x33, 2)?,
        pnum: v.string(at + 0x36, 7)?,
        country: v.string(at + 0x75, 2)?,
        team_wins: v.u16(at + 0x44)?,
        mp_total: v.u16(at + 0x71)?,
        rank_letter: v.char(at + 0x73)?,
        award: award(v, at + 0x48)?,
    })
}

fn movement(file: Reader<'_>, at: usize) -> Result<Movement> {
    let v = file.sized("Movement Table", at, MOVEMENT_HEADER)?;
    let ntables = v.u8(4)?;
    let mut movement = Movement { section_number: v.u8(2)?, ntables, nrounds: v.u8(5)?, tables: Vec::new() };
    for t in 0..usize::from(ntables) {
        let base = MOVEMENT_HEADER + t * MOVEMENT_TABLE_LEN;
        let mut rounds = Vec::new();
        for r in 0..MOVEMENT_ROUNDS {
            let rel = base + 3 * r;
            rounds.push(MovementSeat { ns: v.u8(rel)?, ew: v.u8(rel + 1)?, board: v.u8(rel + 2)? });
        }
        movement.tables.push(rounds);
    }
    Ok(movement)
}

fn hex(bytes: &[u8]) -> String {
    if bytes.is_empty() {
        return "an empty file".into();
    }
    bytes.iter().map(|b| format!("{b:02X}")).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_structure_overlapping_one_already_decoded_is_an_error() {
        let bytes = [0u8; 64];
        let mut d =
            Decoder { file: Reader::new(&bytes), warnings: Vec::new(), dropped_warnings: 0, visited: BTreeMap::new() };
        assert!(d.first_visit("A", 10, 10).is_ok());
        assert!(d.first_visit("B", 20, 5).is_ok(), "right after it");
        assert!(d.first_visit("C", 5, 5).is_ok(), "right before it");
        // The same start, a start inside, and one that begins before and runs into it: a
        // corrupt file's second pointer, each time a little further on, decodes nothing twice.
        for (start, len) in [(10, 10), (12, 2), (8, 4), (24, 1), (0, 64)] {
            let err = d.first_visit("D", start, len).expect_err("overlap");
            assert!(err.message.contains("already decoded"), "{start} {len}");
        }
        assert!(d.first_visit("E", 25, 3).is_ok());
    }
}
