//! Export format (PBN 2.3, 3.3, 3.4, 3.11): tag layout, the mandatory tags in order followed by
//! supplemental tags alphabetically, canonical values.

use super::context::Inherited;
use super::context::Sink;
use super::values::MTS;
use crate::bridge::score::Vulnerability;
use crate::diagnostic::Diagnostic;
use crate::pbn::model::{is_section, parse_deal, Game, Seat, SectionToken, Tag};
use crate::pbn::syntax_kind::SyntaxKind;

crate::diagnostic::declare_rules! {
    EXPORT_TAG_ORDER = "PBN800" "export-tag-order" Error Export "PBN 3.4"
        "Export format: the 15 mandatory tags are missing or out of order, or supplemental tags are not sorted."
        "Export format gives the MTS in order, then supplemental tags alphabetically."
        bad: "[Site \"\"]\n[Event \"\"]", good: "[Event \"\"]\n[Site \"\"]";
    EXPORT_TAG_LAYOUT = "PBN801" "export-tag-layout" Error Export "PBN 3.3"
        "Export format: a tag pair not alone and left-justified on its line, or with extra spaces."
        "Export format writes `[Name \"value\"]` alone on a line with a single space."
        bad: "[Event \"a\"] [Site \"b\"]", good: "[Event \"a\"]\n[Site \"b\"]";
    EXPORT_VALUE_FORM = "PBN803" "export-value-form" Error Export "PBN 3.11"
        "Export format: a value in a non-canonical form (lower case, Vulnerable spelling, Deal order, Result form)."
        "Export format uses upper case, None/NS/EW/All, Deal starting at the dealer with ranks descending, and Result as declarer's tricks."
        bad: "[Vulnerable \"Both\"]", good: "[Vulnerable \"All\"]";
    EXPORT_MISSING_TAG = "PBN805" "export-missing-tag" Error Export "PBN 3.4"
        "Export format: a game without all 15 mandatory tags."
        "Export format gives the MTS in every game (`?` when unknown, empty when inappropriate) unless a `##` tag of an earlier game supplies it."
        bad: "[Event \"\"]\n[Board \"1\"]", good: "(all 15 tags)";
    EXPORT_ANNOTATION_ORDER = "PBN807" "export-annotation-order" Error Export "PBN 3.5.2, 3.6.2"
        "Export format: the annotations of a call or card are not in export order."
        "In export format a call's or card's annotations are the optional note reference, then the NAGs in increasing order, with suffixes translated to their NAGs (`SK !! =1= $200` becomes `SK =1= $9 $200`). The fix reorders them unless a comment sits among them."
        bad: "[Play \"W\"]\nSK $200 =1= $9", good: "[Play \"W\"]\nSK =1= $9 $200";
}

/// `inherited`: the tag values of the games up to this one, for the mandatory tags that a `##`
/// in an earlier game lets this one omit (PBN 4.8).
pub(super) fn check(game: &Game<'_>, text: &str, inherited: &Inherited, sink: &mut Sink) {
    check_layout(game, text, sink);
    check_order(game, inherited, sink);
    check_values(game, sink);
    check_sections(game, sink);
}

/// Calls and cards in upper case, suffixes translated to NAGs, the auction starting with the
/// dealer (PBN 3.5, 3.5.2, 3.11).
fn check_sections(game: &Game<'_>, sink: &mut Sink) {
    if let (Some(tag), Some(dealer)) = (game.tag("Auction"), game.value("Dealer").and_then(Seat::parse)) {
        if Seat::parse(tag.value).is_some_and(|s| s != dealer) {
            let d = dealer.letter().to_string();
            sink.push(
                Diagnostic::new(
                    &EXPORT_VALUE_FORM,
                    tag.value_range,
                    format!("export format starts the auction with the dealer `{d}`"),
                )
                .with_replacement(format!("Replace with `{d}`"), tag.value_range, d.clone()),
            );
        }
    }
    for tag in game.tags.iter().filter(|t| matches!(t.name, "Auction" | "Play")) {
        let nag_base = if tag.name == "Auction" { 0 } else { 6 };
        check_annotation_order(tag, nag_base, sink);
        for t in tag.section_items() {
            let canonical = match t.kind {
                SyntaxKind::CALL => match t.text.to_ascii_uppercase().as_str() {
                    "PASS" => "Pass".to_owned(),
                    upper => upper.to_owned(),
                },
                SyntaxKind::CARD => t.text.to_ascii_uppercase().replace("10", "T"),
                SyntaxKind::SUFFIX => format!("${}", suffix_nag(t.text, nag_base)),
                _ => continue,
            };
            if canonical != t.text {
                let what = if t.kind == SyntaxKind::SUFFIX { "suffix" } else { "value" };
                sink.push(
                    Diagnostic::new(
                        &EXPORT_VALUE_FORM,
                        t.range,
                        format!("export format writes the {what} `{}` as `{canonical}`", t.text),
                    )
                    .with_replacement(
                        format!("Replace with `{canonical}`"),
                        t.range,
                        canonical.clone(),
                    ),
                );
            }
        }
    }
}

