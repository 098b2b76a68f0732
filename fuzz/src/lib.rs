//! kibitzer's fuzz targets: the oracles that every fuzzer of kibitzer runs on an input, the
//! seeds they start from and the dictionary of each format's tokens. Two drivers use them: the
//! mutational fuzzer of this crate (`kibitzer-fuzz`, src/main.rs: no coverage feedback, a CPU
//! budget, findings de-duplicated) and the coverage-guided one under `coverage/` (libFuzzer on
//! stable Rust: SanitizerCoverage instrumentation with `--sanitizer none`, no AddressSanitizer,
//! which needs a nightly compiler; fuzz/coverage.sh). One implementation of every oracle.
//!
//! Targets (LANG is pgn, epd, pbn or pbi; parse, check, fmt and every also lin):
//! - `parse-LANG`: the tree prints back the input byte for byte; units are ordered and inside
//!   the text.
//! - `check-LANG`: no panic in import or export mode; every range and fix inside the text and on
//!   character boundaries; every code in the catalogue; for PBN, checking piece by piece from the
//!   state the piece before left equals checking whole.
//! - `fmt-LANG`: formatting is idempotent, keeps every unit with syntax errors byte for byte,
//!   and gives the same text when done a small window at a time.
//! - `convert-lin`: LIN to PBN and back (`kibitzer convert`): the PBN written has no syntax
//!   error, nor the LIN written from it, and the round trip LIN → PBN → LIN is a fixed point
//!   after its first pass (what one pass leaves out, a second has nothing more to lose).
//! - `every-LANG`: the oracles above, one after the other, on each input: for a long
//!   coverage-guided run per format, whose corpus grows from the code all of them reach.
//! - `compressed-LANG`: the stream reader of archives and standard input (the binary's
//!   `compressed` module). The input, read as a `.gz`, `.bz2`, `.zst` and `.zip` file, never
//!   makes it panic; compressed (gzip, zstd, and as a zip member beside a nested `.zst` member)
//!   and read back a few bytes of chunk at a time, its text comes back whole: the chunks (and
//!   the heads of units too large) in order, their line counts adding up, each checked without
//!   a panic.
//! - `acbl`: the ACBLscore decoder and both writers never panic and write output in proportion
//!   to the input.
//! - `lsp-framing`: the language server's reading of its client's bytes (the binary's
//!   `lsp_framing`, what `kibitzer lsp` runs on stdin). The input, then a line break and two
//!   well-framed requests: never a panic; the second request is always read (the server keeps
//!   answering whatever came before); what is read does not depend on how the bytes were cut
//!   into reads (the input fed whole and a few bytes at a time give the same messages and the
//!   same errors); every error is a JSON-RPC parse error; the bytes held stay within the cap
//!   and one header block; every message read passes the transport's check without a panic.
//!
//! An oracle that fails panics: the drivers catch it and keep the input.

use kibitzer_syntax::format::{format, format_into, FormatOptions};
use kibitzer_syntax::text::LineIndex;
use kibitzer_syntax::{check, CheckOptions, Lang, Mode};
use std::path::{Path, PathBuf};

/// Seeds are cut into pieces of at most this many bytes.
pub const SEED_BYTES: usize = 16 * 1024;

pub const TARGETS: &[&str] = &[
    "parse-pgn",
    "parse-epd",
    "parse-pbn",
    "parse-pbi",
    "check-pgn",
    "check-epd",
    "check-pbn",
    "check-pbi",
    "fmt-pgn",
    "fmt-epd",
    "fmt-pbn",
    "fmt-pbi",
    "every-pgn",
    "every-epd",
    "every-pbn",
    "every-pbi",
    "parse-lin",
    "check-lin",
    "fmt-lin",
    "convert-lin",
    "every-lin",
    "compressed-pgn",
    "compressed-epd",
    "compressed-pbn",
    "compressed-pbi",
    "acbl",
    "lsp-framing",
];

/// The format a target reads (`None` for `acbl`, whose input is binary).
pub fn lang_of(target: &str) -> Option<Lang> {
    target.split_once('-').and_then(|(_, l)| Lang::from_id(l))
}

