//! The checks of games together over several files: duplicate games (PGN400, PGN401) and the
//! spellings of players, events and sites (PGN402, PGN403, PBN120, PBN121) found across the
//! files of a workspace (the language server's workspace folders, `check --across-files`), not
//! only within one file.
//!
//! Each file gives its [`FileFacts`] once (kept while it is unchanged: a hundred bytes or so a
//! game, no text); [`check_across_files`] joins the facts of the files in the order it is given
//! them, as if they were one text made of the files one after the other, runs the one pass of
//! those checks over it ([`crate::pgn::check::across_in`], [`crate::pbn::check::players`]) and
//! hands each file its diagnostics. So a game is a duplicate of the first game before it, in its
//! file or in a file before it; a spelling is rarer than the commonest of all the files. A
//! finding whose other place is in another file names that file in its message, and its related
//! place says which file it is in ([`crate::diagnostic::Related::file`]); within one file the
//! messages are those of a file checked alone.
//!
//! The caller decides the order: by path, so that which game is the earlier is the same
//! whatever was opened or named first.

use crate::config::CheckOptions;
use crate::diagnostic::Diagnostic;
use crate::engine::{check_alone, finish, DetachedFacts, UnitFacts};
use crate::lang::Lang;
use crate::moved::Shift;
pub use crate::pbn::check::players::NameRanges;
use crate::pbn::check::players::Names;
use crate::pgn::check::detached::Joined;
pub use crate::pgn::check::duplicates::EarlierGames;
use crate::spellings::{is_unknown, Files, Tokens};
use crate::text::{TextRange, TextSize};
use crate::{pbn, pgn};
use rustc_hash::FxHashMap;
use std::borrow::Cow;
use std::cell::OnceCell;
use std::sync::Arc;

/// What one file gives for the checks of games together across files: the facts of the pieces
/// of its text, in order ([`PieceFacts`]). A file read from disk is one piece; an open document
/// of the language server is the pieces it keeps, each made when its piece was checked and
/// shared (an `Arc`) until an edit touches it, so that gathering a document's facts after a
/// keystroke reads no text and copies no name.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FileFacts(Vec<Arc<PieceFacts>>);

/// What one piece of a file's text gives for the checks across files, relative to the piece:
/// its PGN games' facts taken out of the text, or its PBN name values. Empty for the other
/// formats.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PieceFacts(Piece);

#[derive(Debug, Clone, Default, PartialEq, Eq)]
enum Piece {
    #[default]
    None,
    Pgn(DetachedFacts),
    Pbn(PbnNames),
}

/// A piece of a PBN file's name values: each (range, token) by kind (players, events, sites),
/// and the length of its text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct PbnNames {
    kinds: [Vec<(TextRange, Box<str>)>; 3],
    len: TextSize,
}

impl PbnNames {
    /// The name values of `text`, a piece of a PBN file whose names are at `ranges`. A PBN
    /// game's names are its own (inherited values are left out), so the names of the pieces of
    /// a text, one after the other, are the text's. Unknown values (`?`, `-`), which the
    /// spelling check passes over, are not kept: many files have nothing else, and the check
    /// runs after every keystroke.
    fn of(text: &str, ranges: &NameRanges) -> PbnNames {
        let names = ranges.names(text);
        let keep = |values: Vec<(TextRange, Cow<'_, str>)>| {
            let mut kept: Vec<_> =
                values.into_iter().filter(|(_, v)| !is_unknown(v)).map(|(r, v)| (r, Box::from(v))).collect();
            // The list is collected in the place of `values`, whose room it would keep (all of
            // it when every name is unknown): a file's names are kept as long as it is open.
            kept.shrink_to_fit();
            kept
        };
        PbnNames { kinds: [keep(names.players), keep(names.events), keep(names.sites)], len: TextSize::of(text) }
    }

    /// Whether `new` is these names but for positions moved by one edit, each given to `shift`.
    fn moved_to(&self, new: &PbnNames, shift: &mut Shift) -> bool {
        for (old, new) in self.kinds.iter().zip(&new.kinds) {
            if old.len() != new.len() {
                shift.differs();
            }
            for ((old_range, old_token), (new_range, new_token)) in old.iter().zip(new) {
                if old_token != new_token {
                    shift.differs();
                }
                shift.pair_range(*old_range, *new_range);
            }
        }
        shift.holds()
    }
}

