//! One name, several spellings: the players, events and sites of a database written several
//! ways (`Carlsen, Magnus`, `Carlsen,M`, `Carlsen, M.`, `carlsen, magnus`). Grouping the
//! spellings of one name is what the PGN and PBN checks of the games of a file together
//! (PGN402, PGN403, PBN120, PBN121) and the language server's references and rename across the
//! workspace share; this module knows no format.
//!
//! Two spellings are of the same name when
//!
//! 1. they are equal once *folded*: letters and digits only, in lower case (`Carlsen,Magnus`,
//!    `carlsen, magnus` and `Carlsen Magnus` are one spelling; so are `Tata Steel` and
//!    `tata-steel`); or, for a person only,
//! 2. one gives the given names as initials only (`Carlsen, M`, `Carlsen M.`, `Carlsen, M.O.`)
//!    and the other spells them out with the same surname and those initials
//!    (`Carlsen, Magnus`, `Carlsen, Magnus Oen`), and exactly one spelled-out given name with that
//!    surname and those initials is met. When two are (`Carlsen, Magnus` and `Carlsen, Mads`),
//!    `Carlsen, M` could be either and stays apart; two spelled-out given names never match
//!    each other (`Carlsen, Magnus` and `Carlsen, Henrik` are two players, and so are
//!    `Carlsen, Magnus` and `Carlsen, Magnus Oen`).
//!
//! A person's name is read as `Surname, Given names`; without a comma, a last word of initials
//! only (`Carlsen M.`) is the given name, and otherwise the whole name is the surname (no given
//! name, so only rule 1 applies: the order of `Magnus Carlsen` is not guessed). Unknown values
//! (empty, `?`, `-`) are no name.
//!
//! Linear in the number of spellings: each distinct spelling is keyed once by its folded form
//! and by its surname and initials (hash maps, never a pairwise comparison), and the groups are
//! joined with a union-find.

use crate::diagnostic::{Applicability, Diagnostic, Rule, TextEdit};
use crate::text::{TextRange, TextSize};
// FxHash rather than the standard SipHash: the keys are a file's own values, hashed in one
// process, where no one picks them to collide; SipHash was most of this module's time.
use rustc_hash::FxHashMap as HashMap;

/// One tag value of a file: the range of its token (quotes included) and its value.
pub type Occurrence<'t> = (TextRange, std::borrow::Cow<'t, str>);

/// Where the written form of a value (its token as written, quotes included) is read: the text
/// itself, or, where no one holds the whole text (a database checked in pieces, the files of a
/// workspace checked together), the copies of the values its pieces kept
/// ([`crate::pgn::check::detached`]).
pub trait Tokens {
    /// The token at `range`, one of the ranges the check was given.
    fn token(&self, range: TextRange) -> &str;

    /// Where the text is several files one after the other ([`Files`]): the file holding
    /// `offset`, as its index and its name. `None` for one file's text.
    fn file_of(&self, _offset: TextSize) -> Option<(usize, &str)> {
        None
    }
}

/// The files of a text made of several files one after the other (the checks of the games of
/// several files together, `check --across-files` and the language server's workspace): where
/// each starts in that text, and its name as messages give it.
#[derive(Debug, Clone, Default)]
pub struct Files {
    /// Each file's start and name, in order of start.
    files: Vec<(TextSize, Box<str>)>,
}

impl Files {
    /// Adds the next file, starting at `start` (after every file added before).
    pub fn push(&mut self, start: TextSize, name: &str) {
        self.files.push((start, name.into()));
    }

    /// The file holding `offset` (the last one starting at or before it), as its index and name.
    pub fn file_of(&self, offset: TextSize) -> Option<(usize, &str)> {
        let i = self.files.partition_point(|(start, _)| *start <= offset).checked_sub(1)?;
        Some((i, &self.files[i].1))
    }
}

impl Tokens for str {
    fn token(&self, range: TextRange) -> &str {
        &self[range]
    }
}

