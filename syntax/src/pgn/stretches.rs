//! PGN's games for [`crate::stretches`]: games over 1 MiB (PGN008), and a large text read a
//! stretch of whole games at a time.

use crate::stretches::Games;

crate::diagnostic::declare_rules! {
    GAME_TOO_LARGE = "PGN008" "game-too-large" Error Import "PGN 8 (kibitzer's limit; the standard sets none)"
        "A game larger than the 1 MiB of text kibitzer reads as one game"
        "Real games are at most tens of kilobytes, heavily annotated ones a few hundred; reading a game takes 20 to 40 bytes of memory per byte of its text, so kibitzer reads no game longer than 1 MiB (a whole line of games with no line break between them counts as one). Such a game is reported once, at its start, and neither checked nor formatted: `fmt` leaves it as written. It runs to the next `[` that follows an empty line, where the next game most likely starts."
        bad: "", good: "";
}

/// PGN's games, found by the grammar with nothing else recorded. No text after a window changes
/// them: a brace comment left open stops before a line that starts a game.
pub(crate) const GAMES: Games =
    Games { parse: |window, _after| super::parser::parse_units(window), rule: &GAME_TOO_LARGE };

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::parser::parse_units;
    use crate::stretches::{stretches, too_large, too_large_unit, units, Stretch, MAX_GAME_BYTES};
    use crate::text::TextRange;
    use crate::text::TextSize;

    fn games(n: usize) -> String {
        (0..n).map(|i| format!("[Event \"{i}\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 {{ note }} *\n\n")).collect()
    }

    #[test]
    fn stretches_of_ordinary_games_hold_the_games_of_the_whole_text() {
        // Games of every size up to the limit, on their own lines or several on one.
        let mut text = games(30_000);
        text.push_str(&format!("[Event \"big\"]\n\n{}*\n\n", "1. e4 ".repeat(MAX_GAME_BYTES / 6 - 100)));
        text.push_str(&"1. e4 * 1. d4 * ".repeat(1000));
        text.push_str(&games(30_000));
        assert!(text.len() > 3 * MAX_GAME_BYTES);
        let stretches = stretches(&text, &GAMES);
        assert!(stretches.len() > 2);
        let mut end = 0;
        for stretch in &stretches {
            let Stretch::Games(range) = *stretch else { panic!("no game is too large: {stretch:?}") };
            assert_eq!(usize::from(range.start()), end, "in order, without gaps");
            assert!(usize::from(range.len()) <= MAX_GAME_BYTES);
            end = usize::from(range.end());
        }
        assert_eq!(end, text.len());
        assert_eq!(units(&text, &GAMES), parse_units(&text));
    }

    #[test]
    fn a_game_over_the_limit_runs_to_where_the_next_most_likely_starts() {
        for giant in [
            format!("[Event \"giant\"]\n\n{}*\n", "1. e4 ".repeat(MAX_GAME_BYTES / 5)),
            format!("1. e4 {}*\n", "(1. d4 ".repeat(MAX_GAME_BYTES / 6)),
            // A line of small games with no line end between them counts as one.
            format!("{}\n", "1. e4 * ".repeat(MAX_GAME_BYTES / 7)),
        ] {
            let (before, after) = (games(5), games(20_000));
            let text = format!("{before}{giant}\n{after}");
            let start = TextSize::from(before.len() as u32);
            let end = TextSize::from((before.len() + giant.len() + 1) as u32);
            let found = stretches(&text, &GAMES);
            let large: Vec<TextRange> =
                found.iter().filter_map(|s| if let Stretch::TooLarge(r) = s { Some(*r) } else { None }).collect();
            assert_eq!(large.len(), 1);
            assert_eq!(too_large_unit(&text, large[0]), TextRange::new(start, end));
            let d = too_large(&text, large[0], &GAMES);
            assert_eq!(d.range, TextRange::at(start, 1.into()));
            assert!(d.message.contains(&format!("({} bytes)", giant.trim().len())), "{}", d.message);
            // The games before and after are read as in the whole text.
            let units = units(&text, &GAMES);
            let whole: Vec<TextRange> = parse_units(&before)
                .into_iter()
                .chain([TextRange::new(start, end)])
                .chain(parse_units(&after).into_iter().map(|u| u + end))
                .collect();
            assert_eq!(units, whole);
        }
    }
}
