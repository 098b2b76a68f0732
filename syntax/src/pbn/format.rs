//! Export format of this language: not written yet (waits for the parser), so every unit is
//! kept exactly as written.

use crate::format::{Before, Declined, FormatOptions, UnitFormatter};

pub(crate) struct Formatter;

impl Formatter {
    pub(crate) fn new(_text: &str, _options: &FormatOptions) -> Formatter {
        Formatter
    }
}

impl UnitFormatter for Formatter {
    fn unit(&mut self, unit: &str) -> Result<String, Declined> {
        Ok(unit.to_owned())
    }

    fn gap(&mut self, gap: &str, _after: Before) -> String {
        gap.to_owned()
    }
}
