//! Property tests: no input makes the EPD parser or checks panic, and the tree always prints
//! back the input.

use crate::epdpbi_support;

use epdpbi_support::mutate;
use kibitzer_syntax::Lang;
use proptest::prelude::*;

const SEED: &str = "r3k2r/pP6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1\n\
4k3/8/8/8/8/8/8/4K3 w - - bm Kd1 Kf1; id \"a\\\"b\"; ce 10; pv Kd1 Kd7; c0 \"x\";\r\n\
% comment\n1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - hmvc 0;\r";

/// What mutations insert: field and operation syntax, line breaks, non-ASCII.
const MUTATIONS: &str = r#"[ -~\t\r\n"\\;/\[\]+#%é]"#;

fn assert_sound(text: &str) {
    epdpbi_support::assert_sound(Lang::Epd, text);
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
    fn mutations_of_real_records_are_lossless(text in mutate::replace_span(SEED, MUTATIONS)) {
        assert_sound(&text);
    }

    #[test]
    fn truncations_are_lossless(text in mutate::truncate(SEED)) {
        assert_sound(&text);
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
