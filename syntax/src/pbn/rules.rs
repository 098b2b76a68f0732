//! The PBN rule catalogue. Codes: PBN0xx syntax and tokens, PBN1xx tags and tag values,
//! PBN2xx deal, PBN3xx auction, PBN4xx play and result, PBN5xx notes/NAGs/commentary,
//! PBN6xx scores, PBN7xx inheritance, PBN8xx export format, PBN9xx supplemental tables.

use crate::diagnostic::{Rule, RuleScope, Severity};

macro_rules! rule {
    ($id:ident, $code:literal, $name:literal, $sev:ident, $scope:ident, $section:literal, $summary:literal, $explanation:literal, $bad:literal, $good:literal) => {
        pub const $id: Rule = Rule {
            code: $code,
            name: $name,
            severity: Severity::$sev,
            scope: RuleScope::$scope,
            section: $section,
            summary: $summary,
            explanation: $explanation,
            bad: $bad,
            good: $good,
        };
    };
}

// ---- PBN0xx: syntax and tokens ----
rule!(
    UNTERMINATED_STRING,
    "PBN001",
    "unterminated-string",
    Error,
    Import,
    "PBN 3.2",
    "A string is not closed by `\"` on its line.",
    "Strings are tokens and cannot cross a line end; a quote inside a string is written `\\\"`.",
    "[Event \"Club]\n",
    "[Event \"Club\"]\n"
);
rule!(UNTERMINATED_COMMENT, "PBN002", "unterminated-comment", Error, Import, "PBN 3.8",
    "A brace comment `{` is never closed by `}`.",
    "A brace comment runs to the next `}`; without one, everything after it would be comment. kibitzer ends it at the next semi-empty line to keep reading.",
    "{ the lead\n[Board \"1\"]\n", "{ the lead }\n[Board \"1\"]\n");
rule!(INVALID_CHARACTER, "PBN003", "invalid-character", Error, Import, "PBN 3.2",
    "A character that no token accepts here.",
    "Outside strings and comments only the characters of PBN tokens may appear (section tokens are ASCII 33..126 except `[ ] { } ; \" %`).",
    "[Play \"W\"]\nSA @ SK\n", "[Play \"W\"]\nSA SK\n");
rule!(
    MALFORMED_TAG,
    "PBN004",
    "malformed-tag",
    Error,
    Import,
    "PBN 3.3",
    "A tag pair is not `[Name \"value\"]`.",
    "A tag pair is a left bracket, a name token, a string token and a right bracket.",
    "[Event Club]\n",
    "[Event \"Club\"]\n"
);
rule!(
    TEXT_OUTSIDE_TAG,
    "PBN005",
    "text-outside-tag",
    Error,
    Import,
    "PBN 3",
    "Text before the first tag pair of a game.",
    "A game is a sequence of tag pairs, each optionally followed by its section; other text must be a comment.",
    "hello\n[Event \"\"]\n",
    "{hello}\n[Event \"\"]\n"
);

rule!(SECTION_AFTER_TAG, "PBN006", "unexpected-section", Warning, Import, "PBN 5.1",
    "Section data after a tag that takes none.",
    "Only Auction, Play, tables and user-defined sections carry data after the tag pair; data after an identification tag is usually a broken tag or a stray line.",
    "[Board \"1\"] 12\n", "[Board \"1\"]\n");
rule!(
    LINE_TOO_LONG,
    "PBN010",
    "line-too-long",
    Error,
    Import,
    "PBN 2.3",
    "A line longer than 255 characters.",
    "A PBN text line is at most 255 characters, the line end included.",
    "[Event \"…300 characters…\"]",
    "a shorter value"
);
rule!(
    CONTROL_CHARACTER,
    "PBN011",
    "control-character",
    Error,
    Import,
    "PBN 2.2",
    "A control character (or a tab inside a string).",
    "Only printing ISO 8859-1 characters, tab and vertical tab are allowed, and strings may not hold tabs.",
    "[Event \"a\\tb\"]",
    "[Event \"a b\"]"
);
rule!(NON_LATIN1_CHARACTER, "PBN012", "non-latin1-character", Warning, Import, "PBN 2.2",
    "A character outside ISO 8859-1.",
    "PBN files are ISO 8859-1; characters beyond it (such as suit symbols) cannot be written in the file's standard encoding.",
    "[Note \"1:♠\"]", "[Note \"1:\\\\S\"]");