/// The diagnostics of `rule` for `occurrences` of `text` (in text order, each a `what`: "player",
/// "Event"): one on each value spelled otherwise than the commonest spelling of its name, with
/// that spelling as the fix (an unsafe one: a rename changes the data, and the commonest may
/// be the worse spelling) and its first value as related information.
pub fn check(
    text: &(impl Tokens + ?Sized),
    occurrences: &[Occurrence<'_>],
    kind: NameKind,
    rule: &'static Rule,
    what: &str,
    out: &mut Vec<Diagnostic>,
) {
    if occurrences.len() < 2 {
        return;
    }
    let values: Vec<&str> = occurrences.iter().map(|(_, v)| v.as_ref()).collect();
    let spellings = Spellings::of(&values, kind);
    let file_of = |i: usize| text.file_of(occurrences[i].0.start());
    // Several files together: how many values of each commonest spelling each file has (by the
    // first value with that spelling, and the file).
    let mut in_file: HashMap<(usize, usize), usize> = HashMap::default();
    if file_of(0).is_some() {
        for j in 0..values.len() {
            if let (Some(first), Some((file, _))) = (spellings.commonest_spelling_of(j), file_of(j)) {
                *in_file.entry((first, file)).or_default() += 1;
            }
        }
    }
    for (i, commonest, count) in spellings.rarer() {
        let (range, value) = (&occurrences[i].0, values[i]);
        let (common_range, common) = (occurrences[commonest].0, values[commonest]);
        let times = if count == 1 { "once".to_owned() } else { format!("{count} times") };
        // "in this file" while every value of the commonest spelling is in the value's file.
        let place = match (file_of(i), file_of(commonest)) {
            (Some((own, _)), Some((first_file, name))) if in_file.get(&(commonest, own)) != Some(&count) => {
                let first = if first_file == own { "this file".to_owned() } else { format!("`{name}`") };
                format!("across the files (first in {first})")
            }
            _ => "in this file".to_owned(),
        };
        out.push(
            Diagnostic::new(
                rule,
                *range,
                format!("{what} `{value}` is written `{common}` {times} {place}: one spelling per name"),
            )
            .with_related(common_range, format!("`{common}` here"))
            .with_fix(
                format!("Write `{common}`"),
                vec![TextEdit::replace(*range, text.token(common_range))],
                Applicability::Unsafe,
            ),
        );
    }
}

/// What a name names, which decides how its spellings are matched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameKind {
    /// A player: surname and given names, initials matched with given names (rules 1 and 2).
    Person,
    /// An event or a site: case, spacing and punctuation only (rule 1).
    Title,
}

/// The groups of spellings of one name among `values` (in the order they occur, one per tag),
/// and in each group the commonest spelling.
#[derive(Debug, Clone)]
pub struct Spellings {
    /// For each value, its group (an index into `commonest`); `None` for an unknown value.
    group: Vec<Option<usize>>,
    /// For each group, the first value with its commonest spelling (ties: the spelling met
    /// first), and how many values have that spelling.
    commonest: Vec<(usize, usize)>,
    /// For each value, whether its spelling is not its group's commonest.
    rarer: Vec<bool>,
}

