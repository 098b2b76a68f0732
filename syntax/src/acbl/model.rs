//! The decoded game: plain data, close to the file so that a synthetic encoder can write it back
//! (tests check `decode(encode(game)) == game`). Fixed-point numbers keep their integer form
//! (`intfloat(2)` is hundredths); the methods and the JSON writer turn them into values.

/// An ACBLscore game file: one or more events of one or more sections.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Game {
    /// ACBLscore version that wrote the file, in hundredths (815 = 8.15).
    pub version: u16,
    /// Oldest ACBLscore version that can read the file, in hundredths.
    pub min_compatible_version: u16,
    pub created: DosTimestamp,
    pub memo: Option<String>,
    pub note: Option<String>,
    pub events: Vec<Event>,
}

/// MS-DOS packed date and time (two uint16: time first, then date).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DosTimestamp {
    pub time: u16,
    pub date: u16,
}

impl DosTimestamp {
    /// `YYYY-MM-DDTHH:MM:SS`, as the reference decoder prints it.
    pub fn iso(&self) -> String {
        format!(
            "{}-{:02}-{:02}T{:02}:{:02}:{:02}",
            (self.date >> 9) + 1980,
            (self.date >> 5) & 0x0F,
            self.date & 0x1F,
            self.time >> 11,
            (self.time >> 5) & 0x3F,
            (self.time & 0x1F) * 2
        )
    }
}

/// A Turbo Pascal 48-bit real, kept as its six bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Real48(pub [u8; 6]);

impl Real48 {
    pub fn value(&self) -> f64 {
        let b = self.0;
        if b[0] == 0 {
            return 0.0;
        }
        let exponent = i32::from(b[0]) - 129;
        // Mantissa bits, most significant first: b[5] & 0x7F, b[4], b[3], b[2], b[1].
        let fraction = b[1..5].iter().rev().fold(f64::from(b[5] & 0x7F), |acc, &byte| acc * 256.0 + f64::from(byte));
        let magnitude = (1.0 + fraction / 2f64.powi(39)) * 2f64.powi(exponent);
        if b[5] & 0x80 != 0 {
            -magnitude
        } else {
            magnitude
        }
    }
}

/// One event: its slot in the Master Table, its Event Details and its sections.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Event {
    /// 1-based slot in the Master Table's list of event pointers.
    pub id: u8,
    pub event_type: u8,
    pub scoring: u8,
    pub details: EventDetails,
    pub strats: Vec<Strat>,
    pub sections: Vec<Section>,
}

/// Event kinds (Master Table, one byte per event at 0x00da).
pub const EVENT_TYPES: &[&str] = &["Pairs", "Teams", "Individual", "Home Style Pairs", "BAM", "Series Winner"];