rule!(
    LONG_LINE,
    "PBN013",
    "long-line",
    Error,
    Export,
    "PBN 2.3",
    "A line with 80 or more printing characters in export format.",
    "Lines of 80 or more printing characters are strongly discouraged.",
    "{ a very long comment … }",
    "{ a comment\n  over lines }"
);
rule!(
    UNKNOWN_TAG,
    "PBN100",
    "unknown-tag",
    Hint,
    Import,
    "PBN 4.9",
    "A tag that neither the standard nor a known program defines.",
    "Programs skip unknown tags; a misspelt standard tag is lost that way.",
    "[Wrong \"x\"]",
    "[Event \"x\"]"
);
rule!(
    TAG_NAME_CASE,
    "PBN101",
    "tag-name-case",
    Error,
    Import,
    "PBN 3.3",
    "A tag name that does not start with an upper-case letter.",
    "All tag names begin with an upper case letter.",
    "[event \"x\"]",
    "[Event \"x\"]"
);
rule!(
    DUPLICATE_TAG,
    "PBN102",
    "duplicate-tag",
    Warning,
    Import,
    "PBN 3.4",
    "A tag given twice in a game: the later one is ignored.",
    "In import format a tag pair that already occurred is ignored; in export format tags occur once.",
    "[Site \"A\"]\n[Site \"B\"]",
    "[Site \"A\"]"
);
rule!(
    INVALID_DATE,
    "PBN103",
    "invalid-date",
    Error,
    Import,
    "PBN 3.4.3",
    "A date that is not `YYYY.MM.DD` (with `?` for unknown digits).",
    "Date, EventDate and UTCDate use ten characters: four digits, a dot, two, a dot, two.",
    "[Date \"95.06.10\"]",
    "[Date \"1995.06.10\"]"
);
rule!(
    INVALID_BOARD,
    "PBN104",
    "invalid-board",
    Error,
    Import,
    "PBN 3.4.4",
    "A Board value that is not a positive integer.",
    "The Board tag value is a positive integer.",
    "[Board \"A\"]",
    "[Board \"1\"]"
);
rule!(
    INVALID_SEAT,
    "PBN105",
    "invalid-seat",
    Error,
    Import,
    "PBN 3.4.9",
    "A direction that is not W, N, E or S.",
    "Dealer, Declarer, Auction and Play name a direction (Declarer may be `^` + direction, or empty when passed out).",
    "[Dealer \"Black\"]",
    "[Dealer \"N\"]"
);
rule!(
    INVALID_VULNERABLE,
    "PBN106",
    "invalid-vulnerable",
    Error,
    Import,
    "PBN 3.4.10",
    "A Vulnerable value that is none of None, Love, -, NS, EW, All, Both.",
    "The Vulnerable tag value names who is vulnerable.",
    "[Vulnerable \"E\"]",
    "[Vulnerable \"EW\"]"
);
rule!(INVALID_CONTRACT, "PBN107", "invalid-contract", Error, Import, "PBN 3.4.14",
    "A Contract that is not `Pass` or `<1-7><S|H|D|C|NT><|X|XX>`.",
    "The Contract tag value is `Pass` or a level, a denomination and a risk (end positions give the denomination only).",
    "[Contract \"5Hearts\"]", "[Contract \"5H\"]");
rule!(
    INVALID_RESULT,
    "PBN108",
    "invalid-result",
    Error,
    Import,
    "PBN 3.4.15",
    "A Result that is none of the five forms, or whose tricks do not add up.",
    "Result is `<n>`, `NS <n>`, `EW <n>`, or both sides (adding up to 13), optionally after `^`; n is 0..13.",
    "[Result \"NS 9 EW 2\"]",
    "[Result \"NS 9 EW 4\"]"
);
rule!(INVALID_SCORE, "PBN109", "invalid-score", Error, Import, "PBN 4.2",
    "A Score, ScoreIMP, ScoreMP, ScorePercentage, ScoreRubber or OptimumScore value of the wrong form.",
    "Scores are `<score>`, `NS <score>`, `EW <score>` or both sides; the number's form depends on the tag (integer, decimal, percentage 0..100, `above/below`).",
    "[Score \"10.a\"]", "[Score \"NS 420\"]");
