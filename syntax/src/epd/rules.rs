//! The EPD rules (PGN standard section 16.2): EPD0xx rules concern EPD operations and the
//! layout of EPD/FEN files. The position itself (the four or six FEN fields) is checked by the
//! chess domain's FEN validator, with the FEN0xx rules of [`crate::chess::fen_rules`].

use crate::diagnostic::{declare_rule as rule, Rule};

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

rule!(
    EPD_RECORD_TOO_LARGE,
    "EPD016",
    "epd-record-too-large",
    Error,
    "PGN 16.2 (kibitzer's limit; the standard sets none)",
    "A line larger than the 1 MiB kibitzer reads as one EPD record",
    "An EPD record is a position and a few operations: hundreds of bytes. Reading one takes tens of bytes of memory per byte of it, so kibitzer reads no line longer than 1 MiB (an accident, or an attack): it is reported once and neither checked nor formatted.",
    "",
    ""
);

rule!(
    EPD_NOT_TEXT,
    "EPD000",
    "not-a-text-file",
    Error,
    "PGN 4.1, 16.2",
    "The file is not text: it holds NUL bytes or mostly control characters",
    "EPD and FEN files are text, one record a line. A file with NUL bytes, or whose start is mostly control characters, is binary — an opening book, an archive — saved under an EPD or FEN name. It is reported once, at the first binary byte, and is neither checked further nor ever rewritten.",
    "",
    ""
);

pub static ALL: &[&Rule] = &[
    &EPD_NOT_TEXT,
    &EPD_RECORD_TOO_LARGE,
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
