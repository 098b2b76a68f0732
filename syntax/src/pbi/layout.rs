//! The export layout of PBI: where the text differs from what `kibitzer fmt` writes
//! ([`crate::layout`] finds the places, in export mode only), one rule for all of them
//! ([`PBI_LAYOUT`]).

crate::diagnostic::declare_rules! {
    PBI_LAYOUT = "PBI016" "export-layout" Warning Export "PBI 1.2"
        "Text that differs from what `kibitzer fmt` writes"
        "kibitzer's export layout writes one form of each data line (escapes of the reserved characters only, in lower case; runs of empty squares compressed; the file's first line terminator), so that files written by different programs compare byte for byte. A difference from `kibitzer fmt`'s output is reported with the formatter's text as its fix."
        bad: "\u{feff}#PBI 1.2\nA. Composer:4k3/8/4K3/11111111/8/8/8/7R:#2::::::\n", good: "\u{feff}#PBI 1.2\nA. Composer:4k3/8/4K3/8/8/8/8/7R:#2::::::\n";
}