rule!(
    INVALID_TAG_VALUE,
    "PBN110",
    "invalid-tag-value",
    Error,
    Import,
    "PBN 4",
    "A tag value outside the values the standard defines for the tag.",
    "Round, Time, FrenchMP, Room, Hidden, TimeControl, TimeCall, TimeCard and DoubleDummyTricks have fixed forms.",
    "[Round \"-1\"]",
    "[Round \"1\"]"
);
rule!(
    UNKNOWN_TAG_VALUE,
    "PBN111",
    "unknown-tag-value",
    Hint,
    Import,
    "PBN 3.4.12",
    "A Scoring, Mode or Competition value the standard does not list.",
    "These values are open-ended; an unknown one may be a typo.",
    "[Scoring \"IMP;??\"]",
    "[Scoring \"IMP\"]"
);
rule!(
    INVALID_NOTE_TAG,
    "PBN112",
    "invalid-note-tag",
    Error,
    Import,
    "PBN 3.5.5",
    "A Note value that is not `<1-32>:<text>`.",
    "A note tag's value is its index, a colon and the text.",
    "[Note \"a:\"]",
    "[Note \"1:transfer\"]"
);
rule!(
    DEAL_SYNTAX,
    "PBN200",
    "deal-syntax",
    Error,
    Import,
    "PBN 3.4.11",
    "A Deal value that is not `<seat>:<hand> <hand> <hand> <hand>`.",
    "Hands are four dot-separated suits of ranks A K Q J T 9..2, or `-`, separated by single spaces.",
    "[Deal \"W:vKQT2.AT.J6542.85 - - -\"]",
    "[Deal \"W:KQT2.AT.J6542.85 - - -\"]"
);
rule!(
    DEAL_DUPLICATE_CARD,
    "PBN201",
    "deal-duplicate-card",
    Error,
    Import,
    "PBN 3.4.11",
    "A card dealt to two hands.",
    "Every card is in exactly one hand.",
    "[Deal \"N:A... A... - -\"]",
    "[Deal \"N:A... K... - -\"]"
);
rule!(
    DEAL_HAND_SIZE,
    "PBN202",
    "deal-hand-size",
    Error,
    Import,
    "PBN 3.4.11",
    "Hands of different sizes, or more than 13 cards, or no cards at all.",
    "A deal has 13 cards per hand; an end position (PBN 3.10) has equal hands of fewer cards.",
    "[Deal \"W:KQT2.AT.J6542.852 - - -\"]",
    "[Deal \"W:KQT2.AT.J6542.85 - - -\"]"
);
rule!(
    AUCTION_NO_DEALER,
    "PBN300",
    "auction-without-dealer",
    Error,
    Import,
    "PBN 3.1",
    "An Auction section without a Dealer tag before it.",
    "The Dealer tag must be filled before the auction section.",
    "[Auction \"N\"]\nPass",
    "[Dealer \"N\"]\n[Auction \"N\"]\nPass"
);
rule!(
    AUCTION_FIRST_CALL,
    "PBN301",
    "auction-first-call",
    Error,
    Import,
    "PBN 3.5",
    "The first call is not the dealer's.",
    "The Auction tag names the first column; each player before the dealer has a `-`.",
    "[Dealer \"N\"]\n[Auction \"W\"]\n1D",
    "[Dealer \"N\"]\n[Auction \"W\"]\n- 1D"
);
rule!(
    INVALID_CALL,
    "PBN302",
    "invalid-call",
    Error,
    Import,
    "PBN 3.5.1",
    "A token in the auction that is not a call.",
    "Calls are Pass, X, XX, AP, `-` or a bid `<1-7><C|D|H|S|NT>`.",
    "1N",
    "1NT"
);
rule!(
    INSUFFICIENT_BID,
    "PBN303",
    "insufficient-bid",
    Error,
    Import,
    "PBN 3.5",
    "A bid not higher than the previous bid, without `^I`.",
    "Each bid must be higher than the last; an accepted insufficient bid is marked `^I`.",
    "1D 1C",
    "1D ^I 1C"
);
rule!(
    ILLEGAL_DOUBLE,
    "PBN304",
    "illegal-double",
    Error,
    Import,
    "PBN 3.9",
    "A double that does not double an opponent's undoubled bid.",
    "A player may double only the last bid, made by an opponent and not yet doubled.",
    "1D Pass X",
    "1D X"
);
rule!(
    ILLEGAL_REDOUBLE,
    "PBN305",
    "illegal-redouble",
    Error,
    Import,
    "PBN 3.9",
    "A redouble that does not redouble an opponent's double.",
    "A player may redouble only an opponent's double of his side's bid.",
    "1D X Pass XX",
    "1D X XX"
);
rule!(
    CALL_AFTER_END,
    "PBN306",
    "call-after-end",
    Error,
    Import,
    "PBN 3.5",
    "A call after the auction has ended.",
    "The auction ends with three passes after a bid, four passes, `AP` or `*`.",
    "1C Pass Pass Pass Pass",
    "1C Pass Pass Pass"
);
rule!(
    CALL_AFTER_PLUS,
    "PBN307",
    "call-after-plus",
    Error,
    Import,
    "PBN 3.5",
    "A call or `*` after `+`, or a second `+`.",
    "`+` replaces the next call to be made, so nothing follows it.",
    "Pass + Pass",
    "Pass +"
);
rule!(
    CONTRACT_MISMATCH,
    "PBN308",
    "contract-mismatch",
    Error,
    Import,
    "PBN 3.4.14",
    "The Contract tag differs from the auction's final contract.",
    "The contract is the last bid with its double or redouble.",
    "[Contract \"1D\"]\n[Auction \"S\"]\n1C AP",
    "[Contract \"1C\"]\n[Auction \"S\"]\n1C AP"
);
rule!(
    DECLARER_MISMATCH,
    "PBN309",
    "declarer-mismatch",
    Error,
    Import,
    "PBN 3.4.13",
    "The Declarer tag differs from the auction's declarer.",
    "Declarer is the first player of the contracting side to name the final denomination. When the first call is not the dealer's and shifting the calls to begin at the dealer would make the Declarer tag right, the message says the auction looks rotated and no fix to Declarer is offered (the auction is what is wrong).",
    "[Declarer \"N\"]\n[Auction \"S\"]\n1C AP",
    "[Declarer \"S\"]\n[Auction \"S\"]\n1C AP"
);
rule!(
    IRREGULARITY_MISUSE,
    "PBN310",
    "irregularity-misuse",
    Error,
    Import,
    "PBN 3.9",
    "An irregularity mark where it does not apply.",
    "`^I` marks an insufficient bid, `^S` a skipped call; `^R` marks a revoke and `^L` a lead out of turn, once each.",
    "1D ^I 1S",
    "1D 1S"
);
rule!(
    AUCTION_UNFINISHED,
    "PBN311",
    "auction-unfinished",
    Error,
    Import,
    "PBN 3.5",
    "An auction that neither ends nor is closed by `*`, followed by the play.",
    "The auction section ends with all passes or with `*` (PBN 3.5); an auction to be continued later may stop, best with `+`, but the play cannot begin before the auction has ended.",
    "[Auction \"N\"]\n1S Pass 4S Pass\nPass\n[Play \"W\"]",
    "[Auction \"N\"]\n1S Pass 4S Pass\nPass Pass\n[Play \"W\"]"
);
rule!(
    PLAY_MISSING_TAGS,
    "PBN400",
    "play-without-tags",
    Error,
    Import,
    "PBN 3.1",
    "A Play section without Deal, Declarer or Contract before it.",
    "Deal, Declarer and Contract must be filled before the play section.",
    "[Play \"W\"]\nSK",
    "[Deal \"…\"]\n[Declarer \"S\"]\n[Contract \"4H\"]\n[Play \"W\"]\nSK"
);
rule!(
    INVALID_CARD,
    "PBN401",
    "invalid-card",
    Error,
    Import,
    "PBN 3.6.1",
    "A token in the play that is not a card.",
    "Cards are a suit S H D C and a rank A K Q J T 9..2, or `-`.",
    "S1",
    "S2"
);
rule!(
    CARD_NOT_HELD,
    "PBN402",
    "card-not-held",
    Error,
    Import,
    "PBN 3.6",
    "A card its player does not hold (or played before).",
    "Each card is played once, by the player dealt it.",
    "SA HA DA CA\nDA",
    "SA HA DA CA\nDK"
);
rule!(
    REVOKE,
    "PBN403",
    "revoke",
    Error,
    Import,
    "PBN 3.9",
    "A player did not follow suit though able to, and the card is not marked `^R`.",
    "A revoke that happened is marked `^R` before the card.",
    "SK H3",
    "SK ^R H3"
);
rule!(
    WRONG_REVOKE_MARK,
    "PBN404",
    "wrong-revoke-mark",
    Error,
    Import,
    "PBN 3.9",
    "`^R` on a card that is not a revoke.",
    "`^R` marks only a card that fails to follow suit while the player could.",
    "SK ^R S4",
    "SK S4"
);
rule!(
    WRONG_LEAD_MARK,
    "PBN405",
    "wrong-lead-mark",
    Error,
    Import,
    "PBN 3.9",
    "`^L` on a card that is not a lead out of turn, or twice in a trick.",
    "`^L` marks the first card of a trick played by the wrong player.",
    "^L SK H3 S4 S3",
    "SK H3 S4 S3"
);
rule!(
    OPENING_LEADER,
    "PBN406",
    "opening-leader",
    Error,
    Import,
    "PBN 3.6",
    "The Play tag is not declarer's left-hand opponent.",
    "The opening leader is the player on declarer's left.",
    "[Declarer \"S\"]\n[Play \"N\"]",
    "[Declarer \"S\"]\n[Play \"W\"]"
);
rule!(
    CARD_AFTER_PLUS,
    "PBN407",
    "card-after-plus",
    Error,
    Import,
    "PBN 3.6",
    "A card after `+` in playing order, or a second `+`.",
    "`+` replaces the next card to be played; cards after it are not played yet (`-`).",
    "S3 + S7 SA",
    "S3 + - -"
);
rule!(
    RESULT_MISMATCH,
    "PBN410",
    "result-mismatch",
    Error,
    Import,
    "PBN 3.4.15",
    "The Result differs from the tricks won in the play.",
    "After a complete play the Result is declarer's tricks; a partial Result cannot be below the tricks won already.",
    "[Result \"4\"] with 9 tricks won",
    "[Result \"9\"]"
);
rule!(
    RESULT_WITHOUT_CONTRACT,
    "PBN411",
    "result-without-contract",
    Error,
    Import,
    "PBN 3.4.15",
    "A Result or Declarer where the deal was passed out, or a Result without a declarer.",
    "When all four players pass, Declarer and Result are empty.",
    "[Contract \"Pass\"]\n[Result \"1\"]",
    "[Contract \"Pass\"]\n[Result \"\"]"
);
rule!(
    NOTE_UNDEFINED,
    "PBN500",
    "note-undefined",
    Error,
    Import,
    "PBN 3.5.4",
    "A note reference without a Note tag in its section.",
    "Each `=n=` is explained by a `[Note \"n:…\"]` after the calls or cards of the same section.",
    "1C =1=",
    "1C =1=\n[Note \"1:strong\"]"
);
rule!(
    NOTE_UNUSED,
    "PBN501",
    "note-unused",
    Warning,
    Import,
    "PBN 3.5.5",
    "A Note tag that no call or card refers to.",
    "Notes explain note references of their section.",
    "[Note \"32:x\"]",
    "(remove it)"
);
rule!(
    NOTE_MISPLACED,
    "PBN502",
    "note-misplaced",
    Error,
    Import,
    "PBN 3.5.5",
    "A Note tag outside the auction and play sections, or a note index given twice.",
    "Note tags follow the calls of the auction or the cards of the play.",
    "[Note \"1:x\"]\n[Event \"\"]",
    "[Auction \"N\"]\n1C =1=\n[Note \"1:x\"]"
);
rule!(
    NOTE_REF_RANGE,
    "PBN503",
    "note-ref-range",
    Error,
    Import,
    "PBN 3.5.4",
    "A note reference outside =1=..=32=.",
    "Note indexes are 1..32.",
    "=44=",
    "=4="
);
rule!(
    DUPLICATE_ANNOTATION,
    "PBN504",
    "duplicate-annotation",
    Error,
    Import,
    "PBN 3.5.2",
    "More than one suffix or note on a call or card, or a suffix together with its NAG.",
    "A call or card has at most one suffix (NAG $1-$6 / $7-$12 counts as one) and at most one note reference.",
    "1C ! !",
    "1C !"
);
rule!(
    NAG_PLACEMENT,
    "PBN505",
    "nag-placement",
    Error,
    Import,
    "PBN 3.7",
    "A NAG above 255, or a call-only NAG on a card (or the reverse).",
    "$1-$6 and $13 apply to calls, $7-$12 and $14 to cards; NAGs are 0..255.",
    "SQ $1",
    "SQ $7"
);
rule!(
    ANNOTATION_WITHOUT_ITEM,
    "PBN506",
    "annotation-without-item",
    Error,
    Import,
    "PBN 3.5.2",
    "A suffix, note or NAG with no call or card before it.",
    "Annotations follow the call or card they annotate.",
    "[Auction \"N\"]\n! 1C",
    "[Auction \"N\"]\n1C !"
);
rule!(
    SCORE_IMP_MISMATCH,
    "PBN604",
    "score-imp-mismatch",
    Error,
    Import,
    "PBN 4.2.2",
    "A ScoreIMP that disagrees with the IMP scale (Law 78B) applied to the two rooms' scores of a team-match board.",
    "ScoreIMP gives the IMPs of the difference between Score values. Checked where the file defines it: when the two rooms of a team-match board follow each other (same Board, Room `Open` and `Closed`, Scoring exactly `IMP`), each room's NS IMPs are the IMPs of its NS score minus the other room's. Not checked: Butler, Cross, Experts and other datum modifiers (the datum is not in the file), OptimumScore, which is a double-dummy par, not a datum, and the EW value of `NS x EW y` (the spec does not make it opposite; the Verifier's correct files have `EW 10 NS 0`).",
    "[Board \"1\"][Room \"Open\"][Score \"NS 420\"][ScoreIMP \"NS 5\"] … [Board \"1\"][Room \"Closed\"][Score \"NS 170\"]",
    "[ScoreIMP \"NS 6\"] … [ScoreIMP \"NS -6\"]"
);
rule!(SCORE_MISMATCH, "PBN600", "score-mismatch", Error, Import, "PBN 4.2.1",
    "A Score (or ScoreTable score) that differs from the duplicate score of contract and result.",
    "The score follows from contract, declarer, tricks and vulnerability (Law 77); irregular scores are marked `^` in tables or explained in commentary.",
    "[Contract \"4S\"][Result \"10\"][Score \"NS 400\"]", "[Score \"NS 420\"]");
