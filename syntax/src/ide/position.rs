//! Text diagrams for hover: chess positions from FEN/EPD/PBI Forsyth fields, bridge deals from a
//! PBN `Deal` value.

/// An 8×8 diagram of a Forsyth piece-placement field (`pbi`: S is a knight, as PBI writes it),
/// rank 8 on top; `None` when the field is not eight ranks of eight squares.
pub fn board_diagram(placement: &str, pbi: bool) -> Option<String> {
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return None;
    }
    let mut out = String::new();
    for (i, rank) in ranks.iter().enumerate() {
        let mut row = String::new();
        let mut files = 0;
        for c in rank.chars() {
            match c {
                '1'..='8' => {
                    let n = c as usize - '0' as usize;
                    files += n;
                    row.push_str(&". ".repeat(n));
                }
                'S' | 's' if pbi => {
                    files += 1;
                    row.push(if c == 'S' { 'N' } else { 'n' });
                    row.push(' ');
                }
                'K' | 'Q' | 'R' | 'B' | 'N' | 'P' | 'k' | 'q' | 'r' | 'b' | 'n' | 'p' => {
                    files += 1;
                    row.push(c);
                    row.push(' ');
                }
                _ => return None,
            }
        }
        if files != 8 {
            return None;
        }
        out.push_str(&format!("{} {}\n", 8 - i, row.trim_end()));
    }
    out.push_str("  a b c d e f g h\n");
    Some(out)
}

/// Hover for a FEN record or an EPD line: the diagram, who moves, castling, en passant.
pub fn fen_markdown(record: &str) -> Option<String> {
    let mut fields = record.split_whitespace();
    let diagram = board_diagram(fields.next()?, false)?;
    let mut md = format!("```\n{diagram}```\n");
    match fields.next() {
        Some("w") => md.push_str("\nWhite to move"),
        Some("b") => md.push_str("\nBlack to move"),
        _ => return Some(md),
    }
    if let Some(castling) = fields.next() {
        let rights: Vec<&str> = castling
            .chars()
            .filter_map(|c| match c {
                'K' => Some("White O-O"),
                'Q' => Some("White O-O-O"),
                'k' => Some("Black O-O"),
                'q' => Some("Black O-O-O"),
                _ => None,
            })
            .collect();
        md.push_str(&format!("; castling: {}", if rights.is_empty() { "none".to_owned() } else { rights.join(", ") }));
    }
    match fields.next() {
        Some("-") | None => {}
        Some(ep) => md.push_str(&format!("; en passant on {ep}")),
    }
    Some(md)
}

pub(super) const SUITS: [char; 4] = ['♠', '♥', '♦', '♣'];

/// Hover for a PBN `Deal` value (`N:hand hand hand hand`, PBN 3.4.11): a compass diagram with
/// each hand's high-card points and suit lengths.
pub fn deal_markdown(value: &str) -> Option<String> {
    let (first, hands) = value.split_once(':')?;
    let first = "NESW".find(first.trim().to_ascii_uppercase().as_str()).filter(|_| first.trim().len() == 1)?;
    let hands: Vec<&str> = hands.split_whitespace().collect();
    if hands.len() != 4 {
        return None;
    }
    // hands[k] belongs to direction (first + k) % 4, in N E S W order.
    let mut by_dir: [Option<Vec<&str>>; 4] = Default::default();
    for (k, hand) in hands.iter().enumerate() {
        let suits: Vec<&str> = hand.split('.').collect();
        by_dir[(first + k) % 4] = if *hand == "-" {
            None
        } else if suits.len() == 4 {
            Some(suits)
        } else {
            return None;
        };
    }
    let lines_of = |dir: usize| -> Vec<String> {
        match &by_dir[dir] {
            None => vec!["(unknown)".to_owned()],
            Some(suits) => {
                let mut l: Vec<String> = suits
                    .iter()
                    .zip(SUITS)
                    .map(|(s, sym)| format!("{sym} {}", if s.is_empty() { "—" } else { s }))
                    .collect();
                let hcp: u32 = suits.iter().flat_map(|s| s.chars()).map(points).sum();
                let lengths: Vec<String> = suits.iter().map(|s| s.len().to_string()).collect();
                l.push(format!("{hcp} HCP, {}", lengths.join("-")));
                l
            }
        }
    };
    let (n, e, s, w) = (lines_of(0), lines_of(1), lines_of(2), lines_of(3));
    let width = w.iter().map(|l| l.chars().count()).max().unwrap_or(0).max(12) + 2;
    let mut out = String::from("```\n");
    for l in &n {
        out.push_str(&format!("{:width$}{l}\n", ""));
    }
    for i in 0..w.len().max(e.len()) {
        let left = w.get(i).map_or("", String::as_str);
        let pad = width * 2 - left.chars().count().min(width * 2);
        out.push_str(&format!("{left}{:pad$}{}\n", "", e.get(i).map_or("", String::as_str)));
    }
    for l in &s {
        out.push_str(&format!("{:width$}{l}\n", ""));
    }
    out.push_str("```\nN on top, E right, S below, W left");
    Some(out)
}

fn points(card: char) -> u32 {
    match card.to_ascii_uppercase() {
        'A' => 4,
        'K' => 3,
        'Q' => 2,
        'J' => 1,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_deals_and_records_have_diagrams() {
        let d = board_diagram("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR", false).unwrap();
        assert!(d.starts_with("8 r n b q k b n r\n"), "{d}");
        assert!(d.contains("4 . . . . P . . .\n"));
        assert!(board_diagram("8/8/8", false).is_none());
        assert!(board_diagram("8/8/8/8/8/8/8/S6k", true).unwrap().contains("1 N"));
        let md = fen_markdown("8/8/8/8/8/8/8/K6k w - - 0 1").unwrap();
        assert!(md.contains("White to move; castling: none"), "{md}");
        let deal = deal_markdown("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765").unwrap();
        assert!(deal.contains("♠ AKQJ"), "{deal}");
        assert!(deal.contains("10 HCP, 4-3-3-3"), "{deal}");
        assert!(deal_markdown("N:AKQ - - -").is_none());
        assert!(deal_markdown("W:- - - -").unwrap().contains("(unknown)"));
    }
}
