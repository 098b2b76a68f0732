//! The FEN rules (PGN standard section 16.1): FEN0xx rules concern a position record — the six
//! FEN fields, or the first four of an EPD record — wherever it is written: an EPD or FEN file,
//! the PGN `FEN` tag, a PBI position's castling and en passant fields.

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
];
