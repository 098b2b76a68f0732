//! PBN export format (PBN 2.1–2.3, 3): CRLF line ends, no tabs; per game the 15 mandatory tags
//! in order, the other tags in alphabetical order, the Auction section, the Play section, then
//! the supplemental sections in alphabetical order, each Note tag staying with the section it
//! explains; one empty line after each game. A missing mandatory tag is added as `"?"`
//! (unknown), as `""` for the Declarer and Result of a passed-out deal (inappropriate) and as
//! `"Pass"` for its Contract (PBN 3.4, 3.4.13–3.4.15), and not at all when an earlier game gave
//! it with `##` (PBN 4.8). A game that leaves out Dealer, Vulnerable and Deal and relies on the
//! previous game's (rpbridge's second room, PBN702) gets the previous game's values, the ones the
//! check reads it with ([`crate::pbn::model::DealData`]).
//!
//! Values: Deal from the dealer with ranks descending in upper case, Vulnerable as
//! `None`/`NS`/`EW`/`All`, directions, contracts, calls and cards in upper case; `#`/`##`
//! inheritance is kept as written. The auction is written four calls a line and the play four
//! cards a line (from the player of the section's tag), each call or card followed by its note
//! reference and its NAGs in ascending order, suffixes turned into NAGs (PBN 3.5.2, 3.6.2).
//! Comments stay with what they follow: after a tag on a line of their own, otherwise after one
//! space. Tables have a row a line, each column padded to its `\width` (PBN 5.2; the columns of
//! a `#` table are the nearest earlier game's); other supplemental sections keep their lines,
//! with tabs turned into spaces.
//!
//! No line of the output exceeds 255 characters with its CR LF (PBN 2.3): a table whose rows
//! would is kept as written, and a game that would still have one is declined (kept as written).

//!
//! The formatter by concern: [`blocks`] reads a game from the parser's events as tag blocks
//! (and records what later games inherit), [`game`] puts them in export order and writes them,
//! [`values`] spells tag values, [`sections`] lays out the Auction and Play four a line,
//! [`table`] pads the rows of a table, and [`lines`] holds the line ends and the 255-character
//! limit. This file is the engine's face: the [`UnitFormatter`] over a window of games.

mod blocks;
mod game;
mod lines;
mod sections;
mod table;
mod values;

use super::syntax_kind::SyntaxKind;
use crate::diagnostic::Diagnostic;
use crate::format::unit::{Before, Carry, CarryUse, Declined, FormatOptions, UnitFormatter};
use crate::parsing::{EventNode, ParseEvent};
use crate::pbn::model::{Inheritance, InheritanceUse};
use crate::text::{TextRange, TextSize};
use crate::Lang;

use blocks::{games, record_game, record_tags};
use game::format_game;
use lines::{checked_line_lengths, to_crlf, CRLF};

pub(crate) struct Formatter {
    /// The text given to `prepare`, parsed into `events` (the parser's events: what the games
    /// are read from, without building a tree).
    text: String,
    events: Vec<ParseEvent<SyntaxKind>>,
    /// The games of `text`, in order: their ranges and their spans in `events`.
    games: Vec<(TextRange, std::ops::Range<usize>)>,
    /// Tag values for `#` and `##` (PBN 4.8) from the games before `games[recorded]` (and from
    /// the windows of the file before this one).
    inherited: Inheritance,
    recorded: usize,
    /// What the games since [`UnitFormatter::start_from`] looked up and gave of `inherited`.
    used: InheritanceUse,
}

impl Formatter {
    pub(crate) fn new(_text: &str, _options: &FormatOptions) -> Formatter {
        Formatter {
            text: String::new(),
            events: Vec::new(),
            games: Vec::new(),
            inherited: Inheritance::default(),
            recorded: 0,
            used: InheritanceUse::default(),
        }
    }

    /// Brings `inherited` up to the game at `index`: inheritance runs in file order through
    /// every game, formatted or not.
    fn inherit_up_to(&mut self, index: usize) {
        while self.recorded < index.min(self.games.len()) {
            let game = EventNode::at(&self.events, self.games[self.recorded].1.clone());
            record_game(&mut self.inherited, &mut self.used, game, &self.text);
            self.recorded += 1;
        }
    }
}

impl UnitFormatter for Formatter {
    fn prepare(&mut self, _lang: Lang, text: &str) -> (Vec<TextRange>, Vec<Diagnostic>) {
        let (events, errors) = super::parser::parse_events(text, std::mem::take(&mut self.events));
        self.games = games(&events).map(|g| (g.range(), g.span())).collect();
        self.events = events;
        self.text.clear();
        self.text.push_str(text);
        self.recorded = 0;
        (self.games.iter().map(|g| g.0).collect(), errors)
    }

    fn release(&mut self) {
        (self.text, self.events, self.games) = Default::default();
        self.recorded = 0;
    }

