//! What `kibitzer check --fix` writes and the editor's "Apply every safe kibitzer fix": the
//! engine's safe fixes ([`kibitzer_syntax::fix::fix_all`]) and those of the double-dummy checks
//! ([`crate::dd`]: only the binary has the solver), in rounds until neither has one left. One
//! implementation, so that the command line and the language server write the same text.

use kibitzer_syntax::diagnostic::apply_edits;
use kibitzer_syntax::fix::{safe_edits, FIX_ROUNDS};
use kibitzer_syntax::{CheckOptions, Lang};

/// `text` with every safe fix applied until none is left; `None` when nothing changed. The
/// solver runs only on a PBN text with double-dummy tags ([`crate::dd::has_dd_tags`]), and
/// solves each deal once ([`crate::dd::verify`] keeps what it solved): the engine's fixes come
/// first (the deal they may mend is what the solver reads), then the solver's values, then the
/// engine's again, as long as a round changes the text.
pub fn fix_all(lang: Lang, text: &str, options: &CheckOptions) -> Option<String> {
    let mut fixed = kibitzer_syntax::fix::fix_all(lang, text, options);
    if lang != Lang::Pbn {
        return fixed;
    }
    for _ in 0..FIX_ROUNDS {
        let current = fixed.as_deref().unwrap_or(text);
        if !crate::dd::has_dd_tags(current) {
            break;
        }
        let (next, applied) = apply_edits(current, &safe_edits(&crate::dd::verify(current, options)));
        if applied == 0 || next == current {
            break;
        }
        fixed = Some(kibitzer_syntax::fix::fix_all(lang, &next, options).unwrap_or(next));
    }
    fixed.filter(|f| f != text)
}
