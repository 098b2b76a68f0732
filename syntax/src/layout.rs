//! Export layout as diagnostics: in export mode, every place where a text differs from what
//! `kibitzer fmt` writes is a diagnostic at that place, under the rule of its kind (each
//! format's `layout` module names them: PGN's tag spacing, single spaces, line ends, line
//! length …), with the formatter's edit of that place as its safe fix. One formatter decides
//! both, so `check --mode export` and `fmt --check` cannot disagree, and `check --mode export
//! --fix` writes what `fmt` writes (tests/tests/export_layout.rs).
//!
//! A place that a rule of the checks already reports is not reported twice: where one of the
//! text's diagnostics has a safe fix that touches the place, that fix stands (a round of
//! `--fix` applies it, and the next round compares again); where an export-format diagnostic
//! without a fix covers it (PGN013's empty line between tag pairs, PBN801's tag layout), the
//! formatter's edit becomes that diagnostic's fix. Each edit is safe alone, but for a move
//! (words taken out at one place and put in at another: tags put in order), whose edits are
//! one fix. A new diagnostic takes the place of what its rule suppresses on its line
//! ([`crate::policy::suppresses`]: PGN020, a movetext line too long, of PGN015's warning).

use crate::config::{CheckOptions, Mode};
use crate::diagnostic::{Applicability, Diagnostic, Fix, TextEdit};
use crate::format::{differences, format_piece, Carry, FormatOptions};
use crate::policy::Category;
use crate::text::{difference_in_words, text_in_words, TextRange, TextSize};
use crate::{epd, pbi, pbn, pgn, Lang};
use rustc_hash::FxHashMap;

/// Adds to `found` (the text's other diagnostics, which it may give a fix or drop, see the
/// module's comment) the export layout diagnostics of `text`: nothing outside export mode.
///
/// The text is compared with its formatted form piece by piece ([`crate::units::pieces`]: a
/// unit and the text after it), each piece formatted as in the whole file, because the engine
/// checks a large text, and the language server a document, a piece at a time
/// ([`crate::check_unit`], [`crate::check_alone`]): comparing whole texts would place a
/// difference at a piece's edge by what follows it, which a piece alone does not see.
pub(crate) fn check(lang: Lang, text: &str, options: &CheckOptions, found: &mut Vec<Diagnostic>) {
    if options.mode != Mode::Export || lang == Lang::Lin {
        return;
    }
    let pieces = crate::units::pieces(lang, text);
    // Each piece is given the diagnostics that start in it, in the order they were found (the
    // order a piece checked alone finds them in), so that a text of many pieces costs the sum
    // of its pieces, not their product.
    let mut own: Vec<Vec<Diagnostic>> = vec![Vec::new(); pieces.len()];
    for d in std::mem::take(found) {
        let k = pieces.partition_point(|p| p.range.end() <= d.range.start()).min(pieces.len() - 1);
        own[k].push(d);
    }
    let mut carry = Carry::Nothing;
    for (piece, mut own) in pieces.iter().zip(own) {
        carry = check_piece(lang, text, piece.range, &carry, options, &mut own);
        found.append(&mut own);
    }
}