impl PieceFacts {
    /// The facts of `text`, a piece of a PGN file (a whole file is a piece too), whose check
    /// alone gave `facts` ([`check_alone`]): its games taken out of the text.
    pub fn of_pgn(text: &str, facts: &UnitFacts) -> PieceFacts {
        PieceFacts(Piece::Pgn(facts.detach(text)))
    }

    /// The facts of `text`, a piece of a PBN file, whose names are at `names` (as its check
    /// found them, [`crate::UnitCheck::names`], or [`NameRanges::of`] the text).
    pub fn of_pbn(text: &str, names: &NameRanges) -> PieceFacts {
        PieceFacts(Piece::Pbn(PbnNames::of(text, names)))
    }

    /// How the positions of these facts moved to those of `new`, when `new` is these facts but
    /// for positions one edit moved ([`crate::moved`]).
    fn moved_to(&self, new: &PieceFacts) -> Option<Shift> {
        let mut shift = Shift::new(self.len(), new.len());
        let holds = match (&self.0, &new.0) {
            (Piece::Pgn(old), Piece::Pgn(new)) => old.0.moved_to(&new.0, &mut shift),
            (Piece::Pbn(old), Piece::Pbn(new)) => old.moved_to(new, &mut shift),
            (Piece::None, Piece::None) => true,
            _ => false,
        };
        holds.then_some(shift)
    }

    /// The length of the piece's text (0 for a piece without facts).
    fn len(&self) -> TextSize {
        match &self.0 {
            Piece::None => TextSize::from(0),
            Piece::Pgn(detached) => detached.text_len(),
            Piece::Pbn(names) => names.len,
        }
    }
}

impl FileFacts {
    /// The facts of a file from those of the pieces of its text, in order.
    pub fn of_pieces(pieces: impl IntoIterator<Item = Arc<PieceFacts>>) -> FileFacts {
        FileFacts(pieces.into_iter().collect())
    }

    /// The length of the file's text.
    fn len(&self) -> TextSize {
        self.0.iter().fold(TextSize::from(0), |len, p| len + p.len())
    }

    /// Whether the checks of the games together may find anything in this file alone: false is
    /// certain (PGN: no two games share their moves and no two names may be spellings of one),
    /// so that the language server need not join a document's games after a keystroke. Facts
    /// made in this process only: those read back from elsewhere have no names' fingerprints.
    pub fn may_find_alone(&self, lang: Lang) -> bool {
        if lang != Lang::Pgn {
            return lang == Lang::Pbn;
        }
        let games = || {
            self.0.iter().flat_map(|p| match &p.0 {
                Piece::Pgn(detached) => detached.0.games(),
                _ => &[],
            })
        };
        crate::pgn::check::duplicates::may_have_duplicates(games())
            || crate::spellings::Fingerprint::may_vary(games().flat_map(|s| s.names()))
    }

    /// Where the facts of this file moved to `new`, the facts of the file after an edit: the
    /// start of the one piece whose facts moved (in the file) and how they moved, the other
    /// pieces the same; `None` when more than one piece changed or one changed otherwise than in
    /// positions.
    fn moved_to(&self, new: &FileFacts) -> Option<(TextSize, Shift)> {
        if self.0.len() != new.0.len() {
            return None;
        }
        let mut moved = None;
        let mut at = TextSize::from(0);
        for (old, new) in self.0.iter().zip(&new.0) {
            if old != new {
                if moved.is_some() {
                    return None;
                }
                moved = Some((at, old.moved_to(new)?));
            }
            at += old.len();
        }
        Some(moved.unwrap_or((TextSize::from(0), Shift::new(at, at))))
    }
}

/// Checks one file as [`crate::check`] does, but for the checks of its games together, and
/// gives what those need of it: [`crate::check`] of the file is these diagnostics with
/// [`check_across_files`] of its facts alone.
pub fn check_file(lang: Lang, text: &str, options: &CheckOptions) -> (Vec<Diagnostic>, FileFacts) {
    match lang {
        Lang::Pgn => {
            let (diagnostics, facts) = check_alone(lang, text, options);
            (diagnostics, FileFacts(vec![Arc::new(PieceFacts::of_pgn(text, &facts))]))
        }
        Lang::Pbn if crate::binary::not_text(lang, [text], options).is_none() => {
            let (mut diagnostics, names) = pbn::check::pieces::check(text, options);
            finish(&mut diagnostics, options);
            (diagnostics, FileFacts(vec![Arc::new(PieceFacts::of_pbn(text, &names))]))
        }
        _ => (crate::check(lang, text, options), FileFacts::default()),
    }
}