impl Event {
    pub fn event_type_name(&self) -> Option<&'static str> {
        EVENT_TYPES.get(usize::from(self.event_type)).copied()
    }

    pub fn scoring_name(&self) -> Option<&'static str> {
        Some(match self.scoring {
            0 => "Matchpoints",
            1 => "IMPs with computed datum",
            2 => "Average IMPs",
            3 => "Total IMPs",
            4 => "Instant Matchpoints",
            5 => "BAM Teams",
            6 => "Win/Loss",
            7 => "Victory Points",
            8 => "Knockout",
            10 => "Series Winner",
            13 => "IMPs with predetermined datum",
            14 => "Double Matchpoints",
            15 => "Total Points",
            16 => "BAM Matchpoints",
            18 => "Compact KO",
            _ => return None,
        })
    }

    pub fn is_teams(&self) -> bool {
        self.event_type == 1
    }

    pub fn is_individual(&self) -> bool {
        self.event_type == 2
    }

    /// Two-table "home style" pairs: pairs scored like teams, numbered straight into one index.
    pub fn is_home_style_pairs(&self) -> bool {
        self.event_type == 3
    }

    /// Board-a-match teams: team entries, but board results like pairs.
    pub fn is_bam(&self) -> bool {
        self.event_type == 4
    }

    /// Tournaments have no club session number; then the Event Details fields that clubs use for
    /// the director and the club name hold the city and the tournament name.
    pub fn is_tournament(&self) -> bool {
        self.details.club_session_num == 0
    }

    /// Groups of sections scored together, each a list of groups ranked together (section
    /// letters), following the links in the Section Summary Structures.
    pub fn combining_and_ranking(&self) -> Vec<Vec<Vec<String>>> {
        let by_slot = |slot: u8| self.sections.iter().find(|s| s.summary_slot + 1 == slot);
        let mut groups = Vec::new();
        for first in self.sections.iter().filter(|s| s.links.previous_scored == 0) {
            let mut combined = Vec::new();
            let mut seen = 0;
            let mut scored = Some(first);
            // Links may be corrupt: a section list longer than the event's own can only loop.
            while let Some(section) = scored.filter(|_| seen <= self.sections.len()) {
                seen += 1;
                if section.links.previous_ranked == 0 {
                    let mut together = Vec::new();
                    let mut ranked = Some(section);
                    while let Some(s) = ranked.filter(|_| together.len() <= self.sections.len()) {
                        together.push(s.letter.clone());
                        ranked = match s.links.next_ranked {
                            0 => None,
                            next => by_slot(next),
                        };
                    }
                    combined.push(together);
                }
                scored = match section.links.next_scored {
                    0 => None,
                    next => by_slot(next),
                };
            }
            groups.push(combined);
        }
        groups
    }
}

/// Fields of the Event Details Structure.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct EventDetails {
    pub event_name: String,
    pub session_name: String,
    /// The director's name (club games) or the city (tournaments).
    pub director_or_city: String,
    pub sanction: String,
    pub date: String,
    /// The club's name (club games) or the tournament's.
    pub club_or_tournament: String,
    pub event_code: String,
    pub qual_event_code: String,
    pub hand_set: String,
    pub local_charity: String,
    pub club_num: String,
    pub club_session_num: u8,
    pub club_game_type: u8,
    pub rating: u8,
    pub session_num: u8,
    /// Negative for single-ranking handicap scoring, positive for double-ranking.
    pub handicap_type: i8,
    pub nstrats: u8,
    pub nsessions: u8,
    pub consolation_flag: u8,
    pub modified: DosTimestamp,
    pub nbrackets: u8,
    pub bracket_num: u8,
    pub continuous_pairs_flag: u8,
    pub senior_event_flag: u8,
    pub mp_award_revision_num: u8,
    pub stratify_by_avg_flag: u8,
    pub non_acbl_flag: u8,
    /// Masterpoint rating factors: p and t in thousandths, s in hundredths.
    pub p_factor: u16,
    pub t_factor: u16,
    pub s_factor: u16,
    pub game_sanction_fee: Real48,
    pub table_sanction_fee: Real48,
    pub charity_table_sanction_fee: Real48,
    pub memo: Option<String>,
}

pub const EVENT_RATINGS: &[(u8, &str)] = &[
    (0, "No Masterpoints"),
    (1, "Club Masterpoint"),
    (2, "Club Championship"),
    (3, "Charity Club Championship"),
    (4, "Unit Championship"),
    (5, "Sectional"),
    (6, "Regional"),
    (7, "Club International Fund"),
    (8, "Club Membership"),
    (12, "Upgraded Club Championship"),
    (14, "STAC"),
    (15, "National"),
    (16, "Bridge Plus"),
    (17, "Progressive Sectional"),
    (18, "Unit Charity Game"),
    (19, "Unit Extended Team Game"),
    (20, "NAP Club Level"),
    (21, "NAP Unit Level"),
    (22, "GNT Club Level"),
    (23, "GNT Unit Level"),
    (24, "ACBL Wide Charity"),
    (25, "ACBL Wide International Fund"),
    (27, "Canada Wide Olympiad"),
    (28, "World Wide Instant Matchpoints"),
    (29, "ACBL Wide Instant Matchpoints"),
    (30, "Junior Fund"),
    (32, "ACBL Wide Senior"),
    (33, "COPC Club Level"),
    (34, "CNTC Master/Non Master"),
    (35, "CNTC Club Level"),
    (36, "CNTC Unit Level"),
    (37, "CWTC"),
    (38, "Canada Rookie/Master"),
    (39, "Inter-Club Championship"),
    (40, "Unit Wide Championship"),
    (43, "Club Appreciation"),
    (49, "Club Appreciation Team"),
    (50, "NABC Fund Raiser"),
    (51, "GNT Fund Raiser"),
    (52, "CNTC Fund Raiser"),
    (55, "Club Education Foundation"),
    (56, "Unit International Fund"),
    (57, "Club Membership"),
    (58, "Unit Education Fund"),
    (63, "Grass Roots Fund"),
];

