//! Documentation of the standards' vocabulary for hover and completion: every standard tag of
//! PGN (8.1, 9) and PBN (3.4, 4) with its meaning, format and section, the enumerated values of
//! tags that have them, the NAG tables (PGN 0–139 plus common extensions; PBN's bridge
//! table), and the EPD opcodes (PGN 16.2.5).

use crate::Lang;

/// A standard tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TagDoc {
    pub name: &'static str,
    /// Section of the standard.
    pub section: &'static str,
    /// What the tag records.
    pub meaning: &'static str,
    /// The shape of its value.
    pub format: &'static str,
    /// Enumerated values and what each means (empty when the value is free).
    pub values: &'static [(&'static str, &'static str)],
}

const fn tag(
    name: &'static str,
    section: &'static str,
    meaning: &'static str,
    format: &'static str,
    values: &'static [(&'static str, &'static str)],
) -> TagDoc {
    TagDoc { name, section, meaning, format, values }
}

const PGN_RESULT: &[(&str, &str)] =
    &[("1-0", "White won"), ("0-1", "Black won"), ("1/2-1/2", "drawn"), ("*", "unknown, in progress or abandoned")];
const PLAYER_TYPE: &[(&str, &str)] = &[("human", "a person"), ("program", "a computer program")];
const PGN_TERMINATION: &[(&str, &str)] = &[
    ("abandoned", "abandoned game"),
    ("adjudication", "result decided by a third-party adjudication"),
    ("death", "a player died"),
    ("emergency", "ended by unforeseen circumstances"),
    ("normal", "ended in the normal way"),
    ("rules infraction", "administrative forfeit for breaking the rules"),
    ("time forfeit", "a player lost on time"),
    ("unterminated", "not finished"),
];
const PGN_MODE: &[(&str, &str)] = &[
    ("OTB", "over the board"),
    ("PM", "paper mail"),
    ("EM", "electronic mail"),
    ("ICS", "Internet Chess Server"),
    ("TC", "general telecommunication"),
];

