//! Tag values in the one spelling of export format (PBN 3.4.9–3.4.14, 3.11); the deal's is a
//! fact of the deal notation, in [`crate::bridge::deal`].

use crate::bridge::cards::Seat;
use crate::bridge::deal::normalise_deal;
use std::borrow::Cow;

/// Tag values that export format spells one way (PBN 3.4.9–3.4.14, 3.11).
pub(super) fn normalise_value<'a>(name: &str, value: &'a str, dealer: Option<Seat>) -> Cow<'a, str> {
    if value.starts_with('#') {
        return Cow::Borrowed(value); // inherited: kept as written
    }
    // Borrowed unless the spelling changes: every tag of every game passes here.
    let upper = |value: &'a str| match value.bytes().any(|b| b.is_ascii_lowercase()) {
        true => Cow::Owned(value.to_ascii_uppercase()),
        false => Cow::Borrowed(value),
    };
    match name {
        "Dealer" | "Declarer" | "Auction" | "Play" if value.len() == 1 => upper(value),
        "Contract" if !value.eq_ignore_ascii_case("pass") => upper(value),
        "Vulnerable" => Cow::Borrowed(match value.to_ascii_lowercase().as_str() {
            "none" | "love" | "-" => "None",
            "all" | "both" => "All",
            "ns" => "NS",
            "ew" => "EW",
            _ => value,
        }),
        "Deal" => normalise_deal(value, dealer).map_or(Cow::Borrowed(value), Cow::Owned),
        _ => Cow::Borrowed(value),
    }
}
