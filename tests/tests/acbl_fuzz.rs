//! Truncated and corrupted game files (synthetic and from the corpus) never make the decoder or
//! the writers panic, and never make them produce output out of proportion to the input.

use crate::acbl_common;

use acbl_common::encoder::{encode, sample_game};
use kibitzer_syntax::acbl::{decode, to_json, to_pbn};
use proptest::prelude::*;

/// Decodes and writes both outputs; checks that the output stays proportional to the input.
fn exercise(bytes: &[u8]) {
    if let Ok(decoded) = decode(bytes) {
        let json = serde_json::to_string(&to_json(&decoded)).unwrap();
        let pbn = to_pbn(&decoded);
        let budget = 100 * bytes.len() + 100_000;
        assert!(json.len() < budget, "JSON of {} bytes from {} input bytes", json.len(), bytes.len());
        assert!(pbn.len() < budget, "PBN of {} bytes from {} input bytes", pbn.len(), bytes.len());
    }
}

fn corpus_sample() -> Option<Vec<u8>> {
    let dir = acbl_common::corpus::corpus_dir()?;
    std::fs::read(dir.join("morrisjones-nap/valencia-bridge-studio__170810.acm")).ok()
}

#[test]
fn every_truncation_of_the_synthetic_file_is_an_error_not_a_panic() {
    let bytes = encode(&sample_game());
    for len in 0..bytes.len() {
        let err = decode(&bytes[..len]).expect_err("a truncated file is an error");
        assert!(err.to_string().contains("Master Table at offset 0x"), "{err}");
    }
}

#[test]
fn truncations_that_keep_a_consistent_length_field_are_decoded_with_warnings() {
    // A file cut short whose length field was patched to match: every pointer past the end
    // must be caught by the structure reads themselves.
    let bytes = encode(&sample_game());
    for len in (0x0a14..bytes.len()).step_by(7) {
        let mut cut = bytes[..len].to_vec();
        cut[6..10].copy_from_slice(&(len as u32).to_le_bytes());
        let decoded = decode(&cut).expect("the master table is intact");
        assert!(!decoded.warnings.is_empty(), "cut at {len}: something must be missing");
        exercise(&cut);
    }
}

#[test]
fn pointers_to_one_structure_many_times_are_reported_not_repeated() {
    // Make every board of section A point at board 1's table.
    let game = sample_game();
    let bytes = encode(&game);
    let good = decode(&bytes).unwrap();
    assert!(good.warnings.is_empty());
    let summary_a = 0x13e;
    let index = u32::from_le_bytes(bytes[summary_a + 8..summary_a + 12].try_into().unwrap()) as usize;
    let mut bad = bytes.clone();
    let first_table = bad[index + 0x26 + 4..index + 0x26 + 8].to_vec();
    bad[index + 0x26 + 8 + 4..index + 0x26 + 8 + 8].copy_from_slice(&first_table);
    let decoded = decode(&bad).unwrap();
    let message = decoded.warnings.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n");
    assert!(message.contains("Board Results Table at offset 0x"), "{message}");
    assert!(message.contains("already decoded"), "{message}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn random_byte_flips_in_a_synthetic_file_never_panic(
        flips in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..16)
    ) {
        let mut bytes = encode(&sample_game());
        for (at, value) in flips {
            let i = at.index(bytes.len());
            bytes[i] = value;
        }
        exercise(&bytes);
    }

    #[test]
    fn random_byte_flips_in_a_corpus_file_never_panic(
        flips in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..16)
    ) {
        let Some(mut bytes) = corpus_sample() else { return Ok(()) };
        for (at, value) in flips {
            let i = at.index(bytes.len());
            bytes[i] = value;
        }
        exercise(&bytes);
    }

    #[test]
    fn flips_in_the_structures_header_fields_never_panic(
        // Length fields and pointers live in the first bytes of each structure: aim at them.
        structure in 0usize..64, rel in 0usize..32, value in any::<u8>()
    ) {
        let mut bytes = encode(&sample_game());
        let at = (0x0a14 + structure * 404 + rel).min(bytes.len() - 1);
        bytes[at] = value;
        exercise(&bytes);
    }

    #[test]
    fn arbitrary_bytes_behind_a_valid_magic_never_panic(tail in proptest::collection::vec(any::<u8>(), 0..4096)) {
        let mut bytes = vec![0x12, 0x0a, 0x03, b'A', b'C', b'3'];
        bytes.extend(tail);
        exercise(&bytes);
    }
}

#[test]
fn a_huge_pair_count_is_bounded_by_the_structures_not_by_the_count() {
    // Section A's Section Details claim 65535 pairs: the seat map runs out of the structure
    // after about a hundred, and the decoder reports that instead of reading on.
    let bytes = encode(&sample_game());
    let summary_a = 0x13e;
    let details = u32::from_le_bytes(bytes[summary_a + 4..summary_a + 8].try_into().unwrap()) as usize;
    let mut bad = bytes.clone();
    bad[details + 0x1b..details + 0x1d].copy_from_slice(&u16::MAX.to_le_bytes());
    let decoded = decode(&bad).unwrap();
    assert_eq!(decoded.game.events[0].sections[0].entries.len(), 4);
    let messages: Vec<String> = decoded.warnings.iter().map(ToString::to_string).collect();
    assert_eq!(messages.len(), 1, "{messages:?}");
    assert!(messages[0].contains("Section Details Structure at offset 0x"), "{messages:?}");
    assert!(messages[0].contains("65535 pairs declared, the seat map has room for 105"), "{messages:?}");
    exercise(&bad);
}
