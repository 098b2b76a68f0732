//! The PBI rule catalogue (PBI 1.1/1.2, ../shared/specs/pbi-1.2.txt): PBI001-PBI009 file
//! structure, PBI010-PBI019 field contents, PBI020-PBI029 position sanity.

use crate::diagnostic::{declare_rule as rule, Rule};

rule!(
    MISSING_BOM,
    "PBI001",
    "pbi-missing-bom",
    Error,
    "PBI File Format Description",
    "A PBI file starts with the UTF-8 byte-order mark",
    "PBI files are UTF-8 and always include a byte-order mark (EF BB BF). Save the file as \"UTF-8 with BOM\".",
    "#PBI 1.2 (saved as plain UTF-8)",
    "\u{feff}#PBI 1.2"
);
rule!(
    NOT_UTF8,
    "PBI002",
    "pbi-not-utf8",
    Error,
    "PBI File Format Description",
    "A PBI file is encoded in UTF-8",
    "The file is not valid UTF-8 (it was read as ISO-8859-1). Convert it to UTF-8 with a byte-order mark.",
    "Caf\\xE9 (a Latin-1 byte)",
    "Café (UTF-8)"
);
rule!(MARKER, "PBI003", "pbi-marker", Error, "PBI-file-marker",
    "The first line is exactly `#PBI 1.1` or `#PBI 1.2`",
    "The marker identifies the file and its version. Versions are strings: `1.20` and `01.2` are not `1.2`, and `1.0` is obsolete.",
    "#PBI 1.20", "#PBI 1.2");
rule!(COMMENT_PLACEMENT, "PBI004", "pbi-comment-placement", Error, "comment-line",
    "Comment lines appear only directly after the marker",
    "Lines starting with `#` are comments only at the top of the file, after the marker and before the first data line; anywhere else they are not allowed.",
    "#PBI 1.2\nA:8/8/8/8/8/8/8/8:#2::::::\n# late", "#PBI 1.2\n# early\nA:8/8/8/8/8/8/8/8:#2::::::");
rule!(FIELD_COUNT, "PBI005", "pbi-field-count", Error, "data-line",
    "A data line has exactly nine `:`-separated fields",
    "names:position:stipulation:used source:referenced sources:awards:keymove:status:comment. A colon inside a field is written `\\x3a`.",
    "A:8/8/8/8/8/8/8/8:#2", "A:8/8/8/8/8/8/8/8:#2::::::");
rule!(
    BAD_ESCAPE,
    "PBI006",
    "pbi-bad-escape",
    Error,
    "Encoded Characters",
    "`\\` starts an escape `\\x` followed by two hexadecimal digits",
    "The backslash is reserved for encoded characters such as `\\x3a` (`:`); a backslash itself is written `\\x5c`.",
    "A\\B:...",
    "A\\x5cB:..."
);
rule!(
    UNTERMINATED_LINE,
    "PBI007",
    "pbi-unterminated-line",
    Warning,
    "NLF",
    "The last line ends with a line terminator",
    "Characters not followed by a line terminator do not form a PBI line and readers ignore them.",
    "…:comment<end of file>",
    "…:comment<newline>"
);
rule!(
    BLANK_LINE,
    "PBI008",
    "pbi-blank-line",
    Warning,
    "PBIfile",
    "PBI files have no empty lines",
    "Every line after the marker and the comments is a data line; an empty line is not one.",
    "#PBI 1.2\n\nA:…",
    "#PBI 1.2\nA:…"
);
rule!(
    NO_DATA_LINE,
    "PBI009",
    "pbi-no-data-line",
    Error,
    "PBIfile",
    "A PBI file has at least one data line",
    "After the marker and any comment lines the file holds one or more data lines.",
    "#PBI 1.2\n# only comments",
    "#PBI 1.2\nA:8/8/8/8/8/8/8/8:#2::::::"
);
rule!(NAMES, "PBI010", "pbi-names", Warning, "names",
    "Names are separated by single `;` with no empty name",
    "The names field lists authors separated by `;`; an empty name (`;;`, a leading or trailing `;`) is probably a typo.",
    "A. Author;;B. Author:…", "A. Author;B. Author:…");
rule!(POSITION, "PBI011", "pbi-position", Error, "position",
    "The position is a complete Forsyth string with PRSBQK/prsbqk (S for knights)",
    "Eight ranks of eight squares separated by `/`, pieces in English letters with S/s for knights, digits for empty squares (runs such as `11` are allowed). The field may be empty.",
    "4k3/8/8/8/8/8/8/4K1N1", "4k3/8/8/8/8/8/8/4K1S1");
rule!(SOURCE, "PBI012", "pbi-source", Error, "used-source",
    "A source reference is `nr|title|date|page` (or empty)",
    "The used source and each `;`-separated referenced source have four `|`-separated sub-fields, any of which may be empty; a `|` inside one is written `\\x7c`.",
    "…:#2:Chess Monthly 1862:…", "…:#2:|Chess Monthly|1862|:…");
