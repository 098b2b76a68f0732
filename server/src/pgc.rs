//! PGC files (PGN standard §20) on the command line: `convert FILE.pgn --to pgc`,
//! `convert FILE.pgc --to pgn`, and `check FILE.pgc` (the games decoded to PGN and checked, each
//! diagnostic naming its game and ply).

use kibitzer_syntax::pgc::{self, Game};
use kibitzer_syntax::{Diagnostic, TextRange, TextSize};

/// A PGC file read as PGN: the text, its diagnostics (each message naming game and ply), and
/// a decoding error if the data stops being readable.
pub struct Checked {
    pub text: String,
    pub diagnostics: Vec<Diagnostic>,
}

pub fn check(bytes: &[u8], options: &kibitzer_syntax::CheckOptions) -> Checked {
    let (text, error) = pgc_to_pgn(bytes);
    let mut diagnostics = kibitzer_syntax::check(kibitzer_syntax::Lang::Pgn, &text, options);
    let games = plies(&text);
    for d in &mut diagnostics {
        let at = d.range.start();
        if let Some(g) = games.iter().position(|(range, _)| range.contains(at) || range.end() == at) {
            let plies = &games[g].1;
            match plies.iter().rposition(|&p| p <= at) {
                Some(p) => d.message.push_str(&format!(" (game {}, ply {})", g + 1, p + 1)),
                None => d.message.push_str(&format!(" (game {})", g + 1)),
            }
        }
    }
    if let Some(e) = error {
        let end = TextSize::of(text.as_str());
        diagnostics.push(Diagnostic::new(&pgc::codec::UNREADABLE_PGC, TextRange::empty(end), e));
    }
    Checked { text, diagnostics }
}

/// PGC bytes decoded to PGN text in export format, as `convert --to pgn` writes it, and the error
/// if the data stops being readable. A PGC file holds moves, not text: the layout is kibitzer's,
/// so it is the standard's (checked as written by `to_pgn`, a game's movetext on one line was a
/// line-length error a game that no one had written).
pub fn pgc_to_pgn(bytes: &[u8]) -> (String, Option<String>) {
    let (games, error) = pgc::decode(bytes);
    let games: Vec<Game> = games.into_iter().map(|g| g.game).collect();
    let text = pgc::to_pgn(&games).text;
    let formatted = kibitzer_syntax::format::format(
        kibitzer_syntax::Lang::Pgn,
        &text,
        &kibitzer_syntax::format::FormatOptions::default(),
    );
    (formatted.text, error.map(|e| e.to_string()))
}

/// Each game of decoded PGC text and where each of its plies starts (its move number when one is
/// written, else its move), in the order the moves are written, variations included: the places
/// a diagnostic's game and ply are named from.
fn plies(text: &str) -> Vec<(TextRange, Vec<TextSize>)> {
    use kibitzer_syntax::pgn::{lexer, syntax_kind::SyntaxKind};
    kibitzer_syntax::pgn::units(text)
        .into_iter()
        .map(|range| {
            let mut starts = Vec::new();
            let mut number: Option<TextSize> = None;
            for token in lexer::lex(&text[range]) {
                let at = range.start() + token.range.start();
                match token.kind {
                    SyntaxKind::NUMBER => number = Some(at),
                    SyntaxKind::SAN => starts.push(number.take().unwrap_or(at)),
                    SyntaxKind::DOTS | SyntaxKind::WHITESPACE | SyntaxKind::NEWLINE => {}
                    _ => number = None,
                }
            }
            (range, starts)
        })
        .collect()
}

/// PGN text → PGC bytes. Games that PGC cannot hold (syntax errors, illegal or null moves,
/// strings over 255 bytes) are left out, each with a warning; comments are counted as lost.
pub fn pgn_to_pgc(text: &str, name: &str) -> (Vec<u8>, Vec<String>) {
    let mut out = Vec::new();
    let mut warnings = Vec::new();
    let mut comments = 0;
    for (i, game) in pgc::from_pgn(text).games.into_iter().enumerate() {
        comments += game.lost.comments;
        let encoded = game.game.and_then(|g| pgc::encode_game(&g).map_err(|e| e.to_string()));
        match encoded {
            Ok(bytes) => out.extend(bytes),
            Err(e) => warnings.push(format!("{name}: game {} left out: {e}", i + 1)),
        }
    }
    if comments > 0 {
        warnings.push(format!("{name}: {comments} comment(s) dropped: PGC has no record for comments"));
    }
    (out, warnings)
}
