//! `kibitzer check --across-files`: duplicate games and the spellings of players, events and
//! sites found across the PGN and PBN files given (or found in the directories given), not only
//! within each file ([`kibitzer_syntax::across_files`]).
//!
//! Before the usual loop over the files, each PGN and PBN file is read and checked once for its
//! facts (a hundred bytes or so a game, no text kept); the files of each format, ordered by their
//! names as given (byte order), are checked together; then the usual loop checks and prints
//! each file, with the findings across files in place of its own checks of games together. So a
//! file is read and checked twice, and the output is that of the files in the order given.
//! Related places in another file are found by reading that file once more. Standard input,
//! compressed and PGC files are left out (checked as without the flag).

use crate::inputs::{Origin, Settings, Target};
use crate::report::{place, Elsewhere};
use kibitzer_syntax::across_files::{check_across_files, check_file, FileFacts};
use kibitzer_syntax::text::LineIndex;
use kibitzer_syntax::{CheckOptions, Diagnostic, Lang, TextRange};
use std::collections::{BTreeMap, HashMap};

/// What the checks across files found: by the index of each file taking part in `targets`, its
/// diagnostics of the checks of games together, and where their related places in other files
/// are.
pub struct Across {
    found: HashMap<usize, Vec<Diagnostic>>,
    pub elsewhere: Elsewhere,
}

impl Across {
    /// The findings of target `i` when it takes part (its own checks of games together are then
    /// left out: these include them).
    pub fn take(&mut self, i: usize) -> Option<Vec<Diagnostic>> {
        self.found.remove(&i)
    }
}

/// Whether `target` takes part in the checks across files.
fn takes_part(target: &Target) -> bool {
    let Origin::File(path) = &target.origin else { return false };
    matches!(target.lang, Lang::Pgn | Lang::Pbn)
        && crate::file_kind::compression_of(path).is_none()
        && !crate::file_kind::is_pgc(path)
}

/// A file taking part: its name as given, its index in the targets, its options and facts.
type Part = (String, usize, CheckOptions, FileFacts);

/// Reads and checks every file of `targets` that takes part, and checks them together;
/// `text_of` reads a target's text as the check reads it (with `--fix`, as fixed), setting its
/// encoding in the options.
pub fn prepare(
    targets: &[Target],
    settings: &mut Settings,
    text_of: impl Fn(&Target, &mut CheckOptions) -> Result<String, String>,
) -> Result<Across, String> {
    // By format: (name, index in targets, options, facts).
    let mut by_lang: Vec<(Lang, Vec<Part>)> = Vec::new();
    for (i, target) in targets.iter().enumerate().filter(|(_, t)| takes_part(t)) {
        let mut options = settings.options_for(target.settings_path())?;
        // A file that cannot be read takes no part; the check of each file reports it.
        let Ok(text) = text_of(target, &mut options) else { continue };
        let (_, facts) = check_file(target.lang, &text, &options);
        let file = (target.display_name(), i, options, facts);
        match by_lang.iter_mut().find(|(lang, _)| *lang == target.lang) {
            Some((_, files)) => files.push(file),
            None => by_lang.push((target.lang, vec![file])),
        }
    }
    let mut found = HashMap::new();
    // Related places to find, by the file they are in.
    let mut wanted: BTreeMap<usize, Vec<TextRange>> = BTreeMap::new();
    for (lang, mut files) in by_lang {
        files.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
        let named: Vec<(&str, &FileFacts)> = files.iter().map(|(name, _, _, facts)| (name.as_str(), facts)).collect();
        let per_file = check_across_files(lang, &named, |k| &files[k].2);
        for ((_, i, _, _), mut diagnostics) in files.iter().zip(per_file) {
            for r in diagnostics.iter_mut().flat_map(|d| &mut d.related) {
                // From the index among the files of this format to the index in `targets`.
                if let Some(k) = &mut r.file {
                    *k = files[*k].1;
                    wanted.entry(*k).or_default().push(r.range);
                }
            }
            found.insert(*i, diagnostics);
        }
    }
    let mut elsewhere = Elsewhere { names: targets.iter().map(Target::display_name).collect(), places: HashMap::new() };
    for (k, ranges) in wanted {
        let target = &targets[k];
        let mut options = settings.options_for(target.settings_path())?;
        let Ok(text) = text_of(target, &mut options) else { continue };
        let index = LineIndex::with_breaks(&text, target.lang.line_breaks());
        for range in ranges {
            elsewhere.places.insert((k, range), place(&text, &index, range));
        }
    }
    Ok(Across { found, elsewhere })
}