/// One execution of `target` (one of [`TARGETS`]) on `input`; panics when an oracle fails.
pub fn run(target: &str, input: &[u8]) {
    if target == "lsp-framing" {
        return lsp_framing(input);
    }
    let Some(lang) = lang_of(target) else {
        return acbl(input);
    };
    let text = kibitzer_syntax::text::decode(input).text;
    match target.split_once('-').map(|(kind, _)| kind) {
        Some("parse") => parse(lang, &text),
        Some("check") => check_oracle(lang, &text),
        Some("fmt") => fmt(lang, &text),
        Some("convert") if lang == Lang::Lin => convert_lin(&text),
        Some("every") => {
            parse(lang, &text);
            check_oracle(lang, &text);
            fmt(lang, &text);
            if lang == Lang::Lin {
                convert_lin(&text);
            }
        }
        Some("compressed") => compressed(lang, input),
        _ => panic!("unknown target {target}"),
    }
}

fn parse(lang: Lang, text: &str) {
    assert!(kibitzer_syntax::reprint(lang, text) == text, "reprint differs from the input");
    let mut previous_end = 0;
    for u in kibitzer_syntax::units(lang, text) {
        assert!(
            usize::from(u.start()) >= previous_end && usize::from(u.end()) <= text.len(),
            "unit {u:?} out of order"
        );
        previous_end = usize::from(u.end());
    }
}

fn check_oracle(lang: Lang, text: &str) {
    for mode in [Mode::Import, Mode::Export] {
        let options = CheckOptions { mode, ..CheckOptions::default() };
        let diagnostics = check(lang, text, &options);
        for d in &diagnostics {
            let (s, e) = (usize::from(d.range.start()), usize::from(d.range.end()));
            assert!(s <= e && e <= text.len(), "{} range {:?} outside the text", d.code, d.range);
            assert!(text.is_char_boundary(s) && text.is_char_boundary(e), "{} range splits a character", d.code);
            assert!(kibitzer_syntax::rules::rule(d.code).is_some(), "{} is not in the catalogue", d.code);
            for edit in d.fix.iter().flat_map(|f| &f.edits) {
                let (s, e) = (usize::from(edit.range.start()), usize::from(edit.range.end()));
                assert!(s <= e && e <= text.len(), "{} fix outside the text", d.code);
                assert!(text.is_char_boundary(s) && text.is_char_boundary(e), "{} fix splits a character", d.code);
            }
        }
        if lang.has_chained_units() && mode == Mode::Import {
            // Piece by piece, each from the state the piece before left, equals the whole.
            let mut state = kibitzer_syntax::UnitState::default();
            let mut pieces: Vec<(usize, Vec<kibitzer_syntax::Diagnostic>)> = Vec::new();
            for piece in kibitzer_syntax::pieces(lang, text) {
                let checked = kibitzer_syntax::check_unit(lang, &text[piece.range], &state, &options);
                if let Some(last) = pieces.last_mut() {
                    last.1.extend(checked.for_previous);
                }
                pieces.push((usize::from(piece.range.start()), checked.diagnostics));
                state = checked.after;
            }
            let mut together: Vec<kibitzer_syntax::Diagnostic> = Vec::new();
            for (start, list) in pieces {
                together.extend(list.into_iter().map(|d| d.shifted((start as u32).into())));
            }
            let key = |d: &kibitzer_syntax::Diagnostic| (d.range.start(), d.range.end(), d.code, d.message.clone());
            together.sort_by_key(key);
            let mut diagnostics = diagnostics.clone();
            diagnostics.sort_by_key(key);
            // Binary text is judged whole, never piece by piece.
            if kibitzer_syntax::binary::binary_at([text]).is_none() {
                assert!(together == diagnostics, "piece by piece differs from whole");
            }
        }
    }
}

fn fmt(lang: Lang, text: &str) {
    let options = FormatOptions::default();
    let once = format(lang, text, &options);
    let twice = format(lang, &once.text, &options);
    assert!(twice.text == once.text, "formatting is not idempotent");
    for unit in &once.skipped {
        assert!(once.text.contains(&text[unit.range]), "a unit with errors was changed: {:?}", unit.range);
    }
    // Units with syntax errors are left as written. (The units read once and searched, both
    // lists being in text order: an input of thousands of errors and units stays linear.)
    let units = kibitzer_syntax::units(lang, text);
    for d in kibitzer_syntax::format::syntax_errors(lang, text) {
        let at = d.range.start();
        let inside_a_unit = units.get(units.partition_point(|u| u.end() <= at)).is_some_and(|u| u.contains(at));
        let skipped = &once.skipped;
        let kept = skipped[skipped.partition_point(|u| u.range.end() < at)..]
            .iter()
            .take_while(|u| u.range.start() <= at)
            .any(|u| u.range.contains_inclusive(at));
        assert!(kept || !inside_a_unit, "{} at {:?} is in a unit that was formatted", d.code, d.range);
    }
    // A small window gives the same text as the default one.
    let mut windowed = String::new();
    let _ = format_into(lang, text, None, &options, 97, &mut |piece: &str| {
        windowed.push_str(piece);
        Ok::<(), ()>(())
    });
    assert!(windowed == once.text, "formatting in small windows differs");
}

