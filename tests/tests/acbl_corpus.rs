//! The decoder over every game file of ../shared/corpus/acbl: each decodes, or fails with an
//! error naming the structure and offset (the two NEGATIVE files must fail); what a decodable
//! file holds that the decoder cannot decode is printed as warnings, not failures. Nothing about
//! the players is printed.

use crate::acbl_common;

use kibitzer_syntax::acbl::{decode, to_json, to_pbn};

#[test]
fn every_corpus_game_file_decodes_or_fails_cleanly() {
    let files = acbl_common::corpus::game_files();
    if files.is_empty() {
        return;
    }
    let (mut decoded_files, mut failed, mut warnings) = (0, 0, 0);
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let bytes = std::fs::read(path).unwrap();
        let negative = name.starts_with("NEGATIVE");
        match decode(&bytes) {
            Ok(decoded) => {
                assert!(!negative, "{name}: a corrupt file decoded without an error");
                decoded_files += 1;
                for w in &decoded.warnings {
                    eprintln!("warning: {name}: {w}");
                    warnings += 1;
                }
                let game = &decoded.game;
                assert!(!game.events.is_empty(), "{name}: no events");
                for event in &game.events {
                    assert!(!event.sections.is_empty(), "{name}: event {} has no section", event.id);
                    for section in &event.sections {
                        assert!(!section.entries.is_empty(), "{name}: section {} has no entries", section.letter);
                        let boards = section.boards.as_ref().expect("pair events have board results");
                        assert_eq!(boards.len(), usize::from(section.nboards), "{name}: section {}", section.letter);
                    }
                }
                let json = to_json(&decoded);
                assert_eq!(json["events"].as_array().unwrap().len(), game.events.len());
                let pbn = to_pbn(&decoded);
                let boards: usize =
                    game.events.iter().flat_map(|e| &e.sections).map(|s| s.boards.as_ref().map_or(0, Vec::len)).sum();
                assert_eq!(pbn.matches("[ScoreTable ").count(), boards, "{name}");
            }
            Err(e) => {
                assert!(negative, "{name}: {e}");
                failed += 1;
                let message = e.to_string();
                assert!(message.contains("Master Table at offset 0x"), "{name}: {message}");
                eprintln!("{name}: fails as it should: {message}");
            }
        }
    }
    eprintln!("{decoded_files} game files decoded ({warnings} warnings), {failed} rejected");
    assert_eq!(failed, 2, "the two NEGATIVE files");
}