impl Spellings {
    /// Groups `values` as the module says.
    pub fn of<S: AsRef<str>>(values: &[S], kind: NameKind) -> Spellings {
        // Distinct spellings, with their first value and count.
        let mut ids: HashMap<&str, usize> = HashMap::default();
        let mut distinct: Vec<(usize, usize)> = Vec::new(); // (first value, count)
        let mut spelling_of: Vec<Option<usize>> = Vec::with_capacity(values.len());
        for (i, value) in values.iter().enumerate() {
            let value = value.as_ref().trim();
            if is_unknown(value) {
                spelling_of.push(None);
                continue;
            }
            let id = *ids.entry(value).or_insert_with(|| {
                distinct.push((i, 0));
                distinct.len() - 1
            });
            distinct[id].1 += 1;
            spelling_of.push(Some(id));
        }
        let mut groups = UnionFind::new(distinct.len());
        // Rule 1: the same folded spelling, keyed by the hash of the folded form (no `String`
        // built per spelling). Spellings whose hashes are equal are chained, latest first, and
        // compared character by character, so that two folded forms that merely share a hash
        // are never joined.
        let mut by_folding: HashMap<u64, usize> = HashMap::default();
        let mut same_hash_before: Vec<Option<usize>> = vec![None; distinct.len()];
        for (id, &(first, _)) in distinct.iter().enumerate() {
            let value = values[first].as_ref();
            let mut other = by_folding.insert(folded_hash(value).unwrap_or(EMPTY), id);
            same_hash_before[id] = other;
            while let Some(o) = other {
                if folded_chars(values[distinct[o].0].as_ref()).eq(folded_chars(value)) {
                    groups.join(id, o);
                    break;
                }
                other = same_hash_before[o];
            }
        }
        if kind == NameKind::Person {
            join_initials(values, &distinct, &mut groups);
        }
        // Each group's commonest spelling; groups numbered by their first spelling, indexed
        // by their root.
        let mut group_of_root: Vec<Option<usize>> = vec![None; distinct.len()];
        let mut best: Vec<usize> = Vec::new(); // group → its commonest distinct spelling
        for id in 0..distinct.len() {
            let root = groups.root(id);
            match group_of_root[root] {
                None => {
                    group_of_root[root] = Some(best.len());
                    best.push(id);
                }
                // Ids are in order of first occurrence: on a tie the earlier spelling stays.
                Some(g) if distinct[id].1 > distinct[best[g]].1 => best[g] = id,
                Some(_) => {}
            }
        }
        let group: Vec<Option<usize>> =
            spelling_of.iter().map(|s| s.and_then(|id| group_of_root[groups.root(id)])).collect();
        let rarer = spelling_of
            .iter()
            .zip(&group)
            .map(|(s, g)| matches!((s, g), (Some(s), Some(g)) if best[*g] != *s))
            .collect();
        Spellings { group, commonest: best.iter().map(|&id| distinct[id]).collect(), rarer }
    }

    /// The values whose spelling is not their group's commonest: (value, the first value with
    /// the commonest spelling, how many values have it), in order.
    pub fn rarer(&self) -> impl Iterator<Item = (usize, usize, usize)> + '_ {
        self.rarer.iter().enumerate().filter(|(_, r)| **r).map(|(i, _)| {
            let (first, count) = self.commonest[self.group[i].expect("a rarer value has a group")];
            (i, first, count)
        })
    }

    /// The first value with value `j`'s spelling when that is its group's commonest; `None` for
    /// a rarer spelling or an unknown value.
    pub fn commonest_spelling_of(&self, j: usize) -> Option<usize> {
        let group = self.group.get(j).copied().flatten()?;
        (!self.rarer[j]).then_some(self.commonest[group].0)
    }

    /// The values of the same name as value `i` (itself included), in order; none when `i` is
    /// unknown.
    pub fn same_name(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let group = self.group.get(i).copied().flatten();
        self.group.iter().enumerate().filter(move |(_, g)| group.is_some() && **g == group).map(|(j, _)| j)
    }
}

/// What tells, without the text, whether two values may be spellings of one name: a hash of
/// the value, and hashes of the keys under which [`Spellings::of`] joins spellings (its folded
/// form; a person's folded surname too). Two values with different spellings and a key in
/// common may be one name; with no key in common they never are. The language server keeps one
/// per tag of each game, so that after an edit it gathers a document's text for the spelling
/// check only when it may report something.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Fingerprint {
    exact: u64,
    keys: [u64; 2],
}