/// The `convert-lin` oracle (see the crate's documentation).
fn convert_lin(text: &str) {
    use kibitzer_syntax::format::syntax_errors;
    use kibitzer_syntax::lin::{to_lin, to_pbn};
    let pbn = to_pbn(text);
    let errors = syntax_errors(Lang::Pbn, &pbn);
    assert!(errors.is_empty(), "the PBN written has syntax errors: {errors:?}\n{pbn}");
    // As `convert --to pbn` writes it: formatted, which must not fail either.
    let _ = format(Lang::Pbn, &pbn, &FormatOptions::default());
    let lin = to_lin(&pbn);
    let errors = syntax_errors(Lang::Lin, &lin);
    assert!(errors.is_empty(), "the LIN written back has syntax errors: {errors:?}\n{lin}");
    let again = to_lin(&to_pbn(&lin));
    assert!(again == lin, "LIN → PBN → LIN is not a fixed point:\n{lin}\n{again}");
}

/// The `compressed-LANG` oracle (see the crate's documentation).
fn compressed(lang: Lang, input: &[u8]) {
    use kibitzer::compressed::for_each_member_in;
    use std::io::{Cursor, Write};
    let ext = lang.id();
    // Hostile compressed bytes: an error is fine, a panic is not.
    for name in [format!("x.{ext}.gz"), format!("x.{ext}.bz2"), format!("x.{ext}.zst"), "x.zip".to_owned()] {
        let _ = for_each_member_in(Path::new(&name), Cursor::new(input), Some(lang), &mut |member| {
            read_back(member.lang, member.reader, 4096);
            Ok(())
        });
    }
    // The text compressed, read back in small chunks: whole, in order.
    let size = 1 + input.first().map_or(0, |&b| usize::from(b) * 3);
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(input).expect("gzip in memory");
    let gz = gz.finish().expect("gzip in memory");
    let zst = zstd::stream::encode_all(input, 1).expect("zstd in memory");
    let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default();
    zip.start_file(format!("a.{ext}"), options).expect("zip in memory");
    zip.write_all(input).expect("zip in memory");
    zip.start_file(format!("b.{ext}.zst"), options).expect("zip in memory");
    zip.write_all(&zst).expect("zip in memory");
    let zip = zip.finish().expect("zip in memory").into_inner();
    let archives = [(format!("x.{ext}.gz"), gz, 1), (format!("x.{ext}.zst"), zst, 1), ("x.zip".to_owned(), zip, 2)];
    for (name, bytes, members) in archives {
        let mut seen = 0;
        for_each_member_in(Path::new(&name), Cursor::new(bytes), Some(lang), &mut |member| {
            seen += 1;
            let (text, lines) = read_back(member.lang, member.reader, size);
            // PBN and PBI are read whole; PGN and EPD in chunks, which decode each on its own.
            if let Ok(whole) = std::str::from_utf8(input) {
                if !whole.starts_with('\u{feff}') {
                    assert!(text == whole, "{}: the chunks are not the text", member.name);
                    let whole_lines = LineIndex::with_breaks(whole, lang.line_breaks()).line_count() - 1;
                    assert_eq!(lines as usize, whole_lines, "{}: the lines of the chunks", member.name);
                }
            }
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(seen, members, "{name}: members");
    }
}

/// Reads a stream back in chunks of about `size` bytes, checking each: the text of the chunks
/// (heads of units too large included) and the number of lines counted.
fn read_back(lang: Lang, reader: impl std::io::Read, size: usize) -> (String, u32) {
    use kibitzer::compressed::{Chunks, Piece};
    let mut chunks = Chunks::with_size(reader, lang, size);
    let mut text = String::new();
    let mut lines = 0;
    while let Ok(Some(piece)) = chunks.next_chunk() {
        let chunk = match piece {
            Piece::Text(chunk) => chunk,
            Piece::TooLarge { head, .. } => head,
        };
        assert_eq!(chunk.lines_before, lines, "a chunk's lines before it");
        lines += chunk.index().line_count() as u32 - 1;
        let diagnostics = check(lang, &chunk.source.text, &CheckOptions::default());
        for d in &diagnostics {
            assert!(usize::from(d.range.end()) <= chunk.source.text.len(), "{} outside the chunk", d.code);
        }
        text.push_str(&chunk.source.text);
    }
    (text, lines)
}

fn acbl(input: &[u8]) {
    if let Ok(decoded) = kibitzer_syntax::acbl::decode(input) {
        let json = serde_json::to_string(&kibitzer_syntax::acbl::to_json(&decoded)).unwrap_or_default();
        let pbn = kibitzer_syntax::acbl::to_pbn(&decoded);
        let budget = 100 * input.len() + 100_000;
        assert!(json.len() < budget && pbn.len() < budget, "output out of proportion: {} / {}", json.len(), pbn.len());
    }
}

/// The cap on a message in the `lsp-framing` target: small, so that small inputs cross it.
const FRAMING_CAP: usize = 2048;

/// The `lsp-framing` oracle (see the crate's documentation).
fn lsp_framing(input: &[u8]) {
    use kibitzer::lsp_framing::{check_message, Event, Framer, MAX_HEADER};
    let request = |id: u32| {
        let body = format!(r#"{{"jsonrpc":"2.0","id":{id},"method":"textDocument/hover","params":{{}}}}"#);
        (format!("Content-Length: {}\r\n\r\n{body}", body.len()).into_bytes(), body.into_bytes())
    };
    let ((first, _), (second, last_body)) = (request(424_242), request(424_243));
    let bytes = [input, b"\n", &first, &second].concat();
    // What is read, errors by their message (the id an error names is looked for in the bytes at
    // hand, which depend on the reads).
    let read = |chunk: usize| -> Vec<Result<Vec<u8>, String>> {
        let mut framer = Framer::new(FRAMING_CAP);
        let mut out = Vec::new();
        for piece in bytes.chunks(chunk) {
            framer.feed(piece);
            let held = framer.buffered();
            assert!(held <= FRAMING_CAP + MAX_HEADER + 2 * chunk, "{held} bytes held, reading {chunk} at a time");
            while let Some(event) = framer.next_event() {
                out.push(match event {
                    Event::Message(body) => {
                        let _ = check_message(&body);
                        Ok(body)
                    }
                    Event::Unreadable(answer) => {
                        let answer: serde_json::Value = serde_json::from_str(&answer).expect("an error answer is JSON");
                        assert_eq!(answer["error"]["code"], -32700, "{answer}");
                        Err(answer["error"]["message"].as_str().expect("a message").to_owned())
                    }
                });
                assert!(out.len() <= bytes.len(), "more events than bytes");
            }
        }
        out
    };
    let whole = read(bytes.len());
    assert!(whole.last() == Some(&Ok(last_body)), "the request after the input is not read: {:?}", whole.last());
    let chunk = 1 + input.first().map_or(0, |&b| usize::from(b) % 61);
    assert!(read(chunk) == whole, "read {chunk} bytes at a time, the bytes give other messages");
}

/// The `lsp-framing` target's seeds: messages as clients frame them, and frames broken as the
/// issue that asked for the target found them.
fn framing_seeds() -> Vec<Vec<u8>> {
    let frame = |body: &str| format!("Content-Length: {}\r\n\r\n{body}", body.len());
    let open = r#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///a.pgn","languageId":"pgn","version":1,"text":"[Event \"x\"]\n\n1. e4 *\n"}}}"#;
    let hover = r#"{"jsonrpc":"2.0","id":3,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///a.pgn"},"position":{"line":0,"character":2}}}"#;
    let texts = [
        frame(open) + &frame(hover),
        format!("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n{}", frame(hover)),
        format!("Content-Length: 18446744073709551615\r\n\r\n{hover}"),
        format!("Content-Length: -1\r\n\r\n{hover}{}", frame(hover)),
        format!("Content-Length: 900\r\n\r\n{hover}{}", frame(hover)),
        format!("Content-Length: {}\r\n{hover}{}", hover.len(), frame(hover)),
        format!("{hover}\r\n{}", frame(open)),
        format!("Content-Length: 2\n\n{{}}Content-Length:\n\n{}", frame(hover)),
    ];
    texts.into_iter().map(String::into_bytes).collect()
}

/// The seeds of `target`: [`load_seeds`] for the formats, made up for `lsp-framing`.
pub fn target_seeds(root: &Path, target: &str) -> Vec<Vec<u8>> {
    match target {
        "lsp-framing" => framing_seeds(),
        _ => load_seeds(root, lang_of(target)),
    }
}

/// The dictionary of `target`: [`dictionary`] for the formats, the words of framing for
/// `lsp-framing`.
pub fn target_dictionary(target: &str) -> Vec<&'static [u8]> {
    match target {
        "lsp-framing" => vec![
            b"Content-Length: ",
            b"content-length:",
            b"Content-Type: x\r\n",
            b"\r\n",
            b"\n",
            b"\r\n\r\n",
            b"0",
            b"9",
            b"65",
            b"2048",
            b"18446744073709551616",
            b"-",
            b" ",
            b"{",
            b"}",
            b"\"id\":",
            b"\"",
            b"\\",
            b":",
            b"\0",
        ],
        _ => dictionary(lang_of(target)),
    }
}

/// Tokens of the target's format that mutations insert (libFuzzer's `-dict` is made from them).
pub fn dictionary(lang: Option<Lang>) -> Vec<&'static [u8]> {
    let mut d: Vec<&'static [u8]> = vec![
        b"\n",
        b"\r\n",
        b"\r",
        b" ",
        b"\t",
        b"\"",
        b"\\",
        b"[",
        b"]",
        b"{",
        b"}",
        b"(",
        b")",
        b";",
        b"%",
        b"\0",
        b"\xef\xbb\xbf",
        b"\xc3\xa9",
        b"\xe9",
        b"\xc2\x85",
        b"\xe2\x80\xa8",
        b"\xf0\x9f\x82\xa1",
        b"0",
        b"1",
        b"9",
        b"99999999999",
        b"-",
        b"#",
        b"\n\n",
    ];
    let more: &[&'static [u8]] = match lang {
        Some(Lang::Pgn) => &[
            b"[Event \"",
            b"\"]\n",
            b"[FEN \"",
            b"[SetUp \"1\"]",
            b"[Variant \"chess960\"]",
            b"1-0",
            b"0-1",
            b"1/2-1/2",
            b"*",
            b"1.",
            b"1...",
            b"e4",
            b"exd5",
            b"O-O",
            b"O-O-O",
            b"0-0",
            b"Nbd7",
            b"e8=Q+",
            b"$1",
            b"$255",
            b"!?",
            b"{ c }",
            b"(1. d4)",
            b"\n% esc\n",
            b"Kxe8#",
            b"--",
            b"Z0",
        ],
        Some(Lang::Epd) => &[
            b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ",
            b"/",
            b"8",
            b"K",
            b"k",
            b" w ",
            b" b ",
            b" KQkq ",
            b" - ",
            b"e3",
            b"bm ",
            b"am ",
            b"id \"",
            b"pv ",
            b"hmvc ",
            b"c0 \"",
            b";",
            b"0 1",
            b"HAha",
        ],
        Some(Lang::Pbn) => &[
            b"[Board \"",
            b"[Deal \"N:",
            b"AKQJ.T98.765.432 ",
            b"[Auction \"N\"]\n",
            b"[Play \"W\"]\n",
            b"[Contract \"4S\"]",
            b"[Declarer \"N\"]",
            b"[Result \"10\"]",
            b"[Vulnerable \"NS\"]",
            b"[Dealer \"E\"]",
            b"1S ",
            b"Pass ",
            b"X ",
            b"XX ",
            b"AP",
            b"=1=",
            b"^R",
            b"S2 ",
            b"HA ",
            b"- ",
            b"+",
            b"*",
            b"#",
            b"##",
            b"[ScoreTable \"PairId_NS\\2R;Score_NS\\6R\"]\n",
            b"[Note \"1:",
            b"% EXPORT\n",
            b"$2",
            b"[Score \"NS 420\"]",
            b"[ScoreIMP \"",
            b"[OptimumScore \"",
            b"[BidSystemNS \"",
        ],
        Some(Lang::Pbi) => &[
            b"#PBI 1.2\n",
            b"#PBI 1.1\n",
            b"\xef\xbb\xbf#PBI 1.2\n",
            b":",
            b"|",
            b"\\x3a",
            b"\\x",
            b"8/8/8/8/8/8/8/8",
            b"K",
            b"S",
            b"#2",
            b"h#3",
            b"s#",
            b"1.Sf3!",
            b"1.e4",
            b"\xc2\x85",
            b"\xe2\x80\xa8",
        ],
        Some(Lang::Lin) => {
            &[b"pn|", b"md|3", b"mb|", b"pc|", b"an|", b"mc|", b"sv|", b"qx|o1|", b"pg||", b"|", b",", b"!"]
        }
        None => &[b"\xff\xff\xff\xff", b"\x00\x00\x00\x00", b"\x01\x00", b"\x7f\xff\xff\xff", b"\x10\x00\x00\x00"],
    };
    d.extend_from_slice(more);
    d
}