/// Checks a piece of a PGN stream (a chunk of whole games of a compressed file or of standard
/// input, its first line after `options.first_line`) as [`crate::check`] checks it alone, and
/// finds its games that repeat a game of the pieces before, which `earlier` remembers
/// ([`EarlierGames`]): such a game's PGN400 names the earlier game's line, in place of what the
/// piece alone says of it. Other formats: [`crate::check`].
pub fn check_stream_piece(
    lang: Lang,
    text: &str,
    options: &CheckOptions,
    earlier: &mut EarlierGames,
) -> Vec<Diagnostic> {
    if lang != Lang::Pgn {
        return crate::check(lang, text, options);
    }
    let (mut diagnostics, facts) = check_alone(lang, text, options);
    let mut together = crate::engine::check_across(lang, text, std::slice::from_ref(&facts), options);
    let mut copies_found = Vec::new();
    let copies = earlier.copies_in(text, facts.games(), options, &mut copies_found);
    together.retain(|d| !(matches!(d.code, "PGN400" | "PGN401") && copies.contains(&d.range)));
    finish(&mut copies_found, options);
    diagnostics.extend(together);
    diagnostics.extend(copies_found);
    crate::diagnostic::sort_in_text_order(&mut diagnostics);
    diagnostics
}

/// The checks of games together over `files` (each its name, as messages name it, and its
/// facts), as if they were one text, the files one after the other in the order given: each
/// file's diagnostics, in its own offsets, in text order, with the severities of its options
/// (`options_of` its index). A related place in another file has that file's index in `files`.
///
/// Linear in the number of games (a hash of each game's moves, one key per name): the files'
/// facts are joined, never compared pairwise. The joined text's offsets are 32-bit: files past
/// 4 GiB in all are left out (their diagnostics empty); the language server bounds far below.
pub fn check_across_files<'o>(
    lang: Lang,
    files: &[(&str, &FileFacts)],
    options_of: impl Fn(usize) -> &'o CheckOptions,
) -> Vec<Vec<Diagnostic>> {
    let mut starts = Vec::with_capacity(files.len());
    let mut at: u64 = 0;
    let kept = files
        .iter()
        .take_while(|(_, facts)| {
            starts.push(TextSize::from(at as u32));
            at += u64::from(u32::from(facts.len()));
            at < u64::from(u32::MAX)
        })
        .count();
    starts.truncate(kept);
    let files = &files[..kept];
    let mut found = Vec::new();
    match lang {
        Lang::Pgn => {
            let pieces = files.iter().map(|(name, facts)| {
                (
                    *name,
                    facts.0.iter().filter_map(|p| match &p.0 {
                        Piece::Pgn(detached) => Some(&detached.0),
                        _ => None,
                    }),
                )
            });
            let (mut text, summaries) = Joined::of_files(pieces);
            pgn::check::across_in(&mut text, &summaries, &mut found);
        }
        Lang::Pbn => {
            let mut names = Names::default();
            let mut joined = Files::default();
            for ((name, facts), &start) in files.iter().zip(&starts) {
                joined.push(start, name);
                let mut at = start;
                for piece in &facts.0 {
                    if let Piece::Pbn(own) = &piece.0 {
                        let kinds = own.kinds.iter().zip([&mut names.players, &mut names.events, &mut names.sites]);
                        for (kind, into) in kinds {
                            for (range, token) in kind {
                                into.push((*range + at, Cow::Borrowed(&**token)));
                            }
                        }
                    }
                    at += piece.len();
                }
            }
            let text = JoinedNames { names: &names, by_start: OnceCell::new(), files: joined };
            pbn::check::players::check_names(&text, &names, &mut found);
        }
        _ => {}
    }
    let mut out: Vec<Vec<Diagnostic>> = vec![Vec::new(); files.len()];
    let file_at = |offset: TextSize| starts.partition_point(|s| *s <= offset).saturating_sub(1);
    for mut d in found {
        let own = file_at(d.range.start());
        let start = starts[own];
        d.range -= start;
        if let Some(fix) = &mut d.fix {
            for e in &mut fix.edits {
                e.range -= start;
            }
        }
        for r in &mut d.related {
            let file = file_at(r.range.start());
            r.range -= starts[file];
            r.file = (file != own).then_some(file);
        }
        out[own].push(d);
    }
    for (i, diagnostics) in out.iter_mut().enumerate() {
        finish(diagnostics, options_of(i));
    }
    out
}