rule!(
    BOARD_DEALER,
    "PBN601",
    "board-dealer",
    Warning,
    Import,
    "Law 2",
    "The Dealer differs from the standard rotation for the board number.",
    "Board n is dealt by N, E, S, W in turn (n−1 mod 4); files that rotate deliberately can turn this off.",
    "[Board \"2\"][Dealer \"N\"]",
    "[Board \"2\"][Dealer \"E\"]"
);
rule!(
    BOARD_VULNERABLE,
    "PBN602",
    "board-vulnerable",
    Warning,
    Import,
    "Law 2",
    "The vulnerability differs from the standard rotation for the board number.",
    "Boards 1-16 follow the Law 2 vulnerability pattern, repeating.",
    "[Board \"1\"][Vulnerable \"All\"]",
    "[Board \"1\"][Vulnerable \"None\"]"
);
rule!(
    RUBBER_HISTORY_VULNERABLE,
    "PBN603",
    "rubber-history-vulnerable",
    Error,
    Import,
    "PBN 4.2.6",
    "ScoreRubberHistory and Vulnerable disagree.",
    "A side that has won a game of the rubber is vulnerable.",
    "[Vulnerable \"All\"]\n[ScoreRubberHistory \"NS 0 0/100 0 EW 0 0/0 0\"]",
    "[Vulnerable \"NS\"]"
);
rule!(
    INHERITANCE_FORBIDDEN,
    "PBN700",
    "inheritance-forbidden",
    Error,
    Import,
    "PBN 4.8",
    "`#` or `##` on a tag that may not inherit.",
    "Dealer, Vulnerable, Deal, Declarer, Contract, Auction, Play and Note must be given in each game.",
    "[Deal \"#\"]",
    "[Deal \"N:…\"]"
);
rule!(
    INHERITANCE_EMPTY,
    "PBN701",
    "inheritance-empty",
    Warning,
    Import,
    "PBN 4.8",
    "`#` with no earlier value to inherit.",
    "With nothing to inherit the value becomes empty.",
    "[Event \"#\"] in the first game",
    "[Event \"Club\"]"
);
rule!(
    IMPLICIT_REUSE,
    "PBN702",
    "implicit-reuse",
    Warning,
    Import,
    "PBN 3",
    "A game with an auction or play but no Dealer/Deal, relying on the previous game.",
    "Every game contains all its data; PBN has no implicit reuse (use the tags or `#` where allowed).",
    "(second game without Deal)\n[Play \"W\"]",
    "[Deal \"N:…\"]\n[Play \"W\"]"
);
rule!(
    EXPORT_TAG_ORDER,
    "PBN800",
    "export-tag-order",
    Error,
    Export,
    "PBN 3.4",
    "Export format: the 15 mandatory tags are missing or out of order, or supplemental tags are not sorted.",
    "Export format gives the MTS in order, then supplemental tags alphabetically.",
    "[Site \"\"]\n[Event \"\"]",
    "[Event \"\"]\n[Site \"\"]"
);
rule!(
    EXPORT_TAG_LAYOUT,
    "PBN801",
    "export-tag-layout",
    Error,
    Export,
    "PBN 3.3",
    "Export format: a tag pair not alone and left-justified on its line, or with extra spaces.",
    "Export format writes `[Name \"value\"]` alone on a line with a single space.",
    "[Event \"a\"] [Site \"b\"]",
    "[Event \"a\"]\n[Site \"b\"]"
);
rule!(
    EXPORT_DUPLICATE_TAG,
    "PBN802",
    "export-duplicate-tag",
    Error,
    Export,
    "PBN 3.4",
    "Export format: a tag given twice.",
    "In export format tag pairs may only occur once.",
    "[Site \"A\"]\n[Site \"A\"]",
    "[Site \"A\"]"
);
rule!(EXPORT_VALUE_FORM, "PBN803", "export-value-form", Error, Export, "PBN 3.11",
    "Export format: a value in a non-canonical form (lower case, Vulnerable spelling, Deal order, Result form).",
    "Export format uses upper case, None/NS/EW/All, Deal starting at the dealer with ranks descending, and Result as declarer's tricks.",
    "[Vulnerable \"Both\"]", "[Vulnerable \"All\"]");