impl Fingerprint {
    /// `None` for an unknown value (no name).
    pub fn of(value: &str, kind: NameKind) -> Option<Fingerprint> {
        let value = value.trim();
        if is_unknown(value) {
            return None;
        }
        // Hashed as they are read, nothing allocated: every game's four names are fingerprinted
        // while the game is checked (one SipHash and three `String`s a name made it a tenth of
        // `check`).
        // A person's surname is the start of the name ([`split_name`]).
        let surname_len = match kind {
            NameKind::Person => Some(split_name(value).0.len()),
            NameKind::Title => None,
        };
        let (exact, folded, surname) = if value.is_ascii() {
            ascii_hashes(value.as_bytes(), surname_len)
        } else {
            let exact = value.bytes().fold(EMPTY, |h, b| mix(h, u64::from(b)));
            (exact, folded_hash(value), surname_len.and_then(|len| folded_hash(&value[..len])))
        };
        // No surname key when the folded surname is empty (`Person::read` gives `None`).
        Some(Fingerprint { exact, keys: [folded.unwrap_or(EMPTY), surname.map_or(0, |h| h | 1)] })
    }

    /// Whether any two of `prints` (each with the group of tags it belongs to: players, events,
    /// sites) may be spellings of one name.
    pub fn may_vary(prints: impl Iterator<Item = (u8, Fingerprint)>) -> bool {
        let mut by_key: HashMap<(u8, usize, u64), u64> = HashMap::default();
        for (group, print) in prints {
            for (k, key) in print.keys.into_iter().enumerate().filter(|(_, key)| *key != 0) {
                if *by_key.entry((group, k, key)).or_insert(print.exact) != print.exact {
                    return true;
                }
            }
        }
        false
    }
}

/// The hash of nothing, where [`mix`] starts.
const EMPTY: u64 = 0x9E37_79B9_7F4A_7C15;

/// One step of a multiplicative hash (FxHash's constant): fingerprints are compared with each
/// other only, in one process, so a fast hash that spreads well is enough.
fn mix(h: u64, x: u64) -> u64 {
    (h.rotate_left(5) ^ x).wrapping_mul(0x517C_C1B7_2722_0A95)
}

/// For an ASCII value, in one pass over its bytes: the hash of its bytes, the hash of
/// [`folded`]`(value)` (`None` when it is empty) and that of its first `surname_len` bytes (every game's four names are fingerprinted
/// while it is checked, where three passes cost 2,000 instructions a game).
fn ascii_hashes(bytes: &[u8], surname_len: Option<usize>) -> (u64, Option<u64>, Option<u64>) {
    let mut exact = EMPTY;
    let mut folded = None;
    let mut surname = None;
    for (i, &b) in bytes.iter().enumerate() {
        if Some(i) == surname_len {
            surname = folded;
        }
        exact = mix(exact, u64::from(b));
        if b.is_ascii_alphanumeric() {
            folded = Some(mix(folded.unwrap_or(EMPTY), u64::from(b.to_ascii_lowercase())));
        }
    }
    if Some(bytes.len()) == surname_len {
        surname = folded;
    }
    (exact, folded, surname)
}

/// The hash of [`folded`]`(value)`, without building it; `None` when it is empty.
fn folded_hash(value: &str) -> Option<u64> {
    if value.is_ascii() {
        // Nearly every name: the same hash as below, a byte at a time.
        return ascii_hashes(value.as_bytes(), None).1;
    }
    let mut chars = value.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).peekable();
    chars.peek().is_some().then(|| chars.fold(EMPTY, |h, c| mix(h, u64::from(c))))
}