rule!(
    AWARD,
    "PBI013",
    "pbi-award",
    Error,
    "awards",
    "An award is `nr|rank|tourney|date`",
    "Each `;`-separated award has four `|`-separated sub-fields, any of which may be empty.",
    "…:1st Prize:…",
    "…:|1st Prize|Some Tourney|1960:…"
);
rule!(
    RESERVED_FIELD,
    "PBI014",
    "pbi-reserved-field",
    Error,
    "keymove",
    "In version 1.1 the keymove and status fields are empty",
    "Version 1.1 reserves the keymove and status fields for future use; write `#PBI 1.2` to use them.",
    "#PBI 1.1\nA:…:Qh7-b7:!:",
    "#PBI 1.2\nA:…:Qh7-b7:!:"
);
rule!(STATUS, "PBI015", "pbi-status", Warning, "status",
    "The status is empty or one of `!`, `*`, `+`, `$`, `?`",
    "`!` correct, `*` more solutions than the keymove, `+` no solution, `$` shorter solution, `?` something else wrong. Other values are undefined and may be dropped by PBI software.",
    "…:ok:", "…:!:");
rule!(
    KINGS,
    "PBI020",
    "pbi-king-count",
    Error,
    "position",
    "Each side has exactly one king",
    "An orthodox problem has one white and one black king.",
    "8/8/8/8/8/8/8/4K3",
    "4k3/8/8/8/8/8/8/4K3"
);
rule!(
    PAWN_ON_BACK_RANK,
    "PBI021",
    "pbi-pawn-on-back-rank",
    Error,
    "position",
    "No pawn stands on the first or eighth rank",
    "Pawns cannot stand on rank 1 or 8 in an orthodox position.",
    "P3k3/8/8/8/8/8/8/4K3",
    "4k3/P7/8/8/8/8/8/4K3"
);
rule!(OPPONENT_IN_CHECK, "PBI022", "pbi-opponent-in-check", Error, "position",
    "The side not to move is not in check",
    "White moves first unless the stipulation says otherwise (Black in a helpmate `h#n`); the other side cannot already be in check.",
    "4k3/8/8/8/8/8/8/4R1K1:#2", "4k3/8/8/8/8/8/8/4R1K1:h#2");
rule!(TOO_MANY_MEN, "PBI023", "pbi-too-many-men", Warning, "position",
    "More than 16 men or 8 pawns of one colour",
    "A side starts with 16 men and 8 pawns; more cannot arise in a game. Legal for a composer to show, but worth a second look.",
    "…/PPPPPPPP/PPPPPPPP", "…/PPPPPPPP/8");
rule!(TOO_MANY_PROMOTED, "PBI024", "pbi-too-many-promoted", Warning, "position",
    "More promoted pieces than missing pawns",
    "Every queen beyond one, rook or knight beyond two needs a pawn that promoted; here there are not enough missing pawns.",
    "4k3/8/8/8/8/8/PPPPPPPP/QQ2K3", "4k3/8/8/8/8/8/PPPPPPP1/QQ2K3");
rule!(SAME_COLORED_BISHOPS, "PBI025", "pbi-same-colored-bishops", Warning, "position",
    "Two bishops on squares of one colour with no missing pawn",
    "Bishops start on squares of different colours; a second bishop on the same colour must be a promoted pawn, so a pawn must be missing.",
    "4k3/8/8/8/8/8/PPPPPPPP/2B1K1B1", "4k3/8/8/8/8/8/PPPPPPP1/2B1K1B1");

rule!(
    PBI_NOT_TEXT,
    "PBI000",
    "not-a-text-file",
    Error,
    "PBI File Format Description",
    "The file is not text: it holds NUL bytes or mostly control characters",
    "PBI files are UTF-8 text, one problem a line. A file with NUL bytes, or whose start is mostly control characters, is binary saved under a PBI name. It is reported once, at the first binary byte, and is neither checked further nor ever rewritten.",
    "",
    ""
);

pub static ALL: &[&Rule] = &[
    &PBI_NOT_TEXT,
    &MISSING_BOM,
    &NOT_UTF8,
    &MARKER,
    &COMMENT_PLACEMENT,
    &FIELD_COUNT,
    &BAD_ESCAPE,
    &UNTERMINATED_LINE,
    &BLANK_LINE,
    &NO_DATA_LINE,
    &NAMES,
    &POSITION,
    &SOURCE,
    &AWARD,
    &RESERVED_FIELD,
    &STATUS,
    &KINGS,
    &PAWN_ON_BACK_RANK,
    &OPPONENT_IN_CHECK,
    &TOO_MANY_MEN,
    &TOO_MANY_PROMOTED,
    &SAME_COLORED_BISHOPS,
];