    /// The games of this window that the engine is done with precede the next window's.
    fn advance(&mut self, consumed: TextSize) {
        let done = self.games.iter().take_while(|g| g.0.end() <= consumed).count();
        self.inherit_up_to(done);
    }

    /// The lexer closes a brace comment at the next `}` however far (PBN 3.8), and an
    /// unterminated one at a semi-empty line: a window's end before the `}` changes the parse.
    fn may_depend_on_text_after(&self, error: &Diagnostic, after: &str) -> bool {
        error.code == crate::pbn::parser::UNTERMINATED_COMMENT.code && after.contains('}')
    }

    fn unit(&mut self, range: TextRange, unit: &str) -> Result<String, Declined> {
        if let Ok(i) = self.games.binary_search_by_key(&range.start(), |g| g.0.start()) {
            if self.games[i].0 == range {
                self.inherit_up_to(i);
                let game = EventNode::at(&self.events, self.games[i].1.clone());
                let (formatted, tags) = format_game(game, &self.text, &self.inherited);
                // The game's tags recorded from what formatting it read: the next game finds it
                // recorded, and its events are not walked a second time. (A game formatted
                // again after later ones were recorded is not recorded again.)
                if self.recorded == i {
                    record_tags(&mut self.inherited, &mut self.used, &tags);
                    self.recorded += 1;
                }
                return checked_line_lengths(formatted, unit);
            }
        }
        // Not a unit of `prepare` (never so through the engine): parse it alone.
        let (events, _) = super::parser::parse_events(unit, Vec::new());
        let mut games = games(&events);
        match (games.next(), games.next()) {
            (Some(game), None) => checked_line_lengths(format_game(game, unit, &self.inherited).0, unit),
            // Not one game: nothing to reorder safely.
            _ => Ok(unit.to_owned()),
        }
    }

    fn carry(&mut self) -> Carry {
        self.inherit_up_to(self.games.len());
        Carry::Inherited(self.inherited.clone())
    }

    fn carry_use(&mut self) -> CarryUse {
        self.inherit_up_to(self.games.len());
        CarryUse::Inherited(self.used.clone())
    }

    fn start_from(&mut self, carry: &Carry) {
        self.inherited = match carry {
            Carry::Inherited(inherited) => inherited.clone(),
            Carry::Nothing => Inheritance::default(),
        };
        self.used = InheritanceUse::default();
    }

