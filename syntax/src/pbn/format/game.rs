//! A game in export order (PBN 3.4–3.6): the mandatory tags in their order (a missing one
//! added, unless an earlier game gave it with `##`), the other tags alphabetically, the Auction
//! and Play sections with the Note tags that explain them, the supplemental sections
//! alphabetically; each tag written with its comments, its value spelled and its section laid
//! out.

use crate::bridge::cards::Seat;
use crate::bridge::deal::write_deal;
use crate::parsing::EventNode;
use crate::pbn::check::values::MTS as MANDATORY_TAGS;
use crate::pbn::model::{is_section, DealData, Inheritance, TABLES};
use crate::pbn::syntax_kind::SyntaxKind;
use crate::text::same_name;

use super::blocks::{blocks, has_data, Block, Blocks};
use super::lines::{to_crlf, CRLF};
use super::sections::{four_a_line, section_as_written};
use super::table::table;
use super::values::normalise_value;

/// Where a block goes in export order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Place {
    Mandatory(usize),
    Supplemental,
    Auction,
    Play,
    Section,
}

fn place(block: &Block) -> Place {
    if let Some(i) = MANDATORY_TAGS.iter().position(|t| *t == block.name) {
        return Place::Mandatory(i);
    }
    match block.name {
        "Auction" => Place::Auction,
        "Play" => Place::Play,
        name if is_section(name, has_data(&block.section)) => Place::Section,
        _ => Place::Supplemental,
    }
}

/// A game in export order, and its tags as inheritance records them ([`Blocks::tags`]).
pub(super) fn format_game<'g>(
    game: EventNode<'_, SyntaxKind>,
    text: &'g str,
    inherited: &Inheritance,
) -> (String, Vec<(&'g str, &'g str)>) {
    let Blocks { leading, blocks: all, tags } = blocks(game, text);
    // Note tags go with the Auction or Play section before them (PBN 3.5.5, 3.6.5).
    let mut ordered: Vec<Block> = Vec::with_capacity(all.len() + MANDATORY_TAGS.len());
    for block in all {
        let owner = ordered.iter_mut().rev().find(|b| !b.is_note());
        match owner {
            Some(owner) if block.is_note() && matches!(owner.name, "Auction" | "Play") => owner.notes.push(block),
            _ => ordered.push(block),
        }
    }
    let passed_out = is_passed_out(&ordered);
    let reused = ReusedDeal::new(&ordered, inherited);
    for name in MANDATORY_TAGS.iter() {
        // A `##` value of an earlier game stands in for the tag (PBN 4.8).
        if ordered.iter().any(|b| same_name(b.name, name)) || inherited.is_sticky(name) {
            continue;
        }
        let value = match *name {
            // When all four pass there is no declarer and no result: an inappropriate value is
            // the empty string (PBN 3.4, 3.4.13, 3.4.15); the contract is `Pass` (3.4.14).
            "Declarer" | "Result" if passed_out => "",
            "Contract" if passed_out => "Pass",
            // Unknown (PBN 3.4), unless the game relies on the previous game's deal data.
            _ => reused.value(name).unwrap_or("?"),
        };
        // Pushed, not inserted at its place: the sort below puts it there.
        ordered.push(Block { name, value, comments: vec![], section: vec![], notes: vec![] });
    }
    let value_of = |name: &str| ordered.iter().find(|b| same_name(b.name, name)).and_then(|b| Seat::parse(b.value));
    let seats = Seats { dealer: value_of("Dealer"), leader: value_of("Declarer").map(Seat::next) };
    // The blocks' export order, sorted as keys and indices: each block's place is found once,
    // not twice at every comparison (sorting took 9 % of `fmt`'s instructions on a file of hand
    // records), and the blocks (a hundred bytes each) stay where they are. The index keeps a
    // repeated tag in its order.
    let mut order: Vec<(Place, &[u8], usize)> = ordered
        .iter()
        .enumerate()
        .map(|(i, block)| {
            let place = place(block);
            let name = match place {
                Place::Supplemental | Place::Section => block.name.as_bytes(),
                _ => &[],
            };
            (place, name, i)
        })
        .collect();
    order.sort_unstable();
    // The size of the game as written and room for what export format adds (a CR on each
    // line, missing tags, padding): one allocation, not one per doubling.
    let written = usize::from(game.range().len());
    let mut out = String::with_capacity(written + written / 4 + 256);
    for line in &leading {
        out.push_str(&to_crlf(line));
        out.push_str(CRLF);
    }
    for &(_, _, i) in &order {
        write_block(&mut out, &ordered[i], seats, inherited);
    }
    out.push_str(CRLF);
    (out, tags)
}