/// PGN tags: the Seven Tag Roster (8.1.1) and the supplemental tags (9).
pub const PGN_TAGS: &[TagDoc] = &[
    tag("Event", "PGN 8.1.1.1", "Name of the tournament or match.", "free text; `?` when unknown", &[]),
    tag("Site", "PGN 8.1.1.2", "Where the game was played.", "`City, Region COUNTRY` with an IOC country code; `?` when unknown", &[]),
    tag("Date", "PGN 8.1.1.3", "Starting date of the game.", "`YYYY.MM.DD`, with `??`/`????` for unknown parts", &[]),
    tag("Round", "PGN 8.1.1.4", "Playing round of the game within the event.", "a number or dotted numbers (`3.1`); `?` unknown, `-` not applicable", &[]),
    tag("White", "PGN 8.1.1.5", "Player(s) of the white pieces.", "`Last, First` names; several players separated by `:`", &[]),
    tag("Black", "PGN 8.1.1.6", "Player(s) of the black pieces.", "`Last, First` names; several players separated by `:`", &[]),
    tag("Result", "PGN 8.1.1.7", "Result of the game; must equal the game termination marker.", "one of the four results", PGN_RESULT),
    tag("WhiteTitle", "PGN 9.1.1", "FIDE title of White.", "`GM`, `IM`, `FM`, `WGM` …, or `-`", &[]),
    tag("BlackTitle", "PGN 9.1.1", "FIDE title of Black.", "`GM`, `IM`, `FM`, `WGM` …, or `-`", &[]),
    tag("WhiteElo", "PGN 9.1.2", "FIDE rating of White.", "an integer, or `-`", &[]),
    tag("BlackElo", "PGN 9.1.2", "FIDE rating of Black.", "an integer, or `-`", &[]),
    tag("WhiteUSCF", "PGN 9.1.3", "USCF rating of White.", "an integer, or `-`", &[]),
    tag("BlackUSCF", "PGN 9.1.3", "USCF rating of Black.", "an integer, or `-`", &[]),
    tag("WhiteNA", "PGN 9.1.4", "Network (e-mail) address of White.", "an address, or `-`", &[]),
    tag("BlackNA", "PGN 9.1.4", "Network (e-mail) address of Black.", "an address, or `-`", &[]),
    tag("WhiteType", "PGN 9.1.5", "Whether White is a person or a program.", "`human` or `program`", PLAYER_TYPE),
    tag("BlackType", "PGN 9.1.5", "Whether Black is a person or a program.", "`human` or `program`", PLAYER_TYPE),
    tag("EventDate", "PGN 9.2.1", "Starting date of the event.", "`YYYY.MM.DD`, like Date", &[]),
    tag("EventSponsor", "PGN 9.2.2", "Sponsor of the event.", "free text", &[]),
    tag("Section", "PGN 9.2.3", "Playing section of the event (Open, Reserve …).", "free text", &[]),
    tag("Stage", "PGN 9.2.4", "Stage of a multistage event (Preliminary, Final …).", "free text", &[]),
    tag("Board", "PGN 9.2.5", "Board number in a team event or simultaneous display.", "a positive integer", &[]),
    tag("Opening", "PGN 9.3.1", "Traditional opening name.", "free text (locale specific)", &[]),
    tag("Variation", "PGN 9.3.2", "Variation of the opening.", "free text", &[]),
    tag("SubVariation", "PGN 9.3.3", "Sub-variation of the opening.", "free text", &[]),
    tag("ECO", "PGN 9.4.1", "Encyclopaedia of Chess Openings code.", "a letter A–E and two digits (`B90`), optionally a `/` and a sub-code", &[]),
    tag("NIC", "PGN 9.4.2", "New in Chess opening code.", "the NIC code", &[]),
    tag("Time", "PGN 9.5.1", "Local time the game started.", "`HH:MM:SS`", &[]),
    tag("UTCTime", "PGN 9.5.2", "Universal time the game started.", "`HH:MM:SS`", &[]),
    tag("UTCDate", "PGN 9.5.3", "Universal date the game started.", "`YYYY.MM.DD`", &[]),
    tag("TimeControl", "PGN 9.6.1", "Time control of the game.", "`?`, `-`, `40/7200` (moves/seconds), `3600` (sudden death), `4500+60` (increment), `*180` (sandclock), several separated by `:`", &[]),
    tag("SetUp", "PGN 9.7.1", "Whether the game starts from a set-up position (given by FEN).", "`0` or `1`", &[("0", "the standard initial position"), ("1", "the position of the FEN tag")]),
    tag("FEN", "PGN 9.7.2", "The starting position, when SetUp is `1`.", "a FEN record (PGN 16.1)", &[]),
    tag("Termination", "PGN 9.8.1", "Why the game ended.", "one of the standard words", PGN_TERMINATION),
    tag("Annotator", "PGN 9.9.1", "Who annotated the game.", "`Last, First`", &[]),
    tag("Mode", "PGN 9.9.2", "How the game was played.", "one of the standard codes", PGN_MODE),
    tag("PlyCount", "PGN 9.9.3", "Number of half-moves in the game.", "a non-negative integer", &[]),
];

const DIRECTIONS: &[(&str, &str)] = &[("N", "North"), ("E", "East"), ("S", "South"), ("W", "West")];
const VULNERABLE: &[(&str, &str)] = &[
    ("None", "nobody vulnerable (export format)"),
    ("NS", "North-South vulnerable"),
    ("EW", "East-West vulnerable"),
    ("All", "both sides vulnerable (export format)"),
    ("Love", "nobody vulnerable (import only)"),
    ("-", "nobody vulnerable (import only)"),
    ("Both", "both sides vulnerable (import only)"),
];
const SCORING: &[(&str, &str)] = &[
    ("MP", "matchpoints"),
    ("MatchPoints", "matchpoints (same as MP)"),
    ("IMP", "IMPs"),
    ("Cavendish", "Cavendish scoring"),
    ("Chicago", "Chicago scoring"),
    ("Rubber", "rubber bridge"),
    ("BAM", "board-a-match"),
    ("Instant", "scored with the InstantScoreTable"),
    ("Butler", "modifier: IMPs against the average score"),
    ("Cross", "modifier: IMPs against every other score, summed"),
    ("MP1", "modifier: 2 per lower score, 1 per equal"),
    ("MP2", "modifier: 1 per lower score, ½ per equal"),
    ("OldMP", "modifier: old undertrick penalties"),
    ("EMP", "European matchpoints"),
];
const PBN_RESULT_HINT: &str =
    "the number of tricks won by declarer's side (`^` prefix: by the defenders in import format); empty or `?` unknown";
const ROOM: &[(&str, &str)] = &[("Open", "open room"), ("Closed", "closed room")];
const PLAYER_TYPES_PBN: &[(&str, &str)] = &[("human", "a person"), ("program", "a computer program")];
const PBN_MODE: &[(&str, &str)] = &[
    ("EM", "electronic mail"),
    ("IBS", "Internet Bridge Server"),
    ("OKB", "OK Bridge"),
    ("TABLE", "normal table"),
    ("TC", "general telecommunication"),
];

