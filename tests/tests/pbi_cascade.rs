//! PBI (issue 19): the position and the stipulation are two sources of who moves first; a
//! position that contradicts its stipulation gives one diagnostic, and an unreadable position
//! gives one diagnostic and no checks of the position after it.

use kibitzer_syntax::{check, CheckOptions, Lang};

fn codes(data_line: &str) -> Vec<&'static str> {
    let text = format!("\u{feff}#PBI 1.1\n{data_line}\n");
    check(Lang::Pbi, &text, &CheckOptions::default()).iter().map(|d| d.code).collect()
}

#[test]
fn the_stipulation_decides_who_moves_first() {
    // Black king on e8 in check from the rook on e1: legal when Black moves first (helpmate).
    assert_eq!(codes("A. Composer:4k3/8/8/8/8/8/8/K3R3:h#2:1|Imaginary Review|1899|1:::::"), Vec::<&str>::new());
    // …but not when White moves first (direct mate): one diagnostic.
    assert_eq!(codes("A. Composer:4k3/8/8/8/8/8/8/K3R3:#2:1|Imaginary Review|1899|1:::::"), ["PBI022"]);
    // White king on e6 in check from a black rook: legal in a direct mate, not in a helpmate.
    assert_eq!(codes("A. Composer:k7/8/4K3/8/8/8/8/4r3:#2:1|Imaginary Review|1899|1:::::"), Vec::<&str>::new());
    assert_eq!(codes("A. Composer:k7/8/4K3/8/8/8/8/4r3:h#2:1|Imaginary Review|1899|1:::::"), ["PBI022"]);
}

#[test]
fn an_unreadable_position_is_one_diagnostic() {
    assert_eq!(codes("A. Composer:4k3/8/4K3/8/8/8/8/4X3:#2:1|Imaginary Review|1899|1:::::"), ["PBI011"]);
    assert_eq!(codes("A. Composer:4k3/8/4K3/8/8/8:#2:1|Imaginary Review|1899|1:::::"), ["PBI011"]);
}