/// Whether all four players passed: the Contract tag says `Pass`, or the auction is four
/// passes (or `AP` at once).
fn is_passed_out(blocks: &[Block]) -> bool {
    let contract = blocks.iter().find(|b| b.name == "Contract").map(|b| b.value);
    if contract.is_some_and(|c| c.eq_ignore_ascii_case("pass")) {
        return true;
    }
    let Some(auction) = blocks.iter().find(|b| b.name == "Auction") else { return false };
    let calls: Vec<&str> = auction.section.iter().filter(|t| t.kind == SyntaxKind::CALL).map(|t| t.text).collect();
    match calls.as_slice() {
        [ap] => ap.eq_ignore_ascii_case("ap"),
        [_, _, _, _] => calls.iter().all(|c| c.eq_ignore_ascii_case("pass")),
        _ => false,
    }
}

/// The Dealer, Vulnerable and Deal a game without Dealer and Deal tags takes from the previous
/// game (rpbridge's second room, PBN702), spelled as tag values: export format writes every
/// mandatory tag, and `?` would lose what the check reads the game with.
struct ReusedDeal {
    dealer: Option<String>,
    vulnerable: Option<&'static str>,
    deal: Option<String>,
}

impl ReusedDeal {
    fn new(blocks: &[Block], inherited: &Inheritance) -> ReusedDeal {
        let value_of = |name: &str| blocks.iter().find(|b| same_name(b.name, name)).map(|b| b.value);
        let own_vulnerable = DealData::read_vulnerable(value_of);
        let taken = inherited.taken_by(|name| value_of(name).is_some(), own_vulnerable);
        let taken = taken.unwrap_or_default();
        ReusedDeal {
            dealer: taken.dealer.map(|seat| seat.letter().to_string()),
            vulnerable: taken.vulnerable.map(|v| v.as_str()),
            // From the dealer, as export format writes it (`normalise_value` would turn it so).
            deal: taken.deal.map(|deal| write_deal(&deal, taken.dealer.unwrap_or(deal.first))),
        }
    }

    /// The value of the tag `name`, if the game takes it.
    fn value(&self, name: &str) -> Option<&str> {
        match name {
            "Dealer" => self.dealer.as_deref(),
            "Vulnerable" => self.vulnerable,
            "Deal" => self.deal.as_deref(),
            _ => None,
        }
    }
}

/// The seats a game's sections start from in export format.
#[derive(Clone, Copy)]
struct Seats {
    /// The dealer starts the auction (PBN 3.5).
    dealer: Option<Seat>,
    /// Declarer's left-hand opponent leads (PBN 3.6).
    leader: Option<Seat>,
}

fn write_block(out: &mut String, block: &Block, seats: Seats, inherited: &Inheritance) {
    let mut value = normalise_value(block.name, block.value, seats.dealer);
    let mut section = None;
    if has_data(&block.section) {
        let export_start = match block.name {
            "Auction" => Some(seats.dealer),
            "Play" => Some(seats.leader),
            _ => None,
        };
        if let Some(export_start) = export_start {
            // Import format may start the columns at another seat, padding with `-` up to the
            // dealer (or leader); export format starts at that seat itself.
            let padding = match (Seat::parse(&value), export_start) {
                (Some(from), Some(to)) => (to.index() + 4 - from.index()) % 4,
                _ => 0,
            };
            section = four_a_line(&block.section, block.name == "Play", padding).map(|(text, dropped)| {
                if dropped {
                    value = export_start.map_or(value.clone(), |s| s.letter().to_string().into());
                }
                text
            });
        } else if TABLES.contains(&block.name) {
            // `#` takes the columns of the nearest earlier game's table (PBN 4.8).
            section = inherited.resolve(block.name, block.value).and_then(|columns| table(&block.section, columns));
        }
    }
    out.push('[');
    out.push_str(block.name);
    out.push_str(" \"");
    out.push_str(&value);
    out.push_str("\"]");
    out.push_str(CRLF);
    for comment in &block.comments {
        out.push_str(&to_crlf(comment));
        out.push_str(CRLF);
    }
    if has_data(&block.section) {
        match section {
            Some(text) => out.push_str(&text),
            None => out.push_str(&section_as_written(&block.section)),
        }
    }
    for note in &block.notes {
        write_block(out, note, seats, inherited);
    }
}
