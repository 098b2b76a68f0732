//! Property tests: no input makes the EPD parser or checks panic, and the tree always prints
//! back the input.

mod epdpbi_support;

use kibitzer_syntax::{check, reprint, units, CheckOptions, Lang};
use proptest::prelude::*;

const SEED: &str = "r3k2r/pP6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1\n\
4k3/8/8/8/8/8/8/4K3 w - - bm Kd1 Kf1; id \"a\\\"b\"; ce 10; pv Kd1 Kd7; c0 \"x\";\r\n\
% comment\n1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - hmvc 0;\r";

fn assert_sound(text: &str) {
    assert_eq!(reprint(Lang::Epd, text), text);
    let covered: u32 = units(Lang::Epd, text).iter().map(|u| u32::from(u.len())).sum();
    assert_eq!(covered as usize, text.len());
    for d in check(Lang::Epd, text, &CheckOptions::default()) {
        assert!(usize::from(d.range.end()) <= text.len());
        assert!(text.is_char_boundary(d.range.start().into()) && text.is_char_boundary(d.range.end().into()));
    }
}

/// A mutation of the seed: a byte range replaced by arbitrary characters.
fn mutated() -> impl Strategy<Value = String> {
    (0..SEED.len(), 0..8usize, "[ -~\t\r\n\"\\\\;/\\[\\]+#%é]{0,8}").prop_map(|(at, len, insert)| {
        let mut at = at;
        while !SEED.is_char_boundary(at) {
            at -= 1;
        }
        let mut end = (at + len).min(SEED.len());
        while !SEED.is_char_boundary(end) {
            end -= 1;
        }
        format!("{}{}{}", &SEED[..at], insert, &SEED[end..])
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_text_is_lossless(text in "\\PC{0,200}") {
        assert_sound(&text);
    }

    #[test]
    fn epd_alphabet_is_lossless(text in "[KQRBNPkqrbnp1-8/wb \\-a-h0-9;\"\\\\\r\nxO+#=]{0,300}") {
        assert_sound(&text);
    }

    #[test]
    fn mutations_of_real_records_are_lossless(text in mutated()) {
        assert_sound(&text);
    }

    #[test]
    fn truncations_are_lossless(cut in 0..SEED.len()) {
        if SEED.is_char_boundary(cut) {
            assert_sound(&SEED[..cut]);
        }
    }
}

#[test]
fn long_lines_are_handled_in_linear_time() {
    // Not a timing assertion: these inputs would take minutes with quadratic work.
    let many_ops = format!("4k3/8/8/8/8/8/8/4K3 w - - {}\n", "bm Kd1 Kd2 Kf1 Kf2 Ke2; ".repeat(2000));
    assert_sound(&many_ops);
    let long_pv = format!("4k3/8/8/8/8/8/8/4K3 w - - pv {};\n", "Kd1 Kd7 Ke1 Ke8 ".repeat(5000));
    assert_sound(&long_pv);
    let ranks = format!("{} w - - 0 1\n", "8/".repeat(50_000));
    assert_sound(&ranks);
}
