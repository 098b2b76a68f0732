//! PGC round trips on every PGN file of the shared corpus: each game PGC can hold (no syntax
//! error, no illegal or null move, strings of at most 255 bytes) is encoded, decoded and
//! compared with the game read from the PGN (tags in order, canonical SAN, NAGs, variations,
//! escape lines), and written back as PGN that reads as the same game. Skips with a message
//! without the corpus.

use kibitzer_syntax::pgc::{decode, encode_game, from_pgn, to_pgn};
use kibitzer_syntax::text::decode as decode_text;

#[test]
fn every_corpus_game_round_trips_through_pgc() {
    let Some(dir) = kibitzer_tests::corpus("pgn") else {
        eprintln!("skipped: no shared corpus");
        return;
    };
    let files = kibitzer_tests::files_under(&dir, |p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("pgn")));
    let (mut games, mut encoded, mut variations, mut nags) = (0, 0, 0, 0);
    for file in &files {
        let text = decode_text(&std::fs::read(file).unwrap()).text;
        let read = from_pgn(&text);
        let mut bytes = Vec::new();
        let mut originals = Vec::new();
        for game in read.games {
            games += 1;
            let Ok(game) = game.game else { continue };
            let Ok(one) = encode_game(&game) else { continue };
            encoded += 1;
            variations += game.moves.iter().filter(|i| matches!(i, kibitzer_syntax::pgc::Item::Variation(_))).count();
            nags += game.moves.iter().filter(|i| matches!(i, kibitzer_syntax::pgc::Item::Nag(_))).count();
            bytes.extend(one);
            originals.push(game);
        }
        let (decoded, error) = decode(&bytes);
        assert_eq!(error, None, "{}", file.display());
        let decoded: Vec<_> = decoded.into_iter().map(|d| d.game).collect();
        assert_eq!(decoded.len(), originals.len(), "{}", file.display());
        for (i, (got, want)) in decoded.iter().zip(&originals).enumerate() {
            assert_eq!(got, want, "{} game {}", file.display(), i + 1);
        }
        let written = to_pgn(&decoded).text;
        let again: Vec<_> = from_pgn(&written).games.into_iter().map(|g| g.game.unwrap()).collect();
        assert_eq!(again, originals, "{}: PGN written from PGC reads back", file.display());
    }
    eprintln!(
        "{} files, {games} games, {encoded} through PGC ({variations} variations, {nags} NAGs at top level)",
        files.len()
    );
    assert!(encoded * 10 > games * 8, "most corpus games are legal: {encoded} of {games}");
}