/// Rule 2: each spelling of initials only joined to the one spelled-out given name with its
/// surname and initials, when there is exactly one.
fn join_initials<S: AsRef<str>>(values: &[S], distinct: &[(usize, usize)], groups: &mut UnionFind) {
    let people: Vec<Option<Person>> = distinct.iter().map(|&(first, _)| Person::read(values[first].as_ref())).collect();
    // The initials of each spelled-out given name (empty for the others), which the keys below
    // borrow: a leading run of them is a key.
    let initials: Vec<String> = people
        .iter()
        .map(|p| match p {
            Some(p) if !p.given.is_empty() && !p.initials_only() => {
                p.given.iter().filter_map(|w| w.chars().next()).collect()
            }
            _ => String::new(),
        })
        .collect();
    // Surname and initials → the one spelled-out person they match; `None` once two with
    // different given names do.
    let mut by_initials: HashMap<(&str, &str), Option<usize>> = HashMap::default();
    for (id, person) in people.iter().enumerate() {
        let Some(person) = person.as_ref().filter(|_| !initials[id].is_empty()) else { continue };
        let initials = initials[id].as_str();
        // Every leading run of the initials: `M` and `M.O.` both name `Magnus Oen`.
        for (end, _) in initials.char_indices().skip(1).chain([(initials.len(), ' ')]) {
            by_initials
                .entry((person.surname.as_str(), &initials[..end]))
                .and_modify(|c| {
                    // Given names are folded words, so equal lists are equal names.
                    if c.is_some_and(|other| people[other].as_ref().is_none_or(|o| o.given != person.given)) {
                        *c = None;
                    }
                })
                .or_insert(Some(id));
        }
    }
    for (id, person) in people.iter().enumerate() {
        let Some(person) = person.as_ref().filter(|p| p.initials_only()) else { continue };
        let initials: String = person.given.concat();
        if let Some(Some(full)) = by_initials.get(&(person.surname.as_str(), initials.as_str())) {
            groups.join(id, *full);
        }
    }
}

/// A person's name as rule 2 reads it, folded.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Person {
    surname: String,
    /// The given names' words (split at spaces, dots and hyphens), folded.
    given: Vec<String>,
}

impl Person {
    /// `None` when the name has no surname at all (`, Magnus`).
    fn read(name: &str) -> Option<Person> {
        let (surname, given) = split_name(name);
        let surname = folded(surname);
        let given = given.split([' ', '\t', '.', '-']).map(folded).filter(|w| !w.is_empty()).collect();
        (!surname.is_empty()).then_some(Person { surname, given })
    }

    fn initials_only(&self) -> bool {
        !self.given.is_empty() && self.given.iter().all(|w| w.chars().count() == 1)
    }
}

/// A person's name cut into surname and given names, as written: `Surname, Given names`;
/// without a comma, a last word of initials only is the given name (`Carlsen M.`), and
/// otherwise the whole name is the surname.
fn split_name(name: &str) -> (&str, &str) {
    match name.split_once(',') {
        Some((surname, given)) => (surname, given),
        None => match name.trim_end().rsplit_once(char::is_whitespace) {
            Some((surname, last)) if is_initials(last) => (surname, last),
            _ => (name, ""),
        },
    }
}

/// A word of initials only: `M`, `M.`, `M.O.`, `J-P`.
fn is_initials(word: &str) -> bool {
    let mut letters = word.split(['.', '-']).filter(|w| !w.is_empty()).peekable();
    letters.peek().is_some()
        && letters.all(|w| {
            let mut chars = w.chars();
            matches!((chars.next(), chars.next()), (Some(c), None) if c.is_alphabetic())
        })
}

/// Letters and digits only, in lower case: what spelling leaves of a name.
pub fn folded(value: &str) -> String {
    folded_chars(value).collect()
}

/// The characters of [`folded`]`(value)`, not collected.
fn folded_chars(value: &str) -> impl Iterator<Item = char> + '_ {
    value.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase)
}

/// No name: empty, or only `?` and `-` (`?`, `-`, `??`) once folded punctuation is kept.
pub fn is_unknown(value: &str) -> bool {
    value.chars().all(|c| c.is_whitespace() || c == '?' || c == '-')
}

/// Disjoint sets of spellings (union by size, path halving).
struct UnionFind {
    parent: Vec<usize>,
    size: Vec<usize>,
}

impl UnionFind {
    fn new(n: usize) -> UnionFind {
        UnionFind { parent: (0..n).collect(), size: vec![1; n] }
    }

