//! A set of names (tag names) for the parsers and checks that look one up on every tag: a game
//! names a dozen or two, in the same order game after game, so a short list searched from where
//! the last name was found beats hashing each one; past [`NameSet::LIST`] names (a hostile
//! file) a hash set keeps every look-up constant, so no input makes it quadratic.

use crate::text::same_name;
use std::borrow::Borrow;
use std::collections::HashSet;
use std::hash::Hash;

/// The set; `T` is how a name is kept: borrowed from the text (`&str`) or owned (`String`).
#[derive(Debug, Clone)]
pub(crate) struct NameSet<T> {
    list: Vec<T>,
    set: HashSet<T>,
    /// Where in `list` the search of the next insertion starts: after the name found last.
    next: usize,
}

impl<T> Default for NameSet<T> {
    fn default() -> Self {
        NameSet { list: Vec::new(), set: HashSet::new(), next: 0 }
    }
}

impl<T: Borrow<str> + Eq + Hash> NameSet<T> {
    /// How many names the list holds before the hash set takes the rest.
    const LIST: usize = 64;

    /// An empty set with room for `n` names in its list.
    pub(crate) fn with_capacity(n: usize) -> Self {
        NameSet { list: Vec::with_capacity(n.min(Self::LIST)), set: HashSet::new(), next: 0 }
    }

    pub(crate) fn contains(&self, name: &str) -> bool {
        self.list.iter().any(|n| same_name(n.borrow(), name)) || self.set.contains(name)
    }

    /// Adds `name` unless it is there; `keep` makes what is stored (a borrow or a copy), only
    /// for a name not seen before.
    pub(crate) fn insert(&mut self, name: &str, keep: impl FnOnce() -> T) {
        // From `next` to the end, then from the start: the i-th name looked at is at `next + i`,
        // modulo the length.
        let (head, tail) = self.list.split_at(self.next.min(self.list.len()));
        if let Some(i) = tail.iter().chain(head).position(|n| same_name(n.borrow(), name)) {
            self.next = (self.next + i + 1) % self.list.len();
        } else if self.set.contains(name) {
        } else if self.list.len() < Self::LIST {
            self.list.push(keep());
            self.next = 0;
        } else {
            self.set.insert(keep());
        }
    }

    /// Adds `name` without looking whether it is there: for a set only asked [`NameSet::contains`]
    /// (the PGN parser's, a game's tag names), where a name kept twice is harmless and the look
    /// would cost a scan per tag.
    pub(crate) fn push(&mut self, name: T) {
        if self.list.len() < Self::LIST {
            self.list.push(name);
        } else {
            self.set.insert(name);
        }
    }

    /// Empties the set, keeping its memory.
    pub(crate) fn clear(&mut self) {
        self.list.clear();
        self.set.clear();
        self.next = 0;
    }

    pub(crate) fn len(&self) -> usize {
        self.list.len() + self.set.len()
    }

    /// The names, in no particular order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = &T> {
        self.list.iter().chain(&self.set)
    }
}

/// Equal as sets: the same names, in whatever order they were met.
impl<T: Borrow<str> + Eq + Hash> PartialEq for NameSet<T> {
    fn eq(&self, other: &NameSet<T>) -> bool {
        self.len() == other.len() && self.list.iter().chain(&self.set).all(|n| other.contains(n.borrow()))
    }
}

#[cfg(test)]
mod tests {
    use super::NameSet;

    #[test]
    fn a_name_set_is_a_set_whatever_the_order_and_size() {
        let names: Vec<String> = (0..200).map(|i| format!("Tag{}", i % 97)).collect();
        let mut forward: NameSet<String> = NameSet::default();
        let mut backward: NameSet<&str> = NameSet::default();
        let mut backward_owned: NameSet<String> = NameSet::default();
        for (a, b) in names.iter().zip(names.iter().rev()) {
            forward.insert(a, || a.clone());
            backward.insert(b, || b.as_str());
            backward_owned.insert(b, || b.clone());
            // Games repeating their tags in order, and out of it.
            forward.insert(a, || a.clone());
            forward.insert("Tag3", || "Tag3".to_owned());
        }
        // 97 names: 64 in the list, the rest hashed.
        assert_eq!((forward.len(), backward.len()), (97, 97));
        assert!(forward == backward_owned);
        assert!((0..97).all(|i| forward.contains(&format!("Tag{i}")) && backward.contains(&format!("Tag{i}"))));
        assert!(!forward.contains("Tag97"));
        // Pushed without a look, past the list: every name is still found.
        let mut pushed: NameSet<&str> = NameSet::with_capacity(16);
        names.iter().for_each(|n| pushed.push(n));
        assert!((0..97).all(|i| pushed.contains(&format!("Tag{i}"))) && !pushed.contains("Tag97"));
        let mut other = backward_owned.clone();
        other.insert("Extra", || "Extra".to_owned());
        assert!(forward != other);
    }
}
