//! The grounds of the rules: for every rule of the catalogue, the sentence of the standard it
//! enforces (a short verbatim quote, its section and its modal verb), or, for a rule that
//! enforces no sentence of a standard, what it enforces instead (a law of the game, a
//! producer's convention, kibitzer's own check or reading limit).
//!
//! The verb decides the default severity ([`Ground::admits`]): *must / shall / is required /
//! only / not permitted* and the standard's definitions in the indicative (*is*, *are*,
//! *always*) give an error; *should / discouraged / recommended* a warning; *may / optional* a
//! note (information). A law of the game is an error; a convention that is not in the standard,
//! or kibitzer's own consistency check, is a warning, a note or a hint, never an error.
//!
//! This table lives beside the policy's category table ([`crate::policy`]) rather than in it or
//! in each `declare_rules!` call: the quotes are long, the category table stays readable at a
//! glance, and one module holds every rule's ground so a test can check each quote against the
//! specification files and each severity against its verb in one place. A new rule adds one
//! line here (the test `every_rule_has_a_ground` says which).

use crate::diagnostic::{Rule, RuleScope, Severity};
use crate::policy::Category;

/// The specification a quote is taken from (the files of `shared/specs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Spec {
    /// The PGN standard (1994), with FEN (16.1), EPD (16.2) and PGC (20).
    Pgn,
    /// PBN 2.1.
    Pbn,
    /// PBI 1.1/1.2.
    Pbi,
}

impl Spec {
    pub fn as_str(self) -> &'static str {
        match self {
            Spec::Pgn => "PGN",
            Spec::Pbn => "PBN",
            Spec::Pbi => "PBI",
        }
    }
}

/// The modal verb of a quoted sentence: how strongly the standard words it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Verb {
    /// *must*, *shall*, *is required*, *only*, *not permitted*, *is limited to*: an error.
    Must,
    /// A definition in the indicative (*is*, *are*, *always*, *is composed of*): what the
    /// standard says a thing is binds as *must*: an error.
    Is,
    /// *should*, *discouraged*, *recommended*: a warning.
    Should,
    /// *may*, *optional*, an open list of examples: a note (information).
    May,
}

impl Verb {
    pub fn as_str(self) -> &'static str {
        match self {
            Verb::Must => "must",
            Verb::Is => "is (definition)",
            Verb::Should => "should",
            Verb::May => "may",
        }
    }
}