    fn root(&mut self, mut i: usize) -> usize {
        while self.parent[i] != i {
            self.parent[i] = self.parent[self.parent[i]];
            i = self.parent[i];
        }
        i
    }

    fn join(&mut self, a: usize, b: usize) {
        let (mut a, mut b) = (self.root(a), self.root(b));
        if a == b {
            return;
        }
        if self.size[a] < self.size[b] {
            std::mem::swap(&mut a, &mut b);
        }
        self.parent[b] = a;
        self.size[a] += self.size[b];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// For each rarer value: (its spelling, the commonest spelling of its name).
    fn rarer<'v>(values: &[&'v str], kind: NameKind) -> Vec<(&'v str, &'v str)> {
        Spellings::of(values, kind).rarer().map(|(i, c, _)| (values[i], values[c])).collect()
    }

    #[test]
    fn case_spacing_and_punctuation_fold_away() {
        let values = ["Carlsen, Magnus", "Carlsen,Magnus", "carlsen, magnus", "Carlsen, Magnus", "Carlsen Magnus"];
        assert_eq!(
            rarer(&values, NameKind::Person),
            [
                ("Carlsen,Magnus", "Carlsen, Magnus"),
                ("carlsen, magnus", "Carlsen, Magnus"),
                ("Carlsen Magnus", "Carlsen, Magnus")
            ]
        );
        assert_eq!(rarer(&["Tata Steel", "tata-steel", "Tata Steel"], NameKind::Title), [("tata-steel", "Tata Steel")]);
    }

    #[test]
    fn initials_match_the_one_given_name_they_can_stand_for() {
        let values = ["Carlsen,M", "Carlsen, Magnus", "Carlsen, M.", "Carlsen, Magnus", "Carlsen M", "Carlsen, Magnus"];
        assert_eq!(
            rarer(&values, NameKind::Person),
            [("Carlsen,M", "Carlsen, Magnus"), ("Carlsen, M.", "Carlsen, Magnus"), ("Carlsen M", "Carlsen, Magnus")]
        );
        // More initials: a leading run of the given names' initials.
        assert_eq!(
            rarer(&["Carlsen, Magnus Oen", "Carlsen, M.O.", "Carlsen, Magnus Oen"], NameKind::Person),
            [("Carlsen, M.O.", "Carlsen, Magnus Oen")]
        );
        assert_eq!(rarer(&["Carlsen, Magnus", "Carlsen, M.O."], NameKind::Person), []);
        // Titles never read initials.
        assert_eq!(rarer(&["Carlsen, Magnus", "Carlsen, M", "Carlsen, Magnus"], NameKind::Title), []);
    }

    #[test]
    fn different_given_names_are_different_players() {
        assert_eq!(rarer(&["Carlsen, Magnus", "Carlsen, Henrik", "Carlsen, Magnus"], NameKind::Person), []);
        assert_eq!(rarer(&["Carlsen, Magnus", "Carlsen, Magnus Oen"], NameKind::Person), []);
        // An initial two given names could stand for stays apart from both.
        assert_eq!(rarer(&["Carlsen, Magnus", "Carlsen, Mads", "Carlsen, M", "Carlsen, Magnus"], NameKind::Person), []);
        // Other surnames, and a surname alone.
        assert_eq!(rarer(&["Carlsen, Magnus", "Carlson, M", "Carlsen"], NameKind::Person), []);
        // The order of a name without a comma is not guessed.
        assert_eq!(rarer(&["Carlsen, Magnus", "Magnus Carlsen"], NameKind::Person), []);
    }

    #[test]
    fn unknown_values_are_no_name_and_ties_keep_the_first() {
        assert_eq!(rarer(&["?", "", "-", "??", "?"], NameKind::Person), []);
        assert_eq!(rarer(&["Adams, M", "Adams,M"], NameKind::Person), [("Adams,M", "Adams, M")]);
        let spellings =
            Spellings::of(&["Adams,M", "?", "Adams, Michael", "Adams, Michael", "Short, N"], NameKind::Person);
        assert_eq!(spellings.rarer().collect::<Vec<_>>(), [(0, 2, 2)]);
        assert_eq!(spellings.same_name(0).collect::<Vec<_>>(), [0, 2, 3]);
        assert_eq!(spellings.same_name(1).count(), 0);
        assert_eq!(spellings.same_name(4).collect::<Vec<_>>(), [4]);
    }

    #[test]
    fn the_folded_hash_of_ascii_is_that_of_its_characters() {
        for value in ["Carlsen, Magnus", "carlsen,MAGNUS", "O'Brien-Smith 2", "...", ""] {
            let by_chars = folded(value).chars().fold(EMPTY, |h, c| mix(h, u64::from(c)));
            assert_eq!(folded_hash(value), (!folded(value).is_empty()).then_some(by_chars), "{value}");
        }
        assert_eq!(folded_hash("Ørnes, Åse"), folded_hash("ørnes åse"));
        assert_ne!(folded_hash("Ørnes, Åse"), folded_hash("Ornes, Ase"));
    }

    /// The one pass over an ASCII name gives the hashes of three passes: of the bytes, of the
    /// folded name and of the folded surname (each as [`folded`] spells it, character by
    /// character), at every place the surname can end.
    #[test]
    fn ascii_hashes_are_the_three_passes_in_one() {
        let by_chars = |v: &str| {
            let f = folded(v);
            (!f.is_empty()).then(|| f.chars().fold(EMPTY, |h, c| mix(h, u64::from(c))))
        };
        for value in ["Carlsen, Magnus", "Carlsen M.", "van der Wiel, J.", "?", ", M", "A", "x-y z", "", "..."] {
            for len in (0..=value.len()).map(Some).chain([None]) {
                let exact = value.bytes().fold(EMPTY, |h, b| mix(h, u64::from(b)));
                let surname = len.and_then(|len| by_chars(&value[..len]));
                assert_eq!(ascii_hashes(value.as_bytes(), len), (exact, by_chars(value), surname), "{value} {len:?}");
            }
        }
    }

    #[test]
    fn fingerprints_meet_where_spellings_may_be_one_name() {
        let may_vary = |values: &[&str], kind| {
            Fingerprint::may_vary(values.iter().filter_map(|v| Fingerprint::of(v, kind)).map(|p| (0, p)))
        };
        assert!(may_vary(&["Carlsen, Magnus", "Carlsen,M"], NameKind::Person));
        assert!(may_vary(&["Carlsen, Magnus", "Carlsen Magnus"], NameKind::Person));
        assert!(may_vary(&["Tata Steel", "tata steel"], NameKind::Title));
        assert!(!may_vary(&["Carlsen, Magnus", "Carlsen, Magnus", "Caruana, F", "?"], NameKind::Person));
        assert!(!may_vary(&["Carlsen, Magnus", "Carlsen, M"], NameKind::Title));
        // Other groups of tags never meet.
        let print = |v| Fingerprint::of(v, NameKind::Title).unwrap();
        assert!(!Fingerprint::may_vary([(0, print("Oslo")), (1, print("oslo"))].into_iter()));
    }

    #[test]
    fn names_are_read_surname_first() {
        let person = |s: &str| Person::read(s).map(|p| (p.surname, p.given));
        assert_eq!(person("Carlsen, M."), Some(("carlsen".into(), vec!["m".into()])));
        assert_eq!(person("Carlsen M.O."), Some(("carlsen".into(), vec!["m".into(), "o".into()])));
        assert_eq!(
            person("Van der Wiel, John T.H."),
            Some(("vanderwiel".into(), vec!["john".into(), "t".into(), "h".into()]))
        );
        assert_eq!(person("Stockfish 16"), Some(("stockfish16".into(), vec![])));
        assert_eq!(person(", Magnus"), None);
    }
}