/// What the checks across files found for one of the files ([`check_file_across`]), kept with
/// what it was found from: the files' names and facts and the file's options. The language
/// server keeps a document's; after a keystroke that only moved text in one of its pieces (a
/// blank typed, a comment or an annotation edited: every game's moves, tags and lines the
/// same), the findings are these moved, without joining every game of the workspace again.
#[derive(Debug, Clone)]
pub struct FileFindings {
    lang: Lang,
    names: Vec<Box<str>>,
    /// Shared with their holders: a document's facts are a hundred thousand pieces' in a large
    /// PBN file, not to be copied at every keystroke.
    facts: Vec<Arc<FileFacts>>,
    file: usize,
    options: CheckOptions,
    found: Vec<Diagnostic>,
}

impl FileFindings {
    /// The file's diagnostics, as [`check_across_files`] gives them.
    pub fn found(&self) -> &[Diagnostic] {
        &self.found
    }

    /// The file's diagnostics, the rest let go.
    pub fn into_found(self) -> Vec<Diagnostic> {
        self.found
    }

    /// How the positions of these findings move to `files`, when they are the files these were
    /// found in but for positions one edit moved in one piece of file `file`, with the same
    /// options: `(at, shift)`, the start of that piece in the file and how its positions moved.
    ///
    /// The checks across files compare facts for equality and positions for order only, and
    /// their messages name lines, never offsets: facts whose positions an edit moved (and whose
    /// lines it did not) give the same findings, moved. A place of a finding between the edit's
    /// last unmoved fact and its first moved one cannot be placed: then `None`, and the pass runs.
    fn moves_to(
        &self,
        lang: Lang,
        files: &[(&str, &Arc<FileFacts>)],
        file: usize,
        options: &CheckOptions,
    ) -> Option<(TextSize, Shift)> {
        if self.lang != lang || self.file != file || self.names.len() != files.len() || self.options != *options {
            return None;
        }
        let mut moved = None;
        for (k, ((name, facts), (old_name, old_facts))) in
            files.iter().zip(self.names.iter().zip(&self.facts)).enumerate()
        {
            if **old_name != **name {
                return None;
            }
            if k == file {
                moved = Some(old_facts.moved_to(facts)?);
            } else if !Arc::ptr_eq(old_facts, facts) && old_facts != *facts {
                return None;
            }
        }
        let (at, shift) = moved?;
        let placed = |r: TextRange| {
            move_position(at, &shift, r.start()).is_some() && move_position(at, &shift, r.end()).is_some()
        };
        self.found.iter().flat_map(Diagnostic::own_ranges).all(placed).then_some((at, shift))
    }
}

/// Where a position of a file is after its piece starting at `at` moved by `shift`.
fn move_position(at: TextSize, shift: &Shift, p: TextSize) -> Option<TextSize> {
    if p < at {
        Some(p)
    } else {
        shift.map(p - at).map(|p| p + at)
    }
}

/// [`check_across_files`] of `files` for file `file` alone, kept with what it was found from;
/// `before`, what a previous pass found for the same file, is moved instead when the files are
/// the same but for positions one edit moved in that file ([`FileFindings`]): in place when no
/// one else holds it.
pub fn check_file_across<'o>(
    lang: Lang,
    files: &[(&str, &Arc<FileFacts>)],
    file: usize,
    options_of: impl Fn(usize) -> &'o CheckOptions,
    before: Option<Arc<FileFindings>>,
) -> Arc<FileFindings> {
    let options = options_of(file);
    if let Some(mut before) = before {
        if let Some((at, shift)) = before.moves_to(lang, files, file, options) {
            if shift.is_identity() {
                // The same facts: the same findings.
                return before;
            }
            let findings = Arc::make_mut(&mut before);
            for range in findings.found.iter_mut().flat_map(Diagnostic::own_ranges_mut) {
                let moved = |p| move_position(at, &shift, p).unwrap_or(p);
                *range = TextRange::new(moved(range.start()), moved(range.end()));
            }
            findings.facts = files.iter().map(|(_, facts)| Arc::clone(facts)).collect();
            return before;
        }
    }
    let borrowed: Vec<(&str, &FileFacts)> = files.iter().map(|(name, facts)| (*name, &***facts)).collect();
    Arc::new(FileFindings {
        lang,
        names: files.iter().map(|(name, _)| Box::from(*name)).collect(),
        facts: files.iter().map(|(_, facts)| Arc::clone(facts)).collect(),
        file,
        options: options.clone(),
        found: check_across_files(lang, &borrowed, &options_of).swap_remove(file),
    })
}