/// The seeds: corpus and fixture files of the target's format (for LIN, the PBN ones converted
/// too), cut at line ends into pieces of at most [`SEED_BYTES`] (ACBLscore files whole).
pub fn load_seeds(root: &Path, lang: Option<Lang>) -> Vec<Vec<u8>> {
    let mut files = Vec::new();
    let corpus = std::env::var_os("KIBITZER_CORPUS")
        .map(PathBuf::from)
        .or_else(|| Some(root.join("../shared/corpus")))
        .filter(|p| p.is_dir());
    let dirs: Vec<PathBuf> = match lang {
        Some(_) => [corpus, Some(root.join("fixtures"))].into_iter().flatten().collect(),
        None => corpus.into_iter().map(|c| c.join("acbl")).collect(),
    };
    for dir in dirs {
        walk(&dir, &mut files);
    }
    files.sort();
    let mut seeds = Vec::new();
    for file in files {
        // LIN has no corpus of its own: every corpus PBN file converted to LIN seeds it too.
        let from_pbn = lang == Some(Lang::Lin) && Lang::from_path(&file) == Some(Lang::Pbn);
        let wanted = match lang {
            Some(lang) => Lang::from_path(&file) == Some(lang) || from_pbn,
            None => file
                .extension()
                .is_some_and(|e| e.len() == 3 && e.to_ascii_lowercase().to_string_lossy().starts_with("ac")),
        };
        let Ok(bytes) = std::fs::read(&file).map_err(|_| ()).and_then(|b| if wanted { Ok(b) } else { Err(()) }) else {
            continue;
        };
        if lang.is_none() {
            seeds.push(bytes);
            continue;
        }
        let bytes = match from_pbn {
            true => kibitzer_syntax::lin::to_lin(&kibitzer_syntax::text::decode(&bytes).text).into_bytes(),
            false => bytes,
        };
        let mut rest: &[u8] = &bytes;
        while !rest.is_empty() {
            let mut end = rest.len().min(SEED_BYTES);
            if end < rest.len() {
                end = rest[..end].iter().rposition(|&b| b == b'\n').map_or(end, |i| i + 1);
            }
            seeds.push(rest[..end].to_vec());
            rest = &rest[end..];
            // Large files give their first pieces only: every file gets a say.
            if seeds.len() % 64 == 0 {
                break;
            }
        }
    }
    if seeds.is_empty() && lang.is_some() {
        seeds.push(Vec::new());
    }
    seeds
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            walk(&path, out);
        } else {
            out.push(path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small text of each format, without faults for any oracle to find.
    fn sample(lang: Option<Lang>) -> &'static [u8] {
        match lang {
            Some(Lang::Pgn) => b"[Event \"x\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 {a comment} *\n",
            Some(Lang::Epd) => b"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - bm e5; id \"x\";\n",
            Some(Lang::Pbn) => b"[Event \"x\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n",
            Some(Lang::Pbi) => b"#8/8/8/8/8/8/8/K6k w\n",
            Some(Lang::Lin) => {
                b"pn|a,b,c,d|st||md|3S2345H2345D2345C2,S6789H6789D6789C3,STJQKHTJQKDTJQKC4,|sv|o|mb|p|pg||\n"
            }
            None => b"\0\0\0\0",
        }
    }

    #[test]
    fn the_framing_target_reads_its_seeds_and_junk() {
        for seed in framing_seeds() {
            run("lsp-framing", &seed);
        }
        run("lsp-framing", b"Content-Length: 99999\r\nX: y");
        run("lsp-framing", b"Content-Length: 100\r\n\r\n");
    }

    /// Every listed target is one that `run` knows, on its format's text and on junk.
    #[test]
    fn every_target_runs() {
        for target in TARGETS {
            run(target, sample(lang_of(target)));
            run(target, b"\xff[\"{(%\r\n");
        }
    }

    #[test]
    #[should_panic(expected = "unknown target")]
    fn a_target_that_is_not_listed_is_refused() {
        run("frob-pgn", b"");
    }
}
