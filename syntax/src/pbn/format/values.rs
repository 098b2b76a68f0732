//! Tag values in the one spelling of export format (PBN 3.4.9–3.4.14, 3.11); the deal's is a
//! fact of the deal notation, in [`crate::bridge::deal`].

use crate::bridge::cards::Seat;
use crate::bridge::deal::normalise_deal;

/// Tag values that export format spells one way (PBN 3.4.9–3.4.14, 3.11).
pub(super) fn normalise_value(name: &str, value: &str, dealer: Option<Seat>) -> String {
    if value.starts_with('#') {
        return value.to_owned(); // inherited: kept as written
    }
    match name {
        "Dealer" | "Declarer" | "Auction" | "Play" if value.len() == 1 => value.to_ascii_uppercase(),
        "Contract" if !value.eq_ignore_ascii_case("pass") => value.to_ascii_uppercase(),
        "Vulnerable" => match value.to_ascii_lowercase().as_str() {
            "none" | "love" | "-" => "None".into(),
            "all" | "both" => "All".into(),
            "ns" => "NS".into(),
            "ew" => "EW".into(),
            _ => value.to_owned(),
        },
        "Deal" => normalise_deal(value, dealer).unwrap_or_else(|| value.to_owned()),
        _ => value.to_owned(),
    }
}
