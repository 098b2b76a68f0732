//! PBN auctions and play in the editor: hover says who made a call or played a card (round,
//! trick, leader, winner, trump); completion offers the legal calls and the legal cards at the
//! cursor. Both step the check's own models ([`crate::pbn::check::auction::Bidding`],
//! [`crate::pbn::check::play::replay`]) so that the editor and `kibitzer check` agree.

use super::types::{Completion, CompletionKind, HoverInfo};
use crate::pbn::check::{auction, facts_of, play};
use crate::pbn::model::{Card, Game, Suit};
use crate::pbn::syntax_kind::{SyntaxKind, SyntaxNode};
use crate::text::{TextRange, TextSize};

/// Which section of a game holds an offset.
enum Section {
    Auction,
    Play,
}

/// The game at `offset` and the section (Auction or Play) the offset is in: after the
/// section's tag and before the next tag.
fn section_at<'t>(root: &SyntaxNode, text: &'t str, offset: TextSize) -> Option<(Game<'t>, Section)> {
    let node = root.children().find(|n| n.kind() == SyntaxKind::GAME && n.text_range().contains_inclusive(offset))?;
    let game = Game::from_node(&node, text);
    // Inside a tag pair (`[Play "S"|]`) is not inside the section before it.
    if game.tags.iter().any(|t| t.range.start() < offset && offset < t.range.end()) {
        return None;
    }
    let tag = game.tags.iter().rev().find(|t| t.range.end() <= offset)?;
    let section = match tag.name {
        "Auction" => Section::Auction,
        "Play" => Section::Play,
        _ => return None,
    };
    // Inside a comment or a note reference of the section: not a call or a card.
    let inside = tag.section.iter().find(|t| t.range.start() < offset && offset < t.range.end());
    let in_annotation = |k: SyntaxKind| {
        matches!(
            k,
            SyntaxKind::BRACE_COMMENT
                | SyntaxKind::UNTERMINATED_COMMENT
                | SyntaxKind::LINE_COMMENT
                | SyntaxKind::ESCAPE_LINE
                | SyntaxKind::NOTE_REF
                | SyntaxKind::STRING
        )
    };
    if inside.is_some_and(|t| in_annotation(t.kind)) {
        return None;
    }
    Some((game, section))
}

/// Hover over a call of the Auction section or a card of the Play section.
pub fn hover(text: &str, offset: TextSize, pictures: bool) -> Option<HoverInfo> {
    let root = crate::pbn::parse(text).syntax();
    let (game, section) = section_at(&root, text, offset)?;
    let facts = facts_of(&game);
    match section {
        Section::Auction => {
            let (_, call) = auction::replay_to(&game, &facts, offset)?;
            let call = call?;
            let meaning = call_meaning(&call.text)?;
            let markdown = format!(
                "**{}**: {}'s call in round {} — {meaning} *(PBN 3.5)*",
                call.text,
                call.seat.name(),
                call.round
            );
            Some(HoverInfo { range: call.range, markdown })
        }
        Section::Play => {
            let at = play::replay_to(&game, &facts, offset, true)?;
            let card = at.item?;
            let parsed = Card::parse(&card.text)?;
            let trick = at.replay.tricks.get(card.trick - 1).copied();
            let mut md = format!(
                "**{}** ({}): trick {}, played by {}",
                card.text,
                card_name(parsed),
                card.trick,
                card.seat.name()
            );
            match trick.and_then(|t| t.leader) {
                Some(l) if l == card.seat => md.push_str(", who led"),
                Some(l) => md.push_str(&format!("; {} led", l.name())),
                None => {}
            }
            match trick.and_then(|t| t.winner) {
                Some(w) => md.push_str(&format!("; won by {}", w.name())),
                None => md.push_str("; the trick's winner is not known"),
            }
            let trump = match at.replay.trump {
                Some(Some(s)) => format!("{} {}", suit_symbol(s), suit_name(s)),
                Some(None) => "none (no trump)".to_owned(),
                None => "unknown".to_owned(),
            };
            md.push_str(&format!(". Trump: {trump} *(PBN 3.6)*"));
            if pictures {
                let picture = super::picture::trick::Trick {
                    number: card.trick,
                    cards: std::array::from_fn(|seat| at.trick_cards[seat].as_deref().filter(|c| *c != "-")),
                    leader: trick.and_then(|t| t.leader).map(|s| s.index()),
                    winner: trick.and_then(|t| t.winner).map(|s| s.index()),
                    trump: match at.replay.trump {
                        Some(Some(s)) => Some(suit_symbol(s).to_string()),
                        Some(None) => Some("NT".to_owned()),
                        None => None,
                    },
                };
                let title = format!("trick {}", card.trick);
                let svg = super::picture::trick::svg(&picture, &title);
                md.push_str(&format!("\n\n{}", super::picture::markdown_image(&title, &svg)));
            }
            Some(HoverInfo { range: card.range, markdown: md })
        }
    }
}

