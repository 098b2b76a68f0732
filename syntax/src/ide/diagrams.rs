//! Diagrams for hover: chess positions from FEN/EPD/PBI Forsyth fields, bridge deals from a
//! PBN `Deal` value; as text, or as the SVG pictures of [`super::picture`] for clients that show
//! images.

use super::picture::board::{self, Grid, Marks};
use super::picture::{self, hand};

/// An 8×8 text diagram, rank 8 on top.
pub(super) fn grid_text(grid: &Grid) -> String {
    let mut out = String::new();
    for rank in (0..8).rev() {
        let row: Vec<String> = grid[rank].iter().map(|p| p.unwrap_or('.').to_string()).collect();
        out.push_str(&format!("{} {}\n", rank + 1, row.join(" ")));
    }
    out.push_str("  a b c d e f g h\n");
    out
}

/// A position for hover: the board picture (with `marks`) as a Markdown image when the client
/// shows images, else the text diagram in a code block.
pub fn board_markdown(grid: &Grid, marks: &Marks, title: &str, pictures: bool) -> String {
    if pictures {
        // A paragraph of its own: the text after it starts below the picture.
        format!("{}\n\n", picture::markdown_image(title, &board::svg(grid, marks, title)))
    } else {
        format!("```\n{}```\n", grid_text(grid))
    }
}

/// Hover for a FEN record or an EPD line: the diagram, who moves, castling, en passant.
pub fn fen_markdown(record: &str, pictures: bool) -> Option<String> {
    let mut fields = record.split_whitespace();
    let grid = board::grid(fields.next()?, false)?;
    let mut md = board_markdown(&grid, &Marks::default(), "position", pictures);
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

/// The tags around a PBN `Deal` that its picture shows.
#[derive(Debug, Clone, Copy, Default)]
pub struct DealTags<'a> {
    pub dealer: Option<&'a str>,
    pub vulnerable: Option<&'a str>,
    pub contract: Option<&'a str>,
    pub declarer: Option<&'a str>,
    pub result: Option<&'a str>,
}

/// The hands of a PBN `Deal` value (`N:hand hand hand hand`, PBN 3.4.11) by seat N, E, S, W,
/// each its four suits (`None` for a `-` hand); `None` when the value is not a deal.
fn deal_hands(value: &str) -> Option<[Option<[&str; 4]>; 4]> {
    let (first, hands) = value.split_once(':')?;
    let first = "NESW".find(first.trim().to_ascii_uppercase().as_str()).filter(|_| first.trim().len() == 1)?;
    let hands: Vec<&str> = hands.split_whitespace().collect();
    if hands.len() != 4 {
        return None;
    }
    // hands[k] belongs to direction (first + k) % 4, in N E S W order.
    let mut by_dir: [Option<[&str; 4]>; 4] = Default::default();
    for (k, hand) in hands.iter().enumerate() {
        let suits: Vec<&str> = hand.split('.').collect();
        by_dir[(first + k) % 4] = if *hand == "-" { None } else { Some(<[&str; 4]>::try_from(suits).ok()?) };
    }
    Some(by_dir)
}

/// Hover for a PBN `Deal` value: the deal picture for clients that show images, else a compass
/// diagram in text with each hand's high-card points and suit lengths.
pub fn deal_markdown(value: &str, tags: DealTags<'_>, pictures: bool) -> Option<String> {
    let by_dir = deal_hands(value)?;
    if pictures {
        let deal = hand::Deal {
            hands: by_dir,
            dealer: tags.dealer,
            vulnerable: tags.vulnerable,
            contract: tags.contract,
            declarer: tags.declarer,
            result: tags.result,
        };
        return Some(picture::markdown_image("deal", &hand::svg(&deal, "deal")));
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
                let hcp: u32 = suits.iter().map(|s| picture::hcp(s)).sum();
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_deals_and_records_have_diagrams() {
        let diagram = |p: &str, pbi: bool| board::grid(p, pbi).map(|g| grid_text(&g));
        let d = diagram("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR", false).unwrap();
        assert!(d.starts_with("8 r n b q k b n r\n"), "{d}");
        assert!(d.contains("4 . . . . P . . .\n"));
        assert!(diagram("8/8/8", false).is_none());
        assert!(diagram("8/8/8/8/8/8/8/S6k", true).unwrap().contains("1 N"));
        let md = fen_markdown("8/8/8/8/8/8/8/K6k w - - 0 1", false).unwrap();
        assert!(md.contains("White to move; castling: none"), "{md}");
        let deal = deal_markdown(
            "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
            DealTags::default(),
            false,
        )
        .unwrap();
        assert!(deal.contains("♠ AKQJ"), "{deal}");
        assert!(deal.contains("10 HCP, 4-3-3-3"), "{deal}");
        assert!(deal_markdown("N:AKQ - - -", DealTags::default(), false).is_none());
        assert!(deal_markdown("W:- - - -", DealTags::default(), false).unwrap().contains("(unknown)"));
        let picture = fen_markdown("8/8/8/8/8/8/8/K6k w - - 0 1", true).unwrap();
        assert!(picture.starts_with("![position](data:image/svg+xml;base64,"), "{picture}");
    }
}
