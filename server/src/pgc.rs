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
    let (games, error) = pgc::decode(bytes);
    let games: Vec<Game> = games.into_iter().map(|g| g.game).collect();
    let written = pgc::to_pgn(&games);
    let mut diagnostics = kibitzer_syntax::check(kibitzer_syntax::Lang::Pgn, &written.text, options);
    for d in &mut diagnostics {
        let at = d.range.start();
        if let Some(g) = written.games.iter().position(|(range, _)| range.contains(at) || range.end() == at) {
            let plies = &written.games[g].1;
            let ply = plies.iter().rposition(|&p| p <= at);
            match ply {
                Some(p) if at >= plies[0] => d.message.push_str(&format!(" (game {}, ply {})", g + 1, p + 1)),
                _ => d.message.push_str(&format!(" (game {})", g + 1)),
            }
        }
    }
    if let Some(e) = error {
        let end = TextSize::of(written.text.as_str());
        diagnostics.push(Diagnostic::new(&pgc::codec::UNREADABLE_PGC, TextRange::empty(end), e.to_string()));
    }
    Checked { text: written.text, diagnostics }
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

/// PGC bytes → PGN text in export format; the error if the data stops being readable.
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
