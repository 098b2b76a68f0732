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
/// The font size of a suit line.
const SUIT_FONT: f32 = 14.0;

/// The deal as SVG. Each hand's points are a `<text class="hcp">`.
pub fn svg(deal: &Deal<'_>, title: &str) -> String {
    let mut svg = Svg::open(WIDTH as u32, HEIGHT as u32, 0.9, title);
    svg.rect(0.0, 0.0, WIDTH, HEIGHT, r##"fill="#fff""##);
    // Where each hand's block starts: N top centre, E right, S bottom centre, W left.
    let places = [(136.0, 2.0), (250.0, 84.0), (136.0, 168.0), (8.0, 84.0)];
    // The table in the middle.
    let (tx, ty, tw, th) = (128.0, 86.0, 112.0, 78.0);
    for (seat, (x, y)) in places.into_iter().enumerate() {
        // How wide a suit line may be: West's up to the table, the others' up to the edge.
        let room = if SEATS[seat] == "West" { tx - x - 6.0 } else { WIDTH - x - 6.0 };
        hand(&mut svg, SEATS[seat], deal.hands[seat], (x, y), room);
    }
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

/// A suit line's width (`♠ A K Q J 10 9`), estimated on the generous side from the glyphs' widths
/// in DejaVu Sans and the like: a suit symbol and its space about 1.1 em, a card or digit at most
/// 0.7 em, a space 0.32 em.
fn suit_line_width(shown: &str) -> f32 {
    let ems: f32 = shown.chars().map(|c| if c == ' ' { 0.32 } else { 0.7 }).sum();
    (1.1 + ems) * SUIT_FONT
}

/// A hand at (x, y), its suit lines at most `room` wide: a long suit (eight cards with the 10 in
/// East or West) is drawn narrower to fit rather than run past the picture's edge or into the
/// table.
fn hand(svg: &mut Svg, seat: &str, suits: Option<[&str; 4]>, (x, y): (f32, f32), room: f32) {
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
        let shown = shown.trim_end();
        let fit = if suit_line_width(shown) > room {
            format!(r#" textLength="{room}" lengthAdjust="spacingAndGlyphs""#)
        } else {
            String::new()
        };
        svg.raw(format_args!(
            r#"<text x="{x}" y="{}" font-size="{SUIT_FONT}"{fit}><tspan fill="{colour}">{symbol}</tspan> {}</text>"#,
            y + (i + 2) as f32 * LINE,
            super::svg::escape(shown)
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
        // Hands of four cards a suit fit as they are.
        assert!(!s.contains("textLength"), "{s}");
    }

    #[test]
    fn a_long_suit_is_drawn_narrower_to_fit_its_room() {
        // East holds ten clubs, West ten spades: drawn at full width they run past the picture's
        // right edge (East, from x 250 of 370) and into the table (West, from x 8, the table at 128).
        let deal = Deal {
            hands: [None, Some(["A", "A", "A", "AKQJT98765"]), None, Some(["KQJT987654", "K", "K", ""])],
            ..Deal::default()
        };
        let s = svg(&deal, "deal");
        let fitted: Vec<&str> = s.split("<text").filter(|t| t.contains("textLength")).collect();
        assert_eq!(fitted.len(), 2, "{s}");
        assert!(fitted[0].contains(r#"x="250""#) && fitted[0].contains(r#"textLength="114""#), "{s}");
        assert!(fitted[1].contains(r#"x="8""#) && fitted[1].contains(r#"textLength="114""#), "{s}");
        assert!(fitted[0].contains("A K Q J 10 9 8 7 6 5") && fitted[1].contains("K Q J 10 9 8 7 6 5 4"), "{s}");
    }
}