/// PBN tags: the mandatory tags (3.4), the section tags (3.5, 3.6) and the supplemental tags (4).
pub const PBN_TAGS: &[TagDoc] = &[
    tag("Event", "PBN 3.4.1", "Name of the tournament or match.", "free text", &[]),
    tag("Site", "PBN 3.4.2", "Where the event took place.", "free text", &[]),
    tag("Date", "PBN 3.4.3", "Date of the game.", "`YYYY.MM.DD` with `?` for unknown digits", &[]),
    tag("Board", "PBN 3.4.4", "Board number; decides dealer and vulnerability on standard boards.", "a positive integer", &[]),
    tag("West", "PBN 3.4.5", "West player.", "a name", &[]),
    tag("North", "PBN 3.4.6", "North player.", "a name", &[]),
    tag("East", "PBN 3.4.7", "East player.", "a name", &[]),
    tag("South", "PBN 3.4.8", "South player.", "a name", &[]),
    tag("Dealer", "PBN 3.4.9", "The player who dealt and calls first.", "`N`, `E`, `S` or `W`", DIRECTIONS),
    tag("Vulnerable", "PBN 3.4.10", "Which side is vulnerable.", "`None`, `NS`, `EW` or `All`", VULNERABLE),
    tag("Deal", "PBN 3.4.11", "The four hands.", "`F:hand hand hand hand`: F is the first hand's direction, hands clockwise, each `spades.hearts.diamonds.clubs` with cards AKQJT98765432; `-` for an unknown hand", &[]),
    tag("Scoring", "PBN 3.4.12", "The scoring method.", "fields separated by `;`: a basic system and modifiers", SCORING),
    tag("Declarer", "PBN 3.4.13", "The declarer of the contract.", "`N`, `E`, `S` or `W`; `^` prefix for an irregular declarer; empty when passed out", DIRECTIONS),
    tag("Contract", "PBN 3.4.14", "The final contract.", "`Pass`, or level 1–7, denomination `S H D C NT`, then `X` or `XX`", &[("Pass", "passed out")]),
    tag("Result", "PBN 3.4.15", "Tricks won by declarer.", PBN_RESULT_HINT, &[]),
    tag("Auction", "PBN 3.5", "Starts the auction section; the value is the first caller.", "`N`, `E`, `S` or `W`", DIRECTIONS),
    tag("Play", "PBN 3.6", "Starts the play section; the value is the opening leader.", "`N`, `E`, `S` or `W`", DIRECTIONS),
    tag("Note", "PBN 3.5.5, 3.6.5", "Explains a note reference `=n=` of the auction or play.", "`n:text`", &[]),
    tag("Competition", "PBN 4.1.1", "Form of competition.", "`Individuals`, `Pairs`, `Teams` …", &[("Individuals", "individual event"), ("Pairs", "pairs event"), ("Teams", "teams event"), ("Chicago", "Chicago"), ("Cavendish", "Cavendish")]),
    tag("DealId", "PBN 4.1.2", "Unique identification of the deal.", "free text", &[]),
    tag("Description", "PBN 4.1.3", "Description or classification of the game.", "free text", &[]),
    tag("FrenchMP", "PBN 4.1.4", "Whether French matchpoint scoring applies.", "`Yes` or `No`", &[("Yes", "French matchpoints"), ("No", "not")]),
    tag("Generator", "PBN 4.1.5", "The program that generated the deal.", "free text", &[]),
    tag("Hidden", "PBN 4.1.6", "Hands to hide when showing the deal.", "directions, e.g. `NS`", &[]),
    tag("Room", "PBN 4.1.7", "Room of a teams match.", "`Open` or `Closed`", ROOM),
    tag("Termination", "PBN 4.1.8", "Why the game ended.", "one of the standard words", PGN_TERMINATION),
    tag("Score", "PBN 4.2.1", "Score of the game.", "`NS n`, `EW n`, or a signed integer for declarer's side", &[]),
    tag("ScoreIMP", "PBN 4.2.2", "Score in IMPs.", "`NS n`, `EW n` or a signed number", &[]),
    tag("ScoreMP", "PBN 4.2.3", "Score in matchpoints.", "`NS n`, `EW n` or a number", &[]),
    tag("ScorePercentage", "PBN 4.2.4", "Score as a percentage.", "`NS n`, `EW n` or a number", &[]),
    tag("ScoreRubber", "PBN 4.2.5", "Rubber score: above and below the line.", "`NS n`/`EW n` pairs", &[]),
    tag("ScoreRubberHistory", "PBN 4.2.6", "History of a rubber.", "see PBN 4.2.6", &[]),
    tag("OptimumScore", "PBN 4.2.7", "Best score achievable for NS with perfect play.", "`NS n` or `EW n`", &[]),
    tag("BidSystemEW", "PBN 4.3.1", "Bidding system of East-West.", "free text", &[]),
    tag("BidSystemNS", "PBN 4.3.1", "Bidding system of North-South.", "free text", &[]),
    tag("PairEW", "PBN 4.3.2", "Pair number of East-West.", "free text", &[]),
    tag("PairNS", "PBN 4.3.2", "Pair number of North-South.", "free text", &[]),
    tag("WestNA", "PBN 4.3.3", "Network address of West.", "an address", &[]),
    tag("NorthNA", "PBN 4.3.3", "Network address of North.", "an address", &[]),
    tag("EastNA", "PBN 4.3.3", "Network address of East.", "an address", &[]),
    tag("SouthNA", "PBN 4.3.3", "Network address of South.", "an address", &[]),
    tag("WestType", "PBN 4.3.4", "Whether West is a person or a program.", "`human` or `program`", PLAYER_TYPES_PBN),
    tag("NorthType", "PBN 4.3.4", "Whether North is a person or a program.", "`human` or `program`", PLAYER_TYPES_PBN),
    tag("EastType", "PBN 4.3.4", "Whether East is a person or a program.", "`human` or `program`", PLAYER_TYPES_PBN),
    tag("SouthType", "PBN 4.3.4", "Whether South is a person or a program.", "`human` or `program`", PLAYER_TYPES_PBN),
    tag("EventDate", "PBN 4.4.1", "Starting date of the event.", "`YYYY.MM.DD`", &[]),
    tag("EventSponsor", "PBN 4.4.2", "Sponsor of the event.", "free text", &[]),
    tag("HomeTeam", "PBN 4.4.3", "Home team of a teams match.", "free text", &[]),
    tag("Round", "PBN 4.4.4", "Round of the event.", "free text", &[]),
    tag("Section", "PBN 4.4.5", "Section of the event.", "free text", &[]),
    tag("Stage", "PBN 4.4.6", "Stage of a multistage event.", "free text", &[]),
    tag("Table", "PBN 4.4.7", "Table number.", "free text", &[]),
    tag("VisitTeam", "PBN 4.4.8", "Visiting team of a teams match.", "free text", &[]),
    tag("Time", "PBN 4.5.1", "Local time the game started.", "`HH:MM:SS`", &[]),
    tag("UTCDate", "PBN 4.5.2", "Universal date of the game.", "`YYYY.MM.DD`", &[]),
    tag("UTCTime", "PBN 4.5.3", "Universal time the game started.", "`HH:MM:SS`", &[]),
    tag("TimeControl", "PBN 4.6.1", "Time control of the game.", "see PBN 4.6.1", &[]),
    tag("TimeCall", "PBN 4.6.2", "Time used for each call.", "see PBN 4.6.2", &[]),
    tag("TimeCard", "PBN 4.6.3", "Time used for each card.", "see PBN 4.6.3", &[]),
    tag("Annotator", "PBN 4.7.1", "Who annotated the game.", "a name", &[]),
    tag("AnnotatorNA", "PBN 4.7.2", "Network address of the annotator.", "an address", &[]),
    tag("Application", "PBN 4.7.3", "The program that wrote the file.", "free text", &[]),
    tag("Mode", "PBN 4.7.4", "How the game was played.", "one of the standard codes", PBN_MODE),
];