rule!(
    EXPORT_TAB,
    "PBN804",
    "export-tab",
    Error,
    Export,
    "PBN 2.3",
    "Export format: a tab character.",
    "Tabs are not permitted in export format.",
    "1C	Pass",
    "1C Pass"
);
rule!(
    TABLE_COLUMN_SPEC,
    "PBN900",
    "table-column-spec",
    Error,
    Import,
    "PBN 5.2",
    "A table column specification with a bad width (`\\` not followed by a number and an optional L/R).",
    "Columns are `[+|-]name[\\width[L|R]]` separated by `;`.",
    "[ActionTable \"Rank;Call\\\\L\"]",
    "[ActionTable \"Rank;Call\\\\4L\"]"
);
rule!(
    TABLE_ROW_SIZE,
    "PBN901",
    "table-row-size",
    Error,
    Import,
    "PBN 5.2",
    "A table whose elements do not fill whole rows.",
    "Every row has one element per column (`?` for unknown, `!` for irrelevant).",
    "[ScoreTable \"Rank;Score_NS\"]\n1 420\n2",
    "[ScoreTable \"Rank;Score_NS\"]\n1 420\n2 ?"
);
rule!(
    TABLE_COMMENT,
    "PBN902",
    "table-comment",
    Error,
    Import,
    "PBN 5.1",
    "A comment among the elements of a table.",
    "Only the tag pair of a section may be followed by commentary.",
    "1 4H ; note",
    "1 4H"
);
rule!(
    TABLE_VALUE,
    "PBN903",
    "table-value",
    Error,
    Import,
    "PBN 5.5, 5.7, 5.9",
    "A table element that is not valid for its predefined column.",
    "Declarer is W N E S, Denomination S H D C NT, Result 0..13, Contract as in the Contract tag; an OptimumResultTable gives each Declarer × Denomination once (PBN 5.7 defines nothing more: N's and E's tricks in one denomination need not add to 13, since the opening leader differs, so that is not checked). InstantScoreTable (5.5): ScoreRange_NS/ScoreRange_EW elements are `<score>`, `<score1>,*`, `<score1>,<score2>` with score1 < score2, or `*,<score2>`; the ranges of a column do not overlap and together cover every score (a gap is reported when it holds a multiple of 10, as every trick score is); IMP_NS/IMP_EW are numbers and Percentage_NS/Percentage_EW 0..100. `?`, `!` and `^`-marked artificial elements are not checked.",
    "N NT 14",
    "N NT 13"
);