    /// `%` lines between games are kept, with CRLF line ends; after a game left as written,
    /// byte for byte (they may be what separates it from the next).
    fn stray(&mut self, text: &str, before: Before) -> String {
        if before == Before::Kept {
            return text.to_owned();
        }
        // Blank lines before the text go, and so do blanks before its first line, unless that
        // line's text is a `%`: at the start of the line it would become an escape (PBN 2.4), a
        // different thing (found by fuzzing).
        let blank = text.len() - text.trim_start_matches(['\r', '\n', ' ', '\t']).len();
        let start =
            if text[blank..].starts_with('%') { text[..blank].rfind(['\r', '\n']).map_or(0, |i| i + 1) } else { blank };
        let trimmed = &text[start..];
        let mut out = to_crlf(trimmed.trim_end_matches([' ', '\t']));
        if !out.is_empty() && !out.ends_with('\n') {
            out.push_str(CRLF);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::sections::{spell_call_or_card, suffix_nag};
    use super::values::normalise_value;
    use super::*;

    /// A game the formatter writes is recorded for later games from the blocks it read
    /// ([`blocks::Blocks::tags`]), not from its events: after each game, what is recorded (the
    /// values, the `##` ones, the deal data, the names looked up and given) is what reading the
    /// game's events records, through repeated tags, `#` and `##`, a tag without a value, notes
    /// and a game that takes the deal of the one before.
    #[test]
    fn a_written_game_is_recorded_as_its_events_read() {
        let text = "[Event \"A\"]\n[Site \"##Club\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
            [Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n\
            [Event \"B\"]\n[Scoring \"#\"]\n\n\
            [Event \"#\"]\n[Board \"2\"]\n[Declarer]\n[Note \"1:x\"]\n[Note \"2:y\"]\n[Scoring \"IMP\"]\n\n\
            [Board \"3\"]\n[Event \"C\"]\n[Dealer \"E\"]\n";
        let mut formatter = Formatter::new(text, &FormatOptions::default());
        let (ranges, _) = formatter.prepare(Lang::Pbn, text);
        let (events, _) = super::super::parser::parse_events(text, Vec::new());
        let (mut inherited, mut used) = (Inheritance::default(), InheritanceUse::default());
        assert_eq!(ranges.len(), 3);
        for (i, (range, game)) in ranges.iter().zip(games(&events)).enumerate() {
            formatter.unit(*range, &text[*range]).expect("formatted");
            record_game(&mut inherited, &mut used, game, text);
            assert_eq!(formatter.recorded, i + 1);
            assert_eq!((&formatter.inherited, &formatter.used), (&inherited, &used), "after game {i}");
        }
        assert!(inherited.is_sticky("Site") && !inherited.is_sticky("Event"));
    }

    /// Found by `fuzz/run.sh fmt-pbn`: stray text after a tag and an indented tag on the next
    /// line gave an empty line inside the game, which split it on the next run.
    #[test]
    fn a_section_never_gains_an_empty_line() {
        let options = crate::format::FormatOptions::default();
        for text in ["%\n[n\"\"]-\n [c\"\"]", "[Event \"x\"]-\n [Site \"y\"]\n"] {
            let once = crate::format::format(crate::Lang::Pbn, text, &options).text;
            let twice = crate::format::format(crate::Lang::Pbn, &once, &options).text;
            assert_eq!(once, twice, "{text:?}");
            assert!(!once.trim_end().contains("\r\n\r\n["), "one game: {once:?}");
        }
    }

    /// Found by `fuzz/run.sh fmt-pbn`: a call's `;` comment and then its brace comment were
    /// written on one line, where the `;` comment swallowed the `{`, and the tag inside the
    /// brace comment became a tag on the next run.
    #[test]
    fn a_brace_comment_after_a_line_comment_starts_a_line() {
        let options = crate::format::FormatOptions::default();
        let text = "{}[Auction\"\"]1D=1=;\n{\n[a\"\"];}$4";
        let once = crate::format::format(crate::Lang::Pbn, text, &options).text;
        let twice = crate::format::format(crate::Lang::Pbn, &once, &options).text;
        assert_eq!(once, twice);
        assert!(once.contains("1D =1= $4 ;\r\n{\r\n[a\"\"];}\r\n"), "{once:?}");
    }

    /// Found by fuzzing: a column width in the hundreds of billions was padded out.
    #[test]
    fn a_table_wider_than_a_line_is_kept_as_written() {
        let text = "[Board \"1\"]\r\n[ScoreTable \"PairId_NS\\300000000000R;Score_NS\\6R\"]\r\n1 420\r\n2 -50\r\n";
        let formatted = crate::format::format(crate::Lang::Pbn, text, &crate::format::FormatOptions::default());
        assert!(formatted.text.contains("1 420\r\n2 -50\r\n"), "{:?}", formatted.text);
    }

    #[test]
    fn a_game_in_export_order() {
        let text = "[Auction \"n\"]\n1D 1S !! =1= $25 3H\tPass\nPass Pass ; done\n[Note \"1:x\"]\n[Dealer \"N\"]\n\
                    [Zeta \"z\"] {about zeta}\n[Alpha \"a\"]\n";
        let out = Formatter::new(text, &FormatOptions::default()).unit(TextRange::default(), text).unwrap();
        let expected = "[Event \"?\"]\r\n[Site \"?\"]\r\n[Date \"?\"]\r\n[Board \"?\"]\r\n[West \"?\"]\r\n\
                        [North \"?\"]\r\n[East \"?\"]\r\n[South \"?\"]\r\n[Dealer \"N\"]\r\n[Vulnerable \"?\"]\r\n\
                        [Deal \"?\"]\r\n[Scoring \"?\"]\r\n[Declarer \"?\"]\r\n[Contract \"?\"]\r\n[Result \"?\"]\r\n\
                        [Alpha \"a\"]\r\n[Zeta \"z\"]\r\n{about zeta}\r\n[Auction \"N\"]\r\n\
                        1D 1S =1= $3 $25 3H Pass\r\nPass Pass ; done\r\n[Note \"1:x\"]\r\n\r\n";
        assert_eq!(out, expected);
    }

    #[test]
    fn a_game_that_cannot_fit_255_characters_a_line_is_declined() {
        let text = format!("[Event \"{}\"]\n[Board \"1\"]\n", "e".repeat(244));
        let mut formatter = Formatter::new(&text, &FormatOptions::default());
        let declined = formatter.unit(TextRange::default(), &text).unwrap_err();
        assert_eq!(declined[0].code, "PBN010");
        assert_eq!(declined[0].range, TextRange::at(0.into(), 254.into()), "the long line of the original");
        // One character less: 253 + CR LF fits.
        let text = format!("[Event \"{}\"]\n[Board \"1\"]\n", "e".repeat(243));
        assert!(formatter.unit(TextRange::default(), &text).is_ok());
    }

    #[test]
    fn values_calls_and_suffixes() {
        assert_eq!(normalise_value("Vulnerable", "Love", None), "None");
        assert_eq!(normalise_value("Vulnerable", "both", None), "All");
        assert_eq!(normalise_value("Contract", "3nt", None), "3NT");
        assert_eq!(normalise_value("Event", "#", None), "#");
        assert_eq!(spell_call_or_card("pass"), "Pass");
        assert_eq!(spell_call_or_card("xx"), "XX");
        assert_eq!(suffix_nag("!!", false), Some(3));
        assert_eq!(suffix_nag("!!", true), Some(9));
    }
}