/// The standard tags of a format (PGN's for EPD too, whose records carry no tags).
pub fn tags(lang: Lang) -> &'static [TagDoc] {
    match lang {
        Lang::Pbn => PBN_TAGS,
        Lang::Pgn | Lang::Epd => PGN_TAGS,
        Lang::Pbi | Lang::Lin => &[],
    }
}

/// The standard tag called `name` (tag names are case-sensitive).
pub fn tag_doc(lang: Lang, name: &str) -> Option<&'static TagDoc> {
    tags(lang).iter().find(|t| t.name == name)
}

/// Hover text of a tag: meaning, format and section, and its values when enumerated.
pub fn tag_markdown(t: &TagDoc) -> String {
    let mut s = format!("**{}** — {}\n\nFormat: {}\n\n*{}*", t.name, t.meaning, t.format, t.section);
    if !t.values.is_empty() {
        s.push_str("\n\nValues:\n");
        for (v, m) in t.values {
            s.push_str(&format!("- `{v}` {m}\n"));
        }
    }
    s
}

/// The meaning of PGN NAG `n` (the chess domain's table, [`crate::chess::nag`]).
pub fn pgn_nag(n: u32) -> Option<String> {
    crate::chess::nag::meaning(n)
}

/// The meaning of PBN NAG `n` (PBN 3.7): 1–6 and 13 for calls, 7–12 and 14 for cards, 15–255 free.
pub fn pbn_nag(n: u32) -> Option<String> {
    const QUALITY: [&str; 6] = [
        "good (`!`)",
        "poor (`?`)",
        "very good (`!!`)",
        "very poor (`??`)",
        "speculative (`!?`)",
        "questionable (`?!`)",
    ];
    let meaning = match n {
        0 => "no annotation".to_owned(),
        1..=6 => format!("{} call — for calls in the auction only", QUALITY[n as usize - 1]),
        7..=12 => format!("{} card — for played cards only", QUALITY[n as usize - 7]),
        13 => "call corrected by hand — auction only".to_owned(),
        14 => "card corrected by hand — play only".to_owned(),
        15..=255 => "commentary on a call or card, free for use (e.g. by a NAG file in another language)".to_owned(),
        _ => return None,
    };
    Some(format!("**${n}**: {meaning} *(PBN 3.7)*"))
}

