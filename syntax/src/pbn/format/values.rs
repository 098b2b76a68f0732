//! Tag values in the one spelling of export format (PBN 3.4.9–3.4.14, 3.11); the deal's is a
//! fact of the deal notation, in [`crate::bridge::deal`].

use crate::bridge::cards::Seat;
use crate::bridge::deal::normalise_deal;
use crate::bridge::score::Vulnerability;
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
        // Every spelling PBN 3.4.10 reads, as the scorer reads it.
        "Vulnerable" => Cow::Borrowed(Vulnerability::parse(value).map_or(value, |v| v.as_str())),
        "Deal" => normalise_deal(value, dealer).map_or(Cow::Borrowed(value), Cow::Owned),
        _ => Cow::Borrowed(value),
    }
}
