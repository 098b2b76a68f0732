//! The trick picture: the four cards of one trick of a PBN play section on a small table, each in
//! front of its player (North on top), the leader's and the winner's marked.

use super::svg::{Svg, SUITS};

/// One trick. Cards are by seat (N, E, S, W) as PBN writes them (`SA`, `HT`, `-` for none);
/// seats are 0–3 in that order.
#[derive(Debug, Clone, Default)]
pub struct Trick<'a> {
    pub number: usize,
    pub cards: [Option<&'a str>; 4],
    pub leader: Option<usize>,
    pub winner: Option<usize>,
    /// The trump suit's symbol or "NT", when known.
    pub trump: Option<String>,
}

const SIZE: f32 = 240.0;
const CARD_W: f32 = 44.0;
const CARD_H: f32 = 60.0;

/// The trick as SVG: each card a `<g class="card" data-seat="N" data-card="SA">`.
pub fn svg(trick: &Trick<'_>, title: &str) -> String {
    let mut svg = Svg::open(SIZE as u32, SIZE as u32 + 24, 0.85, title);
    svg.rect(0.0, 0.0, SIZE, SIZE + 24.0, r##"fill="#fff""##);
    svg.rect(8.0, 8.0, SIZE - 16.0, SIZE - 16.0, r##"rx="12" fill="#2e7d32" fill-opacity="0.85""##);
    let mid = SIZE / 2.0;
    let places = [
        (mid - CARD_W / 2.0, 18.0),
        (SIZE - 18.0 - CARD_W, mid - CARD_H / 2.0),
        (mid - CARD_W / 2.0, SIZE - 18.0 - CARD_H),
        (18.0, mid - CARD_H / 2.0),
    ];
    for (seat, (x, y)) in places.into_iter().enumerate() {
        let letter = ["N", "E", "S", "W"][seat];
        let Some(card) = trick.cards[seat].filter(|c| c.len() >= 2) else {
            svg.text(
                x + CARD_W / 2.0,
                y + CARD_H / 2.0 + 5.0,
                r##"font-size="14" fill="#fff" text-anchor="middle""##,
                letter,
            );
            continue;
        };
        let suit = "SHDC".find(card[..1].to_ascii_uppercase().as_str());
        let rank = match &card[1..] {
            "T" | "t" => "10".to_owned(),
            r => r.to_ascii_uppercase(),
        };
        let (symbol, colour) = suit.map_or(('?', "#000"), |s| SUITS[s]);
        let border = if trick.winner == Some(seat) {
            r##"stroke="#e6b800" stroke-width="4""##
        } else {
            r##"stroke="#333" stroke-width="1""##
        };
        svg.raw(format_args!(r#"<g class="card" data-seat="{letter}" data-card="{}">"#, super::svg::escape(card)));
        svg.rect(x, y, CARD_W, CARD_H, &format!(r##"rx="5" fill="#fff" {border}"##));
        svg.raw(format_args!(
            r#"<text x="{}" y="{}" font-size="18" text-anchor="middle" fill="{colour}">{}</text><text x="{}" y="{}" font-size="22" text-anchor="middle" fill="{colour}">{symbol}</text>"#,
            x + CARD_W / 2.0,
            y + 24.0,
            super::svg::escape(&rank),
            x + CARD_W / 2.0,
            y + 50.0
        ));
        svg.raw(format_args!("</g>"));
        if trick.leader == Some(seat) {
            svg.text(
                x + CARD_W / 2.0,
                y - 2.0 + if seat == 0 { CARD_H + 14.0 } else { 0.0 },
                r##"font-size="10" fill="#fff" text-anchor="middle" class="leader""##,
                "led",
            );
        }
    }
    let trump = trick.trump.as_deref().map(|t| format!(" · trump {t}")).unwrap_or_default();
    let winner =
        trick.winner.map(|w| format!(" · won by {}", ["North", "East", "South", "West"][w])).unwrap_or_default();
    svg.text(
        mid,
        SIZE + 16.0,
        r#"font-size="13" text-anchor="middle""#,
        &format!("Trick {}{trump}{winner}", trick.number),
    );
    svg.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_cards_the_leader_and_the_winner() {
        let trick = Trick {
            number: 3,
            cards: [Some("SA"), Some("S2"), Some("ST"), None],
            leader: Some(0),
            winner: Some(0),
            trump: Some("♥".into()),
        };
        let s = svg(&trick, "trick 3");
        assert_eq!(s.matches(r#"class="card""#).count(), 3);
        assert!(s.contains(r#"data-seat="N" data-card="SA""#), "{s}");
        assert!(s.contains(">10<") && s.contains("Trick 3 · trump ♥ · won by North"), "{s}");
        assert_eq!(s.matches(r#"class="leader""#).count(), 1);
    }
}