pub const CLUB_GAME_TYPES: &[&str] = &["Open", "Invitational", "Novice", "BridgePlus", "Pupil", "Introductory"];

pub const HANDICAP_TYPES: &[&str] = &["Not Handicapped", "Percentage", "Matchpoints", "Boards"];

impl EventDetails {
    pub fn rating_name(&self) -> Option<&'static str> {
        EVENT_RATINGS.iter().find(|(code, _)| *code == self.rating).map(|(_, name)| *name)
    }

    pub fn club_game_type_name(&self) -> Option<&'static str> {
        CLUB_GAME_TYPES.get(usize::from(self.club_game_type)).copied()
    }

    pub fn handicap_type_name(&self) -> Option<&'static str> {
        HANDICAP_TYPES.get(usize::from(self.handicap_type.unsigned_abs())).copied()
    }
}

/// One stratification level of an event (the Strat Structure, 95 bytes, inside Event Details).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Strat {
    pub first_overall_award: u16,
    pub ribbon_color: u8,
    pub ribbon_depth: u8,
    /// Masterpoint table factor in ten-thousandths.
    pub mpt_factor: u32,
    pub overall_award_depth: u16,
    pub table_basis: u8,
    pub min_mp: u16,
    pub max_mp: u16,
    pub letter: char,
    pub club_pct_open_rating: u8,
    pub event_m_factor: Real48,
    pub session_m_factor: Real48,
    pub overall: [Pigmentation; 3],
    pub session: [Pigmentation; 3],
    pub section: [Pigmentation; 3],
    /// -1 life masters only, 1 non-life-masters only, 0 no restriction.
    pub lm_eligibility: i8,
}

/// Masterpoint colours, indexed by the pigmentation code.
pub const PIGMENTATION_TYPES: &[char] = &[' ', 'B', 'S', 'R', 'G', 'P'];

pub const RIBBON_COLORS: &[(u8, &str)] = &[(0, ""), (1, "Blue"), (2, "Red"), (3, "Silver"), (9, "Blue/Red")];

pub fn pigmentation_letter(code: u8) -> char {
    PIGMENTATION_TYPES.get(usize::from(code)).copied().unwrap_or('?')
}

/// One line of a pigmentation breakdown: `pct` and `mp` in hundredths.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Pigmentation {
    pub pct: u16,
    pub mp: u16,
    pub kind: u8,
}

/// Links of a Section Summary Structure to the other sections of its event: 1-based summary
/// slots, 0 for none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SectionLinks {
    pub previous_scored: u8,
    pub next_scored: u8,
    pub previous_ranked: u8,
    pub next_ranked: u8,
}

/// Movement kinds (Section Details at 0x18).
pub const MOVEMENT_TYPES: &[&str] =
    &["Mitchell", "Howell", "Web", "External", "External BAM", "Barometer", "Manual Mitchell", "Manual Howell"];

