//! Inlay hints: short labels the editor shows inside the text.
//!
//! - PBN: each hand's high-card points after it in the `Deal` value, and at the end of each row
//!   of the `Play` section the tricks declarer's side has won so far (from the PBN check's own
//!   replay, so that the hint and `kibitzer check` agree on who won each trick);
//! - PGN: after each move, its ply (half-move) number, and the time the mover spent on it as
//!   the `[%clk …]` comments after this move and the same side's previous move tell (the
//!   increment of a `TimeControl` of the form `base+increment` counted in).
//!
//! Which hints are shown is the caller's choice ([`InlayOptions`]); only the hints inside the
//! asked range are computed into labels, and the work is one scan of the unit's text.

use super::clock;
use super::scan::{scan, tag_pairs, Kind};
use super::split::ts;
use crate::text::{TextRange, TextSize};
use crate::Lang;

/// Which hints to give.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InlayOptions {
    /// PBN: high-card points after each hand of the deal.
    pub hcp: bool,
    /// PBN: declarer's tricks so far at the end of each play row.
    pub tricks: bool,
    /// PGN: the ply number after each move (off by default: one label per move is noisy).
    pub ply: bool,
    /// PGN: the time spent on each move, where the game has `[%clk]` comments.
    pub clock: bool,
}

impl Default for InlayOptions {
    fn default() -> Self {
        InlayOptions { hcp: true, tricks: true, ply: false, clock: true }
    }
}

/// One hint: a label shown at `offset` (after the element it is about).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Inlay {
    pub offset: TextSize,
    pub label: String,
    /// A sentence saying what the label means.
    pub tooltip: String,
}

/// The hints of a unit's `text` whose offsets lie in `range` (inclusive of its end).
pub fn inlay_hints(lang: Lang, text: &str, range: TextRange, options: &InlayOptions) -> Vec<Inlay> {
    let mut out = match lang {
        Lang::Pbn => pbn_hints(text, range, options),
        Lang::Pgn if options.ply || options.clock => pgn_hints(text, range, options),
        _ => Vec::new(),
    };
    out.retain(|h| range.contains_inclusive(h.offset));
    out.sort_by_key(|h| h.offset);
    out
}

const SEATS: [&str; 4] = ["North", "East", "South", "West"];

fn pbn_hints(text: &str, range: TextRange, options: &InlayOptions) -> Vec<Inlay> {
    let mut out = Vec::new();
    if options.hcp {
        let tokens = scan(text);
        for pair in tag_pairs(text, &tokens) {
            if &text[pair.name] != "Deal" {
                continue;
            }
            let Some(value) = pair.value else { continue };
            if value.end() < range.start() || value.start() > range.end() {
                continue;
            }
            deal_hints(text, value, &mut out);
        }
    }
    if options.tricks && text.contains("Play") {
        trick_hints(text, &mut out);
    }
    out
}

