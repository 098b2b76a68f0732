//! Splits an auction or play section into items (calls or cards with their irregularity prefix)
//! and checks their annotations (PBN 3.5.2-3.7): at most one suffix and one note reference,
//! NAGs 0..255 of the right class, a suffix not doubled by its NAG.

use super::context::Sink;
use crate::diagnostic::Diagnostic;
use crate::pbn::model::{SectionToken, Tag};
use crate::pbn::syntax_kind::SyntaxKind;

crate::diagnostic::declare_rules! {
    IRREGULARITY_MISUSE = "PBN310" "irregularity-misuse" Error Import "PBN 3.9"
        "An irregularity mark where it does not apply."
        "`^I` marks an insufficient bid, `^S` a skipped call; `^R` marks a revoke and `^L` a lead out of turn, once each."
        bad: "1D ^I 1S", good: "1D 1S";
    DUPLICATE_ANNOTATION = "PBN504" "duplicate-annotation" Error Import "PBN 3.5.2"
        "More than one suffix or note on a call or card, or a suffix together with its NAG."
        "A call or card has at most one suffix (NAG $1-$6 / $7-$12 counts as one) and at most one note reference."
        bad: "1C ! !", good: "1C !";
    NAG_PLACEMENT = "PBN505" "nag-placement" Error Import "PBN 3.7"
        "A NAG above 255, or a call-only NAG on a card (or the reverse)."
        "$1-$6 and $13 apply to calls, $7-$12 and $14 to cards; NAGs are 0..255."
        bad: "SQ $1", good: "SQ $7";
    ANNOTATION_WITHOUT_ITEM = "PBN506" "annotation-without-item" Error Import "PBN 3.5.2"
        "A suffix, note or NAG with no call or card before it."
        "Annotations follow the call or card they annotate."
        bad: "[Auction \"N\"]\n! 1C", good: "[Auction \"N\"]\n1C !";
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum SectionKind {
    Auction,
    Play,
}

impl SectionKind {
    /// NAGs that mean a suffix of this section ($1-$6 calls, $7-$12 cards).
    fn suffix_nags(self) -> std::ops::RangeInclusive<u32> {
        match self {
            SectionKind::Auction => 1..=6,
            SectionKind::Play => 7..=12,
        }
    }

    /// NAGs reserved for the other section.
    fn foreign_nag(self, n: u32) -> bool {
        match self {
            SectionKind::Auction => (7..=12).contains(&n) || n == 14,
            SectionKind::Play => (1..=6).contains(&n) || n == 13,
        }
    }

    fn what(self) -> &'static str {
        match self {
            SectionKind::Auction => "call",
            SectionKind::Play => "card",
        }
    }
}

/// A call or card slot: the token (CALL, CARD, WORD, DASH, PLUS, STAR, or `^S` in an auction)
/// and the irregularity before it.
#[derive(Debug, Clone, Copy)]
pub(super) struct Item<'a> {
    pub token: SectionToken<'a>,
    pub prefix: Option<SectionToken<'a>>,
}

impl Item<'_> {
    pub fn prefix_is(&self, mark: &str) -> bool {
        self.prefix.is_some_and(|p| p.text == mark)
    }
}

#[derive(Default)]
struct Annotations {
    suffix: bool,
    suffix_nag: bool,
    note: bool,
}

/// The items of a section.
pub(super) struct Items<'a> {
    pub items: Vec<Item<'a>>,
}

