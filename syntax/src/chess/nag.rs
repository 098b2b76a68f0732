//! Numeric annotation glyphs of chess (PGN 10): what `$1`…`$139` mean, the extensions programs
//! use above them, and the six suffix annotations (`!`, `?`, `!!`, `??`, `!?`, `?!`) that stand for
//! NAGs 1–6 (PGN 8.2.3.8).

const PGN_NAGS: &str = include_str!("data/nag-pgn.tsv");
const PGN_NAG_EXTENSIONS: &str = include_str!("data/nag-pgn-extensions.tsv");

/// The meaning of PGN NAG `n`: the standard's (0–139), else a widely used extension, with a
/// note that it is not standard.
pub fn meaning(n: u32) -> Option<String> {
    let find = |table: &'static str| {
        table
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| l.split('\t').collect::<Vec<_>>())
            .find(|f| f.first().and_then(|v| v.parse::<u32>().ok()) == Some(n))
    };
    if let Some(f) = find(PGN_NAGS) {
        return Some(format!("**${n}**: {} *(PGN 10)*", f.get(1).copied().unwrap_or("")));
    }
    let f = find(PGN_NAG_EXTENSIONS)?;
    let symbol = f.get(2).filter(|s| !s.is_empty()).map(|s| format!(" ({s})")).unwrap_or_default();
    Some(format!(
        "**${n}**: {}{symbol}\n\nNot in the PGN standard (which reserves 140–255); used by {}",
        f.get(1).copied().unwrap_or(""),
        f.get(3).copied().unwrap_or("some programs")
    ))
}

/// The NAG a suffix annotation stands for (PGN 8.2.3.8): `!` is 1 … `?!` is 6.
pub fn of_suffix(suffix: &str) -> Option<u8> {
    Some(match suffix {
        "!" => 1,
        "?" => 2,
        "!!" => 3,
        "??" => 4,
        "!?" => 5,
        "?!" => 6,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suffixes_are_nags_one_to_six() {
        let all: Vec<_> = ["!", "?", "!!", "??", "!?", "?!"].iter().map(|s| of_suffix(s)).collect();
        assert_eq!(all, [1, 2, 3, 4, 5, 6].map(Some));
        assert_eq!(of_suffix("!!!"), None);
        assert!(meaning(3).unwrap().contains("brilliant") || meaning(3).unwrap().contains("very good"));
    }
}
