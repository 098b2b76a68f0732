//! The bridge deal picture: the four hands in compass layout (North on top, West left, East
//! right, South below), each with its suits (red hearts and diamonds) and high-card points, and
//! in the middle the dealer, the vulnerability, the contract and the result.

use super::svg::{hcp, Svg, SUITS};

/// One deal as the PBN tags give it. Hands are by seat (N, E, S, W), each its four suit
/// holdings in the order spades, hearts, diamonds, clubs (`None`: the hand is not given).
#[derive(Debug, Clone, Default)]
pub struct Deal<'a> {
    pub hands: [Option<[&'a str; 4]>; 4],
    pub dealer: Option<&'a str>,
    pub vulnerable: Option<&'a str>,
    pub contract: Option<&'a str>,
    pub declarer: Option<&'a str>,
    pub result: Option<&'a str>,
}

const SEATS: [&str; 4] = ["North", "East", "South", "West"];
const WIDTH: f32 = 370.0;
const HEIGHT: f32 = 252.0;
/// The distance between two lines of a hand.
const LINE: f32 = 16.0;

/// The deal as SVG. Each hand's points are a `<text class="hcp">`.
pub fn svg(deal: &Deal<'_>, title: &str) -> String {
    let mut svg = Svg::open(WIDTH as u32, HEIGHT as u32, 0.9, title);
    svg.rect(0.0, 0.0, WIDTH, HEIGHT, r##"fill="#fff""##);
    // Where each hand's block starts: N top centre, E right, S bottom centre, W left.
    let places = [(136.0, 2.0), (250.0, 84.0), (136.0, 168.0), (8.0, 84.0)];
    for (seat, (x, y)) in places.into_iter().enumerate() {
        hand(&mut svg, SEATS[seat], deal.hands[seat], x, y);
    }
    // The table in the middle.
    let (tx, ty, tw, th) = (128.0, 86.0, 112.0, 78.0);
    svg.rect(tx, ty, tw, th, r##"rx="8" fill="#2e7d32" fill-opacity="0.12" stroke="#2e7d32""##);
    let vulnerable = |seat: usize| {
        let v = deal.vulnerable.unwrap_or("").to_ascii_uppercase();
        match v.as_str() {
            "ALL" | "BOTH" => true,
            "NS" => seat.is_multiple_of(2),
            "EW" => seat % 2 == 1,
            _ => false,
        }
    };
    for (seat, (x, y, anchor)) in [
        (tx + tw / 2.0, ty + 14.0, "middle"),
        (tx + tw - 6.0, ty + th / 2.0 + 4.0, "end"),
        (tx + tw / 2.0, ty + th - 6.0, "middle"),
        (tx + 6.0, ty + th / 2.0 + 4.0, "start"),
    ]
    .into_iter()
    .enumerate()
    {
        let letter = &SEATS[seat][..1];
        let is_dealer = deal.dealer.is_some_and(|d| d.eq_ignore_ascii_case(letter));
        let fill = if vulnerable(seat) { "#c8102e" } else { "#333" };
        let weight = if is_dealer { r#" font-weight="bold" text-decoration="underline""# } else { "" };
        svg.text(x, y, &format!(r#"font-size="13" text-anchor="{anchor}" fill="{fill}"{weight}"#), letter);
    }
    let mut lines: Vec<String> = Vec::new();
    if let Some(d) = deal.dealer {
        lines.push(format!("Dealer {d}"));
    }
    if let Some(v) = deal.vulnerable {
        lines.push(format!("Vul {v}"));
    }
    if let Some(c) = deal.contract {
        let by = deal.declarer.map(|d| format!(" {d}")).unwrap_or_default();
        lines.push(format!("{}{by}", pretty_contract(c)));
    }
    if let Some(r) = deal.result {
        lines.push(format!("{r} tricks"));
    }
    for (i, line) in lines.iter().enumerate() {
        let class = if i + 1 == lines.len() && deal.result.is_some() { r#" class="result""# } else { "" };
        svg.text(
            tx + tw / 2.0,
            ty + 25.0 + i as f32 * 12.5,
            &format!(r#"font-size="11" text-anchor="middle"{class}"#),
            line,
        );
    }
    svg.finish()
}

/// `4S` → `4♠`, `3NTX` → `3NT✕`; other text as written.
fn pretty_contract(contract: &str) -> String {
    contract
        .replacen('S', "♠", 1)
        .replacen('H', "♥", 1)
        .replacen('D', "♦", 1)
        .replacen('C', "♣", 1)
        .replace("XX", " ✕✕")
        .replace('X', " ✕")
}

fn hand(svg: &mut Svg, seat: &str, suits: Option<[&str; 4]>, x: f32, y: f32) {
    let Some(suits) = suits else {
        svg.text(x, y + LINE, r##"font-size="13" font-weight="bold""##, seat);
        svg.text(x, y + 2.0 * LINE, r##"font-size="12" fill="#777""##, "(not given)");
        return;
    };
    let points: u32 = suits.iter().map(|s| hcp(s)).sum();
    svg.text(x, y + LINE, r##"font-size="13" font-weight="bold""##, seat);
    svg.raw(format_args!(
        r##"<text x="{}" y="{}" font-size="11" fill="#555" class="hcp" data-seat="{seat}">{points} HCP</text>"##,
        x + 50.0,
        y + LINE
    ));
    for (i, (holding, (symbol, colour))) in suits.iter().zip(SUITS).enumerate() {
        let shown = if holding.is_empty() {
            "—".to_owned()
        } else {
            holding.replace('T', "10").chars().flat_map(|c| [c, ' ']).collect::<String>().replace("1 0", "10")
        };
        svg.raw(format_args!(
            r#"<text x="{x}" y="{}" font-size="14"><tspan fill="{colour}">{symbol}</tspan> {}</text>"#,
            y + (i + 2) as f32 * LINE,
            super::svg::escape(shown.trim_end())
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hands_points_and_the_table() {
        let deal = Deal {
            hands: [
                Some(["AKQJ", "T98", "765", "432"]),
                Some(["T98", "765", "432", "AKQJ"]),
                None,
                Some(["432", "AKQJ", "T98", "765"]),
            ],
            dealer: Some("N"),
            vulnerable: Some("NS"),
            contract: Some("4S"),
            declarer: Some("N"),
            result: Some("10"),
        };
        let s = svg(&deal, "deal");
        assert_eq!(s.matches(r#"class="hcp""#).count(), 3);
        assert!(s.contains(r#"data-seat="North">10 HCP<"#), "{s}");
        assert!(s.contains("A K Q J") && s.contains("10 9 8"), "{s}");
        assert!(s.contains("(not given)") && s.contains("4♠ N") && s.contains("10 tricks"));
        assert!(s.contains(r##"<tspan fill="#c8102e">♥</tspan>"##));
        assert_eq!(pretty_contract("3NTXX"), "3NT ✕✕");
    }
}
