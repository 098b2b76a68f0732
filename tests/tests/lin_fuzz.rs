//! Property tests of LIN: no input makes the lexer, parser, check, formatter or the conversion
//! to PBN and back panic; the tree prints back the input byte for byte; formatting is
//! idempotent and the same in small windows; LIN → PBN → LIN is a fixed point after one pass.
//! The oracles are the fuzz targets' own (`kibitzer_fuzz::run("every-lin", …)`, fuzz/src/lib.rs),
//! here on random text, on text of LIN's alphabet and pairs, and on mutations and truncations
//! of real-shaped boards, and on long inputs.

use crate::epdpbi_support;

use epdpbi_support::mutate;
use proptest::prelude::*;

/// A hand record (a board a line) and a vugraph file (`qx` boards over several lines), with
/// alerts, explanations, a claim, a ten written `10`, an unknown pair and CR LF line ends.
const SEED: &str = "pn|Ann,Bo Ek,Cy,Di|st||md|3S2345H2345D2345C2,S6789H6789D6789C3,STJQKHTJQKDTJQKC4,|sv|o|ah|Board 1|\
mb|1N!|an|15-17|mb|p|mb|3N|mb|p|mb|p|mb|p|pg||pc|C5|pc|C2|pc|C3|pc|C4|pg||mc|9|pg||\r\n\
\r\n\
vg|Final,1,I,1,2,Red,0,Blue,0|pn|a,b,c,d,e,f,g,h|rs|3NN=,4SE-1|\n\
qx|o1|md|1SAKQJ,SH10D2,,|sv|b|zz|1|mb|p|mb|1S|mb|d|mb|r|pg||\n\
pc|s3|pc|SA|nt|well played|pg||\n\
qx|c1|md|2|mb|7nt|\n";

fn assert_sound(text: &str) {
    kibitzer_fuzz::run("every-lin", text.as_bytes());
}

/// What mutations insert: LIN's delimiters, letters of pair names and values, line ends, a BOM,
/// non-ASCII.
const MUTATIONS: &str = "[ -~\r\n\u{FEFF}|,!é]";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_text_is_sound(text in "\\PC{0,200}") {
        assert_sound(&text);
    }

    #[test]
    fn lin_alphabet_is_sound(text in "[pnmdsvbacgqxhoSHDCAKQJT0-9|,!\r\n ]{0,300}") {
        assert_sound(&text);
    }

    #[test]
    fn runs_of_pairs_are_sound(
        text in "((pn|md|sv|mb|an|pc|mc|pg|qx|ah|PN|zz)\\|[SHDCAKQJT1-9pdr!,onbe ]{0,10}\\|?(\r\n|\n|\r)?){0,40}"
    ) {
        assert_sound(&text);
    }

    #[test]
    fn mutations_are_sound(text in mutate::replace_span(SEED, MUTATIONS)) {
        assert_sound(&text);
    }

    #[test]
    fn truncations_are_sound(text in mutate::truncate(SEED)) {
        assert_sound(&text);
    }
}

#[test]
fn the_seed_is_sound() {
    assert_sound(SEED);
}

#[test]
fn long_inputs_are_handled() {
    // Not a timing assertion. Sizes are modest: the suite runs in a debug build, where the
    // oracles (check twice, fmt three times, conversion both ways) cost about a second for all
    // of these; whether the work is linear is bench/lin-scaling.sh's question (it was not: a
    // board's diagnostics were each mapped back to LIN by a walk over all its pieces, LIN108
    // looked at every diagnostic of the file for each board, PBN's notes were compared pairwise).
    let board = SEED.lines().next().unwrap();
    assert_sound(&format!("{board}\n").repeat(1_000));
    // One board with many calls, cards and explanations, all of them wrong.
    assert_sound(&format!("md|3SA,,,|{}\n", "mb|1C!|an|x|mb|1C|pc|S2|pc|zz|".repeat(1_000)));
    // Many players, many boards without a deal, a vugraph file of many boards.
    assert_sound(&format!("pn|{}|\n", "Ann,".repeat(20_000)));
    assert_sound(&"mb|p|\n".repeat(5_000));
    assert_sound(&format!("pn|a,b,c,d,e,f,g,h|\n{}", "qx|o1|md|3SA,,,|mb|p|pg||\n".repeat(1_000)));
    // Bars alone, an unclosed pair.
    assert_sound(&"|".repeat(20_000));
    assert_sound(&format!("md|{}", "S".repeat(20_000)));
}