/// Legal calls after the auction so far, or legal cards for the player whose turn it is.
pub fn completions(text: &str, offset: TextSize) -> Vec<Completion> {
    let root = crate::pbn::parse(text).syntax();
    let Some((game, section)) = section_at(&root, text, offset) else { return Vec::new() };
    let facts = facts_of(&game);
    match section {
        Section::Auction => {
            let Some((bidding, typed)) = auction::replay_to(&game, &facts, offset) else { return Vec::new() };
            let replace = typed.map_or(TextRange::empty(offset), |c| TextRange::new(c.range.start(), offset));
            let prefix = text[replace].to_ascii_uppercase();
            let seat = bidding.seat.name();
            bidding
                .legal_calls()
                .into_iter()
                .filter(|c| c.to_ascii_uppercase().starts_with(&prefix))
                .filter_map(|call| {
                    Some(Completion {
                        detail: Some(format!("{seat}: {}", call_meaning(&call)?)),
                        documentation: None,
                        kind: CompletionKind::Call,
                        replace,
                        insert: call.clone(),
                        label: call,
                    })
                })
                .collect()
        }
        Section::Play => {
            let Some(at) = play::replay_to(&game, &facts, offset, false) else { return Vec::new() };
            if at.replay.closed || at.replay.lost_track {
                return Vec::new();
            }
            let Some(hands) = at.replay.hands else { return Vec::new() };
            let replace =
                at.item.as_ref().map_or(TextRange::empty(offset), |c| TextRange::new(c.range.start(), offset));
            let prefix = text[replace].to_ascii_uppercase();
            let seat = at.next_seat;
            let hand = hands[seat.index()];
            // Following suit (Law 44C): with a card of the suit led, only those. The suit led is
            // known once the leader's card is written (columns go by seat, not playing order).
            let must_follow = at.led.filter(|&s| at.leader != Some(seat) && hand.has_suit(s));
            let mut out = Vec::new();
            for suit in Suit::ALL {
                if must_follow.is_some_and(|s| s != suit) {
                    continue;
                }
                for rank in (2..=14).rev() {
                    let card = Card { suit, rank };
                    let label = card.to_string();
                    if hand.contains(card) && label.starts_with(&prefix) {
                        out.push(Completion {
                            detail: Some(format!("{}: {}", seat.name(), card_name(card))),
                            documentation: None,
                            kind: CompletionKind::Card,
                            replace,
                            insert: label.clone(),
                            label,
                        });
                    }
                }
            }
            out
        }
    }
}

/// What a call says, for hover and completion details; `None` for what is no call.
fn call_meaning(call: &str) -> Option<String> {
    let upper = call.to_ascii_uppercase();
    Some(match upper.as_str() {
        "PASS" => "pass".to_owned(),
        "X" => "double".to_owned(),
        "XX" => "redouble".to_owned(),
        "AP" => "all pass: the auction ends".to_owned(),
        "-" => "no call shown (before the first call of the auction)".to_owned(),
        _ => {
            let level = upper.chars().next()?.to_digit(10).filter(|l| (1..=7).contains(l))?;
            let strain = match &upper[1..] {
                "C" => ["club", "clubs"],
                "D" => ["diamond", "diamonds"],
                "H" => ["heart", "hearts"],
                "S" => ["spade", "spades"],
                "NT" | "N" => ["no trump", "no trump"],
                _ => return None,
            };
            format!("bids {level} {}", if level == 1 { strain[0] } else { strain[1] })
        }
    })
}

fn suit_name(s: Suit) -> &'static str {
    ["spades", "hearts", "diamonds", "clubs"][s as usize]
}

fn suit_symbol(s: Suit) -> &'static str {
    ["♠", "♥", "♦", "♣"][s as usize]
}