pub(super) fn split<'a>(tag: &Tag<'a>, kind: SectionKind, sink: &mut Sink) -> Items<'a> {
    let mut items: Vec<Item<'a>> = Vec::with_capacity(tag.section.len());
    let mut prefix: Option<SectionToken<'a>> = None;
    let mut notes = Annotations::default();
    for t in tag.section_items() {
        match t.kind {
            SyntaxKind::IRREGULARITY if kind == SectionKind::Auction && t.text == "^S" => {
                report_dangling_prefix(&mut prefix, sink);
                items.push(Item { token: *t, prefix: None });
                notes = Annotations::default();
            }
            SyntaxKind::IRREGULARITY => {
                let allowed = match kind {
                    SectionKind::Auction => t.text == "^I",
                    SectionKind::Play => matches!(t.text, "^R" | "^L"),
                };
                if !allowed {
                    sink.report(
                        &IRREGULARITY_MISUSE,
                        t.range,
                        format!("`{}` does not apply to a {}", t.text, kind.what()),
                    );
                } else if let Some(first) = prefix {
                    sink.report(
                        &IRREGULARITY_MISUSE,
                        t.range,
                        format!("`{}` after `{}`: a {} takes one irregularity mark", t.text, first.text, kind.what()),
                    );
                } else {
                    prefix = Some(*t);
                }
            }
            SyntaxKind::CALL
            | SyntaxKind::CARD
            | SyntaxKind::WORD
            | SyntaxKind::DASH
            | SyntaxKind::PLUS
            | SyntaxKind::STAR
            | SyntaxKind::STRING
            | SyntaxKind::SECTION_WORD => {
                items.push(Item { token: *t, prefix: prefix.take() });
                notes = Annotations::default();
            }
            SyntaxKind::SUFFIX | SyntaxKind::NOTE_REF | SyntaxKind::NAG => {
                if items.is_empty() {
                    sink.report(
                        &ANNOTATION_WITHOUT_ITEM,
                        t.range,
                        format!("`{}` annotates no {}: annotations follow the {}", t.text, kind.what(), kind.what()),
                    );
                    continue;
                }
                annotate(t, kind, &mut notes, sink);
            }
            _ => {}
        }
    }
    report_dangling_prefix(&mut prefix, sink);
    Items { items }
}

fn report_dangling_prefix(prefix: &mut Option<SectionToken<'_>>, sink: &mut Sink) {
    if let Some(p) = prefix.take() {
        sink.report(&IRREGULARITY_MISUSE, p.range, format!("`{}` is not followed by what it marks", p.text));
    }
}

fn annotate(t: &SectionToken<'_>, kind: SectionKind, notes: &mut Annotations, sink: &mut Sink) {
    let what = kind.what();
    match t.kind {
        SyntaxKind::SUFFIX => {
            if notes.suffix || notes.suffix_nag {
                let why = if notes.suffix { "a second suffix" } else { "a suffix besides its NAG" };
                sink.report(&DUPLICATE_ANNOTATION, t.range, format!("`{}` is {why} on one {what}", t.text));
            }
            notes.suffix = true;
        }
        SyntaxKind::NOTE_REF => {
            let n: u32 = t.text.trim_matches('=').parse().unwrap_or(u32::MAX);
            if !(1..=32).contains(&n) {
                sink.report(
                    &crate::pbn::check::notes::NOTE_REF_RANGE,
                    t.range,
                    format!("note reference `{}` is not =1=..=32=", t.text),
                );
            }
            if notes.note {
                sink.report(
                    &DUPLICATE_ANNOTATION,
                    t.range,
                    format!("`{}` is a second note reference on one {what}", t.text),
                );
            }
            notes.note = true;
        }
        _ => {
            let n: u32 = t.text[1..].parse().unwrap_or(u32::MAX);
            if n > 255 {
                sink.report(&NAG_PLACEMENT, t.range, format!("NAG `{}` is not $0..$255", t.text));
            } else if kind.foreign_nag(n) {
                let other = if kind == SectionKind::Auction { "cards" } else { "calls" };
                sink.push(Diagnostic::new(
                    &NAG_PLACEMENT,
                    t.range,
                    format!("NAG `{}` is for {other}, not on a {what}", t.text),
                ));
            } else if kind.suffix_nags().contains(&n) {
                if notes.suffix || notes.suffix_nag {
                    sink.report(
                        &DUPLICATE_ANNOTATION,
                        t.range,
                        format!("`{}` repeats a suffix annotation of this {what}", t.text),
                    );
                }
                notes.suffix_nag = true;
            }
        }
    }
}