/// The NAG a suffix stands for (PBN 3.7): `!`..`?!` are $1..$6 on calls, $7..$12 on cards.
fn suffix_nag(suffix: &str, nag_base: u32) -> u32 {
    let n = ["!", "?", "!!", "??", "!?", "?!"].iter().position(|s| *s == suffix).map_or(0, |i| i + 1);
    n as u32 + nag_base
}

/// The annotations of each call and card in export order: the note reference, then the NAGs
/// (suffixes counted as the NAG they translate to) in increasing order (PBN 3.5.2, 3.6.2).
fn check_annotation_order(tag: &Tag<'_>, nag_base: u32, sink: &mut Sink) {
    // A run of annotations after one call or card, and whether a comment sits among them (then
    // reordering would move what the comment refers to, so no fix is offered).
    let mut run: Vec<&SectionToken<'_>> = Vec::new();
    let mut commented = false;
    let mut comment_seen = false;
    for t in &tag.section {
        match t.kind {
            SyntaxKind::NOTE_REF | SyntaxKind::NAG | SyntaxKind::SUFFIX => {
                commented |= comment_seen;
                run.push(t);
            }
            SyntaxKind::WHITESPACE | SyntaxKind::NEWLINE => {}
            SyntaxKind::BRACE_COMMENT | SyntaxKind::LINE_COMMENT if !run.is_empty() => comment_seen = true,
            _ => {
                report_order(&run, commented, nag_base, sink);
                run.clear();
                commented = false;
                comment_seen = false;
            }
        }
    }
    report_order(&run, commented, nag_base, sink);
}

fn report_order(run: &[&SectionToken<'_>], commented: bool, nag_base: u32, sink: &mut Sink) {
    // Note reference first (key 0), then NAGs by value; unparsable NAGs are reported elsewhere.
    let key = |t: &SectionToken<'_>| match t.kind {
        SyntaxKind::NOTE_REF => 0,
        SyntaxKind::SUFFIX => 1 + u64::from(suffix_nag(t.text, nag_base)),
        _ => 1 + t.text[1..].parse::<u64>().unwrap_or(u64::from(u32::MAX)),
    };
    if run.windows(2).all(|w| key(w[0]) <= key(w[1])) {
        return;
    }
    let mut sorted = run.to_vec();
    sorted.sort_by_key(|t| key(t));
    let canonical: Vec<String> = sorted
        .iter()
        .map(|t| {
            if t.kind == SyntaxKind::SUFFIX {
                format!("${}", suffix_nag(t.text, nag_base))
            } else {
                t.text.to_owned()
            }
        })
        .collect();
    let canonical = canonical.join(" ");
    let range = run[0].range.cover(run[run.len() - 1].range);
    let given: Vec<&str> = run.iter().map(|t| t.text).collect();
    let diagnostic = Diagnostic::new(
        &EXPORT_ANNOTATION_ORDER,
        range,
        format!("export format orders the annotations `{}` as `{canonical}`", given.join(" ")),
    );
    sink.push(if commented {
        diagnostic
    } else {
        diagnostic.with_replacement(format!("Reorder to `{canonical}`"), range, canonical.clone())
    });
}

fn check_layout(game: &Game<'_>, text: &str, sink: &mut Sink) {
    for tag in game.tags.iter().filter(|t| t.well_formed) {
        let start = usize::from(tag.range.start());
        let end = usize::from(tag.range.end());
        let line_start = text[..start].rfind(['\n', '\r']).map_or(0, |i| i + 1);
        let line_end = text[end..].find(['\n', '\r']).map_or(text.len(), |i| end + i);
        let canonical = format!("[{} \"{}\"]", tag.name, tag.value);
        // A multi-line comment may end on the tag's line (`… }[Tag "x"]`): the tag still starts
        // the line's data, as the Verifier's reference files have it. Whether the `}` closes a
        // comment is the parser's to say (a `{` in a string opens none; found by fuzzing).
        let before = text[line_start..start].trim_end();
        let comment_from_earlier_line = tag.after_comment.is_some_and(|comment| {
            usize::from(comment.start()) < line_start && usize::from(comment.end()) == line_start + before.len()
        });
        let alone = (before.is_empty() || comment_from_earlier_line) && text[end..line_end].trim().is_empty();
        if !alone {
            sink.report(
                &EXPORT_TAG_LAYOUT,
                tag.range,
                format!("tag {} must be alone and left-justified on its line", tag.name),
            );
        } else if text[start..end] != canonical {
            sink.push(
                Diagnostic::new(
                    &EXPORT_TAG_LAYOUT,
                    tag.range,
                    format!("tag {} must be written `{canonical}`", tag.name),
                )
                .with_replacement("Normalise the tag pair", tag.range, canonical.clone()),
            );
        }
    }
}

