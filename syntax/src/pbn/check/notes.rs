//! Note tags (PBN 3.5.4-3.5.5, 3.6.4-3.6.5): defined only after the calls or cards of their
//! section, one per index, each reference defined, each note used.

use super::context::Sink;
use crate::pbn::model::Game;
use crate::pbn::syntax_kind::SyntaxKind;
use crate::text::TextRange;
use rustc_hash::{FxHashMap, FxHashSet};

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

/// A section's tag index and the notes defined after it: (note index, value range), with the
/// indexes as a set (a game converted from LIN may have thousands of notes, where a walk over
/// the notes for each would be quadratic).
#[derive(Default)]
struct NoteGroup {
    section: usize,
    defined: Vec<(u32, TextRange)>,
    indexes: FxHashSet<u32>,
}

/// A note index out of 1..32 both in a Note tag (its value range) and in references (theirs).
type OutOfRange = (u32, TextRange, Vec<TextRange>);

pub(super) fn check(game: &Game<'_>, sink: &mut Sink) {
    // Inline: a game has an auction and a play section, and usually no note.
    let mut groups: smallvec::SmallVec<[NoteGroup; 2]> = smallvec::SmallVec::new();
    let mut owner: Option<usize> = None;
    for (i, tag) in game.tags.iter().enumerate() {
        match tag.name {
            "Auction" | "Play" => {
                owner = Some(i);
                groups.push(NoteGroup { section: i, ..NoteGroup::default() });
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
                let group = groups.last_mut().expect("owner has a group");
                if group.indexes.insert(index) {
                    group.defined.push((index, tag.value_range));
                } else {
                    sink.report(
                        &NOTE_MISPLACED,
                        tag.value_range,
                        format!("note {index} is defined twice in this section"),
                    );
                }
            }
            _ => owner = None,
        }
    }
    let mut out_of_range: Vec<OutOfRange> = Vec::new();
    for group in &groups {
        let tag = &game.tags[group.section];
        let refs: Vec<(u32, TextRange)> = tag
            .section_items()
            .filter(|t| t.kind == SyntaxKind::NOTE_REF)
            .filter_map(|t| t.text.trim_matches('=').parse::<u32>().ok().map(|n| (n, t.range)))
            .collect();
        for (n, range) in refs.iter().filter(|(n, _)| (1..=32).contains(n)) {
            if !group.indexes.contains(n) {
                sink.report(
                    &NOTE_UNDEFINED,
                    *range,
                    format!("note ={n}= has no [Note \"{n}:…\"] in the {} section", tag.name),
                );
            }
        }
        let mut uses_of: FxHashMap<u32, Vec<TextRange>> = FxHashMap::default();
        for (n, range) in &refs {
            uses_of.entry(*n).or_default().push(*range);
        }
        for (n, range) in &group.defined {
            match uses_of.remove(n) {
                None => sink.report(
                    &NOTE_UNUSED,
                    *range,
                    format!("note {n} is not referred to by any call or card of the {} section", tag.name),
                ),
                Some(uses) if !(1..=32).contains(n) => out_of_range.push((*n, *range, uses)),
                Some(_) => {}
            }
        }
    }
    one_out_of_range_index(&out_of_range, sink);
}

/// A note index out of 1..32 given both in a Note tag and in its references is one mistake:
/// it is reported once, at the Note tag (PBN112), pointing at the references, whose own
/// out-of-range reports (PBN503) are withdrawn. All such indexes of a game at once: one pass
/// over the diagnostics, not one for each.
fn one_out_of_range_index(indexes: &[OutOfRange], sink: &mut Sink) {
    if indexes.is_empty() {
        return;
    }
    let invalid_tags = |diagnostics: &[crate::diagnostic::Diagnostic]| {
        let mut first: FxHashMap<TextRange, usize> = FxHashMap::default();
        for (at, d) in diagnostics.iter().enumerate().filter(|(_, d)| d.code == INVALID_NOTE_TAG.code) {
            first.entry(d.range).or_insert(at);
        }
        first
    };
    // Only an index whose Note tag has its PBN112 is reported as one mistake.
    let reported = invalid_tags(&sink.diagnostics);
    let ones: Vec<&OutOfRange> = indexes.iter().filter(|(_, note, _)| reported.contains_key(note)).collect();
    let withdrawn: FxHashSet<TextRange> = ones.iter().flat_map(|(_, _, uses)| uses.iter().copied()).collect();
    sink.diagnostics.retain(|d| !(d.code == NOTE_REF_RANGE.code && withdrawn.contains(&d.range)));
    let at = invalid_tags(&sink.diagnostics);
    for (n, note, uses) in ones {
        let Some(&i) = at.get(note) else { continue };
        let d = &mut sink.diagnostics[i];
        for r in uses {
            d.related.push(crate::diagnostic::Related {
                range: *r,
                message: format!("`={n}=` refers to this note"),
                file: None,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    /// Several indexes out of 1..32 in one game, each given in a Note tag and referred to, some
    /// twice: each is one PBN112 at its tag pointing at its references, with no PBN503 left;
    /// a reference without a note and a note without a reference are reported as before.
    #[test]
    fn every_out_of_range_index_is_one_mistake() {
        let pbn = "[Dealer \"N\"]\n[Auction \"N\"]\n1C =33= 1D =34= 1H =33= 1S =2=\n\
            [Note \"33:a\"]\n[Note \"34:b\"]\n[Note \"3:c\"]\n";
        let diagnostics = crate::check(crate::Lang::Pbn, pbn, &Default::default());
        let of = |code: &str| diagnostics.iter().filter(|d| d.code == code).collect::<Vec<_>>();
        assert!(of("PBN503").is_empty(), "{diagnostics:#?}");
        let invalid = of("PBN112");
        let related = |note: &str| {
            let d = invalid.iter().find(|d| pbn[d.range].starts_with(note)).expect(note);
            d.related.iter().map(|r| &pbn[r.range]).collect::<Vec<_>>()
        };
        assert_eq!(related("33:"), ["=33=", "=33="]);
        assert_eq!(related("34:"), ["=34="]);
        assert_eq!(of("PBN500").iter().map(|d| &pbn[d.range]).collect::<Vec<_>>(), ["=2="]);
        assert_eq!(of("PBN501").iter().map(|d| &pbn[d.range]).collect::<Vec<_>>(), ["3:c"]);
    }
}
