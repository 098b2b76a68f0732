//! Property tests: no input makes the PBI parser or checks panic, and the tree always prints
//! back the input.

use crate::epdpbi_support;

use epdpbi_support::mutate;
use kibitzer_syntax::Lang;
use proptest::prelude::*;

const SEED: &str = "\u{FEFF}#PBI 1.2\r\n# comment\nA\\x3aB;C:4k3/8/4K3/8/8/8/8/7S:h#2:1|T|2000|3:|R|1|2;|S||:1|Pr|T|1999:Rh8:!:c\u{85}\
:11111111/8/8/8/8/8/8/k1K4R:#1:::::\u{2028}x\\q:y";

fn assert_sound(text: &str) {
    epdpbi_support::assert_sound(Lang::Pbi, text);
}

/// What mutations insert: field syntax, every line break, a BOM, non-ASCII.
const MUTATIONS: &str = "[ -~\r\n\u{85}\u{2028}\u{FEFF}:|;\\\\xé]";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_text_is_lossless(text in "\\PC{0,200}") {
        assert_sound(&text);
    }

    #[test]
    fn pbi_alphabet_is_lossless(text in "[#PBI 1.2KQRBSNPkqrbsnp1-8/:|;\\\\x0-9a-f\r\n\u{85}\u{2028}\u{FEFF}]{0,300}") {
        assert_sound(&text);
    }

    #[test]
    fn mutations_are_lossless(text in mutate::replace_span(SEED, MUTATIONS)) {
        assert_sound(&text);
    }

    #[test]
    fn truncations_are_lossless(text in mutate::truncate(SEED)) {
        assert_sound(&text);
    }
}

#[test]
fn long_inputs_are_handled_in_linear_time() {
    // Not a timing assertion: quadratic work would make these take minutes.
    let many_lines = format!("\u{FEFF}#PBI 1.2\n{}", "A:4k3/8/4K3/8/8/8/8/7R:#2::::::\n".repeat(20_000));
    assert_sound(&many_lines);
    let long_line = format!("\u{FEFF}#PBI 1.2\n{}\n", "a;|:\\x3a\\q".repeat(20_000));
    assert_sound(&long_line);
}