rule!(EXPORT_MISSING_TAG, "PBN805", "export-missing-tag", Error, Export, "PBN 3.4",
    "Export format: a game without all 15 mandatory tags.",
    "Export format gives the MTS in every game (`?` when unknown, empty when inappropriate) unless a `##` tag of an earlier game supplies it.",
    "[Event \"\"]\n[Board \"1\"]", "(all 15 tags)");

rule!(
    EXPORT_LINE_FORMAT,
    "PBN806",
    "export-line-format",
    Error,
    Export,
    "PBN 2.3",
    "Export format: a line not ended by CRLF, or a game separator that is not an empty line.",
    "Export format ends every line with CR LF and separates games with an empty line.",
    "[Event \"\"]\\n",
    "[Event \"\"]\\r\\n"
);
rule!(
    EXPORT_ANNOTATION_ORDER,
    "PBN807",
    "export-annotation-order",
    Error,
    Export,
    "PBN 3.5.2, 3.6.2",
    "Export format: the annotations of a call or card are not in export order.",
    "In export format a call's or card's annotations are the optional note reference, then the NAGs in increasing order, with suffixes translated to their NAGs (`SK !! =1= $200` becomes `SK =1= $9 $200`). The fix reorders them unless a comment sits among them.",
    "[Play \"W\"]\nSK $200 =1= $9",
    "[Play \"W\"]\nSK =1= $9 $200"
);
rule!(
    TABLE_ROW_COUNT,
    "PBN904",
    "table-row-count",
    Error,
    Import,
    "PBN 5.4",
    "An AuctionTimeTable or PlayTimeTable whose rows do not match the calls or cards.",
    "Each row gives the time of one call (one card), in the order of the auction (play) section.",
    "[Auction \"N\"]\n1C Pass\n[AuctionTimeTable \"Time\"]\n5",
    "[AuctionTimeTable \"Time\"]\n5\n2"
);