/// [`check`] of the piece `piece` of `text` (which may be the whole of it), formatted from
/// `from` (what the pieces before it left the formatter: PBN's inherited tags); gives what this
/// piece leaves. Only the diagnostics of `found` that start in the piece are looked at.
pub(crate) fn check_piece(
    lang: Lang,
    text: &str,
    piece: TextRange,
    from: &Carry,
    options: &CheckOptions,
    found: &mut Vec<Diagnostic>,
) -> Carry {
    let rule_for: fn(&str, &TextEdit) -> (&'static crate::Rule, String) = match lang {
        Lang::Pgn => pgn::check::layout::rule_for,
        Lang::Epd => epd::layout::rule_for,
        // One rule for every place: the rule, and what the text has there against export's.
        Lang::Pbn => {
            |text, edit| (&pbn::check::layout::EXPORT_LAYOUT, difference_in_words(&text[edit.range], &edit.replacement))
        }
        Lang::Pbi => |text, edit| (&pbi::layout::PBI_LAYOUT, difference_in_words(&text[edit.range], &edit.replacement)),
        // LIN has no export format: BBO writes one layout, which its own rules check.
        Lang::Lin => return Carry::Nothing,
    };
    if options.mode != Mode::Export {
        return Carry::Nothing;
    }
    let own = &text[piece];
    let (formatted, after) = format_piece(lang, own, &FormatOptions::default(), from);
    if formatted == own {
        return after;
    }
    let local: Vec<TextEdit> = differences(own, &formatted).into_iter().flatten().collect();
    // What a place is, and which edits make a move, are read in the piece alone; the rest in
    // the caller's text, where `found` is.
    let kinds_in_piece: Vec<(&'static crate::Rule, String)> = local.iter().map(|e| rule_for(own, e)).collect();
    let moving = moves(own, &local);
    let edits: Vec<TextEdit> =
        local.into_iter().map(|e| TextEdit::replace(e.range + piece.start(), e.replacement)).collect();
    let last_piece = piece.end() == TextSize::of(text);
    let in_piece = |d: &Diagnostic| {
        let at = d.range.start();
        piece.start() <= at && (at < piece.end() || last_piece)
    };
    // An edit alone keeps the text's meaning, but for a move: words the formatter takes out at
    // one place and puts in at another (tags into their order) are two edits that go together.
    // Those edits are one fix, given with the first of them, all or none (`moving`, above).
    // A place some check's safe fix touches is that check's: its fix stands, and the
    // formatter's edit there is offered after it is applied (the next round of `--fix`).
    let mut taken = vec![false; edits.len()];
    for d in found.iter().filter(|d| in_piece(d)) {
        let Some(fix) = d.fix.as_ref().filter(|f| f.applicability == Applicability::Safe) else { continue };
        for e in &fix.edits {
            // With the blanks around it: the formatter may place the same change at the other
            // end of a blank (`{c}  2... c5`'s `2...` after the first space, PGN221 before `c5`).
            for i in meeting(&edits, with_blanks_around(text, e.range), false) {
                taken[i] = true;
            }
        }
    }
    let moves_wait = (0..edits.len()).any(|i| moving[i] && taken[i]);
    let kinds: Vec<Option<(&'static crate::Rule, String)>> =
        kinds_in_piece.into_iter().enumerate().map(|(i, kind)| (!taken[i]).then_some(kind)).collect();
    suppress_on_their_lines(text, kinds.iter().flatten().map(|(rule, _)| *rule).zip(edits.iter()), found);
    // An export-format diagnostic without a fix that covers places: the formatter's edits of
    // them are its fix (touching counts: a blank before a tag pair is that tag pair's layout).
    let mut owned: Vec<Vec<TextEdit>> = vec![Vec::new(); found.len()];
    let mut owner: Vec<bool> = vec![false; edits.len()];
    for (n, d) in found.iter().enumerate() {
        if d.fix.is_some() || crate::policy::category(d.code) != Some(Category::Export) || !in_piece(d) {
            continue;
        }
        for i in meeting(&edits, d.range, true) {
            // What is added after the diagnostic's text (a line break at a file's end after a
            // long line) is the layout of what follows, not this diagnostic's.
            let after_it = !d.range.is_empty() && edits[i].range.start() == d.range.end() && edits[i].range.is_empty();
            if !taken[i] && !moving[i] && !owner[i] && !after_it {
                owner[i] = true;
                owned[n].push(edits[i].clone());
            }
        }
    }
    let group: Vec<TextEdit> = (0..edits.len()).filter(|&i| moving[i]).map(|i| edits[i].clone()).collect();
    let mut group_given = moves_wait;
    let mut added = Vec::new();
    for (i, (edit, kind)) in edits.into_iter().zip(kinds).enumerate() {
        let Some((rule, message)) = kind.filter(|_| !owner[i]) else { continue };
        let mut d = Diagnostic::new(rule, edit.range, message);
        if !moving[i] {
            let title = title(text, std::slice::from_ref(&edit));
            d = d.with_fix(title, vec![edit], Applicability::Safe);
        } else if !group_given {
            group_given = true;
            d = d.with_fix(title(text, &group), group.clone(), Applicability::Safe);
        }
        added.push(d);
    }
    for (d, own) in found.iter_mut().zip(owned) {
        if !own.is_empty() {
            d.fix = Some(Box::new(Fix { title: title(text, &own), edits: own, applicability: Applicability::Safe }));
        }
    }
    found.extend(added);
    after
}

/// Which edits are part of a move: an edit that takes out a word another edit puts in, or puts
/// in a word another takes out.
fn moves(text: &str, edits: &[TextEdit]) -> Vec<bool> {
    let mut taken_out: FxHashMap<&str, usize> = FxHashMap::default();
    let mut put_in: FxHashMap<&str, usize> = FxHashMap::default();
    for e in edits {
        for w in text[e.range].split_whitespace() {
            *taken_out.entry(w).or_default() += 1;
        }
        for w in e.replacement.split_whitespace() {
            *put_in.entry(w).or_default() += 1;
        }
    }
    edits
        .iter()
        .map(|e| {
            let own = |s: &str, w: &str| s.split_whitespace().filter(|x| *x == w).count();
            let old = &text[e.range];
            old.split_whitespace().any(|w| put_in.get(w).is_some_and(|&n| n > own(&e.replacement, w)))
                || e.replacement.split_whitespace().any(|w| taken_out.get(w).is_some_and(|&n| n > own(old, w)))
        })
        .collect()
}

/// The indices of the edits (in text order, none overlapping) that meet `range`: overlap it,
/// or touch it where either is empty (an insertion at a diagnostic's edge is at its place), or
/// touch it at all with `touching`.
fn meeting(edits: &[TextEdit], range: TextRange, touching: bool) -> impl Iterator<Item = usize> + '_ {
    let first = edits.partition_point(|e| e.range.end() < range.start());
    (first..edits.len()).take_while(move |&i| edits[i].range.start() <= range.end()).filter(move |&i| {
        let r = edits[i].range;
        (r.start() < range.end() && range.start() < r.end()) || r.is_empty() || range.is_empty() || touching
    })
}

/// `range` grown over the blanks (spaces, tabs, line breaks) on either side of it.
fn with_blanks_around(text: &str, range: TextRange) -> TextRange {
    let (start, end) = (usize::from(range.start()), usize::from(range.end()));
    let start = text[..start].trim_end_matches(char::is_whitespace).len();
    let end = text.len() - text[end..].trim_start_matches(char::is_whitespace).len();
    TextRange::new(TextSize::from(start as u32), TextSize::from(end as u32))
}

/// What a fix made of `edits` does, as an editor shows it.
fn title(text: &str, edits: &[TextEdit]) -> String {
    match edits {
        [e] if e.replacement.is_empty() => format!("Remove {}", text_in_words(&text[e.range])),
        [e] if e.range.is_empty() => format!("Insert {}", text_in_words(&e.replacement)),
        [e] => format!("Replace with {}", text_in_words(&e.replacement)),
        _ => "Write the export layout".to_owned(),
    }
}

/// Drops from `found` the diagnostics that the rule of one of the `places` (a rule and the
/// formatter's edit it would report) suppresses and that start on the line where it starts.
fn suppress_on_their_lines<'e>(
    text: &str,
    places: impl Iterator<Item = (&'static crate::Rule, &'e TextEdit)>,
    found: &mut Vec<Diagnostic>,
) {
    let line_of = |at: usize| {
        let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
        let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
        (start, end)
    };
    let mut lines: Vec<(usize, usize, &str)> = Vec::new();
    for (rule, edit) in places {
        for &code in crate::policy::suppresses(rule.code) {
            let (start, end) = line_of(usize::from(edit.range.start()));
            lines.push((start, end, code));
        }
    }
    if lines.is_empty() {
        return;
    }
    found.retain(|d| {
        let at = usize::from(d.range.start());
        !lines.iter().any(|&(start, end, code)| d.code == code && start <= at && at <= end)
    });
}