fn check_order(game: &Game<'_>, inherited: &Inherited, sink: &mut Sink) {
    let names: Vec<&str> = game.tags.iter().map(|t| t.name).collect();
    let missing: Vec<&str> = MTS.iter().copied().filter(|m| !names.contains(m) && !inherited.is_sticky(m)).collect();
    if !missing.is_empty() {
        let anchor = game.tags.first().map_or(game.range, |t| t.name_range);
        sink.report(
            &EXPORT_MISSING_TAG,
            anchor,
            format!("export format needs the mandatory tags; missing: {}", missing.join(", ")),
        );
        return;
    }
    // The identification section: MTS in order, then other tags sorted, before Auction/Play.
    // Those a `##` lets the game omit are not expected (PBN 4.8).
    let mut expected_mts = MTS.iter().filter(|m| names.contains(m));
    let mut last_supplemental: Option<&str> = None;
    let mut last_section: Option<&str> = None;
    for tag in game.tags.iter().filter(|t| !matches!(t.name, "Auction" | "Play" | "Note")) {
        // Supplemental sections (tables and other tags with data) come last, sorted (PBN 3.1).
        if is_section(tag.name, tag.section_items().next().is_some()) {
            if last_section.is_some_and(|l| l > tag.name) {
                sink.report(
                    &EXPORT_TAG_ORDER,
                    tag.name_range,
                    format!("supplemental section {} is not in alphabetical order", tag.name),
                );
                return;
            }
            last_section = Some(tag.name);
            continue;
        }
        if last_section.is_some() {
            sink.report(
                &EXPORT_TAG_ORDER,
                tag.name_range,
                format!("tag {} comes after a supplemental section", tag.name),
            );
            return;
        }
        if crate::text::is_one_of(tag.name, &MTS) {
            if expected_mts.next() != Some(&tag.name) || last_supplemental.is_some() {
                sink.report(
                    &EXPORT_TAG_ORDER,
                    tag.name_range,
                    format!("tag {} is out of the mandatory order (PBN 3.4)", tag.name),
                );
                return;
            }
        } else {
            if last_supplemental.is_some_and(|l| l > tag.name) {
                sink.report(
                    &EXPORT_TAG_ORDER,
                    tag.name_range,
                    format!("supplemental tag {} is not in alphabetical order", tag.name),
                );
                return;
            }
            last_supplemental = Some(tag.name);
        }
    }
}

