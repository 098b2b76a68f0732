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
