//! The LIN check: the grammar's errors ([`super::parser`]), the values' ([`super::read`]), and
//! the bridge of every board checked by the checks PBN runs: each board is written as a PBN
//! game ([`super::pbn`]) and checked by [`crate::pbn::check`], and each diagnostic is moved
//! back to the LIN value it is about. One implementation of the deal, auction, play and score
//! rules serves both formats; a diagnostic on something the LIN text does not hold (a tag LIN
//! has no pair for) has nowhere to land and is left out.

use super::model::Board;
use super::pbn::{write_game, PbnText};
use crate::config::CheckOptions;
use crate::diagnostic::Diagnostic;

/// Every diagnostic of a LIN text, in no particular order (the engine sorts them).
pub fn check(text: &str) -> Vec<Diagnostic> {
    let (boards, mut out) = super::read::read_text(text);
    for board in &boards {
        check_bridge(board, &mut out);
    }
    out
}

/// The PBN checks of the board, moved onto the LIN text.
fn check_bridge(board: &Board, out: &mut Vec<Diagnostic>) {
    let mut pbn = PbnText::default();
    write_game(board, &mut pbn);
    let diagnostics =
        crate::pbn::check::check_unit(&pbn.text, &Default::default(), &CheckOptions::default()).diagnostics;
    let ranges = pbn.lin_ranges();
    for d in diagnostics {
        let Some(range) = ranges.lin_range(d.range) else { continue };
        // A fix edits the PBN text and related information points into it: neither applies.
        out.push(Diagnostic { range, fix: None, related: Vec::new(), ..d });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(text: &str) -> Vec<(&'static str, String)> {
        let mut found: Vec<_> = check(text).into_iter().map(|d| (d.code, text[d.range].to_owned())).collect();
        found.sort();
        found
    }

    const DEAL: &str = "md|3S2345H2345D2345C2,S6789H6789D6789C3,STJQKHTJQKDTJQKC4,|";

    #[test]
    fn a_clean_board_has_no_diagnostic() {
        let text = format!("pn|S,W,N,E|st||{DEAL}sv|o|ah|Board 1|mb|1N!|an|15-17|mb|p|mb|p|mb|p|pg||pc|C5|pc|C2|pc|C3|pc|C4|pg||mc|7|pg||\n");
        assert_eq!(codes(&text), vec![]);
    }

    #[test]
    fn bridge_errors_land_on_the_lin_values() {
        // North deals and opens 1D; East's 1C is insufficient.
        let text = format!("{DEAL}mb|1D|mb|1C|mb|p|mb|p|mb|p|\n");
        assert_eq!(codes(&text), vec![("PBN303", "1C".to_owned())]);
        let md = "3SA2345H2345D2345,S6789H6789D6789C3,STJQKHTJQKDTJQKC4,SAHADAC56789TJQKA";
        assert_eq!(codes(&format!("md|{md}|\n")), vec![("PBN201", md.to_owned())]);
    }

    #[test]
    fn value_errors_are_lins_own() {
        assert_eq!(codes("md|5SA,,,|"), vec![("LIN101", "5".to_owned())]);
        assert_eq!(codes(&format!("{DEAL}sv|x|")), vec![("LIN102", "x".to_owned())]);
        assert_eq!(codes("zz|1|"), vec![("LIN100", "zz".to_owned())]);
    }
}
