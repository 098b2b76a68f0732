//! The clock command of PGN comments as lichess and chess.com write it, `[%clk h:mm:ss]`
//! (seconds may have a fraction: `[%clk 0:00:09.8]`): the time left on the mover's clock after
//! the move. A minimal reading for the editor's inlay hints; the PGN model's own reading of
//! command comments replaces it when it lands.

/// The clock time, in tenths of a second, of the first `[%clk …]` command of a comment's text.
pub fn clock_tenths(comment: &str) -> Option<u64> {
    let at = comment.find("[%clk")?;
    let rest = comment[at + 5..].trim_start();
    let value = &rest[..rest.find(']')?];
    let fields: Vec<&str> = value.trim().split(':').collect();
    if !(2..=3).contains(&fields.len()) {
        return None;
    }
    let mut total: u64 = 0;
    let mut tenths = 0;
    for (i, field) in fields.iter().enumerate() {
        let (whole, fraction) = field.split_once('.').unwrap_or((field, ""));
        let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if whole.is_empty() || whole.len() > 4 || !digits(whole) {
            return None;
        }
        if field.contains('.') {
            // Only the seconds, the last field, may have a fraction.
            if i + 1 != fields.len() || fraction.is_empty() || !digits(fraction) {
                return None;
            }
            tenths = u64::from(fraction.as_bytes()[0] - b'0');
        }
        total = total * 60 + whole.parse::<u64>().ok()?;
    }
    Some(total * 10 + tenths)
}

/// A duration in tenths of a second as a hint shows it: `7s`, `1:05`, `1:02:03`, `0.4s`.
pub fn duration(tenths: u64) -> String {
    let seconds = tenths / 10;
    match seconds {
        0..=9 if tenths % 10 != 0 => format!("{}.{}s", seconds, tenths % 10),
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
        assert_eq!(clock_tenths("[%clk 2:59]"), Some(1790));
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
