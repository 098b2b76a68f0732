//! What a path holds, by its name: its compression (`.gz`, `.bz2`, `.zst`, `.zip`), whether it
//! is PGC, and the format of the text inside (`games.pgn.zst` is PGN).

use kibitzer_syntax::Lang;
use std::path::Path;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compression {
    Gzip,
    Bzip2,
    Zstd,
    Zip,
}

/// The compression of `path`, by its extension.
pub fn compression_of(path: &Path) -> Option<Compression> {
    let ext = path.extension()?.to_str()?.to_ascii_lowercase();
    Some(match ext.as_str() {
        "gz" | "gzip" => Compression::Gzip,
        "bz2" => Compression::Bzip2,
        "zst" | "zstd" => Compression::Zstd,
        "zip" => Compression::Zip,
        _ => return None,
    })
}

/// The format of a file, compressed or not: `games.pgn.zst` is PGN. A zip archive's members
/// are told apart by their own names, so it takes `lang` (`--lang`) or, as a stand-in, PGN.
pub fn lang_of(path: &Path, lang: Option<Lang>) -> Option<Lang> {
    // PGC files are checked as the PGN they decode to.
    let plain = |p: &Path| if is_pgc(p) { Some(Lang::Pgn) } else { Lang::from_path(p) };
    match compression_of(path) {
        None => lang.or_else(|| plain(path)),
        Some(Compression::Zip) => Some(lang.unwrap_or(Lang::Pgn)),
        Some(_) => lang.or_else(|| plain(Path::new(path.file_stem()?))),
    }
}

/// Whether `path` names a PGC file (`.pgc`, possibly compressed: `.pgc.gz`).
pub fn is_pgc(path: &Path) -> bool {
    let path = match compression_of(path) {
        Some(_) => Path::new(path.file_stem().unwrap_or_default()),
        None => path,
    };
    path.extension().and_then(|e| e.to_str()).is_some_and(|e| e.eq_ignore_ascii_case("pgc"))
}

/// The compression of `bytes` by their first bytes (the magic numbers of gzip, bzip2, zstd and
/// zip): what a name without a compression extension (`check(bytes)`, `check_many` from
/// Python) leaves to the content.
pub fn compression_in(bytes: &[u8]) -> Option<Compression> {
    match bytes {
        [0x1f, 0x8b, ..] => Some(Compression::Gzip),
        [b'B', b'Z', b'h', b'1'..=b'9', ..] => Some(Compression::Bzip2),
        [0x28, 0xb5, 0x2f, 0xfd, ..] => Some(Compression::Zstd),
        [b'P', b'K', 3, 4, ..] | [b'P', b'K', 5, 6, ..] => Some(Compression::Zip),
        _ => None,
    }
}

/// Whether `bytes` start as PGC data does: a reduced game (`0x01`) or a general game (`0x05`)
/// record. No text starts with those control bytes, so a PGN name with them holds PGC.
pub fn looks_like_pgc(bytes: &[u8]) -> bool {
    matches!(bytes.first(), Some(0x01 | 0x05))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compression_is_told_by_the_magic_numbers() {
        let gzip = {
            use std::io::Write;
            let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
            e.write_all(b"1. e4 *").unwrap();
            e.finish().unwrap()
        };
        assert_eq!(compression_in(&gzip), Some(Compression::Gzip));
        assert_eq!(compression_in(&zstd::bulk::compress(b"1. e4 *", 1).unwrap()), Some(Compression::Zstd));
        assert_eq!(compression_in(b"BZh91AY&SY"), Some(Compression::Bzip2));
        assert_eq!(compression_in(b"PK\x03\x04rest"), Some(Compression::Zip));
        assert_eq!(compression_in(b"[Event \"BZh9\"]"), None);
        assert_eq!(compression_in(b""), None);
        assert!(looks_like_pgc(&[0x01, 0, 0]) && !looks_like_pgc(b"[Event"));
    }
}