/// [`check_file_across`] of `files` for every one of them, from one pass over their facts (not
/// a pass a file): what each file's findings are, kept with what they were found from, in the
/// order of `files`. Linear in the games of all the files.
pub fn check_files_across<'o>(
    lang: Lang,
    files: &[(&str, &Arc<FileFacts>)],
    options_of: impl Fn(usize) -> &'o CheckOptions,
) -> Vec<Arc<FileFindings>> {
    let borrowed: Vec<(&str, &FileFacts)> = files.iter().map(|(name, facts)| (*name, &***facts)).collect();
    let names: Vec<Box<str>> = files.iter().map(|(name, _)| Box::from(*name)).collect();
    let facts: Vec<Arc<FileFacts>> = files.iter().map(|(_, facts)| Arc::clone(facts)).collect();
    let mut found = check_across_files(lang, &borrowed, &options_of);
    // Files past what one pass joins (4 GiB) have nothing.
    found.resize_with(files.len(), Vec::new);
    found
        .into_iter()
        .enumerate()
        .map(|(file, found)| {
            Arc::new(FileFindings {
                lang,
                names: names.clone(),
                facts: facts.clone(),
                file,
                options: options_of(file).clone(),
                found,
            })
        })
        .collect()
}

/// The name values of several PBN files joined, for the spelling check ([`Tokens`]), borrowed
/// from their facts. A name value is its token: the tokens are the values of `names`, found by
/// their start, indexed only when a finding asks for one (the language server joins every name
/// of a workspace after each keystroke; most keystrokes find nothing new).
struct JoinedNames<'a> {
    names: &'a pbn::check::players::Names<'a>,
    by_start: OnceCell<FxHashMap<TextSize, &'a str>>,
    files: Files,
}