/// What a rule enforces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ground {
    /// A sentence of a standard, verbatim (one sentence or less).
    Quote { spec: Spec, section: &'static str, verb: Verb, text: &'static str },
    /// A law of chess or bridge (the laws, not the file format): an error.
    Law(&'static str),
    /// A producer's convention the standard does not define: a warning, note or hint.
    Convention(&'static str),
    /// kibitzer's own consistency check, beyond what the standard says: a warning, note or hint.
    Own(&'static str),
    /// kibitzer's own reading limit: what lies beyond it is not checked, said at any severity.
    Limit(&'static str),
    /// A format with no written standard (BBO's LIN): its grammar is what its producer writes and
    /// reads, so breaking it is an error, and its habits are warnings or notes.
    Producer(&'static str),
}

impl Ground {
    /// The kind of ground, as `kibitzer rules` prints it.
    pub fn kind(&self) -> &'static str {
        match self {
            Ground::Quote { .. } => "standard",
            Ground::Law(_) => "law",
            Ground::Convention(_) => "convention (not in the standard)",
            Ground::Own(_) => "kibitzer's own check (not in the standard)",
            Ground::Limit(_) => "kibitzer's limit (not in the standard)",
            Ground::Producer(_) => "the producer's format (no written standard)",
        }
    }

    /// Whether `rule`'s default severity and scope are the ones this ground gives, with the
    /// category the policy declares for it; `Err` says what was expected.
    pub fn admits(&self, rule: &Rule, category: Category) -> Result<(), String> {
        use Severity::*;
        let severity = rule.severity;
        let expected: &[Severity] = match self {
            Ground::Law(_) => &[Error],
            Ground::Quote { verb: Verb::Must | Verb::Is, .. } => {
                // An export-format sentence that import format relaxes (PGN 3.1, 8.2.3.7; PBN
                // 2.1): a warning in import mode, raised to an error in export mode.
                if category == Category::ExportSpelling {
                    if rule.scope != RuleScope::Import {
                        return Err("an export spelling applies in import mode".into());
                    }
                    &[Warning]
                } else {
                    &[Error]
                }
            }
            Ground::Quote { verb: Verb::Should, .. } => &[Warning],
            Ground::Quote { verb: Verb::May, .. } => &[Information],
            Ground::Convention(_) | Ground::Own(_) => &[Warning, Information, Hint],
            Ground::Limit(_) | Ground::Producer(_) => &[Error, Warning, Information],
        };
        if expected.contains(&severity) {
            Ok(())
        } else {
            let words: Vec<_> = expected.iter().map(|s| s.as_str()).collect();
            Err(format!("its ground ({}) gives {}, not {}", self.describe(), words.join(" or "), severity.as_str()))
        }
    }

    /// One line: the quote with its section and verb, or the kind and what it names.
    pub fn describe(&self) -> String {
        match self {
            Ground::Quote { spec, section, verb, text } => {
                format!("{} {section}, {}: \u{201c}{text}\u{201d}", spec.as_str(), verb.as_str())
            }
            Ground::Law(s) => format!("law: {s}"),
            Ground::Convention(s) => format!("convention, not in the standard: {s}"),
            Ground::Own(s) => format!("kibitzer's own check, not in the standard: {s}"),
            Ground::Limit(s) => format!("kibitzer's limit, not in the standard: {s}"),
            Ground::Producer(s) => format!("the producer's format, no written standard: {s}"),
        }
    }
}

use Ground::{Convention, Law, Limit, Own, Producer};
use Verb::*;

const fn pgn(section: &'static str, verb: Verb, text: &'static str) -> Ground {
    Ground::Quote { spec: Spec::Pgn, section, verb, text }
}

const fn pbn(section: &'static str, verb: Verb, text: &'static str) -> Ground {
    Ground::Quote { spec: Spec::Pbn, section, verb, text }
}

const fn pbi(section: &'static str, verb: Verb, text: &'static str) -> Ground {
    Ground::Quote { spec: Spec::Pbi, section, verb, text }
}

/// PGN 8.2.3.7, the sentence every export spelling of a move enforces beside its own.
const EXPORT_SAN: &str =
    "PGN export format always uses the above canonical SAN to represent moves in the movetext section of a PGN game.";

/// (code, ground), in code order within each standard.
const TABLE: &[(&str, Ground)] = &[
    // The PGN standard: PGN itself.
    ("PGN000", pgn("4.1", Is, "PGN data is represented using a subset of the eight bit ISO 8859/1 (Latin 1) character set.")),
    ("PGN001", pgn("7", Must, "Non-printing characters like newline and tab are not permitted inside of strings.")),
    ("PGN002", pgn("5", Is, "The second kind starts with a left brace character and continues to the next right brace character.")),
    ("PGN003", pgn("8.2.5", Is, "An RAV (Recursive Annotation Variation) is a sequence of movetext containing one or more moves enclosed in parentheses.")),
    ("PGN004", pgn("8.2", Is, "The movetext section is composed of chess moves, move number indications, optional annotations, and a single concluding game termination marker.")),
    ("PGN005", pgn("8.1", Is, "A tag pair is composed of four consecutive tokens: a left bracket token, a symbol token, a string token, and a right bracket token.")),
    ("PGN006", Limit("variations nested more than 128 deep are not replayed (PGN 8.2.5 lets an RAV nest and sets no depth)")),
    ("PGN007", pgn("6", Is, "A percent sign appearing in any other place other than the first position in a line does not trigger the escape mechanism.")),
    ("PGN008", Limit("a game of more than 1 MiB of text is not read (PGN sets no size)")),
    ("PGN010", pgn("4.2", Must, "Tab characters, both horizontal and vertical, are not permitted in the export format.")),
    ("PGN011", pgn("4.3", Must, "Import format PGN text lines are limited to having a maximum of 255 characters per line including the newline character.")),
    ("PGN012", pgn("4.1", Must, "Only four of the ASCII control characters are permitted in PGN import format; these are the horizontal and vertical tabs along with the linefeed and carriage return codes.")),
    ("PGN013", pgn("8.1", Must, "Export format requires each tag pair to appear left justified on a line by itself; a single empty line follows the last tag pair.")),
    ("PGN014", pgn("4.1", Is, "PGN data is represented using a subset of the eight bit ISO 8859/1 (Latin 1) character set.")),
    ("PGN015", pgn("4.3", Should, "Lines with 80 or more printing characters are strongly discouraged because of the difficulties experienced by common text editors with long lines.")),
    ("PGN016", pgn("8.1", Is, "For PGN export format, there are no white space characters between the left bracket and the tag name, there are no white space characters between the tag value and the right bracket, and there is a single space character between the tag name and the tag value.")),
    ("PGN017", pgn("8.1", Must, "Export format requires each tag pair to appear left justified on a line by itself; a single empty line follows the last tag pair.")),
    ("PGN018", pgn("8.2.1", Is, "A single space character appears between any two adjacent symbol tokens on the same line in the movetext.")),
    ("PGN019", pgn("8.2.1", Is, "Neither the first or the last character on an export format PGN line is a space.")),
    ("PGN020", pgn("8.2.1", Is, "In PGN export format, tokens in the movetext are placed left justified on successive text lines each of which has less than 80 printing characters.")),
    ("PGN021", pgn("8.2.1", Is, "As many tokens as possible are placed on a line with the remainder appearing on successive lines.")),
    ("PGN022", pgn("3.2", Should, "For a given PGN data file, export format representations generated by different PGN programs on the same computing system should be exactly equivalent, byte for byte.")),
    ("PGN100", pgn("8.1", Is, "A further restriction on tag names is that they are composed exclusively of letters, digits, and the underscore character.")),
    ("PGN101", pgn("7", Must, "Currently, a string is limited to a maximum of 255 characters of data.")),
    ("PGN102", pgn("8.1", Should, "The same tag name should not appear more than once in a tag pair section.")),
    ("PGN103", pgn("8.1.1", Is, "There is a set of tags defined for mandatory use for archival storage of PGN data.")),
    ("PGN104", pgn("8.1.1", Must, "The STR tag pairs must also appear in order; this order is described below")),
    ("PGN105", pgn("8.1.1.3", Is, "The Date tag value field always uses a standard ten character format: \"YYYY.MM.DD\".")),
    ("PGN106", pgn("8.1.1.4", Should, "If the use of a round number is inappropriate, then the field should be a single hyphen character.")),
    ("PGN107", pgn("8.1.1.7", Is, "It is always one of four possible values: \"1-0\" (White wins), \"0-1\" (Black wins), \"1/2-1/2\" (drawn game), and \"*\"")),
    ("PGN108", pgn("9.5.1", Is, "This uses a time-of-day value in the form \"HH:MM:SS\"")),
    ("PGN109", pgn("9.6.1", Is, "There are six kinds of TimeControl fields.")),
    ("PGN110", pgn("9.7.1", Must, "If it appears with a tag value of \"1\", a FEN tag pair must also appear.")),
    ("PGN112", pgn("9.9.3", Is, "This tag takes a single integer that gives the number of ply (moves) in the game.")),
    ("PGN113", pgn("9.1.2", Is, "These tags use integer values; these are used for FIDE Elo ratings.")),
    ("PGN114", pgn("9.4.1", Is, "This uses a string of either the form \"XDD\" or the form \"XDD/DD\" where the \"X\" is a letter from \"A\" to \"E\" and the \"D\" positions are digits")),
    ("PGN115", pgn("9.8.1", May, "Strings that may appear as Termination tag values:")),
    ("PGN116", pgn("9.9.2", May, "Examples: \"OTB\" (over the board), \"PM\" (paper mail), \"EM\" (electronic mail), \"ICS\" (Internet Chess Server), and \"TC\" (general telecommunication).")),
    ("PGN120", Own("the moves' named positions in the lichess chess-openings table (CC0) against the ECO tag")),
    ("PGN121", Own("the moves' named positions in the lichess chess-openings table (CC0) against the Opening tags")),
    ("PGN200", pgn("8.2", Must, "Because illegal moves are not real chess moves, they are not permitted in PGN movetext.")),
    ("PGN201", pgn("8.2.3.4", Is, "In the case of ambiguities (multiple pieces of the same type moving to the same square), the first appropriate disambiguating step of the three following steps is taken:")),
    ("PGN202", Law("FIDE Laws of Chess, Article 3 (the moves of each piece)")),
    ("PGN203", Law("FIDE Laws of Chess, Article 5 (checkmate and stalemate end the game)")),
    ("PGN204", Law("FIDE Laws of Chess, Article 3.7 (a pawn reaching the last rank is exchanged for a queen, rook, bishop or knight)")),
    ("PGN205", pgn("8.2.3.7", Is, EXPORT_SAN)),
    ("PGN206", pgn("8.2.5", Is, "The alternate move sequence given by an RAV is one that may be legally played by first unplaying the move that appears immediately prior to the RAV.")),
    ("PGN210", pgn("8.2.3.3", Is, "Note that the upper case letter \"O\" is used, not the digit zero.")),
    ("PGN211", pgn("8.2.3.3", Is, "Capture moves are denoted by the lower case letter \"x\" immediately prior to the destination square")),
    ("PGN212", pgn("8.2.3.5", Is, "If the move is a checking move, the plus sign \"+\" is appended as a suffix to the basic SAN move notation")),
    ("PGN213", pgn("8.2.3.2", Is, "The letter code for a pawn is not used for SAN moves in PGN export format movetext.")),
    ("PGN214", pgn("8.2.3.4", Is, "Note that the above disambiguation is needed only to distinguish among moves of the same piece type to the same square")),
    ("PGN215", pgn("8.2.3.2", Is, "SAN identifies each piece by a single upper case letter.")),
    ("PGN216", pgn("8.2.3.3", Is, "Pawn promotions are denoted by the equal sign \"=\" immediately following the destination square")),
    ("PGN220", pgn("8.2.2.1", Is, "It does not prohibit superfluous move number indications anywhere in the movetext as long as the move numbers are correct.")),
    ("PGN221", pgn("8.2.2.2", Is, "All white move elements have a preceding move number indication.")),
    ("PGN230", pgn("8.2.4", Must, "The non-negative integer must be from zero to 255 in value.")),
    ("PGN231", pgn("8.2.3.8", Is, "When exported, a move suffix annotation is translated into the corresponding Numeric Annotation Glyph as described in a later section of this document.")),
    ("PGN232", pgn("8.2.3.8", Is, "There are exactly six such annotations available: \"!\", \"?\", \"!!\", \"!?\", \"?!\", and \"??\".")),
    ("PGN240", Convention("the PGN Specification Supplement (2001) %clk/%emt/%egt/%mct commands, as lichess and chess.com write them")),
    ("PGN241", Convention("lichess's and chess.com's [%eval] command (as python-chess reads it)")),
    ("PGN242", Convention("the PGN Specification Supplement (2001) %csl/%cal commands")),
    ("PGN243", Convention("the PGN Specification Supplement (2001) embedded command syntax [%name arguments]")),
    ("PGN300", pgn("8.2.6", Is, "the marker always occurs as the last element in the movetext.")),
    ("PGN301", pgn("8.2.6", Must, "The game termination marker appearing in the movetext of a game must match the value of the game's Result tag pair.")),
    ("PGN302", Law("FIDE Laws of Chess, Articles 5.1 and 5.2 (checkmate wins the game, stalemate draws it)")),
    ("PGN303", Limit("only standard chess and Chess960 are replayed; other variants are read for syntax only")),
    ("PGN304", pgn("8.2.6", Is, "Each movetext section has exactly one game termination marker")),
    ("PGN305", Own("a game that ends in checkmate or stalemate has a known result, which `*` (PGN 8.1.1.7: result otherwise unknown) leaves unwritten")),
    ("PGN400", Convention("a database keeper's duplicate games, as pgn-extract's -D finds them")),
    ("PGN401", Convention("a database keeper's near-duplicate games (the same moves, the roster spelled otherwise)")),
    ("PGN402", Own("one spelling per player in a file, as a database keeper wants it")),
    ("PGN403", Own("one spelling per event and site in a file, as a database keeper wants it")),
    ("PBN120", Own("one spelling per player in a file, as a database keeper wants it")),
    ("PBN121", Own("one spelling per event and site in a file, as a database keeper wants it")),
    // BBO's LIN: no written standard; the grammar and values are what BBO writes and reads.
    ("LIN000", Producer("LIN is text, as BBO writes it")),
    ("LIN001", Producer("a LIN pair is a two-letter name, `|`, a value and `|`, as BBO writes it")),
    ("LIN002", Producer("the pair names BBO writes")),
    ("LIN003", Producer("LIN holds pairs only, as BBO writes it")),
    ("LIN004", Limit("a LIN board of more than 1 MiB of text is not read (BBO sets no size)")),
    ("LIN100", Producer("a pair name BBO does not write is kept, a note")),
    ("LIN101", Producer("BBO's md pair: dealer digit and three or four hands")),
    ("LIN102", Producer("BBO's sv pair: o, n, e or b")),
    ("LIN103", Producer("BBO's mb pair: a call")),
    ("LIN104", Producer("BBO's pc pair: a card")),
    ("LIN105", Producer("BBO's mc pair: a number of tricks")),
    ("LIN106", Producer("BBO's an pair explains the call before it")),
    ("LIN107", Producer("BBO's pn pair names four players, a habit not a fact of the board")),
    ("LIN108", Producer("a board's calls and cards follow its md pair, as BBO writes it")),
    // The PGN standard: PGC (section 20).
    ("PGC001", pgn("20", Is, "PGC data is composed of a sequence of PGC records.")),
    // The PGN standard: FEN (16.1).
    ("FEN001", pgn("16.1.3", Is, "A FEN description has six fields.")),
    ("FEN002", pgn("16.1.3.1", Is, "The board contents are specified starting with the eighth rank and ending with the first rank.")),
    ("FEN003", pgn("16.1.3.1", Is, "Empty squares are represented by the digits one through eight; the digit used represents the count of contiguous empty squares along a rank.")),
    ("FEN004", pgn("16.1.3.2", Is, "A lower case \"w\" is used if White is to move; a lower case \"b\" is used if Black is the active player.")),
    ("FEN005", pgn("16.1.3.3", Is, "If there is no castling availability for either side, the single character symbol \"-\" is used.")),
    ("FEN006", pgn("16.1.3.3", Is, "Those letters which appear will be ordered first uppercase before lowercase and second kingside before queenside.")),
    ("FEN007", Law("FIDE Laws of Chess, Article 3.8 (the right to castle is lost once the king or that rook has moved)")),
    ("FEN008", pgn("16.1.3.4", Is, "If there is no en passant target square then the single character symbol \"-\" appears.")),
    ("FEN009", pgn("16.1.3.4", Is, "An en passant target square is given if and only if the last move was a pawn advance of two squares.")),
    ("FEN010", pgn("16.1.3.5", Is, "The fifth field is a nonnegative integer representing the halfmove clock.")),
    ("FEN011", pgn("16.1.3.6", Is, "The sixth and last field is a positive integer that gives the fullmove number.")),
    ("FEN012", Law("FIDE Laws of Chess, Article 2.3 (each side has one king)")),
    ("FEN013", Law("FIDE Laws of Chess, Articles 2.3 and 3.7 (pawns start on the second rank and are promoted on the last)")),
    ("FEN014", Law("FIDE Laws of Chess, Article 3.9 (no move may leave one's own king in check)")),
    ("FEN015", Own("more men than a game can produce (16 a side, promotions only for missing pawns); a composed position may still show it")),
    ("FEN016", Limit("variant FEN (crazyhouse pockets, three-check counters) is left unchecked")),
    ("FEN017", pgn("16.1.3.5", Is, "This number is the count of halfmoves (or ply) since the last pawn advance or capturing move.")),
    ("FEN018", pgn("16.1.3", Is, "Adjacent fields are separated by a single ASCII space character.")),
    // The PGN standard: EPD (16.2).
    ("EPD000", pgn("16.2", Is, "EPD is \"Extended Position Description\"; it is a standard for describing chess positions along with an extended set of structured attribute values using the ASCII character set.")),
    ("EPD001", pgn("16.2.4", Is, "An EPD operation is composed of an opcode followed by zero or more operands and is concluded by a semicolon.")),
    ("EPD002", pgn("16.2.4.1", Is, "A string is a set of contiguous printing characters delimited by a quote character at each end.")),
    ("EPD003", pgn("16.2.4.1", Is, "An opcode is an identifier that starts with a letter character and may be followed by up to fourteen more characters.")),
    ("EPD004", pgn("16.2.4.1", Is, "Any given opcode appears at most once per EPD record.")),
    ("EPD005", pgn("16.2.4.2", Should, "Opcode mnemonics used only by a single program or an experimental suite of programs should start with an upper case letter.")),
    ("EPD006", pgn("16.2.5.22", Is, "It has exactly one operand, a move playable from the position.")),
    ("EPD007", pgn("16.2.4.1", Must, "Some opcodes may require that an integer operand must be within a given range; the details are described in the opcode list given below.")),
    ("EPD008", pgn("16.2.4.1", Must, "A string value must have less than 256 bytes of data.")),
    ("EPD009", pgn("16.2.5.4", Is, "The opcode \"bm\" indicates a set of zero or more moves, all immediately playable from the current position, that are judged to the best available by the EPD writer.")),
    ("EPD010", pgn("8.2.3.4", Is, "In the case of ambiguities (multiple pieces of the same type moving to the same square), the first appropriate disambiguating step of the three following steps is taken:")),
    ("EPD011", pgn("16.2.4.1", Should, "These moves should be represented using SAN.")),
    ("EPD012", Convention("comment lines starting with `#` or `%`, some programs' habit; EPD defines none")),
    ("EPD013", pgn("16.2.4", Is, "An EPD operation is composed of an opcode followed by zero or more operands and is concluded by a semicolon.")),
    ("EPD014", pgn("16.2.5.18", Is, "If a non-empty \"pv\" (predicted variation) line of play is also present in the same EPD record, the first move of the predicted variation is the same as the predicted move.")),
    ("EPD015", pgn("16.2.5.9", Must, "A supplied move (see the opcode \"sm\") is also required to appear as part of the same EPD record.")),
    ("EPD016", Limit("an EPD line of more than 1 MiB is not read (EPD sets no length)")),
    ("EPD017", pgn("16.2.4", Is, "An EPD operation is composed of an opcode followed by zero or more operands and is concluded by a semicolon.")),
    ("EPD018", pgn("16.2.4", Is, "Multiple operations are separated by a single space character.")),
    ("EPD019", Own("kibitzer's export layout of EPD records, which `kibitzer fmt` writes: one record a line, no blank at a line's ends")),
    // PBN 2.1.
    ("PBN000", pbn("2.2", Is, "PBN data is represented using a subset of the eight bit ISO 8859/1 (Latin 1) character set.")),
    ("PBN001", pbn("3.2", Must, "Note that, non-printing characters like newline and tab are not permitted inside of strings, because a string is a special case of a token.")),
    ("PBN002", pbn("3.8", Is, "The second kind starts with a left brace character \"{\" and continues to the next right brace character \"}\".")),
    ("PBN003", pbn("3.2", Is, "A token consists of a contiguous sequence of printing characters belonging to the allowed character set.")),
    ("PBN004", pbn("3.3", Is, "A tag pair is composed of four consecutive tokens: a left bracket token, a name token, a string token, and a right bracket token.")),
    ("PBN005", pbn("3.3", Is, "The tag pair (or shortly 'tag') is the basic information unit.")),
    ("PBN006", Own("section data after a tag known to take none (an identification tag), usually a broken tag or a stray line")),
    ("PBN007", Limit("a game of more than 1 MiB of text is not read (PBN sets no size)")),
    ("PBN010", pbn("2.3", Is, "The length of a PBN text line is maximally 255 characters, including the non-visible characters, especially the end-of-line indicator.")),
    ("PBN011", pbn("2.2", Must, "No other ASCII control characters are permitted, except for the (non-visible) control characters for the line representation.")),
    ("PBN012", pbn("2.2", Is, "PBN data is represented using a subset of the eight bit ISO 8859/1 (Latin 1) character set.")),
    ("PBN013", pbn("2.3", Should, "Lines with 80 or more printing characters are strongly discouraged because of the difficulties experienced by common text editors with long lines.")),
    ("PBN100", pbn("4.9", May, "A PBN parser is robust when it just skips such tags, and perhaps shows a warning.")),
    ("PBN101", pbn("3.3", Is, "All tag names begin with an upper case letter.")),
    ("PBN102", Own("a tag given twice loses its later value, which import format ignores (PBN 3.4); export format forbids it (PBN802)")),
    ("PBN103", pbn("3.4.3", Is, "The Date tag value field always uses a standard ten character format: \"YYYY.MM.DD\".")),
    ("PBN104", pbn("3.4.4", Is, "The Board tag value is a positive integer, indicating the board number of the deal.")),
    ("PBN105", pbn("3.4.9", Is, "The tag value is \"W\" (West), \"N\" (North), \"E\" (East), or \"S\" (South).")),
    ("PBN106", pbn("3.4.10", Is, "The Vulnerable tag value defines the situation of vulnerability. The following tag values are possible:")),
    ("PBN107", pbn("3.4.14", Is, "The Contract tag value can be \"Pass\" when all players pass, or a 'real'contract defined as:")),
    ("PBN108", pbn("3.4.15", Is, "The Result tag value gives the result of the game in number of tricks.")),
    ("PBN109", pbn("4.2.1", Is, "The score can be given in 5 possible formats:")),
    ("PBN110", pbn("4.1.4", Is, "The only two possible tag values are: \"Yes\" and \"No\".")),
    ("PBN111", pbn("3.4.12", May, "Therefore, the specification of the tag value is open ended: only example values are given.")),
    ("PBN112", pbn("3.5.5", Is, "This note tag has tag name 'Note', and the tag value of the note tag equals:")),
    ("PBN200", pbn("3.4.11", Is, "A space character exists between two consecutive hands.")),
    ("PBN201", Law("Laws of Duplicate Bridge, Law 6 (the deal: each player receives thirteen cards of one pack of 52)")),
    ("PBN202", Law("Laws of Duplicate Bridge, Law 6 (the deal: each player receives thirteen cards of one pack of 52)")),
    ("PBN300", pbn("3.1", Must, "If the auction section is present, then the tag 'Dealer' must be filled before the auction section.")),
    ("PBN301", Law("Laws of Duplicate Bridge, Law 17 (the dealer makes the first call)")),
    ("PBN302", pbn("3.5.1", Is, "A call is represented by a call token.")),
    ("PBN303", Law("Laws of Duplicate Bridge, Law 18 (a bid supersedes the previous bid; an insufficient bid is an irregularity, Law 27)")),
    ("PBN304", Law("Laws of Duplicate Bridge, Law 19A (a player may double only the last preceding bid, made by an opponent)")),
    ("PBN305", Law("Laws of Duplicate Bridge, Law 19B (a player may redouble only the last double, made by an opponent)")),
    ("PBN306", Law("Laws of Duplicate Bridge, Law 17E and 22 (the auction ends after three consecutive passes)")),
    ("PBN307", pbn("3.5", Is, "The '+'replaces the next call to be made.")),
    ("PBN308", Law("Laws of Duplicate Bridge, Law 22 (the last bid, with its double or redouble, becomes the contract)")),
    ("PBN309", Law("Laws of Duplicate Bridge, definitions (declarer: the player of the contracting side who first named the denomination)")),
    ("PBN310", pbn("3.9", Is, "preceding a bid indicates that the bid is insufficient (A)")),
    ("PBN311", pbn("3.5", Is, "The auction section ends with all passes, or with \"*\" .")),
    ("PBN400", pbn("3.1", Must, "If the play section is present, then the tags 'Deal', 'Declarer'and 'Contract' must be filled before the play section.")),
    ("PBN401", pbn("3.6.1", Is, "A card is represented by a card token.")),
    ("PBN402", Law("Laws of Duplicate Bridge, Law 44 (each player plays a card of his own hand, each card once)")),
    ("PBN403", Law("Laws of Duplicate Bridge, Law 44C and 61 (a player follows suit if able; failing to is a revoke)")),
    ("PBN404", pbn("3.9", Is, "preceding a card indicates a revoke (C)")),
    ("PBN405", pbn("3.9", Is, "preceding a card indicates a lead out of turn (D).")),
    ("PBN406", Law("Laws of Duplicate Bridge, Law 41 (the player on declarer's left makes the opening lead)")),
    ("PBN407", pbn("3.6", Is, "The '+'replaces the next card to be played.")),
    ("PBN410", pbn("3.4.15", Must, "The <result> must match the actual number of won tricks.")),
    ("PBN411", pbn("3.4.15", Is, "When all 4 players pass, then the tag value is an empty string.")),
    ("PBN500", pbn("3.5.5", Is, "An auction note reference with index <note_index> is explained in a note tag.")),
    ("PBN501", Own("a Note tag that no call or card refers to explains nothing")),
    ("PBN502", pbn("3.5.5", Must, "They may not be placed in the identification section, nor the play section.")),
    ("PBN503", pbn("3.5.4", Is, "The value of <note_index> lies between 1 and 32.")),
    ("PBN504", pbn("3.5.4", Is, "A call can be followed by at most one note reference.")),
    ("PBN505", pbn("3.7", Must, "The NAG values $1 .. $6 and $13 may only be used for calls in the auction section.")),
    ("PBN506", pbn("3.5.2", Is, "In import format, the following annotations can be added after each call, namely:")),
    ("PBN600", Law("Laws of Duplicate Bridge, Law 77 (the duplicate scoring table)")),
    ("PBN601", Convention("the board rotation of Law 2, which deals not played from numbered duplicate boards need not follow")),
    ("PBN602", Convention("the board rotation of Law 2, which deals not played from numbered duplicate boards need not follow")),
    ("PBN603", pbn("4.2.6", Must, "This must be consistent with the Vulnerable tag (if present).")),
    ("PBN604", Law("Laws of Duplicate Bridge, Law 78B (the IMP scale)")),
    ("PBN700", pbn("4.8", Is, "The tag value \"#\" is forbidden for the tags 'Dealer', 'Vulnerable', 'Deal', 'Declarer', 'Contract', 'Auction', 'Play', and the note tags in the auction section and the play section.")),
    ("PBN701", Own("a `#` with nothing to inherit is defined to be empty (PBN 4.8), which is seldom what was meant")),
    ("PBN702", pbn("3", Is, "Every game contains all its required data.")),
    ("PBN800", pbn("3.4", Is, "For export format, the order of tag pairs is:")),
    ("PBN801", pbn("3.3", Must, "Export format requires each tag pair to appear left justified on a line by itself.")),
    ("PBN802", pbn("3.4", Must, "In export format, tag pairs may only occur once.")),
    ("PBN803", pbn("3.11", Must, "In export format, only uppercase characters are allowed.")),
    ("PBN804", pbn("2.3", Must, "Tab characters, both horizontal and vertical, are not permitted in the export format.")),
    ("PBN805", pbn("3.4", Is, "These tags are mandatory for a PBN file in export format.")),
    ("PBN806", pbn("2.3", Is, "This end-of-line indicator equals the CRLF character-pair consisting of the ASCII control character CR (Carriage Return, decimal value 13, hexadecimal value 0x0d) and the ASCII control character LF (LineFeed, decimal value 10, hexadecimal value 0x0a).")),
    ("PBN807", pbn("3.5.2", Is, "In export format, the order is: the optional note reference, and then the NAGs in increasing order of the NAG values.")),
    ("PBN808", Own("kibitzer's export layout, which `kibitzer fmt` writes: PBN 2.1 calls export format \"rather strict\" and leaves the blanks between most tokens open")),
    ("PBN900", pbn("3.2", Must, "Also character '\\' in the column name token has a special meaning: it must be followed by an integer that represents the minimum width of the data in the column.")),
    ("PBN901", pbn("5.2", Is, "A table element belongs to one row and one column.")),
    ("PBN902", pbn("5.1", Must, "Commentary after a section element is forbidden.")),
    ("PBN903", pbn("5.2", Is, "Each table below has a set of predefined column names.")),
    ("PBN904", pbn("5.4", Is, "The order of the thinking times is exactly the same as the order of the call tokens in the Auction section.")),
    // PBN 2.1, the double-dummy analysis of hand records (BridgeComposer's DoubleDummyTricks and
    // ParContract state the same facts as the standard's OptimumResultTable and OptimumScore).
    ("DDS001", pbn("5.7", Is, "For each direction, being the declarer, and for each denomination the maximum number of tricks is given based on optimum declarer play and optimum defence.")),
    ("DDS002", pbn("5.7", Is, "For each direction, being the declarer, and for each denomination the maximum number of tricks is given based on optimum declarer play and optimum defence.")),
    ("DDS003", pbn("4.2.7", Is, "This tag gives the optimum number of points of a deal based on the trick score of the optimum result, with open cards (double dummy).")),
    ("DDS004", pbn("4.2.7", Is, "This result is computed by comparing all possible (doubled) contracts, including all passes.")),
    ("DDS005", Convention("hand-record programs' habit of writing 1 for every count below seven tricks, where the counts that matter for the bidding agree with the solver (PBN 5.7 asks for the number of tricks)")),
    // PBI 1.1/1.2.
    ("PBI000", pbi("File Format Description", Is, "PBI files are structured into lines.")),
    ("PBI001", pbi("File Format Description", Is, "according to UTF-8, and always include a Unicode Byte Order Mark (BOM).")),
    ("PBI002", pbi("File Format Description", Is, "PBI files are Unicode files [2] (i.e. they use multi-byte character codes)")),
    ("PBI003", pbi("PBI-file-marker", Is, "‘1.20’ is not the same as ‘1.2’, nor is ‘01.2’.")),
    ("PBI004", pbi("comment-line", Must, "Comment lines can only appear at the beginning of PBI files")),
    ("PBI005", pbi("data-line", Is, "Each data line of the file contains a record of a chess composition.")),
    ("PBI006", pbi("Encoded Characters", Is, "Encoded characters are expressed as the special character ‘\\’ followed by an ‘x’, followed by two hexadecimal digits.")),
    ("PBI007", pbi("NLF", Should, "any characters that are not followed by an NLF do not form a PBI line, and should cause a warning when encountered, and be ignored.")),
    ("PBI008", pbi("PBIfile", Is, "Each PBI file contain zero or more comment lines, followed by one or more data lines.")),
    ("PBI009", pbi("PBIfile", Is, "Each PBI file contain zero or more comment lines, followed by one or more data lines.")),
    ("PBI010", Own("an empty name between `;` separators, which the grammar allows but is most likely a typo")),
    ("PBI011", pbi("position", Must, "The Forsyth string must be complete")),
    ("PBI012", pbi("used-source", Must, "As the character ‘|’ is used as a field separator in this field, any use of that character in the field data must be in encoded form.")),
    ("PBI013", pbi("awards", Is, "award : nr ‘|’ rank ‘|’ tourney ‘|’ date")),
    ("PBI014", pbi("keymove", Must, "Version 1.1: The keymove field is reserved for future use: it must be empty.")),
    ("PBI015", pbi("status", May, "Any other contents is undefined, and need not be preserved by PBI-file processing software.")),
    ("PBI016", Own("kibitzer's export layout of PBI data lines, which `kibitzer fmt` writes: escapes and Forsyth runs in one form")),
    ("PBI020", Law("FIDE Laws of Chess, Article 2.3 (each side has one king)")),
    ("PBI021", Law("FIDE Laws of Chess, Articles 2.3 and 3.7 (pawns start on the second rank and are promoted on the last)")),
    ("PBI022", Law("FIDE Laws of Chess, Article 3.9 (no move may leave one's own king in check)")),
    ("PBI023", Own("more men than a game can produce; legal for a composer to show, worth a second look")),
    ("PBI024", Own("more promoted pieces than missing pawns; legal for a composer to show, worth a second look")),
    ("PBI025", Own("two bishops on one colour with no missing pawn; legal for a composer to show, worth a second look")),
];

/// The ground of a rule (`None` for a code this table does not list).
pub fn ground(code: &str) -> Option<&'static Ground> {
    TABLE.iter().find(|(c, _)| *c == code).map(|(_, g)| g)
}

/// Every code this table lists, in its order.
pub fn codes() -> impl Iterator<Item = &'static str> {
    TABLE.iter().map(|(c, _)| *c)
}
