//! The export layout of PBN (2.3, 3): where the text differs from what `kibitzer fmt` writes
//! ([`crate::layout`] finds the places, in export mode only) and no rule of export format
//! already names the place (PBN801 the layout of a tag pair, PBN806 the line ends, PBN804
//! tabs …), one rule for the rest.

crate::diagnostic::declare_rules! {
    EXPORT_LAYOUT = "PBN808" "export-layout" Warning Export "PBN 2.1"
        "Export format: text that differs from what `kibitzer fmt` writes, for no rule more precise."
        "Export format is strict and prepared under program control; kibitzer's export layout writes one form of each game, so that files written by different programs compare byte for byte. A difference from `kibitzer fmt`'s output that no more precise rule names (the blanks of an auction line, empty lines) is reported here, with the formatter's text as its fix."
        bad: "[Auction \"N\"]\r\n1C  Pass 1H Pass\r\n", good: "[Auction \"N\"]\r\n1C Pass 1H Pass\r\n";
}