// ---- DDS0xx: double-dummy analysis against the solver ----
// Declared here with the other PBN rules so that the catalogue, the configuration and the docs
// know them; they are checked by the binary's double-dummy solver (pons-dds, in every build:
// `kibitzer check` and the language server), not by `crate::check`, so they are listed in
// [`DOUBLE_DUMMY`] and not in [`ALL`] (every rule of which a fixture raises).

rule!(WRONG_DOUBLE_DUMMY_TRICKS, "DDS001", "double-dummy-tricks-wrong", Error, Import,
    "PBN 5.7 (DoubleDummyTricks, BridgeComposer's one-line form of the OptimumResultTable)",
    "DoubleDummyTricks disagrees with the double-dummy solver.",
    "DoubleDummyTricks gives, in 20 hexadecimal digits, the tricks each declarer takes double dummy: declarers N S E W, each in NT S H D C. The double-dummy solver (DDS) found another count for the deal: the analysis was made for another deal (re-dealt or mistyped after it was computed) or by a faulty program. The message names the first entry that differs; the editor's action \"Add double-dummy analysis\" writes the solver's values.",
    "[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\n[DoubleDummyTricks \"0d0d00d0d000d0d00d0c\"]\n",
    "[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\n[DoubleDummyTricks \"0d0d00d0d000d0d00d0d\"]\n");
rule!(WRONG_OPTIMUM_RESULT, "DDS002", "optimum-result-table-wrong", Error, Import, "PBN 5.7",
    "An OptimumResultTable row disagrees with the double-dummy solver.",
    "Each row of an OptimumResultTable gives the number of tricks a declarer takes in a denomination with open cards, with optimum play and defence (PBN 5.7). The solver takes another number of tricks on the deal: the table belongs to another deal or was computed wrongly.",
    "[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\n[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN  S 12\n",
    "[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\n[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN  S 13\n");
rule!(WRONG_OPTIMUM_SCORE, "DDS003", "optimum-score-wrong", Error, Import, "PBN 4.2.7",
    "OptimumScore is not the par score of the deal.",
    "OptimumScore is the score of the optimum result with open cards, found by comparing all (doubled) contracts and the pass-out (PBN 4.2.7): the par score for the deal's dealer and vulnerability. The solver's par differs, so the score was computed for another deal, dealer or vulnerability.",
    "[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\n[OptimumScore \"NS 1440\"]\n",
    "[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\n[OptimumScore \"NS 1510\"]\n");
rule!(WRONG_PAR_CONTRACT, "DDS004", "par-contract-wrong", Error, Import,
    "PBN 4.2.7 (ParContract, BridgeComposer's: the contract of the OptimumScore)",
    "A ParContract does not take the tricks the double-dummy solver gives it, or does not score the par score.",
    "ParContract names the contracts of the par score, in the forms producers write (`NS 4S`, `EW 3NT+1`, `NS 5Dx-2`, BridgeComposer's `NS 4S=` and `EW 5DX-1`, a seat alone as in `S 3N=`, several separated by `;` or `,`): level plus six plus the over- or undertricks is the number of tricks the side (or the seat) takes in that denomination double dummy, and the contract with that result scores the par score of the deal for its dealer and vulnerability. Each contract that fails either is reported on its own, naming the par contracts the solver finds: one that takes another number of tricks was found for another deal; one that scores less or more than par is no par contract.",
    "[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\n[ParContract \"NS 6S\"]\n",
    "[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\n[ParContract \"NS 7S\"]\n");
rule!(BELOW_BOOK_WRITTEN_AS_ONE, "DDS005", "double-dummy-below-book-as-one", Warning, Import, "PBN 5.7",
    "DoubleDummyTricks or OptimumResultTable writes 1 where declarer takes fewer than 7 tricks.",
    "Some hand-record programs write 1 instead of the number of tricks when a contract fails even at the one level. The entries that matter for the bidding agree with the solver, so this is no stale analysis, but PBN 5.7 asks for the number of tricks (0...13): write the true counts. Said once for a tag.",
    "[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\n[DoubleDummyTricks \"1d1d11d1d111d1d11d1d\"]\n",
    "[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\n[DoubleDummyTricks \"0d0d00d0d000d0d00d0d\"]\n");

