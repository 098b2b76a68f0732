//! The clock command of PGN comments as lichess and chess.com write it, `[%clk h:mm:ss]`
//! (seconds may have a fraction: `[%clk 0:00:09.8]`): the time left on the mover's clock after
//! the move, for the editor's inlay hints. Read by the chess domain's command reader
//! ([`crate::chess::commands`]), the one the check and hover use, so a clock the check calls
//! malformed (PGN240) gives no hint.

use crate::chess::commands::{commands, Value};

/// The clock time, in tenths of a second, of the first well-formed `[%clk …]` command of a
/// comment's text.
pub fn clock_tenths(comment: &str) -> Option<u64> {
    commands(comment).find(|c| c.name == "clk").and_then(|c| match c.value {
        Ok(Value::Time(d)) => Some(d.millis / 100),
        _ => None,
    })
}

/// A duration in tenths of a second as a hint shows it: `7s`, `1:05`, `1:02:03`, `0.4s`.
pub fn duration(tenths: u64) -> String {
    let seconds = tenths / 10;
    match seconds {
        0..=9 if !tenths.is_multiple_of(10) => format!("{}.{}s", seconds, tenths % 10),
        0..=59 => format!("{seconds}s"),
        60..=3599 => format!("{}:{:02}", seconds / 60, seconds % 60),
        _ => format!("{}:{:02}:{:02}", seconds / 3600, seconds / 60 % 60, seconds % 60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_lichess_and_chess_com_clocks() {
        assert_eq!(clock_tenths(" [%clk 0:03:00] "), Some(1800));
        assert_eq!(clock_tenths("[%eval 0.17] [%clk 1:00:05]"), Some(36050));
        assert_eq!(clock_tenths("[%clk 0:00:09.8]"), Some(98));
        // Not h:mm:ss: PGN240 says so, and there is no hint.
        assert_eq!(clock_tenths("[%clk 2:59]"), None);
        assert_eq!(clock_tenths("[%clk x]"), None);
        assert_eq!(clock_tenths("[%clk 0:0.5:00]"), None);
        assert_eq!(clock_tenths("[%clk 0:03:00"), None);
        assert_eq!(clock_tenths("no clock"), None);
        assert_eq!(duration(70), "7s");
        assert_eq!(duration(4), "0.4s");
        assert_eq!(duration(650), "1:05");
        assert_eq!(duration(37230), "1:02:03");
    }
}
