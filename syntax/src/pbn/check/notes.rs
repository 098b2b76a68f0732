//! Note tags (PBN 3.5.4-3.5.5, 3.6.4-3.6.5): defined only after the calls or cards of their
//! section, one per index, each reference defined, each note used.

use super::context::Sink;
use crate::pbn::model::Game;
use crate::pbn::syntax_kind::SyntaxKind;
use crate::text::TextRange;

crate::diagnostic::declare_rules! {
    INVALID_NOTE_TAG = "PBN112" "invalid-note-tag" Error Import "PBN 3.5.5"
        "A Note value that is not `<1-32>:<text>`."
        "A note tag's value is its index, a colon and the text."
        bad: "[Note \"a:\"]", good: "[Note \"1:transfer\"]";
    NOTE_UNDEFINED = "PBN500" "note-undefined" Error Import "PBN 3.5.4"
        "A note reference without a Note tag in its section."
        "Each `=n=` is explained by a `[Note \"n:…\"]` after the calls or cards of the same section."
        bad: "1C =1=", good: "1C =1=\n[Note \"1:strong\"]";
    NOTE_UNUSED = "PBN501" "note-unused" Warning Import "PBN 3.5.5"
        "A Note tag that no call or card refers to."
        "Notes explain note references of their section."
        bad: "[Note \"32:x\"]", good: "(remove it)";
    NOTE_MISPLACED = "PBN502" "note-misplaced" Error Import "PBN 3.5.5"
        "A Note tag outside the auction and play sections, or a note index given twice."
        "Note tags follow the calls of the auction or the cards of the play."
        bad: "[Note \"1:x\"]\n[Event \"\"]", good: "[Auction \"N\"]\n1C =1=\n[Note \"1:x\"]";
    NOTE_REF_RANGE = "PBN503" "note-ref-range" Error Import "PBN 3.5.4"
        "A note reference outside =1=..=32=."
        "Note indexes are 1..32."
        bad: "=44=", good: "=4=";
}

/// A section's tag index and the notes defined after it: (note index, value range).
type NoteGroup = (usize, Vec<(u32, TextRange)>);

pub(super) fn check(game: &Game<'_>, sink: &mut Sink) {
    // Inline: a game has an auction and a play section, and usually no note.
    let mut groups: smallvec::SmallVec<[NoteGroup; 2]> = smallvec::SmallVec::new();
    let mut owner: Option<usize> = None;
    for (i, tag) in game.tags.iter().enumerate() {
        match tag.name {
            "Auction" | "Play" => {
                owner = Some(i);
                groups.push((i, Vec::new()));
            }
            "Note" => {
                let Some(_) = owner else {
                    sink.report(
                        &NOTE_MISPLACED,
                        tag.name_range,
                        "Note tag outside the auction and play sections: put it after the calls or cards it explains",
                    );
                    continue;
                };
                let Some(index) = tag.value.split_once(':').and_then(|(n, _)| n.parse::<u32>().ok()) else { continue };
                let defined = &mut groups.last_mut().expect("owner has a group").1;
                if defined.iter().any(|(n, _)| *n == index) {
                    sink.report(
                        &NOTE_MISPLACED,
                        tag.value_range,
                        format!("note {index} is defined twice in this section"),
                    );
                } else {
                    defined.push((index, tag.value_range));
                }
            }
            _ => owner = None,
        }
    }
    for (section, defined) in &groups {
        let tag = &game.tags[*section];
        let refs: Vec<(u32, TextRange)> = tag
            .section_items()
            .filter(|t| t.kind == SyntaxKind::NOTE_REF)
            .filter_map(|t| t.text.trim_matches('=').parse::<u32>().ok().map(|n| (n, t.range)))
            .collect();
        for (n, range) in refs.iter().filter(|(n, _)| (1..=32).contains(n)) {
            if !defined.iter().any(|(d, _)| d == n) {
                sink.report(
                    &NOTE_UNDEFINED,
                    *range,
                    format!("note ={n}= has no [Note \"{n}:…\"] in the {} section", tag.name),
                );
            }
        }
        for (n, range) in defined {
            let uses: Vec<TextRange> = refs.iter().filter(|(r, _)| r == n).map(|(_, r)| *r).collect();
            if uses.is_empty() {
                sink.report(
                    &NOTE_UNUSED,
                    *range,
                    format!("note {n} is not referred to by any call or card of the {} section", tag.name),
                );
            } else if !(1..=32).contains(n) {
                one_out_of_range_index(*n, *range, &uses, sink);
            }
        }
    }
}

/// A note index out of 1..32 given both in a Note tag and in its references is one mistake:
/// it is reported once, at the Note tag (PBN112), pointing at the references, whose own
/// out-of-range reports (PBN503) are withdrawn.
fn one_out_of_range_index(n: u32, note: TextRange, uses: &[TextRange], sink: &mut Sink) {
    let Some(at) = sink.diagnostics.iter().position(|d| d.code == INVALID_NOTE_TAG.code && d.range == note) else {
        return;
    };
    sink.diagnostics.retain(|d| !(d.code == NOTE_REF_RANGE.code && uses.contains(&d.range)));
    let at = sink.diagnostics.iter().position(|d| d.code == INVALID_NOTE_TAG.code && d.range == note).unwrap_or(at);
    let d = &mut sink.diagnostics[at];
    for r in uses {
        d.related.push(crate::diagnostic::Related {
            range: *r,
            message: format!("`={n}=` refers to this note"),
            file: None,
        });
    }
}