/// HCP after each hand of a deal value `first:hand hand hand hand`.
fn deal_hints(text: &str, value: TextRange, out: &mut Vec<Inlay>) {
    let deal = &text[value];
    let Some((first, hands)) = deal.split_once(':') else { return };
    let Some(first) = SEATS.iter().position(|s| first.trim().eq_ignore_ascii_case(&s[..1])) else { return };
    let hands_start = usize::from(value.start()) + deal.len() - hands.len();
    let mut k = 0;
    let mut at = 0;
    for word in hands.split_ascii_whitespace() {
        // Where the word is: after the whitespace before it.
        let start = at + hands[at..].find(word).unwrap_or(0);
        at = start + word.len();
        let seat = SEATS[(first + k) % 4];
        k += 1;
        if k > 4 || word == "-" || word.split('.').count() != 4 {
            continue;
        }
        let hcp: u32 = word.chars().map(points).sum();
        out.push(Inlay {
            offset: ts(hands_start + at),
            label: hcp.to_string(),
            tooltip: format!("{seat}: {hcp} high-card points"),
        });
    }
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

/// Declarer's tricks so far at the end of each complete row of every game's play section.
fn trick_hints(text: &str, out: &mut Vec<Inlay>) {
    use crate::pbn::check::{facts_of, play};
    use crate::pbn::model::Game;
    use crate::pbn::syntax_kind::SyntaxKind;
    let root = crate::pbn::parse(text).syntax();
    for node in root.children().filter(|n| n.kind() == SyntaxKind::GAME) {
        let game = Game::from_node(&node, text);
        if !game.tags.iter().any(|t| t.name == "Play") {
            continue;
        }
        let facts = facts_of(&game);
        let Some((declarer, rows)) = play::tricks_by_row(&game, &facts) else { continue };
        let side = if declarer.is_ns() { "NS" } else { "EW" };
        for (n, (end, won)) in rows.into_iter().enumerate() {
            let Some(won) = won else { break };
            let played = n + 1;
            out.push(Inlay {
                offset: end,
                label: format!("{side} {won}/{played}"),
                tooltip: format!(
                    "Declarer {} and partner have won {won} of the {played} tricks played so far",
                    declarer.name()
                ),
            });
        }
    }
}

/// The `base+increment` of a TimeControl value, in tenths of a second.
fn time_control(value: &str) -> Option<(u64, u64)> {
    let (base, increment) = value.split_once('+').unwrap_or((value, "0"));
    let seconds = |s: &str| s.trim().parse::<f64>().ok().filter(|v| v.is_finite() && *v >= 0.0);
    Some(((seconds(base)? * 10.0) as u64, (seconds(increment)? * 10.0) as u64))
}

fn pgn_hints(text: &str, range: TextRange, options: &InlayOptions) -> Vec<Inlay> {
    let tokens = scan(text);
    let pairs = tag_pairs(text, &tokens);
    let control = pairs
        .iter()
        .find(|p| &text[p.name] == "TimeControl")
        .and_then(|p| p.value)
        .and_then(|v| time_control(&text[v]));
    let mut out = Vec::new();
    // The ply of the last move of the current line, and of the lines the variations left.
    let mut ply: u32 = 0;
    let mut next: Option<u32> = None;
    let mut outer: Vec<u32> = Vec::new();
    // Each side's clock after its last main-line move, and the main-line move waiting for its
    // clock comment (its end and ply).
    let mut clocks: [Option<u64>; 2] = [None; 2];
    let mut waiting: Option<(TextSize, u32)> = None;
    for t in &tokens {
        if t.range.start() > range.end() {
            break;
        }
        match t.kind {
            Kind::TagOpen => {
                ply = 0;
                next = None;
                outer.clear();
                clocks = [None; 2];
                waiting = None;
            }
            Kind::MoveNumber => {
                let word = &text[t.range];
                let digits = word.trim_end_matches('.');
                if let Ok(n) = digits.parse::<u32>() {
                    let black = word.len() - digits.len() >= 3;
                    next = Some((2 * n.min(100_000)).saturating_sub(u32::from(!black)));
                }
            }
            Kind::ParenOpen => {
                outer.push(ply);
                ply = ply.saturating_sub(1);
                next = None;
                waiting = None;
            }
            Kind::ParenClose => {
                ply = outer.pop().unwrap_or(ply);
                next = None;
            }
            Kind::Comment if outer.is_empty() => {
                let Some((end, move_ply)) = waiting else { continue };
                let Some(now) = clock::clock_tenths(&text[t.range]) else { continue };
                waiting = None;
                let side = usize::from(move_ply % 2 == 0);
                let increment = control.map_or(0, |c| c.1);
                let before = clocks[side].or(control.map(|c| c.0));
                clocks[side] = Some(now);
                let Some(before) = before else { continue };
                if !options.clock || !range.contains_inclusive(end) {
                    continue;
                }
                let spent = before.saturating_add(increment).saturating_sub(now);
                let who = if side == 0 { "White" } else { "Black" };
                out.push(Inlay {
                    offset: end,
                    label: clock::duration(spent),
                    tooltip: format!(
                        "{who} spent {} on this move ({} left on the clock)",
                        clock::duration(spent),
                        clock::duration(now)
                    ),
                });
            }
            Kind::Word if is_move(&text[t.range]) => {
                ply = next.take().unwrap_or(ply + 1);
                if outer.is_empty() {
                    waiting = Some((t.range.end(), ply));
                }
                if options.ply && range.contains_inclusive(t.range.end()) {
                    let (number, who) = (ply.div_ceil(2), if ply % 2 == 1 { "White" } else { "Black" });
                    out.push(Inlay {
                        offset: t.range.end(),
                        label: format!("ply {ply}"),
                        tooltip: format!("Half-move {ply}: {who}'s move {number}"),
                    });
                }
            }
            _ => {}
        }
    }
    out
}

/// Whether a movetext word looks like a move (SAN, castling, a null move).
fn is_move(word: &str) -> bool {
    let first = word.as_bytes()[0];
    matches!(first, b'a'..=b'h' | b'K' | b'Q' | b'R' | b'B' | b'N' | b'P' | b'O' | b'0' | b'Z') || word == "--"
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(lang: Lang, text: &str, options: InlayOptions) -> Vec<(String, String)> {
        let range = TextRange::up_to(ts(text.len()));
        inlay_hints(lang, text, range, &options)
            .into_iter()
            .map(|h| (text[..usize::from(h.offset)].chars().rev().take(6).collect::<String>(), h.label))
            .map(|(before, label)| (before.chars().rev().collect(), label))
            .collect()
    }

    #[test]
    fn pbn_deals_get_points_and_play_rows_the_tricks_so_far() {
        let text = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
            [Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n\
            [Declarer \"S\"]\n[Contract \"3NT\"]\n[Result \"9\"]\n[Play \"W\"]\n\
            S2 SA S8 S5\nS3 SK S9 S6\n";
        let hints = all(Lang::Pbn, text, InlayOptions::default());
        let labels: Vec<&str> = hints.iter().map(|(_, l)| l.as_str()).collect();
        assert_eq!(labels[..4], ["10", "10", "10", "10"], "{hints:?}");
        assert_eq!(hints[0].0, "65.432");
        // Rows are W N E S: North's ace and king win both tricks for declarer's side.
        assert_eq!(labels[4..], ["NS 1/1", "NS 2/2"], "{hints:?}");
        // Only the asked range: the first line has nothing.
        assert!(inlay_hints(Lang::Pbn, text, TextRange::up_to(ts(5)), &InlayOptions::default()).is_empty());
    }

    #[test]
    fn pgn_moves_get_plies_and_clock_time_spent() {
        let text = "[TimeControl \"180+2\"]\n\n1. e4 { [%clk 0:03:00] } 1... e5 { [%clk 0:02:58] } \
            2. Nf3 { [%clk 0:02:55] } (2. Nc3 d6) 2... Nc6 { [%clk 0:02:59.5] } *";
        let hints = all(Lang::Pgn, text, InlayOptions { ply: true, ..InlayOptions::default() });
        let labels: Vec<&str> = hints.iter().map(|(_, l)| l.as_str()).collect();
        assert_eq!(
            labels,
            ["ply 1", "2s", "ply 2", "4s", "ply 3", "7s", "ply 3", "ply 4", "ply 4", "0.5s"],
            "{hints:?}"
        );
        // Off by default: the plies.
        let plain = all(Lang::Pgn, text, InlayOptions::default());
        assert_eq!(plain.len(), 4);
        // Without a clock: nothing.
        assert!(all(Lang::Pgn, "1. e4 e5 *", InlayOptions::default()).is_empty());
        // Absurd time controls do not overflow.
        let huge = "[TimeControl \"1e300+1e300\"]\n\n1. e4 { [%clk 0:03:00] } *";
        assert_eq!(all(Lang::Pgn, huge, InlayOptions::default()).len(), 1);
    }
}