/// The double-dummy rules: in the catalogue, checked by the binary's solver (see above).
pub static DOUBLE_DUMMY: &[&Rule] = &[
    &WRONG_DOUBLE_DUMMY_TRICKS,
    &WRONG_OPTIMUM_RESULT,
    &WRONG_OPTIMUM_SCORE,
    &WRONG_PAR_CONTRACT,
    &BELOW_BOOK_WRITTEN_AS_ONE,
];

crate::diagnostic::declare_rule!(
    GAME_TOO_LARGE,
    "PBN007",
    "game-too-large",
    Error,
    "PBN 3 (kibitzer's limit; the standard sets none)",
    "A game larger than the 1 MiB of text kibitzer reads as one game",
    "A PBN game is tags, a deal, an auction, a play and a few tables: kilobytes. Reading one takes 20 to 50 bytes of memory per byte of its text, so kibitzer reads no game longer than 1 MiB (an accident or an attack, such as a play section of 30 MB). Such a game is reported once, at its start, and neither checked nor formatted (`fmt` leaves it as written); what later games inherit from it with `#` is not read either. It runs to the next `[` that follows an empty line, where the next game most likely starts.",
    "",
    ""
);

crate::diagnostic::declare_rule!(
    PBN_NOT_TEXT,
    "PBN000",
    "not-a-text-file",
    Error,
    "PBN 2.2",
    "The file is not text: it holds NUL bytes or mostly control characters",
    "PBN files are text in ISO-8859-1 (or UTF-8). A file with NUL bytes, or whose start is mostly control characters, is binary — a dealing program's own format, an ACBLscore game file, an archive — saved under a PBN name. It is reported once, at the first binary byte, and is neither checked further nor ever rewritten.",
    "",
    ""
);

pub static ALL: &[&Rule] = &[
    &PBN_NOT_TEXT,
    &GAME_TOO_LARGE,
    &UNTERMINATED_STRING,
    &UNTERMINATED_COMMENT,
    &INVALID_CHARACTER,
    &MALFORMED_TAG,
    &TEXT_OUTSIDE_TAG,
    &SECTION_AFTER_TAG,
    &LINE_TOO_LONG,
    &CONTROL_CHARACTER,
    &NON_LATIN1_CHARACTER,
    &LONG_LINE,
    &UNKNOWN_TAG,
    &TAG_NAME_CASE,
    &DUPLICATE_TAG,
    &INVALID_DATE,
    &INVALID_BOARD,
    &INVALID_SEAT,
    &INVALID_VULNERABLE,
    &INVALID_CONTRACT,
    &INVALID_RESULT,
    &INVALID_SCORE,
    &INVALID_TAG_VALUE,
    &UNKNOWN_TAG_VALUE,
    &INVALID_NOTE_TAG,
    &DEAL_SYNTAX,
    &DEAL_DUPLICATE_CARD,
    &DEAL_HAND_SIZE,
    &AUCTION_NO_DEALER,
    &AUCTION_FIRST_CALL,
    &INVALID_CALL,
    &INSUFFICIENT_BID,
    &ILLEGAL_DOUBLE,
    &ILLEGAL_REDOUBLE,
    &CALL_AFTER_END,
    &CALL_AFTER_PLUS,
    &CONTRACT_MISMATCH,
    &DECLARER_MISMATCH,
    &IRREGULARITY_MISUSE,
    &AUCTION_UNFINISHED,
    &PLAY_MISSING_TAGS,
    &INVALID_CARD,
    &CARD_NOT_HELD,
    &REVOKE,
    &WRONG_REVOKE_MARK,
    &WRONG_LEAD_MARK,
    &OPENING_LEADER,
    &CARD_AFTER_PLUS,
    &RESULT_MISMATCH,
    &RESULT_WITHOUT_CONTRACT,
    &NOTE_UNDEFINED,
    &NOTE_UNUSED,
    &NOTE_MISPLACED,
    &NOTE_REF_RANGE,
    &DUPLICATE_ANNOTATION,
    &NAG_PLACEMENT,
    &ANNOTATION_WITHOUT_ITEM,
    &SCORE_MISMATCH,
    &SCORE_IMP_MISMATCH,
    &BOARD_DEALER,
    &BOARD_VULNERABLE,
    &RUBBER_HISTORY_VULNERABLE,
    &INHERITANCE_FORBIDDEN,
    &INHERITANCE_EMPTY,
    &IMPLICIT_REUSE,
    &EXPORT_TAG_ORDER,
    &EXPORT_TAG_LAYOUT,
    &EXPORT_DUPLICATE_TAG,
    &EXPORT_VALUE_FORM,
    &EXPORT_TAB,
    &EXPORT_MISSING_TAG,
    &EXPORT_LINE_FORMAT,
    &EXPORT_ANNOTATION_ORDER,
    &TABLE_COLUMN_SPEC,
    &TABLE_ROW_SIZE,
    &TABLE_COMMENT,
    &TABLE_VALUE,
    &TABLE_ROW_COUNT,
];