/// EPD opcodes (PGN 16.2.5) with what they carry.
pub const EPD_OPCODES: &[(&str, &str)] = &[
    ("acd", "analysis count: depth searched"),
    ("acn", "analysis count: nodes searched"),
    ("acs", "analysis count: seconds searched"),
    ("am", "avoid move(s)"),
    ("bm", "best move(s)"),
    ("c0", "comment (primary); c1 … c9 further comments"),
    ("ce", "centipawn evaluation"),
    ("dm", "direct mate in n moves"),
    ("draw_accept", "accept a draw offer"),
    ("draw_claim", "claim a draw"),
    ("draw_offer", "offer a draw"),
    ("draw_reject", "reject a draw offer"),
    ("eco", "Encyclopaedia of Chess Openings code"),
    ("fmvn", "full move number"),
    ("hmvc", "half-move clock"),
    ("id", "position identification"),
    ("nic", "New in Chess opening code"),
    ("noop", "no operation"),
    ("pm", "predicted move"),
    ("pv", "predicted variation"),
    ("rc", "repetition count"),
    ("resign", "game resignation"),
    ("sm", "supplied move"),
    ("tcgs", "telecommunication: game selector"),
    ("tcri", "telecommunication: receiver identification"),
    ("tcsi", "telecommunication: sender identification"),
    ("v0", "variation name (primary); v1 … v9 further names"),
];

/// What an EPD opcode carries: a standard one, or `c0`…`c9`, `v0`…`v9`.
pub(super) fn opcode_doc(op: &str) -> Option<&'static str> {
    EPD_OPCODES.iter().find(|(o, _)| *o == op).map(|(_, d)| *d).or_else(|| match op.as_bytes() {
        [b'c', d] if d.is_ascii_digit() => Some("comment"),
        [b'v', d] if d.is_ascii_digit() => Some("variation name"),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nag_tables_cover_the_standard_and_the_extensions() {
        assert!(pgn_nag(1).unwrap().contains("good move"));
        assert!(pgn_nag(139).is_some());
        assert!(pgn_nag(140).unwrap().contains("Not in the PGN standard"));
        assert!(pgn_nag(256).is_none());
        for n in 0..=139 {
            assert!(pgn_nag(n).is_some(), "${n} missing");
        }
        assert!(pbn_nag(7).unwrap().contains("card"));
        assert!(pbn_nag(13).unwrap().contains("auction only"));
        assert!(pbn_nag(300).is_none());
    }

    #[test]
    fn every_tag_is_documented_once_per_format() {
        for lang in [Lang::Pgn, Lang::Pbn] {
            let mut names: Vec<_> = tags(lang).iter().map(|t| t.name).collect();
            names.sort();
            let n = names.len();
            names.dedup();
            assert_eq!(n, names.len(), "{lang:?} lists a tag twice");
        }
        assert_eq!(tag_doc(Lang::Pbn, "Vulnerable").unwrap().values.len(), 7);
        assert!(tag_markdown(tag_doc(Lang::Pgn, "Result").unwrap()).contains("`1/2-1/2`"));
        assert!(tag_doc(Lang::Pgn, "result").is_none());
    }
}