fn check_values(game: &Game<'_>, sink: &mut Sink) {
    let dealer = game.value("Dealer").and_then(Seat::parse);
    for tag in game.tags.iter().filter(|t| t.well_formed) {
        let v = tag.value;
        let canonical: Option<String> = match tag.name {
            "Vulnerable" => Vulnerability::parse(v).map(|x| x.as_str().to_owned()),
            "Dealer" | "Declarer" | "Auction" | "Play" | "Contract" => {
                Some(v.to_ascii_uppercase().replace("PASS", "Pass"))
            }
            "Deal" => parse_deal(v).ok().map(|d| {
                let first = dealer.unwrap_or(d.first);
                let hands: Vec<String> = (0..4)
                    .map(|i| match d.hands[first.offset(i).index()] {
                        None => "-".to_owned(),
                        Some(h) => crate::pbn::model::Suit::ALL
                            .iter()
                            .map(|&s| {
                                (2..=14)
                                    .rev()
                                    .filter(|&r| h.contains(crate::pbn::model::Card { suit: s, rank: r }))
                                    .map(crate::pbn::model::rank_char)
                                    .collect::<String>()
                            })
                            .collect::<Vec<_>>()
                            .join("."),
                    })
                    .collect();
                format!("{}:{}", first.letter(), hands.join(" "))
            }),
            _ => None,
        };
        if let Some(c) = canonical.filter(|c| c != v && !v.is_empty() && v != "?") {
            sink.push(
                Diagnostic::new(
                    &EXPORT_VALUE_FORM,
                    tag.value_range,
                    format!("export format writes {} as `{c}`, not `{v}`", tag.name),
                )
                .with_replacement(format!("Replace with `{c}`"), tag.value_range, c.clone()),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{EXPORT_ANNOTATION_ORDER, EXPORT_TAG_LAYOUT};
    use crate::config::{CheckOptions, Mode};
    use crate::diagnostic::apply_edits;

    #[test]
    fn annotation_order_fix_puts_the_note_first_then_nags_ascending() {
        let text = "[Dealer \"N\"]\n[Auction \"N\"]\n1C $200 !! =1= {why} Pass $3 $1\n";
        let options = CheckOptions { mode: Mode::Export, ..CheckOptions::default() };
        let found: Vec<_> =
            crate::pbn::check(text, &options).into_iter().filter(|d| d.code == EXPORT_ANNOTATION_ORDER.code).collect();
        assert_eq!(found.len(), 2, "{found:?}");
        let edits: Vec<_> = found.iter().filter_map(|d| d.fix.as_ref()).flat_map(|f| f.edits.clone()).collect();
        let (fixed, applied) = apply_edits(text, &edits);
        assert_eq!(applied, 2);
        assert!(fixed.contains("1C =1= $3 $200 {why} Pass $1 $3"), "{fixed}");
    }

    #[test]
    fn a_comment_among_annotations_gets_no_fix() {
        let text = "[Dealer \"N\"]\n[Auction \"N\"]\n1C $200 {why} $1\n";
        let options = CheckOptions { mode: Mode::Export, ..CheckOptions::default() };
        let found: Vec<_> =
            crate::pbn::check(text, &options).into_iter().filter(|d| d.code == EXPORT_ANNOTATION_ORDER.code).collect();
        assert_eq!(found.len(), 1);
        assert!(found[0].fix.is_none());
    }

    /// PBN801's messages on `text` in export format.
    fn layout_messages(text: &str) -> Vec<String> {
        let options = CheckOptions { mode: Mode::Export, ..CheckOptions::default() };
        let found = crate::pbn::check(text, &options).into_iter();
        found.filter(|d| d.code == EXPORT_TAG_LAYOUT.code).map(|d| d.message).collect()
    }

    #[test]
    fn a_tag_after_a_multi_line_comment_on_its_line_is_alone_only_when_the_parser_saw_a_comment() {
        // A comment from an earlier line may end on the tag's line.
        let text = "[Event \"e\"]\r\n{a note\r\non two lines}[Site \"s\"]\r\n";
        assert!(layout_messages(text).is_empty(), "{:?}", layout_messages(text));
        // A `{` inside a string opens no comment: the `}` is stray text before the tag (found by
        // fuzzing: the text said "comment", the parser did not, and a piece of the file checked
        // alone said otherwise than the whole).
        let text = "%\n% EXPORT\n\"{\n\n}[g\"\"]";
        assert_eq!(layout_messages(text), ["tag g must be alone and left-justified on its line"]);
    }

    fn export_codes(text: &str) -> Vec<&'static str> {
        let options = CheckOptions { mode: Mode::Export, ..CheckOptions::default() };
        crate::pbn::check(text, &options).into_iter().map(|d| d.code).collect()
    }

    #[test]
    fn a_mandatory_tag_given_with_double_hash_may_be_omitted_later() {
        let tags = |event: Option<&str>| {
            let mut game = String::new();
            if let Some(event) = event {
                game.push_str(&format!("[Event \"{event}\"]\r\n"));
            }
            for (name, value) in [
                ("Site", "s"),
                ("Date", "?"),
                ("Board", "1"),
                ("West", "w"),
                ("North", "n"),
                ("East", "e"),
                ("South", "s"),
                ("Dealer", "N"),
                ("Vulnerable", "None"),
                ("Deal", "?"),
                ("Scoring", "?"),
                ("Declarer", "?"),
                ("Contract", "?"),
                ("Result", "?"),
            ] {
                game.push_str(&format!("[{name} \"{value}\"]\r\n"));
            }
            game + "\r\n"
        };
        let sticky = tags(Some("##Club")) + &tags(None);
        let codes = export_codes(&sticky);
        assert!(!codes.contains(&"PBN800") && !codes.contains(&"PBN805"), "{codes:?}");
        let plain = tags(Some("Club")) + &tags(None);
        assert_ne!(export_codes(&plain), codes, "without `##` the second game misses Event");
    }
}
