//! Positions moved by one edit. After a keystroke, the facts a check gathered from a piece of
//! text are most often those it gathered before but for their positions: a blank typed, a
//! comment or an annotation edited, moves what comes after it and nothing else. A [`Shift`] is
//! given each position of the old facts with its counterpart in the new ones and says whether
//! one edit explains them all (those before some place unchanged, those after it moved by the
//! same number of bytes); whatever was found from the old facts alone can then be moved
//! ([`Shift::map`]) instead of found again (the language server's checks of games together,
//! [`crate::across_files::FileFindings`]).

use crate::text::{TextRange, TextSize};

/// How the positions of a piece's facts moved from its old text to its new one, told pair by
/// pair ([`Shift::pair`]): valid while every pair is either unchanged or moved by the change of
/// the piece's length, and every unchanged position comes before every moved one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shift {
    /// The new length less the old.
    delta: i64,
    /// The last old position that stayed in place; the piece's start stays (a position at the
    /// start that moved could not be told from the end of the piece before it).
    kept: TextSize,
    /// The first old position that moved; the piece's end moves (a position at the end that
    /// stayed could not be told from the start of the piece after it).
    moved: TextSize,
    holds: bool,
}

impl Shift {
    /// For a piece whose text was `old_len` bytes long and is `new_len` now.
    pub fn new(old_len: TextSize, new_len: TextSize) -> Shift {
        Shift {
            delta: i64::from(u32::from(new_len)) - i64::from(u32::from(old_len)),
            kept: TextSize::from(0),
            moved: old_len,
            holds: true,
        }
    }

    /// Whether nothing moves: the piece kept its length (and, when the shift holds, every
    /// position).
    pub fn is_identity(&self) -> bool {
        self.delta == 0
    }

    /// A position of the old facts and its counterpart in the new.
    pub fn pair(&mut self, old: TextSize, new: TextSize) {
        if old == new {
            self.kept = self.kept.max(old);
        } else if i64::from(u32::from(new)) - i64::from(u32::from(old)) == self.delta {
            self.moved = self.moved.min(old);
        } else {
            self.holds = false;
        }
    }

    /// A range of the old facts and its counterpart in the new.
    pub fn pair_range(&mut self, old: TextRange, new: TextRange) {
        self.pair(old.start(), new.start());
        self.pair(old.end(), new.end());
    }

    /// Tells the shift that the facts differ otherwise than in positions: it no longer holds.
    pub fn differs(&mut self) {
        self.holds = false;
    }

    /// Whether one edit explains every pair given: nothing moved (the same length, every
    /// position the same), or the positions before some place stayed and all the others moved
    /// by the same number of bytes.
    pub fn holds(&self) -> bool {
        self.holds && (self.delta == 0 && self.kept <= self.moved || self.kept < self.moved)
    }

    /// Where an old position is now, when it is one of the pairs' positions or past them all
    /// (a position of a piece after this one): `None` between the last position kept and the
    /// first moved, where the edit was and where no fact was.
    pub fn map(&self, old: TextSize) -> Option<TextSize> {
        if self.delta == 0 || old <= self.kept {
            Some(old)
        } else if old >= self.moved {
            u32::try_from(i64::from(u32::from(old)) + self.delta).ok().map(TextSize::from)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(n: u32) -> TextSize {
        TextSize::from(n)
    }

    #[test]
    fn a_blank_typed_moves_what_comes_after_it_and_nothing_before() {
        // "[A] [B]" with a blank typed at 3: [A] stays, [B] moves one byte.
        let mut shift = Shift::new(at(7), at(8));
        shift.pair_range(TextRange::new(at(0), at(3)), TextRange::new(at(0), at(3)));
        shift.pair_range(TextRange::new(at(4), at(7)), TextRange::new(at(5), at(8)));
        assert!(shift.holds());
        assert_eq!(shift.map(at(1)), Some(at(1)));
        assert_eq!(shift.map(at(3)), Some(at(3)));
        assert_eq!(shift.map(at(4)), Some(at(5)));
        assert_eq!(shift.map(at(9)), Some(at(10)), "a piece after this one moves too");
    }

    #[test]
    fn a_position_between_the_kept_and_the_moved_is_not_guessed() {
        let mut shift = Shift::new(at(10), at(12));
        shift.pair(at(2), at(2));
        shift.pair(at(6), at(8));
        assert!(shift.holds());
        assert_eq!(shift.map(at(4)), None);
    }

    #[test]
    fn positions_that_move_otherwise_than_one_edit_moves_them_do_not_hold() {
        // A kept position after a moved one: two edits, or facts reordered.
        let mut shift = Shift::new(at(10), at(11));
        shift.pair(at(2), at(3));
        shift.pair(at(6), at(6));
        assert!(!shift.holds());
        // A position moved by more than the length changed.
        let mut shift = Shift::new(at(10), at(11));
        shift.pair(at(6), at(8));
        assert!(!shift.holds());
        // The same length but a position moved: something was deleted and inserted elsewhere.
        let mut shift = Shift::new(at(10), at(10));
        shift.pair(at(6), at(7));
        assert!(!shift.holds());
        // Facts that differ otherwise.
        let mut shift = Shift::new(at(10), at(10));
        shift.differs();
        assert!(!shift.holds());
    }

    #[test]
    fn a_fact_at_either_end_of_the_piece_must_stay_with_its_end() {
        // Moved at the start: it could be the end of the piece before.
        let mut shift = Shift::new(at(10), at(11));
        shift.pair(at(0), at(1));
        assert!(!shift.holds());
        // Kept at the end: it could be the start of the piece after.
        let mut shift = Shift::new(at(10), at(11));
        shift.pair(at(10), at(10));
        assert!(!shift.holds());
        // Nothing moved and nothing changed length: the same facts.
        let mut shift = Shift::new(at(10), at(10));
        shift.pair(at(0), at(0));
        shift.pair(at(10), at(10));
        assert!(shift.holds());
        assert_eq!(shift.map(at(10)), Some(at(10)));
    }
}
