//! Names and text shown on a terminal: a file's name or a message that quotes a file holds
//! whatever bytes the file system or the file held, and an escape sequence (ESC, BEL, a C1
//! control, a right-to-left override) written raw would drive the terminal instead of being
//! shown. Names are shown as `ls` (GNU coreutils) quotes them for a shell, so that a name that is
//! not UTF-8 or holds a control character can be pasted back: `$'\xff.pgn'`. Every other name is
//! shown as it is.

use std::borrow::Cow;
use std::path::Path;

/// Whether `c` must not reach a terminal raw: control characters (C0, DEL, C1) and the
/// invisible characters that reorder the text around them (bidirectional embeddings,
/// overrides and isolates).
pub fn is_hidden(c: char) -> bool {
    c.is_control() || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// `path` as shown on a terminal: as it is when it is UTF-8 without a control character,
/// otherwise quoted as `$'…'` (bash, zsh and ksh read it back as the same bytes): invalid bytes
/// as `\xHH`, control characters as `\e`, `\n`, `\t` or their bytes as `\xHH`, `\` and `'` escaped.
pub fn path(path: &Path) -> String {
    #[cfg(unix)]
    let bytes = std::os::unix::ffi::OsStrExt::as_bytes(path.as_os_str());
    #[cfg(not(unix))]
    let lossy = path.to_string_lossy();
    #[cfg(not(unix))]
    let bytes = lossy.as_bytes();
    match std::str::from_utf8(bytes) {
        Ok(name) if !name.chars().any(is_hidden) => name.to_owned(),
        _ => quoted(bytes),
    }
}

/// A name already made a string (a `--stdin-filepath`, a member of an archive): as [`path`]
/// shows it.
pub fn name(name: &str) -> Cow<'_, str> {
    if name.chars().any(is_hidden) {
        Cow::Owned(quoted(name.as_bytes()))
    } else {
        Cow::Borrowed(name)
    }
}

/// `bytes` quoted as `$'…'`.
fn quoted(bytes: &[u8]) -> String {
    let mut out = String::from("$'");
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '\\' => out.push_str("\\\\"),
                '\'' => out.push_str("\\'"),
                '\u{1b}' => out.push_str("\\e"),
                '\n' => out.push_str("\\n"),
                '\t' => out.push_str("\\t"),
                '\r' => out.push_str("\\r"),
                // Byte by byte: `\u` depends on the shell's locale, `\x` does not.
                c if is_hidden(c) => {
                    for b in c.encode_utf8(&mut [0; 4]).bytes() {
                        out.push_str(&format!("\\x{b:02x}"));
                    }
                }
                c => out.push(c),
            }
        }
        for b in chunk.invalid() {
            out.push_str(&format!("\\x{b:02x}"));
        }
    }
    out.push('\'');
    out
}

/// Text quoted from a file (a message naming a value) as shown on a terminal: each control
/// character written as an escape (`\u{1b}`), visible and harmless; other text as it is.
pub fn text(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_hidden) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(
        text.chars().map(|c| if is_hidden(c) { c.escape_unicode().to_string() } else { c.to_string() }).collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_names_are_shown_as_they_are_and_others_quoted_for_a_shell() {
        assert_eq!(path(Path::new("games/a b.pgn")), "games/a b.pgn");
        assert_eq!(path(Path::new("d\u{e9}j\u{e0}.pgn")), "d\u{e9}j\u{e0}.pgn");
        assert_eq!(path(Path::new("a\u{1b}[31mred\u{7}.pgn")), "$'a\\e[31mred\\x07.pgn'");
        assert_eq!(path(Path::new("it's\n\u{9b}.pgn")), "$'it\\'s\\n\\xc2\\x9b.pgn'");
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStrExt;
            let name = std::ffi::OsStr::from_bytes(b"caf\xe9\\.pgn");
            assert_eq!(path(Path::new(name)), "$'caf\\xe9\\\\.pgn'");
        }
        assert_eq!(name("x\u{202e}gnp.pgn"), "$'x\\xe2\\x80\\xaegnp.pgn'");
    }

    #[test]
    fn text_keeps_what_is_visible_and_escapes_controls() {
        assert_eq!(text("`e4` is fine"), "`e4` is fine");
        assert_eq!(text("`\u{1b}]0;x\u{7}`"), "`\\u{1b}]0;x\\u{7}`");
    }

    /// What bash reads back from a quoted name is the name's bytes (skipped when there is no
    /// bash).
    #[cfg(unix)]
    #[test]
    fn bash_reads_a_quoted_name_back_as_its_bytes() {
        use std::os::unix::ffi::OsStrExt;
        let raw: &[u8] = b"a\x1b[31m\x07 it's \\ \xff\xfe \xc3\xa9\t\n.pgn";
        let shown = path(Path::new(std::ffi::OsStr::from_bytes(raw)));
        let Ok(out) = std::process::Command::new("bash").arg("-c").arg(format!("printf %s {shown}")).output() else {
            eprintln!("skipped: no bash");
            return;
        };
        assert_eq!(out.stdout, raw, "{shown}");
    }
}
