//! The FEN and EPD rule catalogue (PGN standard section 16).
//!
//! FEN0xx rules concern a position record (the six FEN fields, or the first four of an EPD
//! record) and are shared with the PGN `FEN` tag check; EPD0xx rules concern EPD operations and
//! the layout of EPD/FEN files.

use crate::diagnostic::{declare_rule as rule, Rule};

rule!(FEN_FIELD_COUNT, "FEN001", "fen-field-count", Error, "PGN 16.1.3",
    "A FEN record has six fields, an EPD record four fields before its operations",
    "FEN is piece placement, side to move, castling, en passant square, halfmove clock and fullmove number, separated by single spaces; EPD drops the two clocks and adds operations.",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
rule!(FEN_PLACEMENT, "FEN002", "fen-piece-placement", Error, "PGN 16.1.3.1",
    "Piece placement: eight ranks of eight squares, piece letters PNBRQK/pnbrqk and digits 1-8",
    "The first field lists the ranks from 8 to 1, separated by `/`; each rank gives its eight squares from a to h as piece letters or counts of empty squares.",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
rule!(FEN_UNNORMALISED_DIGITS, "FEN003", "fen-adjacent-digits", Warning, "PGN 16.1.3.1",
    "Adjacent empty-square digits should be written as one digit",
    "A digit counts the contiguous empty squares, so two digits in a row (`44`) are one run written twice; readers differ on accepting it.",
    "4k3/8/8/8/8/8/8/44 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
rule!(
    FEN_SIDE_TO_MOVE,
    "FEN004",
    "fen-side-to-move",
    Error,
    "PGN 16.1.3.2",
    "The active colour is `w` or `b`",
    "The second field is a lower-case `w` when White is to move and `b` when Black is.",
    "8/8/8/8/8/8/8/K6k W - - 0 1",
    "8/8/8/8/8/8/8/K6k w - - 0 1"
);
rule!(FEN_CASTLING_SYNTAX, "FEN005", "fen-castling-syntax", Error, "PGN 16.1.3.3",
    "Castling availability is `-` or letters from KQkq (file letters in Chess960), each at most once",
    "The third field is `-` or one to four of `K`, `Q`, `k`, `q`. Chess960 files may use X-FEN/Shredder-FEN rook file letters `A`-`H`/`a`-`h`.",
    "r3k2r/8/8/8/8/8/8/R3K2R w KKq - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
rule!(
    FEN_CASTLING_ORDER,
    "FEN006",
    "fen-castling-order",
    Warning,
    "PGN 16.1.3.3",
    "Castling letters come upper case first, king side before queen side",
    "The standard orders the castling letters `KQkq`; other orders are read the same but are not canonical.",
    "r3k2r/8/8/8/8/8/8/R3K2R w qkQK - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
);
rule!(FEN_CASTLING_RIGHTS, "FEN007", "fen-castling-rights", Error, "PGN 16.1.3.3",
    "A castling right needs the king and that rook on their original squares",
    "A side may only keep a castling right while its king and the castling rook have not moved: in standard chess the king on e1/e8 and the rook on h1/a1 (h8/a8).",
    "4k3/8/8/8/8/8/8/4K3 w K - 0 1", "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
rule!(
    FEN_EN_PASSANT_SYNTAX,
    "FEN008",
    "fen-en-passant-syntax",
    Error,
    "PGN 16.1.3.4",
    "The en passant field is `-` or a square on rank 3 or 6",
    "The fourth field names the square a pawn skipped in a double step (`e3`, `d6`), or is `-`.",
    "4k3/8/8/8/4P3/8/8/4K3 b - e4 0 1",
    "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1"
);
rule!(FEN_EN_PASSANT_POSITION, "FEN009", "fen-en-passant-position", Error, "PGN 16.1.3.4",
    "The en passant square must follow a double step of the side that just moved",
    "The square is on rank 3 after a white double step (Black to move) and rank 6 after a black one; the pawn stands in front of it and the squares it crossed are empty.",
    "4k3/8/8/8/8/8/8/4K3 b - e3 0 1", "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1");
rule!(
    FEN_HALFMOVE_CLOCK,
    "FEN010",
    "fen-halfmove-clock",
    Error,
    "PGN 16.1.3.5",
    "The halfmove clock is a non-negative integer",
    "The fifth field counts the plies since the last capture or pawn move.",
    "4k3/8/8/8/8/8/8/4K3 w - - -1 1",
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
);
rule!(
    FEN_FULLMOVE_NUMBER,
    "FEN011",
    "fen-fullmove-number",
    Error,
    "PGN 16.1.3.6",
    "The fullmove number is a positive integer",
    "The sixth field is the number of the next full move, starting at 1. A `0` is read as 1 (a warning).",
    "4k3/8/8/8/8/8/8/4K3 w - - 0 x",
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
);
rule!(
    FEN_KINGS,
    "FEN012",
    "fen-king-count",
    Error,
    "PGN 16.1.3.1",
    "Each side has exactly one king",
    "A chess position has one white and one black king; without them no move can be checked.",
    "8/8/8/8/8/8/8/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
);
rule!(FEN_PAWN_ON_BACK_RANK, "FEN013", "fen-pawn-on-back-rank", Error, "PGN 16.1.3.1",
    "No pawn stands on the first or eighth rank",
    "Pawns start on the second/seventh rank and promote on reaching the last one, so no position has a pawn on rank 1 or 8.",
    "P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
rule!(
    FEN_OPPONENT_IN_CHECK,
    "FEN014",
    "fen-opponent-in-check",
    Error,
    "PGN 16.1.3.2",
    "The side not to move cannot be in check",
    "If the side that just moved were in check, its last move was illegal; usually the active colour is wrong.",
    "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1",
    "4k3/8/8/8/8/8/8/4R1K1 b - - 0 1"
);
rule!(FEN_IMPOSSIBLE_MATERIAL, "FEN015", "fen-impossible-material", Warning, "PGN 16.1.3.1",
    "More men than a game can have: over 16 per side, over 8 pawns, or more promoted pieces than missing pawns",
    "Each side starts with 16 men and 8 pawns, and every extra queen, rook, knight or same-coloured bishop needs a pawn that promoted. Such a position cannot arise in a game.",
    "4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1", "4k3/8/8/8/8/8/PPPPPPP1/QQ2K3 w - - 0 1");
rule!(FEN_VARIANT, "FEN016", "fen-variant", Warning, "PGN 16.1",
    "A chess-variant FEN (crazyhouse pocket, three-check counters) is not checked",
    "Crazyhouse pockets (`[Nq]` or a ninth rank) and three-check counters (`3+3`, `+0+0`) extend FEN for variants; kibitzer checks standard chess and Chess960 only, so the position is left unchecked.",
    "r3k3/8/8/8/8/8/8/4K3[Qn] w - - 0 1", "r3k3/8/8/8/8/8/8/4K3 w - - 0 1");
rule!(
    FEN_CLOCK_AFTER_DOUBLE_STEP,
    "FEN017",
    "fen-clock-after-double-step",
    Warning,
    "PGN 16.1.3.5",
    "An en passant square implies a halfmove clock of 0",
    "The en passant square is given only right after a pawn double step, and a pawn move resets the halfmove clock.",
    "4k3/8/8/8/4P3/8/8/4K3 b - e3 5 1",
    "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1"
);
rule!(FEN_FIELD_SEPARATOR, "FEN018", "fen-field-separator", Warning, "PGN 16.1.3",
    "Fields are separated by a single space",
    "Adjacent FEN and EPD fields are separated by one ASCII space; tabs or runs of spaces trip up readers that split on single spaces.",
    "4k3/8/8/8/8/8/8/4K3 w  - - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1");

rule!(EPD_OPERATION_UNTERMINATED, "EPD001", "epd-missing-semicolon", Warning, "PGN 16.2.4",
    "Every EPD operation ends with `;`",
    "An operation is an opcode, its operands and a semicolon. A missing semicolon at the end of the line is read as if it were there.",
    "4k3/8/8/8/8/8/8/4K3 w - - id \"a\"", "4k3/8/8/8/8/8/8/4K3 w - - id \"a\";");
rule!(
    EPD_UNTERMINATED_STRING,
    "EPD002",
    "epd-unterminated-string",
    Error,
    "PGN 16.2.4.1",
    "A string operand is closed by `\"` on the same line",
    "String operands are delimited by a quote at each end; a quote inside is written `\\\"`.",
    "4k3/8/8/8/8/8/8/4K3 w - - id \"a;",
    "4k3/8/8/8/8/8/8/4K3 w - - id \"a\";"
);
rule!(
    EPD_OPCODE_SYNTAX,
    "EPD003",
    "epd-opcode-syntax",
    Error,
    "PGN 16.2.4.1",
    "An opcode is a letter followed by up to 14 letters, digits or underscores",
    "Each operation starts with an opcode identifier; anything else where an opcode is expected is unreadable.",
    "4k3/8/8/8/8/8/8/4K3 w - - 9x 1;",
    "4k3/8/8/8/8/8/8/4K3 w - - dm 1;"
);
rule!(
    EPD_DUPLICATE_OPCODE,
    "EPD004",
    "epd-duplicate-opcode",
    Error,
    "PGN 16.2.4.1",
    "An opcode appears at most once per record",
    "Any given opcode appears at most once per EPD record; merge the operands or drop one operation.",
    "4k3/8/8/8/8/8/8/4K3 w - - bm Kd1; bm Kf1;",
    "4k3/8/8/8/8/8/8/4K3 w - - bm Kd1 Kf1;"
);
rule!(EPD_UNKNOWN_OPCODE, "EPD005", "epd-unknown-opcode", Hint, "PGN 16.2.4.2",
    "A lower-case opcode that the standard does not list",
    "Programs ignore opcodes they do not know; a lower-case opcode outside the standard list may be a typo or a program's extension (private opcodes start with an upper-case letter).",
    "4k3/8/8/8/8/8/8/4K3 w - - bestmove Kd1;", "4k3/8/8/8/8/8/8/4K3 w - - bm Kd1;");
rule!(
    EPD_OPERAND_COUNT,
    "EPD006",
    "epd-operand-count",
    Error,
    "PGN 16.2.5",
    "An opcode has the number of operands the standard gives it",
    "For example `id`, `ce` and `sm` take exactly one operand, `tcri` two, `resign` none, `c0` at most one.",
    "4k3/8/8/8/8/8/8/4K3 w - - ce 10 20;",
    "4k3/8/8/8/8/8/8/4K3 w - - ce 10;"
);
rule!(EPD_INTEGER_OPERAND, "EPD007", "epd-integer-operand", Error, "PGN 16.2.5",
    "Integer operands are integers within the opcode's range",
    "`acn`, `acs` and `hmvc` take a non-negative integer, `dm`, `fmvn`, `rc` and `tcgs` a positive one, and `ce` an integer from -32767 to 32766.",
    "4k3/8/8/8/8/8/8/4K3 w - - ce 40000;", "4k3/8/8/8/8/8/8/4K3 w - - ce 400;");
rule!(EPD_STRING_OPERAND, "EPD008", "epd-string-operand", Warning, "PGN 16.2.4.1",
    "String opcodes take quoted operands of fewer than 256 bytes",
    "`id`, `c0`-`c9`, `v0`-`v9`, `eco`, `nic`, `tcri` and `tcsi` take strings, which are delimited by quotes and shorter than 256 bytes. An unquoted word is read as the string it spells.",
    "4k3/8/8/8/8/8/8/4K3 w - - id test1;", "4k3/8/8/8/8/8/8/4K3 w - - id \"test1\";");
rule!(EPD_ILLEGAL_MOVE, "EPD009", "epd-illegal-move", Error, "PGN 16.2.4.1",
    "Move operands (`am`, `bm`, `pm`, `pv`, `sm`) are legal SAN moves in the position",
    "Moves in EPD operations are SAN moves playable from the record's position; `pv` moves are played one after another.",
    "4k3/8/8/8/8/8/8/4K3 w - - bm Ke3;", "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;");
rule!(
    EPD_AMBIGUOUS_MOVE,
    "EPD010",
    "epd-ambiguous-move",
    Error,
    "PGN 8.2.3",
    "A move operand matches more than one legal move",
    "SAN adds the file or rank of departure when two pieces of the same kind can reach the square.",
    "4k3/8/8/8/8/8/8/R3K2R w - - bm Rd1;",
    "4k3/8/8/8/8/8/8/R3K2R w - - bm Rad1;"
);
rule!(EPD_NON_CANONICAL_SAN, "EPD011", "epd-non-canonical-san", Warning, "PGN 8.2.3",
    "A move operand is readable but not canonical SAN",
    "Castling with zeros, a missing or superfluous capture mark or check sign, a pawn letter or extra disambiguation are understood but should be written as SAN.",
    "4k3/8/8/8/8/8/8/R3K2R w K - bm 0-0;", "4k3/8/8/8/8/8/8/R3K2R w K - bm O-O;");
rule!(EPD_COMMENT_LINE, "EPD012", "epd-comment-line", Warning, "PGN 16.2",
    "EPD has no comment lines",
    "Lines starting with `%` or `#` are a convention of some programs; EPD files are lines of records only, so other readers may fail on them.",
    "% my test suite", "4k3/8/8/8/8/8/8/4K3 w - - c0 \"my test suite\";");
rule!(
    EPD_EMPTY_OPERATION,
    "EPD013",
    "epd-empty-operation",
    Warning,
    "PGN 16.2.4",
    "A `;` without an opcode",
    "Each semicolon ends an operation that starts with an opcode; a stray `;` is an empty operation.",
    "4k3/8/8/8/8/8/8/4K3 w - - id \"a\";;",
    "4k3/8/8/8/8/8/8/4K3 w - - id \"a\";"
);
rule!(
    EPD_PV_MISMATCH,
    "EPD014",
    "epd-pm-pv-mismatch",
    Warning,
    "PGN 16.2.5.18",
    "The predicted move `pm` is the first move of the predicted variation `pv`",
    "When both are present the standard requires that they agree.",
    "4k3/8/8/8/8/8/8/4K3 w - - pm Kd1; pv Kf1 Kd7;",
    "4k3/8/8/8/8/8/8/4K3 w - - pm Kd1; pv Kd1 Kd7;"
);
rule!(
    EPD_DRAW_NEEDS_SM,
    "EPD015",
    "epd-draw-needs-sm",
    Warning,
    "PGN 16.2.5.9",
    "`draw_claim` and `draw_offer` need a supplied move `sm`",
    "A draw claim or offer is made together with a move, given by the `sm` opcode in the same record.",
    "4k3/8/8/8/8/8/8/4K3 w - - draw_offer;",
    "4k3/8/8/8/8/8/8/4K3 w - - draw_offer; sm Kd1;"
);

pub static ALL: &[&Rule] = &[
    &FEN_FIELD_COUNT,
    &FEN_PLACEMENT,
    &FEN_UNNORMALISED_DIGITS,
    &FEN_SIDE_TO_MOVE,
    &FEN_CASTLING_SYNTAX,
    &FEN_CASTLING_ORDER,
    &FEN_CASTLING_RIGHTS,
    &FEN_EN_PASSANT_SYNTAX,
    &FEN_EN_PASSANT_POSITION,
    &FEN_HALFMOVE_CLOCK,
    &FEN_FULLMOVE_NUMBER,
    &FEN_KINGS,
    &FEN_PAWN_ON_BACK_RANK,
    &FEN_OPPONENT_IN_CHECK,
    &FEN_IMPOSSIBLE_MATERIAL,
    &FEN_VARIANT,
    &FEN_CLOCK_AFTER_DOUBLE_STEP,
    &FEN_FIELD_SEPARATOR,
    &EPD_OPERATION_UNTERMINATED,
    &EPD_UNTERMINATED_STRING,
    &EPD_OPCODE_SYNTAX,
    &EPD_DUPLICATE_OPCODE,
    &EPD_UNKNOWN_OPCODE,
    &EPD_OPERAND_COUNT,
    &EPD_INTEGER_OPERAND,
    &EPD_STRING_OPERAND,
    &EPD_ILLEGAL_MOVE,
    &EPD_AMBIGUOUS_MOVE,
    &EPD_NON_CANONICAL_SAN,
    &EPD_COMMENT_LINE,
    &EPD_EMPTY_OPERATION,
    &EPD_PV_MISMATCH,
    &EPD_DRAW_NEEDS_SM,
];