impl Tokens for JoinedNames<'_> {
    fn token(&self, range: TextRange) -> &str {
        let by_start = self.by_start.get_or_init(|| {
            let Names { players, events, sites } = self.names;
            let all = players.iter().chain(events).chain(sites);
            all.map(|(range, value)| (range.start(), value.as_ref())).collect()
        });
        by_start.get(&range.start()).copied().unwrap_or("")
    }

    fn file_of(&self, offset: TextSize) -> Option<(usize, &str)> {
        self.files.file_of(offset)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(white: &str, moves: &str) -> String {
        format!(
            "[Event \"Club\"]\n[Site \"Here\"]\n[Date \"2024.01.05\"]\n[Round \"1\"]\n[White \"{white}\"]\n[Black \"Brown\"]\n[Result \"*\"]\n\n{moves} *\n\n"
        )
    }

    const RUY: &str = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6";
    const QGD: &str = "1. d4 d5 2. c4 e6 3. Nc3 Nf6";

    /// `check_file` of each text, then `check_across_files` over them: each file's diagnostics of
    /// the checks together, as (code, message, related file).
    fn across(lang: Lang, texts: &[(&str, &str)]) -> Vec<Vec<(&'static str, String, Option<usize>)>> {
        let options = CheckOptions::default();
        let facts: Vec<FileFacts> = texts.iter().map(|(_, t)| check_file(lang, t, &options).1).collect();
        let files: Vec<(&str, &FileFacts)> = texts.iter().map(|(n, _)| *n).zip(&facts).collect();
        check_across_files(lang, &files, |_| &options)
            .into_iter()
            .map(|ds| ds.into_iter().map(|d| (d.code, d.message, d.related[0].file)).collect())
            .collect()
    }

    /// The language server gathers an open document's facts from those of its pieces, each made
    /// alone: the checks across files must find in them what they find in the whole text's.
    #[test]
    fn a_files_facts_gathered_piece_by_piece_are_the_whole_files() {
        let options = CheckOptions::default();
        let club = [game("Adams, M", RUY), game("Adams,M", QGD), game("Adams, M", RUY), game("adams, m", QGD)].concat();
        let mut texts = vec![(Lang::Pgn, club.clone()), (Lang::Pbn, club.replace("White", "North"))];
        // PBN's `#` (a value inherited from the game before) and a header before the first game.
        let pbn = [game("Adams, M", RUY), game("Adams, M", QGD).replace("Adams, M", "#"), game("Adams,M", RUY)]
            .concat()
            .replace("White", "South");
        texts.push((Lang::Pbn, format!("% PBN 2.1\n% EXPORT\n\n{pbn}")));
        let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let corpus = here.join("../../shared/corpus");
        for (lang, file) in [
            (Lang::Pgn, "pgn/pgn-reader/twic1599_1000k.pgn"),
            (Lang::Pgn, "pgn/large/twic1389.pgn"),
            (Lang::Pbn, "pbn/large/ben_uncommon_boards.pbn"),
        ] {
            match std::fs::read(corpus.join(file)) {
                // Twice over: the second copy's games repeat the first's.
                Ok(bytes) => texts.push((lang, crate::text::decode(&bytes).text.repeat(2))),
                Err(_) => eprintln!("skipped: ../shared/corpus/{file} missing"),
            }
        }
        for (i, (lang, text)) in texts.iter().enumerate() {
            let whole = check_file(*lang, text, &options).1;
            // Each piece as the language server takes it: checked alone (PGN), or in order from
            // what the games before left (PBN), its names as that check found them.
            let mut state = crate::UnitState::default();
            let pieces = crate::pieces(*lang, text).into_iter().map(|piece| {
                let piece_text = &text[piece.range];
                Arc::new(match lang {
                    Lang::Pgn => PieceFacts::of_pgn(piece_text, &check_alone(*lang, piece_text, &options).1),
                    _ => {
                        let checked = crate::check_unit(*lang, piece_text, &state, &options);
                        assert_eq!(checked.names, NameRanges::of(piece_text), "{lang:?} {i}");
                        state = checked.after;
                        PieceFacts::of_pbn(piece_text, &checked.names)
                    }
                })
            });
            let gathered = FileFacts::of_pieces(pieces);
            assert!(gathered.0.len() > 1, "{lang:?}: more than one piece");
            let [by_pieces, by_whole] = [&gathered, &whole].map(|facts| {
                check_across_files(*lang, &[("other.pgn", &FileFacts::default()), ("this", facts)], |_| &options)
            });
            // The texts written here have findings; some corpus files have none of their own.
            assert!(i >= 3 || !by_whole[1].is_empty(), "{lang:?} {i}: the test text has findings");
            assert_eq!(by_pieces, by_whole, "{lang:?} {i}");
        }
    }

    /// The facts of `text` piece by piece, as the language server gathers a document's (PBN
    /// pieces checked in order from the state the games before left).
    fn pieces_facts(lang: Lang, text: &str, options: &CheckOptions) -> Vec<(TextRange, Arc<PieceFacts>)> {
        let mut state = crate::UnitState::default();
        crate::pieces(lang, text)
            .into_iter()
            .map(|piece| (piece.range, Arc::new(piece_facts(lang, &text[piece.range], &mut state, options))))
            .collect()
    }

    fn piece_facts(lang: Lang, text: &str, state: &mut crate::UnitState, options: &CheckOptions) -> PieceFacts {
        match lang {
            Lang::Pgn => PieceFacts::of_pgn(text, &check_alone(lang, text, options).1),
            _ => {
                let checked = crate::check_unit(lang, text, state, options);
                *state = checked.after;
                PieceFacts::of_pbn(text, &checked.names)
            }
        }
    }

    /// After an edit of one piece, the findings kept from before, moved, are what the pass finds
    /// in the new facts; and a blank typed between games or into movetext is moved, not found
    /// again (else the keystroke pays the whole pass).
    #[test]
    fn findings_moved_by_an_edit_are_those_the_pass_finds_after_it() {
        let options = CheckOptions::default();
        let club = [game("Adams, M", RUY), game("Adams,M", QGD), game("Adams, M", RUY), game("adams, m", QGD)].concat();
        let other = [game("Adams, M", QGD), game("Brown", RUY)].concat();
        let mut texts = vec![
            (Lang::Pgn, club.repeat(3), other.clone()),
            (Lang::Pbn, club.replace("White", "North").repeat(3), other.replace("White", "North")),
        ];
        let corpus = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus");
        for (lang, file) in [(Lang::Pgn, "pgn/large/twic1389.pgn"), (Lang::Pbn, "pbn/large/ben_uncommon_boards.pbn")] {
            match std::fs::read(corpus.join(file)) {
                Ok(bytes) => texts.push((lang, crate::text::decode(&bytes).text.repeat(2), club.clone())),
                Err(_) => eprintln!("skipped: ../shared/corpus/{file} missing"),
            }
        }
        for (i, (lang, text, other)) in texts.iter().enumerate() {
            let (lang, other) = (*lang, check_file(*lang, other, &options).1);
            let pieces = pieces_facts(lang, text, &options);
            assert!(pieces.len() > 1, "{lang:?}: more than one piece");
            let (other, old) = (Arc::new(other), Arc::new(FileFacts::of_pieces(pieces.iter().map(|(_, f)| f.clone()))));
            fn files<'a>(
                other: &'a Arc<FileFacts>,
                own: &'a Arc<FileFacts>,
            ) -> [(&'static str, &'a Arc<FileFacts>); 2] {
                [("a.pgn", other), ("b.pgn", own)]
            }
            let before = check_file_across(lang, &files(&other, &old), 1, |_| &options, None);
            let original = before.found().to_vec();
            // The texts written here have findings; some corpus files have none.
            assert!(i >= 2 || !before.found().is_empty(), "{lang:?}: the text has findings");
            let (mut tried, mut moved) = (0, 0);
            // The state each piece is checked from, as the server's chained check gives it.
            let mut state = crate::UnitState::default();
            // A large file: its first pieces are enough.
            for (k, (range, _)) in pieces.iter().enumerate().take(if text.len() > 100_000 { 3 } else { usize::MAX }) {
                let piece = &text[*range];
                let before_piece = state.clone();
                piece_facts(lang, piece, &mut state, &options);
                // Every few bytes of the piece, and its ends (fewer in a large file, where each
                // comparison runs the whole pass).
                let step = (piece.len() / if text.len() > 100_000 { 20 } else { 60 }).max(1);
                for at in (0..=piece.len()).step_by(step).filter(|&at| piece.is_char_boundary(at)) {
                    for edit in [" ", "\n", "x", "{c}", "\"", ""] {
                        let end = if edit.is_empty() { piece.ceil_char_boundary(at + 1) } else { at };
                        let edited = format!("{}{edit}{}", &piece[..at], &piece[end..]);
                        let mut new = pieces.iter().map(|(_, f)| f.clone()).collect::<Vec<_>>();
                        new[k] = Arc::new(piece_facts(lang, &edited, &mut before_piece.clone(), &options));
                        let new = Arc::new(FileFacts::of_pieces(new));
                        let found = check_across_files(lang, &[("a.pgn", &*other), ("b.pgn", &*new)], |_| &options)
                            .swap_remove(1);
                        tried += usize::from(edit == " ");
                        if before.moves_to(lang, &files(&other, &new), 1, &options).is_some() {
                            moved += usize::from(edit == " ");
                            // Moved from the findings kept (shared: copied) and from its own copy.
                            for before in [Arc::clone(&before), Arc::new((*before).clone())] {
                                let kept = check_file_across(lang, &files(&other, &new), 1, |_| &options, Some(before));
                                assert_eq!(kept.found(), found, "{lang:?}: `{edit}` at {at} of piece {k}");
                            }
                        }
                    }
                }
            }
            assert!(moved * 4 > tried, "{lang:?}: {moved} of {tried} blanks moved the findings");
            assert_eq!(before.found(), original, "{lang:?}: findings shared are not moved in place");
        }
    }

    #[test]
    fn one_file_alone_gives_what_check_gives() {
        let options = CheckOptions::default();
        let text = [game("Adams, M", RUY), game("Adams,M", QGD), game("Adams, M", RUY), game("Adams, M", QGD)].concat();
        for lang in [Lang::Pgn, Lang::Pbn] {
            let text = if lang == Lang::Pgn { text.clone() } else { text.replace("White", "North") };
            let (mut alone, facts) = check_file(lang, &text, &options);
            alone.extend(check_across_files(lang, &[("a", &facts)], |_| &options).remove(0));
            crate::diagnostic::sort_in_text_order(&mut alone);
            assert_eq!(alone, crate::check(lang, &text, &options), "{lang:?}");
        }
    }

    #[test]
    fn a_game_of_an_earlier_file_is_named_with_its_file() {
        let a = [game("Adams, M", QGD), game("Adams, M", RUY)].concat();
        let b = [game("Adams, M", RUY), game("Adams, M", RUY)].concat();
        let found = across(Lang::Pgn, &[("club/a.pgn", &a), ("b.pgn", &b)]);
        assert_eq!(found[0], []);
        let message =
            "duplicate of the game at line 11 of `club/a.pgn` (Adams, M – Brown): the same moves and Seven Tag Roster";
        assert_eq!(found[1], [("PGN400", message.to_owned(), Some(0)), ("PGN400", message.to_owned(), Some(0))]);
    }

    #[test]
    fn the_deletion_of_a_files_last_game_stays_in_its_file() {
        let a = game("Adams, M", RUY);
        let b = [game("Adams, M", QGD), game("Adams, M", RUY)].concat();
        let options = CheckOptions::default();
        let facts: Vec<FileFacts> = [&a, &b].iter().map(|t| check_file(Lang::Pgn, t, &options).1).collect();
        let found = check_across_files(Lang::Pgn, &[("a", &facts[0]), ("b", &facts[1])], |_| &options);
        let fix = found[1][0].fix.as_ref().unwrap();
        let (fixed, _) = crate::diagnostic::apply_edits(&b, &fix.edits);
        assert_eq!(fixed, game("Adams, M", QGD).trim_end().to_owned() + "\n");
        // The earlier game's place is in the other file's offsets.
        assert_eq!(found[1][0].related[0].range.start(), TextSize::from(0));
    }

    #[test]
    fn the_pieces_of_a_stream_find_copies_of_the_games_of_the_pieces_before() {
        let mut options = CheckOptions::default();
        let first = [game("Adams, M", RUY), game("Adams, M", QGD)].concat();
        // Alone, a piece gives what check gives.
        let mut earlier = EarlierGames::default();
        assert_eq!(
            check_stream_piece(Lang::Pgn, &first, &options, &mut earlier),
            crate::check(Lang::Pgn, &first, &options)
        );
        // The next piece: its first two games repeat the first piece's first (the second of them
        // also repeats the first of its own piece), its third is new, its fourth a copy of its
        // third within the piece; its lines are counted after the first piece's 20.
        options.first_line = 20;
        let english = "1. c4 c5 2. Nc3 Nc6 3. g3 g6";
        let second =
            [game("Adams, M", RUY), game("Adams, M", RUY), game("Adams, M", english), game("Adams, M", english)]
                .concat();
        let found: Vec<(u32, String)> = check_stream_piece(Lang::Pgn, &second, &options, &mut earlier)
            .into_iter()
            .filter(|d| d.code == "PGN400" || d.code == "PGN401")
            .map(|d| (u32::from(d.range.start()), d.message))
            .collect();
        let at = |n: usize| second.match_indices("[Event").nth(n).unwrap().0 as u32;
        let message = |line| {
            format!("duplicate of the game at line {line} (Adams, M – Brown): the same moves and Seven Tag Roster")
        };
        assert_eq!(found, [(at(0), message(1)), (at(1), message(1)), (at(3), message(41))]);
    }

    #[test]
    fn spellings_are_counted_over_the_files() {
        let a = [game("Carlsen, Magnus", RUY), game("Carlsen, Magnus", QGD)].concat();
        let b = game("Carlsen,M", "1. c4 c5");
        let found = across(Lang::Pgn, &[("a.pgn", &a), ("b.pgn", &b)]);
        assert_eq!(
            found[1],
            [(
                "PGN402",
                "player `Carlsen,M` is written `Carlsen, Magnus` 2 times across the files (first in `a.pgn`): one spelling per name"
                    .to_owned(),
                Some(0)
            )]
        );
        // The same in PBN's seats.
        let (a, b) = (a.replace("White", "North"), b.replace("White", "North"));
        let found = across(Lang::Pbn, &[("a.pbn", &a), ("b.pbn", &b)]);
        assert_eq!(found[1].len(), 1);
        assert!(found[1][0].1.contains("across the files (first in `a.pbn`)"), "{:?}", found[1]);
    }
}