/// One section of an event: Section Summary and Section Details, its entries, board results
/// and movement.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Section {
    /// 0-based slot of the Section Summary Structure in the Master Table.
    pub summary_slot: u8,
    pub letter: String,
    pub links: SectionLinks,
    /// Bit 0: the section has been scored.
    pub scored_flags: u8,
    pub rounds: u8,
    pub movement_type: u8,
    pub nboards: u16,
    pub highest_pairnum: u16,
    pub boards_per_round: u8,
    pub board_top: u16,
    pub movement_file: String,
    /// Positive: N-S phantom pair number; negative: E-W; zero: none.
    pub phantom: i8,
    pub is_barometer: u8,
    pub ntables: u16,
    pub maximum_score: u16,
    pub is_web: u8,
    pub max_results_per_board: u8,
    /// Team events: award per match in hundredths.
    pub match_award: u16,
    pub modified: DosTimestamp,
    pub memo: Option<String>,
    pub entries: Vec<Entry>,
    /// `None` when the section has no Board Results Index Table (teams, or scored by hand).
    pub boards: Option<Vec<BoardResults>>,
    pub movement: Option<Movement>,
}

impl Section {
    pub fn movement_name(&self) -> Option<&'static str> {
        MOVEMENT_TYPES.get(usize::from(self.movement_type)).copied()
    }

    pub fn is_howell(&self) -> bool {
        self.movement_type == 1
    }

    pub fn is_scored(&self) -> bool {
        self.scored_flags & 1 != 0
    }
}

/// Seat directions of entries: index tables are per direction (two for pairs, four for
/// individuals, one for teams and Howell pairs read through the pair-number map).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    North,
    East,
    South,
    West,
}

impl Direction {
    pub const ALL: [Direction; 4] = [Direction::North, Direction::East, Direction::South, Direction::West];

    pub fn letter(self) -> char {
        match self {
            Direction::North => 'N',
            Direction::East => 'E',
            Direction::South => 'S',
            Direction::West => 'W',
        }
    }
}

/// A pair, team or individual: the fundamental competitor.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Entry {
    /// Pair, team or player number (after any EDMOV reassignment).
    pub number: u16,
    /// Mitchell (and individual) entries are numbered per direction; Howell pairs and teams not.
    pub direction: Option<Direction>,
    /// Hundredths: adjustment, unscaled, session (None = not computed), carryover, final
    /// (None = not computed), handicap.
    pub score_adjustment: i32,
    pub score_unscaled: i32,
    pub score_session: Option<i32>,
    pub score_carryover: i32,
    pub score_final: Option<i32>,
    pub score_handicap: i32,
    /// Percentage in hundredths.
    pub pct: u16,
    pub strat_num: u8,
    pub mp_average: u16,
    pub nboards: u8,
    pub eligibility: u8,
    pub award: Award,
    pub ranks: [Rank; 3],
    pub next_section: String,
    pub next_dir: char,
    pub next_table: u16,
    pub players: Vec<Player>,
}

impl Entry {
    /// The entry's name in the reference decoder and in kibitzer's PBN: `7`, or `3N`/`3E`.
    pub fn id(&self) -> String {
        match self.direction {
            Some(d) => format!("{}{}", self.number, d.letter()),
            None => self.number.to_string(),
        }
    }

    /// Ranks as the reference decoder lists them: up to the first strat without a rank.
    pub fn listed_ranks(&self) -> &[Rank] {
        let n = self.ranks.iter().take_while(|r| r.qual_flag != 0 || r.rank != 0).count();
        &self.ranks[..n]
    }
}

/// A ranking line of an entry for one strat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Rank {
    pub section_rank_low: u16,
    pub section_rank_high: u16,
    pub overall_rank_low: u16,
    pub overall_rank_high: u16,
    pub qual_flag: u16,
    pub rank: u16,
}

/// Masterpoint awards: previous sessions, this session, total; up to three lines each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Award {
    pub sets: [[AwardLine; 3]; 3],
}

pub const AWARD_SETS: [&str; 3] = ["previous", "current", "total"];

/// One award line: masterpoints in hundredths, pigmentation code, reason code (strat + 10 if
/// overall).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct AwardLine {
    pub mp: u16,
    pub pigmentation: u8,
    pub reason: u8,
}