fn card_name(card: Card) -> String {
    let rank = match card.rank {
        14 => "ace".to_owned(),
        13 => "king".to_owned(),
        12 => "queen".to_owned(),
        11 => "jack".to_owned(),
        r => r.to_string(),
    };
    format!("{rank} of {}", suit_name(card.suit))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ide::split::ts;

    const GAME: &str = "[Board \"4\"]\n[Dealer \"W\"]\n[Vulnerable \"All\"]\n\
        [Deal \"W:KQ76.A5.KJ83.Q92 J32.KQJ4.Q76.J83 A98.T87.A52.AK76 T54.9632.T94.T54\"]\n\
        [Declarer \"E\"]\n[Contract \"3NT\"]\n[Result \"10\"]\n[Auction \"W\"]\n1D Pass 1NT Pass\n3NT Pass Pass Pass\n\
        [Play \"S\"]\nH2 H5 HQ HT\nS4 S6 SJ SA\nC4 C2 C3 C6\n*\n";

    fn hover_on(text: &str, needle: &str) -> String {
        hover(text, ts(text.find(needle).unwrap()), false).unwrap().markdown
    }

    #[test]
    fn calls_hover_with_their_caller_and_round() {
        assert_eq!(hover_on(GAME, "1D"), "**1D**: West's call in round 1 — bids 1 diamond *(PBN 3.5)*");
        assert!(hover_on(GAME, "3NT Pass").starts_with("**3NT**: West's call in round 2 — bids 3 no trump"));
        let last = GAME.find("Pass\n[Play").unwrap();
        assert!(hover(GAME, ts(last), false).unwrap().markdown.starts_with("**Pass**: South's call in round 2"));
        // A tag value is no call.
        assert!(hover(GAME, ts(GAME.find("3NT\"").unwrap()), false).is_none());
    }

    #[test]
    fn cards_hover_with_trick_player_leader_and_winner() {
        // Play "S": the columns are S W N E. Trick 1: South leads H2, North's HQ wins.
        let md = hover_on(GAME, "HQ");
        assert_eq!(
            md,
            "**HQ** (queen of hearts): trick 1, played by North; South led; won by North. Trump: none (no trump) *(PBN 3.6)*"
        );
        // Trick 2 is led by North, the winner of trick 1; East's SA wins it.
        assert!(
            hover_on(GAME, "S4").contains("trick 2, played by South; North led; won by East"),
            "{}",
            hover_on(GAME, "S4")
        );
        assert!(hover_on(GAME, "SJ").contains("played by North, who led"));
    }

    #[test]
    fn legal_calls_respect_sufficiency_and_doubles() {
        let text = "[Dealer \"N\"]\n[Auction \"N\"]\n1H 2C ";
        let labels: Vec<String> = completions(text, ts(text.len())).into_iter().map(|c| c.label).collect();
        // South, partner of the 1H bidder, after East's 2C: pass, double (East is an opponent), bids above 2C.
        assert_eq!(labels[..3], ["Pass", "X", "2D"]);
        assert!(
            !labels.contains(&"2C".to_owned())
                && !labels.contains(&"XX".to_owned())
                && labels.contains(&"7NT".to_owned())
        );
        assert_eq!(labels.len(), 2 + 29, "Pass, X, 2D 2H 2S 2NT and 25 bids at levels 3-7");
        let text = "[Dealer \"N\"]\n[Auction \"N\"]\n1H X ";
        let labels: Vec<String> = completions(text, ts(text.len())).into_iter().map(|c| c.label).collect();
        assert_eq!(labels[..3], ["Pass", "XX", "1S"]);
        // What is typed filters, case-insensitively, and is replaced.
        let text = "[Dealer \"N\"]\n[Auction \"N\"]\n1H p";
        let c = completions(text, ts(text.len()));
        assert_eq!(c.iter().map(|c| c.label.as_str()).collect::<Vec<_>>(), ["Pass"]);
        assert_eq!(c[0].replace, TextRange::new(ts(text.len() - 1), ts(text.len())));
        assert_eq!(c[0].detail.as_deref(), Some("East: pass"));
        // Inside the next tag pair: no call.
        let text = "[Dealer \"N\"]\n[Auction \"N\"]\n1H\n[Play \"E\"]\n";
        assert!(completions(text, ts(text.find("\"E\"]").unwrap() + 3)).is_empty());
        assert!(!completions(text, ts(text.find("\n[Play").unwrap())).is_empty(), "after 1H: East's calls");
        // After the end of the auction: nothing.
        assert!(completions(GAME, ts(GAME.find("\n[Play").unwrap() + 1)).is_empty());
    }

    #[test]
    fn legal_cards_follow_suit_from_the_cards_still_held() {
        let labels =
            |cut: usize| -> Vec<String> { completions(&GAME[..cut], ts(cut)).into_iter().map(|c| c.label).collect() };
        // South led H2: West, holding A5 of hearts, follows with a heart.
        assert_eq!(labels(GAME.find("H5").unwrap()), ["HA", "H5"]);
        // Trick 2 is North's lead, but South's column comes first: with the lead not yet
        // written, South may play any card still held (the deal's less H2).
        assert_eq!(
            labels(GAME.find("S4").unwrap()),
            ["ST", "S5", "S4", "H9", "H6", "H3", "DT", "D9", "D4", "CT", "C5", "C4"]
        );
        // What is typed filters: `S` after trick 2's first column is West's spades but S6.
        let cut = GAME.find("S6").unwrap() + 1;
        let c = completions(&GAME[..cut], ts(cut));
        assert_eq!(c.iter().map(|c| c.label.as_str()).collect::<Vec<_>>(), ["SK", "SQ", "S7", "S6"]);
        assert_eq!(c[0].detail.as_deref(), Some("West: king of spades"));
        // After `*` the play is over.
        assert!(labels(GAME.len()).is_empty());
    }
}
