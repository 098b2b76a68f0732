//! The PGN rule catalogue. Codes: PGN0xx syntax and lexical, PGN1xx tags, PGN2xx moves and
//! movetext, PGN3xx termination. Sections refer to the PGN standard (../shared/specs).

use crate::diagnostic::{Rule, RuleScope, Severity};

macro_rules! rules {
    ($($name:ident = $code:literal $kebab:literal $sev:ident $scope:ident $section:literal
        $summary:literal $explanation:literal bad: $bad:expr, good: $good:expr;)*) => {
        $(
            pub const $name: Rule = Rule {
                code: $code,
                name: $kebab,
                severity: Severity::$sev,
                scope: RuleScope::$scope,
                section: $section,
                summary: $summary,
                explanation: $explanation,
                bad: $bad,
                good: $good,
            };
        )*
        pub static ALL: &[&Rule] = &[$(&$name),*];
    };
}

rules! {
    PGN_NOT_TEXT = "PGN000" "not-a-text-file" Error Import "PGN 4.1"
        "The file is not text: it holds NUL bytes or mostly control characters"
        "PGN files are text in ISO-8859-1 (or UTF-8): printing characters, spaces and line ends. A file with NUL bytes, or whose start is mostly control characters, is binary — a ChessBase database, an archive, a PDF — saved under a PGN name. It is reported once, at the first binary byte, and is neither checked further nor ever rewritten."
        bad: "", good: "";
    UNTERMINATED_STRING = "PGN001" "unterminated-string" Error Import "PGN 7"
        "A tag value string is not closed before the end of the line"
        "A string token ends with a `\"` on the same line; a quote inside the value is written `\\\"`. The string is taken to end at the end of the line."
        bad: "[Event \"Club\n\n1. e4 *\n", good: "[Event \"Club\"]\n\n1. e4 *\n";
    UNTERMINATED_COMMENT = "PGN002" "unterminated-comment" Error Import "PGN 5"
        "A brace comment is never closed with `}`"
        "A `{` comment runs to the next `}`. When none follows before the next game, the comment is taken to end before that game so that it is still read."
        bad: "1. e4 {good move\n\n[Event \"Next\"]\n1. d4 *\n", good: "1. e4 {good move} *\n\n[Event \"Next\"]\n1. d4 *\n";
    UNCLOSED_VARIATION = "PGN003" "unclosed-variation" Error Import "PGN 8.2.5"
        "A variation opened with `(` is never closed"
        "Every recursive annotation variation ends with `)` before the game ends."
        bad: "1. e4 (1. d4 d5 e5 *\n", good: "1. e4 (1. d4 d5) e5 *\n";
    UNEXPECTED_TOKEN = "PGN004" "unexpected-token" Error Import "PGN 8.2"
        "Text in the movetext that is not a move, move number, annotation, comment or result"
        "Movetext holds move number indications, SAN moves, NAGs, comments, variations and one termination marker. Anything else is skipped up to the next token that makes sense."
        bad: "1. e4 e5 this is garbage 2. Nf3 *\n", good: "1. e4 e5 {this is a comment} 2. Nf3 *\n";
    MALFORMED_TAG = "PGN005" "malformed-tag" Error Import "PGN 8.1"
        "A tag pair is not `[Name \"value\"]`"
        "A tag pair is a `[`, a tag name, a string value in double quotes and a `]`, on one line."
        bad: "[Event Club]\n\n1. e4 *\n", good: "[Event \"Club\"]\n\n1. e4 *\n";
    VARIATION_TOO_DEEP = "PGN006" "variation-too-deep" Error Import "PGN 8.2.5"
        "Variations are nested more deeply than kibitzer follows"
        "kibitzer follows variations nested up to 128 levels; deeper parentheses are not replayed. No real game needs more."
        bad: "1. e4 ((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((1. d4)))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))) *\n", good: "1. e4 (1. d4 (1. c4)) *\n";
    ESCAPE_NOT_IN_COLUMN_1 = "PGN007" "escape-not-in-column-1" Error Import "PGN 6"
        "A `%` escape that does not start its line"
        "The `%` escape mechanism applies only to lines whose first character is `%`; elsewhere `%` is not a PGN token."
        bad: "1. e4 % private\n*\n", good: "% private\n1. e4 *\n";
    GAME_TOO_LARGE = "PGN008" "game-too-large" Error Import "PGN 8 (kibitzer's limit; the standard sets none)"
        "A game larger than the 1 MiB of text kibitzer reads as one game"
        "Real games are at most tens of kilobytes, heavily annotated ones a few hundred; reading a game takes 20 to 40 bytes of memory per byte of its text, so kibitzer reads no game longer than 1 MiB (a whole line of games with no line break between them counts as one). Such a game is reported once, at its start, and neither checked nor formatted: `fmt` leaves it as written. It runs to the next `[` that follows an empty line, where the next game most likely starts."
        bad: "", good: "";
    TAB_CHARACTER = "PGN010" "tab-character" Error Export "PGN 4.2"
        "A tab character in export format"
        "Export format uses spaces only; tabs are replaced by spaces."
        bad: "[Event \"x\"]\n\n1.\te4 *\n", good: "[Event \"x\"]\n\n1. e4 *\n";
    LINE_TOO_LONG = "PGN011" "line-too-long" Warning Import "PGN 4.3"
        "A line longer than 255 characters, or of 80 or more in export format"
        "Import format lines hold at most 255 characters; export format lines fewer than 80."
        bad: "1. e4 {aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa} *\n", good: "1. e4 {short} *\n";
    CONTROL_CHARACTER = "PGN012" "control-character" Warning Import "PGN 4.1"
        "A control character other than a line break or tab"
        "PGN text consists of printing characters, spaces and line breaks (and tabs, in import format)."
        bad: "1. e4 {a\u{7}b} *\n", good: "1. e4 {ab} *\n";
    BLANK_LINE_IN_TAGS = "PGN013" "blank-line-in-tags" Error Export "PGN 8.1"
        "An empty line inside the tag section in export format"
        "In export format the tag pairs are on consecutive lines, followed by one empty line and the movetext."
        bad: "[Event \"x\"]\n\n[Site \"y\"]\n\n1. e4 *\n", good: "[Event \"x\"]\n[Site \"y\"]\n\n1. e4 *\n";
    NON_LATIN1_CHARACTER = "PGN014" "non-latin1-character" Error Export "PGN 4.1"
        "A character outside ISO-8859-1 in export format"
        "PGN's character set is ISO 8859/1 (Latin-1). Import format tolerates UTF-8 text, but an export-format file holds only characters other programs can read as Latin-1: transliterate the rest."
        bad: "[Event \"Z\u{fc}rich \u{2654}\"]\n\n1. e4 *\n", good: "[Event \"Z\u{fc}rich\"]\n\n1. e4 *\n";

    TAG_NAME_SYNTAX = "PGN100" "tag-name-syntax" Error Import "PGN 8.1.1"
        "A tag name with characters other than letters, digits and `_`"
        "Tag names are made of letters, digits and underscores and begin with a letter (an uppercase one, by convention)."
        bad: "[Event-Name \"x\"]\n\n1. e4 *\n", good: "[EventName \"x\"]\n\n1. e4 *\n";
    TAG_VALUE_TOO_LONG = "PGN101" "tag-value-too-long" Warning Import "PGN 7"
        "A tag value longer than 255 characters"
        "A string holds at most 255 characters."
        bad: "[Annotator \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\"]\n\n1. e4 *\n", good: "[Annotator \"a\"]\n\n1. e4 *\n";
    DUPLICATE_TAG = "PGN102" "duplicate-tag" Error Import "PGN 8.1"
        "The same tag name appears twice in a game"
        "A tag name appears at most once in a tag section; readers disagree on which value wins."
        bad: "[Event \"a\"]\n[Event \"b\"]\n\n1. e4 *\n", good: "[Event \"a\"]\n\n1. e4 *\n";
    MISSING_ROSTER_TAG = "PGN103" "missing-roster-tag" Error Export "PGN 8.1.1"
        "A tag of the Seven Tag Roster is missing"
        "Export format games carry Event, Site, Date, Round, White, Black and Result (use `?` for unknown values)."
        bad: "[Event \"x\"]\n\n1. e4 *\n", good: "[Event \"x\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 *\n";
    TAG_ORDER = "PGN104" "tag-order" Error Export "PGN 8.1.1"
        "Tags out of export order: the Seven Tag Roster first, then the others in ASCII order"
        "Export format lists Event, Site, Date, Round, White, Black, Result, then the remaining tags sorted by name."
        bad: "[Site \"?\"]\n[Event \"x\"]\n\n1. e4 *\n", good: "[Event \"x\"]\n[Site \"?\"]\n\n1. e4 *\n";
    DATE_FORMAT = "PGN105" "date-format" Warning Import "PGN 9.5"
        "A Date, EventDate or UTCDate value that is not `YYYY.MM.DD`"
        "Dates are `YYYY.MM.DD` with `?` for unknown digits, e.g. `2024.??.??`."
        bad: "[Date \"2024-03-01\"]\n\n1. e4 *\n", good: "[Date \"2024.03.01\"]\n\n1. e4 *\n";
    ROUND_FORMAT = "PGN106" "round-format" Warning Import "PGN 8.1.1.4"
        "A Round value other than `?`, `-` or dot-separated numbers"
        "Round is `?` (unknown), `-` (not applicable) or numbers joined by periods, e.g. `3.1`."
        bad: "[Round \"Round 3\"]\n\n1. e4 *\n", good: "[Round \"3\"]\n\n1. e4 *\n";
    RESULT_TAG_VALUE = "PGN107" "result-tag-value" Error Import "PGN 8.1.1.7"
        "A Result value other than `1-0`, `0-1`, `1/2-1/2` or `*`"
        "The Result tag holds one of the four termination markers."
        bad: "[Result \"1:0\"]\n\n1. e4 1-0\n", good: "[Result \"1-0\"]\n\n1. e4 1-0\n";
    TIME_FORMAT = "PGN108" "time-format" Warning Import "PGN 9.5.1"
        "A Time or UTCTime value that is not `HH:MM:SS`"
        "Times are `HH:MM:SS` in 24-hour form."
        bad: "[Time \"7pm\"]\n\n1. e4 *\n", good: "[Time \"19:00:00\"]\n\n1. e4 *\n";
    TIME_CONTROL_FORMAT = "PGN109" "time-control-format" Warning Import "PGN 9.6.1"
        "A TimeControl value outside the grammar of PGN 9.6.1"
        "TimeControl is `?`, `-`, or fields joined by `:`, each `moves/seconds`, `seconds`, `seconds+increment` or `*seconds`."
        bad: "[TimeControl \"90 min\"]\n\n1. e4 *\n", good: "[TimeControl \"40/5400:1800+30\"]\n\n1. e4 *\n";
    SETUP_VALUE = "PGN110" "setup-value" Warning Import "PGN 9.7.1"
        "SetUp is not `0` or `1`, or disagrees with the presence of a FEN tag"
        "SetUp \"1\" goes with a FEN tag giving the initial position; SetUp \"0\" (or none) means the standard position."
        bad: "[SetUp \"1\"]\n\n1. e4 *\n", good: "[SetUp \"0\"]\n\n1. e4 *\n";
    // PGN111 (illegal-fen) is retired: the FEN tag is checked by the FEN validator, whose FEN0xx
    // rules place each problem inside the tag value.
    PLYCOUNT_MISMATCH = "PGN112" "plycount-mismatch" Warning Import "PGN 9.9.3"
        "PlyCount differs from the number of plies in the main line"
        "PlyCount is the number of half-moves of the main line."
        bad: "[PlyCount \"3\"]\n\n1. e4 e5 *\n", good: "[PlyCount \"2\"]\n\n1. e4 e5 *\n";
    ELO_FORMAT = "PGN113" "elo-format" Warning Import "PGN 9.1.2"
        "A WhiteElo or BlackElo value that is not a number"
        "Ratings are integers; `-` or an empty value means unrated."
        bad: "[WhiteElo \"2500+\"]\n\n1. e4 *\n", good: "[WhiteElo \"2500\"]\n\n1. e4 *\n";
    ECO_FORMAT = "PGN114" "eco-format" Warning Import "PGN 9.4.1"
        "An ECO value that is not a code from `A00` to `E99`"
        "ECO codes are a letter A–E and two digits, optionally followed by a subcode like `/01`."
        bad: "[ECO \"F10\"]\n\n1. e4 *\n", good: "[ECO \"B10\"]\n\n1. e4 *\n";
    TERMINATION_VALUE = "PGN115" "termination-value" Warning Import "PGN 9.8.1"
        "A Termination value not in the standard's list"
        "Termination is one of abandoned, adjudication, death, emergency, normal, rules infraction, time forfeit, unterminated."
        bad: "[Termination \"won\"]\n\n1. e4 *\n", good: "[Termination \"normal\"]\n\n1. e4 *\n";
    MODE_VALUE = "PGN116" "mode-value" Warning Import "PGN 9.9.2"
        "A Mode value other than OTB, PM, EM, ICS or TC"
        "Mode is OTB (over the board), PM (paper mail), EM (electronic mail), ICS (internet chess server) or TC (general telecommunication)."
        bad: "[Mode \"online\"]\n\n1. e4 *\n", good: "[Mode \"ICS\"]\n\n1. e4 *\n";

    ILLEGAL_MOVE = "PGN200" "illegal-move" Error Import "PGN 8.2.3"
        "A move that is not legal in the position"
        "Every move is replayed from the initial position (or the FEN tag). After an illegal move the rest of that line is not replayed, but other variations and games are."
        bad: "1. e4 e5 2. Ke3 *\n", good: "1. e4 e5 2. Ke2 *\n";
    AMBIGUOUS_MOVE = "PGN201" "ambiguous-move" Error Import "PGN 8.2.3.4"
        "A move that more than one piece can make"
        "When two pieces of the same kind can move to the square, SAN adds the file, the rank or both of the moving piece."
        bad: "1. Nf3 Nf6 2. d3 d6 3. Nd2 *\n", good: "1. Nf3 Nf6 2. d3 d6 3. Nbd2 *\n";
    WRONG_PIECE = "PGN202" "wrong-piece" Error Import "PGN 8.2.3"
        "A move that names a piece which cannot go there, when another piece can"
        "The piece letter says which piece moves; the move is illegal for the piece named."
        bad: "1. e4 e5 2. Bc3 *\n", good: "1. e4 e5 2. Nc3 *\n";
    MOVE_AFTER_GAME_END = "PGN203" "move-after-game-end" Error Import "PGN 8.2.3"
        "A move after checkmate or stalemate"
        "A game ends at checkmate or stalemate; no move can follow."
        bad: "1. f3 e5 2. g4 Qh4# 3. Nc3 *\n", good: "1. f3 e5 2. g4 Qh4# 0-1\n";
    MISSING_PROMOTION = "PGN204" "missing-promotion" Error Import "PGN 8.2.3.5"
        "A pawn reaches the last rank without a promotion piece"
        "A pawn move to the last rank names the piece it becomes, e.g. `e8=Q`."
        bad: "[SetUp \"1\"]\n[FEN \"8/4P3/8/8/8/8/k7/4K3 w - - 0 1\"]\n\n1. e8 *\n", good: "[SetUp \"1\"]\n[FEN \"8/4P3/8/8/8/8/k7/4K3 w - - 0 1\"]\n\n1. e8=Q *\n";
    NULL_MOVE = "PGN205" "null-move" Warning Import "PGN 8.2.3"
        "A null move (`--` or `Z0`), which the standard does not define"
        "Null moves are an extension used in analysis; many readers reject them."
        bad: "1. e4 -- 2. d4 *\n", good: "1. e4 e5 2. d4 *\n";
    VARIATION_WITHOUT_MOVE = "PGN206" "variation-without-move" Error Import "PGN 8.2.5"
        "A variation with no preceding move to replace"
        "A variation is an alternative to the move just before it, so it cannot come first."
        bad: "(1. d4) 1. e4 *\n", good: "1. e4 (1. d4) *\n";
    CASTLING_WITH_ZEROS = "PGN210" "castling-with-zeros" Warning Import "PGN 8.2.3.3"
        "Castling written with zeros or lowercase letters"
        "SAN castles with capital letter O: `O-O` and `O-O-O`."
        bad: "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 *\n", good: "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *\n";
    CAPTURE_MARK = "PGN211" "capture-mark" Warning Import "PGN 8.2.3.4"
        "A capture without `x`, or `x` on a move that captures nothing"
        "SAN marks a capture with `x` (not `:`), and only a capture."
        bad: "1. e4 d5 2. ed5 *\n", good: "1. e4 d5 2. exd5 *\n";
    CHECK_MARK = "PGN212" "check-mark" Warning Import "PGN 8.2.3.6"
        "A missing or wrong `+` or `#`"
        "SAN ends a checking move with `+` and a mating move with `#`, and no other move."
        bad: "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 *\n", good: "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# *\n";
    PAWN_LETTER = "PGN213" "pawn-letter" Warning Import "PGN 8.2.3.4"
        "A pawn move written with the letter P"
        "SAN writes pawn moves without a piece letter."
        bad: "1. Pe4 *\n", good: "1. e4 *\n";
    OVER_DISAMBIGUATED = "PGN214" "over-disambiguated" Warning Import "PGN 8.2.3.4"
        "A move with more of its origin square than needed (long algebraic)"
        "SAN gives the origin file or rank only when needed to tell two pieces apart; `Ng1f3` and `e2-e4` are long algebraic."
        bad: "1. Ng1f3 *\n", good: "1. Nf3 *\n";
    LOWERCASE_PIECE = "PGN215" "lowercase-piece" Warning Import "PGN 8.2.3.2"
        "A piece letter in lowercase"
        "SAN piece letters are uppercase: K Q R B N."
        bad: "1. nf3 *\n", good: "1. Nf3 *\n";
    PROMOTION_WITHOUT_EQUALS = "PGN216" "promotion-without-equals" Warning Import "PGN 8.2.3.5"
        "A promotion written without `=`"
        "SAN writes promotions as `e8=Q`."
        bad: "[SetUp \"1\"]\n[FEN \"8/4P3/8/8/8/8/k7/4K3 w - - 0 1\"]\n\n1. e8Q *\n", good: "[SetUp \"1\"]\n[FEN \"8/4P3/8/8/8/8/k7/4K3 w - - 0 1\"]\n\n1. e8=Q *\n";
    WRONG_MOVE_NUMBER = "PGN220" "wrong-move-number" Warning Import "PGN 8.2.2"
        "A move number that is not the number of the move it precedes"
        "Move number indications give the fullmove number of the following move."
        bad: "1. e4 e5 3. Nf3 *\n", good: "1. e4 e5 2. Nf3 *\n";
    EXPORT_MOVE_NUMBER = "PGN221" "export-move-number" Error Export "PGN 8.2.2.2"
        "A missing or superfluous move number indication in export format"
        "Export format puts `N.` before every White move and `N...` before a Black move only when it starts a variation or follows a comment or variation."
        bad: "1. e4 2. e5 *\n", good: "1. e4 e5 *\n";
    NAG_RANGE = "PGN230" "nag-range" Error Import "PGN 8.2.4"
        "A NAG outside `$0`–`$255`"
        "Numeric annotation glyphs are `$` and an integer from 0 to 255."
        bad: "1. e4 $256 *\n", good: "1. e4 $1 *\n";
    SUFFIX_IN_EXPORT = "PGN231" "suffix-in-export" Error Export "PGN 8.2.4"
        "A suffix annotation like `!` in export format, where a NAG is wanted"
        "Import format allows `!` `?` `!!` `??` `!?` `?!` after a move; export format writes NAGs $1 to $6."
        bad: "1. e4! *\n", good: "1. e4 $1 *\n";
    UNKNOWN_SUFFIX = "PGN232" "unknown-suffix" Error Import "PGN 8.2.4"
        "A run of `!` and `?` that is not one of the six suffix annotations"
        "Only `!` `?` `!!` `??` `!?` `?!` are suffix annotations."
        bad: "1. e4!!! *\n", good: "1. e4!! *\n";

    TIME_COMMAND = "PGN240" "time-command" Warning Import "PGN Specification Supplement (2001), %clk %emt %egt %mct"
        "A clock or time command whose value is not `h:mm:ss`"
        "`[%clk h:mm:ss]` (the clock after the move), `[%emt h:mm:ss]` (the time the move took), `[%egt]` and `[%mct]` hold hours, then minutes and seconds of two digits each (00–59); chess.com adds decimals of a second (`0:00:09.3`). lichess and chess.com write these in every game they export; a program that reads the clock skips a value it cannot read."
        bad: "1. e4 { [%clk 3:00] } *\n", good: "1. e4 { [%clk 0:03:00] } *\n";
    EVAL_COMMAND = "PGN241" "eval-command" Warning Import "lichess / chess.com convention (python-chess `chess.pgn`), %eval"
        "An `[%eval]` command that is neither pawns nor mate"
        "`[%eval]` holds an engine's evaluation from White's point of view: pawns with up to two decimals (`0.17`, `-1.5`) or mate in N (`#3` White mates, `#-3` Black mates), optionally followed by `,depth` (`[%eval 0.17,22]`)."
        bad: "1. e4 { [%eval +/=] } *\n", good: "1. e4 { [%eval 0.17] } *\n";
    MARKUP_COMMAND = "PGN242" "markup-command" Warning Import "PGN Specification Supplement (2001), %csl %cal"
        "A `[%csl]` square or `[%cal]` arrow that is not a colour and squares"
        "`[%csl Ra1,Gb2]` colours squares and `[%cal Ge2e4,Rd8h4]` draws arrows: each comma-separated item is a colour letter (R red, G green, B blue, Y yellow) and one square (`%csl`) or two (`%cal`, from and to)."
        bad: "1. e4 { [%cal Ge2e4,Xd8h4] } *\n", good: "1. e4 { [%cal Ge2e4,Rd8h4] } *\n";
    UNCLOSED_COMMAND = "PGN243" "unclosed-command" Warning Import "PGN Specification Supplement (2001), embedded commands"
        "A `[%` command without its closing `]`, or without a space before its arguments"
        "An embedded command is `[%`, the command name, a space, the arguments and `]`, all inside one comment."
        bad: "1. e4 { [%clk 0:03:00 } *\n", good: "1. e4 { [%clk 0:03:00] } *\n";

    MISSING_RESULT = "PGN300" "missing-result" Error Import "PGN 8.2.6"
        "A game without a termination marker"
        "Movetext ends with one of `1-0`, `0-1`, `1/2-1/2`, `*`."
        bad: "1. e4 e5\n", good: "1. e4 e5 *\n";
    RESULT_MISMATCH = "PGN301" "result-mismatch" Error Import "PGN 8.2.6"
        "The termination marker differs from the Result tag"
        "The termination marker repeats the value of the Result tag."
        bad: "[Result \"1-0\"]\n\n1. e4 *\n", good: "[Result \"*\"]\n\n1. e4 *\n";
    RESULT_CONTRADICTS_POSITION = "PGN302" "result-contradicts-position" Error Import "PGN 8.2.6"
        "A result that contradicts the final position (a mate or a stalemate)"
        "After checkmate the mating side wins; after stalemate the game is drawn."
        bad: "1. f3 e5 2. g4 Qh4# 1-0\n", good: "1. f3 e5 2. g4 Qh4# 0-1\n";
    EXTRA_RESULT = "PGN304" "extra-result" Error Import "PGN 8.2.6"
        "More than one termination marker after the moves"
        "A game's movetext ends with exactly one termination marker."
        bad: "1. e4 * *\n", good: "1. e4 *\n";
    VARIANT_NOT_REPLAYED = "PGN303" "variant-not-replayed" Information Import "PGN 9"
        "Moves of a chess variant kibitzer does not know are not replayed"
        "Games with a Variant tag other than standard chess and Chess960 are checked for syntax only."
        bad: "[Variant \"Atomic\"]\n\n1. e4 *\n", good: "[Variant \"Chess960\"]\n\n*\n";
}