impl Award {
    /// The lines of one set that carry an award. A first line may be empty while the second is
    /// not (handicapped games list the award with and without the handicap).
    pub fn listed(set: &[AwardLine; 3]) -> Vec<AwardLine> {
        let mut out = Vec::new();
        for (i, line) in set.iter().enumerate() {
            let next_has_award = i == 0 && set[1].mp != 0;
            if line.mp == 0 && !next_has_award {
                break;
            }
            out.push(*line);
        }
        out
    }

    pub fn is_empty(&self) -> bool {
        self.sets.iter().all(|set| Award::listed(set).is_empty())
    }
}

/// A player of an entry (Player Structure, 120 bytes).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Player {
    pub lname: String,
    pub fname: String,
    pub city: String,
    pub state: String,
    pub pnum: String,
    pub country: String,
    /// Hundredths.
    pub team_wins: u16,
    pub mp_total: u16,
    pub rank_letter: char,
    pub award: Award,
}

pub const PLAYER_RANKS: &[(char, &str)] = &[
    (' ', "Rookie"),
    ('A', "Junior Master"),
    ('B', "Club Master"),
    ('C', "Sectional Master"),
    ('D', "Regional Master"),
    ('E', "NABC Master"),
    ('F', "Advanced NABC Master"),
    ('G', "Life Master"),
    ('H', "Bronze Life Master"),
    ('I', "Silver Life Master"),
    ('J', "Gold Life Master"),
    ('K', "Diamond Life Master"),
    ('L', "Emerald Life Master"),
    ('M', "Platinum Life Master"),
    ('N', "Grand Life Master"),
];

impl Player {
    pub fn rank_name(&self) -> Option<&'static str> {
        PLAYER_RANKS.iter().find(|(c, _)| *c == self.rank_letter).map(|(_, n)| *n)
    }

    pub fn is_blank(&self) -> bool {
        self.lname.is_empty() && self.fname.is_empty() && self.pnum.is_empty()
    }

    /// "Last, First" as PBN player tags write names.
    pub fn display_name(&self) -> String {
        match (self.lname.trim(), self.fname.trim()) {
            (l, "") => l.to_string(),
            ("", f) => f.to_string(),
            (l, f) => format!("{l}, {f}"),
        }
    }
}

/// All results of one board in one section (Board Results Table).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct BoardResults {
    pub board: u8,
    /// Number of valid results according to the Board Results Index entry.
    pub declared_results: u16,
    pub results: Vec<BoardResult>,
}

/// One table's result on a board: round, table and one side per competitor (N-S then E-W for
/// pairs; N, E, S, W for individuals).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct BoardResult {
    pub round: u8,
    pub table: u8,
    pub sides: Vec<SideResult>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SideResult {
    pub pair: u16,
    pub score: RawScore,
    /// Matchpoints (or IMPs) in hundredths.
    pub mp: u32,
}

/// A raw score as stored: points ÷ 10, or a special value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RawScore(pub i16);

/// What a raw score means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// A played result, in points (the stored value × 10).
    Points(i32),
    LatePlay,
    NotPlayed,
    /// The board was not in play at this table on this round.
    NotInPlay,
    AveMinus,
    Ave,
    AvePlus,
    /// A result scored in a separate "foul group" (a fouled board), in points.
    Fouled {
        points: i32,
        group: i32,
    },
    /// A special value this decoder does not know.
    Unknown(i16),
}

impl RawScore {
    pub const LATE_PLAY: i16 = 900;
    pub const NOT_PLAYED: i16 = 950;
    pub const NOT_IN_PLAY: i16 = 999;
    pub const AVE_MINUS: i16 = 2040;
    pub const AVE: i16 = 2050;
    pub const AVE_PLUS: i16 = 2060;

    pub fn meaning(self) -> Score {
        let raw = self.0;
        match raw {
            ..900 => Score::Points(i32::from(raw) * 10),
            Self::LATE_PLAY => Score::LatePlay,
            Self::NOT_PLAYED => Score::NotPlayed,
            Self::NOT_IN_PLAY => Score::NotInPlay,
            Self::AVE_MINUS => Score::AveMinus,
            Self::AVE => Score::Ave,
            Self::AVE_PLUS => Score::AvePlus,
            3000.. => {
                // Foul groups are offset by 2000 each from a base of 1000.
                let group = (i32::from(raw) - 1000) / 2000;
                let points = (i32::from(raw) - 2000 * (group + 1)) * 10;
                Score::Fouled { points, group }
            }
            _ => Score::Unknown(raw),
        }
    }
}

impl Score {
    /// Averages and the like: a score the director assigned instead of a played result.
    pub fn is_artificial(self) -> bool {
        matches!(self, Score::AveMinus | Score::Ave | Score::AvePlus)
    }

    /// The label the reference decoder prints for special values.
    pub fn label(self) -> Option<&'static str> {
        Some(match self {
            Score::LatePlay => "Late Play",
            Score::NotPlayed => "Not Played",
            Score::AveMinus => "Ave-",
            Score::Ave => "Ave",
            Score::AvePlus => "Ave+",
            Score::Unknown(_) => "Unknown",
            Score::Points(_) | Score::Fouled { .. } | Score::NotInPlay => return None,
        })
    }
}

/// The Movement Table: for each table, for each round, who sits N-S and E-W and the lowest board.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Movement {
    pub section_number: u8,
    pub ntables: u8,
    pub nrounds: u8,
    /// `tables[t][r]`, 25 rounds per table as stored.
    pub tables: Vec<Vec<MovementSeat>>,
}

/// Rounds per table in the Movement Table (75 bytes of 3-byte entries).
pub const MOVEMENT_ROUNDS: usize = 25;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MovementSeat {
    pub ns: u8,
    pub ew: u8,
    pub board: u8,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dos_timestamps_print_like_the_reference_decoder() {
        // 2017-08-10 14:24:00
        let date = ((2017 - 1980) << 9) | (8 << 5) | 10;
        let time = (14 << 11) | (24 << 5);
        assert_eq!(DosTimestamp { time, date }.iso(), "2017-08-10T14:24:00");
    }

    #[test]
    fn real48_values() {
        assert_eq!(Real48([0; 6]).value(), 0.0);
        // 1.0: exponent 129, zero mantissa.
        assert_eq!(Real48([0x81, 0, 0, 0, 0, 0]).value(), 1.0);
        assert_eq!(Real48([0x80, 0, 0, 0, 0, 0]).value(), 0.5);
        assert_eq!(Real48([0x83, 0, 0, 0, 0, 0x80]).value(), -4.0);
        // 1.25 = 1 + 0.25: top mantissa bit pattern 0x20 in byte 5.
        assert_eq!(Real48([0x81, 0, 0, 0, 0, 0x20]).value(), 1.25);
    }

    #[test]
    fn raw_score_meanings() {
        assert_eq!(RawScore(43).meaning(), Score::Points(430));
        assert_eq!(RawScore(-5).meaning(), Score::Points(-50));
        assert_eq!(RawScore(950).meaning(), Score::NotPlayed);
        assert_eq!(RawScore(999).meaning(), Score::NotInPlay);
        assert_eq!(RawScore(2040).meaning(), Score::AveMinus);
        assert_eq!(RawScore(2050).meaning(), Score::Ave);
        assert_eq!(RawScore(2060).meaning(), Score::AvePlus);
        // Foul group g adds 2000 × (g + 1) to the stored score.
        assert_eq!(RawScore(4043).meaning(), Score::Fouled { points: 430, group: 1 });
        assert_eq!(RawScore(3995).meaning(), Score::Fouled { points: -50, group: 1 });
        assert_eq!(RawScore(1500).meaning(), Score::Unknown(1500));
    }

    #[test]
    fn award_lists_stop_at_the_first_empty_line_unless_the_second_has_an_award() {
        let line = |mp| AwardLine { mp, pigmentation: 3, reason: 1 };
        assert_eq!(Award::listed(&[line(45), line(0), line(9)]).len(), 1);
        assert_eq!(Award::listed(&[line(0), line(30), line(0)]).len(), 2);
        assert!(Award::listed(&[line(0); 3]).is_empty());
    }
}
