//! The layering of the code, read from its own `use` lines and paths: no import cycle between
//! the modules (files) of `syntax/src` or `server/src`, and the chess and bridge domains import
//! no format. See ARCHITECTURE.md for the layers.
//!
//! A module is a file (`a/b.rs` or `a/b/mod.rs` is `a::b`). Module `m` imports `n` when `m`'s
//! code outside its `#[cfg(test)]` part names `n` or an item of `n`: in a `use` tree or a path
//! starting with `crate::`, `super::`, `self::` or the name of one of `m`'s child modules. An item
//! re-exported with `pub use` counts as an import of the module that defines it. Declaring a child
//! (`mod x;`) is no import; test modules may import anything.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;

type Module = Vec<String>;

struct Crate {
    /// Every module and its source, test part removed.
    sources: BTreeMap<Module, String>,
}

impl Crate {
    fn read(src: &Path) -> Crate {
        let mut sources = BTreeMap::new();
        for file in kibitzer_tests::files_under(src, |p| p.extension().is_some_and(|e| e == "rs")) {
            let relative = file.strip_prefix(src).unwrap().with_extension("");
            let mut module: Module = relative.iter().map(|s| s.to_string_lossy().into_owned()).collect();
            if matches!(module.last().map(String::as_str), Some("mod" | "lib" | "main")) {
                module.pop();
            }
            let text = std::fs::read_to_string(&file).unwrap();
            sources.insert(module, code_outside_tests(&text));
        }
        Crate { sources }
    }

    fn is_module(&self, m: &[String]) -> bool {
        self.sources.contains_key(m)
    }

    /// The module a path names (its longest prefix that is a module), relative to `from`.
    fn resolve(&self, from: &Module, path: &[String]) -> Option<(Module, Vec<String>)> {
        let (mut base, rest): (Module, &[String]) = match path.first()?.as_str() {
            "crate" => (Vec::new(), &path[1..]),
            "self" => (from.clone(), &path[1..]),
            "super" => {
                let mut base = from.clone();
                let mut rest = path;
                while rest.first().is_some_and(|s| s == "super") {
                    base.pop();
                    rest = &rest[1..];
                }
                (base, rest)
            }
            first => {
                let child: Module = from.iter().cloned().chain([first.to_owned()]).collect();
                if !self.is_module(&child) {
                    return None;
                }
                (from.clone(), path)
            }
        };
        let mut used = 0;
        for segment in rest {
            base.push(segment.clone());
            if !self.is_module(&base) {
                base.pop();
                break;
            }
            used += 1;
        }
        Some((base, rest[used..].to_vec()))
    }

    fn edges(&self) -> BTreeMap<Module, BTreeSet<Module>> {
        let paths: BTreeMap<&Module, Vec<Vec<String>>> =
            self.sources.iter().map(|(m, text)| (m, paths_in(text))).collect();
        // `pub use` re-exports: (module, name) → the path it re-exports.
        let mut reexports: HashMap<(Module, String), Vec<String>> = HashMap::new();
        for (m, text) in &self.sources {
            for path in reexported_paths(text) {
                if let Some(name) = path.last() {
                    reexports.insert(((*m).clone(), name.clone()), path);
                }
            }
        }
        let mut edges: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
        for (m, list) in paths {
            for path in list {
                let Some(mut target) = self.resolve(m, &path) else { continue };
                // Follow re-exports of the first item named (a few steps at most).
                for _ in 0..4 {
                    let Some(item) = target.1.first() else { break };
                    let Some(next) = reexports.get(&(target.0.clone(), item.clone())) else { break };
                    match self.resolve(&target.0, next) {
                        Some(t) if t.0 != target.0 => target = t,
                        _ => break,
                    }
                }
                if &target.0 != m {
                    edges.entry(m.clone()).or_default().insert(target.0);
                }
            }
        }
        edges
    }
}

/// The source before `#[cfg(test)]` (test modules come last in every file), with comments and
/// the contents of string and char literals removed.
fn code_outside_tests(text: &str) -> String {
    let text = text.find("#[cfg(test)]").map_or(text, |i| &text[..i]);
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i + 1 < bytes.len() && !(bytes[i] == b'*' && bytes[i + 1] == b'/') {
                    i += 1;
                }
                i += 2;
            }
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
                out.push_str("\"\"");
            }
            b'r' if bytes.get(i + 1) == Some(&b'#') || (bytes.get(i + 1) == Some(&b'"') && !is_ident(bytes, i)) => {
                // A raw string r"…" or r#"…"#.
                let mut j = i + 1;
                while bytes.get(j) == Some(&b'#') {
                    j += 1;
                }
                if bytes.get(j) != Some(&b'"') {
                    out.push('r');
                    i += 1;
                    continue;
                }
                let hashes = j - i - 1;
                let close: String = std::iter::once('"').chain(std::iter::repeat_n('#', hashes)).collect();
                let end = text[j + 1..].find(&close).map_or(bytes.len(), |k| j + 1 + k + close.len());
                out.push_str("\"\"");
                i = end;
            }
            b'\'' if bytes.get(i + 2) == Some(&b'\'') || bytes.get(i + 1) == Some(&b'\\') => {
                // A char literal (lifetimes have no closing quote).
                i += 1;
                while i < bytes.len() && bytes[i] != b'\'' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
                out.push_str("' '");
            }
            _ => {
                let len = text[i..].chars().next().map_or(1, char::len_utf8);
                out.push_str(&text[i..i + len]);
                i += len;
            }
        }
    }
    out
}

fn is_ident(bytes: &[u8], i: usize) -> bool {
    i > 0 && (bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_')
}

/// Identifiers and `::`, `{`, `}`, `,`, `;` — what paths and use trees are made of.
fn tokens(code: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let bytes = code.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            out.push(&code[start..i]);
        } else if c == b':' && bytes.get(i + 1) == Some(&b':') {
            out.push("::");
            i += 2;
        } else if c.is_ascii() {
            if !c.is_ascii_whitespace() {
                out.push(&code[i..i + 1]);
            }
            i += 1;
        } else {
            // Other characters stand in no path: skip the whole character.
            i += code[i..].chars().next().map_or(1, char::len_utf8);
        }
    }
    out
}

/// Every path the code names: those of `use` trees (expanded) and `a::b::c` paths elsewhere.
fn paths_in(code: &str) -> Vec<Vec<String>> {
    let toks = tokens(code);
    let mut out = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        if toks[i] == "use" {
            let end = toks[i..].iter().position(|t| *t == ";").map_or(toks.len(), |k| i + k);
            expand_use(&toks[i + 1..end], &mut Vec::new(), &mut out);
            i = end;
        } else if is_word(toks[i]) && toks.get(i + 1) == Some(&"::") && (i == 0 || toks[i - 1] != "::") {
            let mut path = vec![toks[i].to_owned()];
            let mut j = i + 1;
            while toks.get(j) == Some(&"::") && toks.get(j + 1).is_some_and(|t| is_word(t)) {
                path.push(toks[j + 1].to_owned());
                j += 2;
            }
            out.push(path);
            i = j;
        } else {
            i += 1;
        }
    }
    out
}

/// The paths of the `pub use` (and `pub(crate) use`, `pub(super) use`) items.
fn reexported_paths(code: &str) -> Vec<Vec<String>> {
    let toks = tokens(code);
    let mut out = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        if *t != "use" || i == 0 {
            continue;
        }
        let public = toks[i - 1] == "pub" || (toks[i - 1] == ")" && i >= 4 && toks[i - 4] == "pub");
        if public {
            let end = toks[i..].iter().position(|t| *t == ";").map_or(toks.len(), |k| i + k);
            expand_use(&toks[i + 1..end], &mut Vec::new(), &mut out);
        }
    }
    out
}

fn is_word(t: &str) -> bool {
    t.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
}

/// Expands a use tree (`a::{b, c::{d as e}}`) into its paths; `self` in braces is the prefix.
fn expand_use(toks: &[&str], prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    let mut i = 0;
    let depth = prefix.len();
    while i < toks.len() {
        match toks[i] {
            "{" => {
                // Split the group at top-level commas.
                let mut level = 0;
                let mut start = i + 1;
                let mut j = i + 1;
                while j < toks.len() {
                    match toks[j] {
                        "{" => level += 1,
                        "}" if level == 0 => break,
                        "}" => level -= 1,
                        "," if level == 0 => {
                            expand_use(&toks[start..j], prefix, out);
                            start = j + 1;
                        }
                        _ => {}
                    }
                    j += 1;
                }
                expand_use(&toks[start..j], prefix, out);
                prefix.truncate(depth);
                return;
            }
            "::" => {}
            "as" => break,
            "self" if !prefix.is_empty() => {}
            "*" => break,
            word if is_word(word) => prefix.push(word.to_owned()),
            _ => {}
        }
        i += 1;
    }
    if prefix.len() > depth || (!prefix.is_empty() && toks.contains(&"self")) || toks.contains(&"*") {
        out.push(prefix.clone());
    }
    prefix.truncate(depth);
}

fn name(m: &Module) -> String {
    if m.is_empty() {
        "crate".to_owned()
    } else {
        m.join("::")
    }
}

/// A cycle of `edges`, if there is one (depth-first search, three colours).
fn find_cycle(edges: &BTreeMap<Module, BTreeSet<Module>>) -> Option<Vec<Module>> {
    fn visit(
        m: &Module,
        edges: &BTreeMap<Module, BTreeSet<Module>>,
        state: &mut HashMap<Module, bool>,
        stack: &mut Vec<Module>,
    ) -> Option<Vec<Module>> {
        state.insert(m.clone(), false);
        stack.push(m.clone());
        for next in edges.get(m).into_iter().flatten() {
            match state.get(next) {
                Some(false) => {
                    let at = stack.iter().position(|s| s == next).unwrap();
                    let mut cycle = stack[at..].to_vec();
                    cycle.push(next.clone());
                    return Some(cycle);
                }
                Some(true) => {}
                None => {
                    if let Some(c) = visit(next, edges, state, stack) {
                        return Some(c);
                    }
                }
            }
        }
        stack.pop();
        state.insert(m.clone(), true);
        None
    }
    let mut state = HashMap::new();
    for m in edges.keys() {
        if !state.contains_key(m) {
            if let Some(c) = visit(m, edges, &mut state, &mut Vec::new()) {
                return Some(c);
            }
        }
    }
    None
}

fn assert_acyclic(src: &str) {
    let krate = Crate::read(&kibitzer_tests::workspace().join(src));
    assert!(krate.sources.len() > 10, "{src}: too few modules found");
    let edges = krate.edges();
    assert!(edges.values().map(BTreeSet::len).sum::<usize>() > 20, "{src}: too few imports found");
    if let Some(cycle) = find_cycle(&edges) {
        let names: Vec<String> = cycle.iter().map(name).collect();
        panic!("{src}: import cycle {}", names.join(" → "));
    }
}

#[test]
fn the_syntax_crate_has_no_import_cycle() {
    assert_acyclic("syntax/src");
}

#[test]
fn the_binary_has_no_import_cycle() {
    assert_acyclic("server/src");
}

#[test]
fn the_domains_import_no_format() {
    let krate = Crate::read(&kibitzer_tests::workspace().join("syntax/src"));
    let edges = krate.edges();
    // What a domain module may import besides the domains: the crate's plumbing.
    let allowed = ["chess", "bridge", "text", "diagnostic"];
    let mut domains = 0;
    for (m, targets) in &edges {
        if !matches!(m.first().map(String::as_str), Some("chess" | "bridge")) {
            continue;
        }
        domains += 1;
        for t in targets {
            let top = t.first().map_or("crate", String::as_str);
            assert!(allowed.contains(&top), "{} imports {}: a domain imports no format", name(m), name(t));
        }
    }
    assert!(domains >= 4, "the chess and bridge domain modules were not found");
}

#[test]
fn the_reader_sees_cycles_and_re_exports() {
    // The checks above are only as good as the reader: a planted cycle through a re-export and
    // a braced use tree must be seen.
    let mut krate = Crate { sources: BTreeMap::new() };
    let m = |s: &str| -> Module { s.split("::").filter(|x| !x.is_empty()).map(str::to_owned).collect() };
    krate.sources.insert(m(""), code_outside_tests("mod a; mod b; pub use b::Thing;"));
    krate.sources.insert(m("a"), code_outside_tests("use crate::{Thing, b::{self as bee}}; // use crate::c;"));
    krate.sources.insert(m("b"), code_outside_tests("pub struct Thing; fn f() { let _ = super::a::g(\"crate::c\"); }"));
    krate.sources.insert(m("c"), String::new());
    let edges = krate.edges();
    assert_eq!(edges[&m("a")], BTreeSet::from([m("b")]), "the re-export leads to b; comments don't count");
    assert_eq!(edges[&m("b")], BTreeSet::from([m("a")]), "strings don't count");
    let cycle = find_cycle(&edges).expect("a ↔ b is a cycle");
    assert!(cycle.contains(&m("a")) && cycle.contains(&m("b")));
}

/// The layer of a module of `syntax/src`, from the bottom up, as ARCHITECTURE.md's table lists
/// them; a module imports only modules of its own layer or below.
fn layer(m: &Module) -> Option<(u8, &'static str)> {
    const FORMATS: [&str; 6] = ["pgn", "pbn", "epd", "pbi", "pgc", "lin"];
    let first = m.first()?.as_str();
    let second = m.get(1).map(String::as_str);
    Some(match first {
        // `testing` (what the tests of every crate share) imports nothing.
        "text" | "names" | "lang" | "testing" => (0, "text"),
        "diagnostic" | "config" => (1, "diagnostics"),
        // The games' facts, and the values every format writes alike (dates, names).
        "chess" | "bridge" | "dates" | "spellings" => (2, "domains"),
        "parsing" => (3, "lexer"),
        _ if FORMATS.contains(&first) => match second {
            Some("lexer" | "syntax_kind") => (3, "lexer"),
            Some("parser" | "plain" | "model" | "flat") => (4, "parser and model"),
            Some("format") => (7, "format"),
            Some("pgn") => (6, "engine"),
            // The checks, the rules they declare, the format's registry and size limit.
            Some(_) => (5, "rules"),
            // The format's entry points (check a whole text, its units).
            None => (6, "engine"),
        },
        "acbl" => (4, "parser and model"),
        "cuts" | "stretches" | "parallel" => (4, "parser and model"),
        "rules" | "policy" | "binary" => (5, "rules"),
        "units" => (6, "engine"),
        // Applying fixes includes converting to the export format, so it sits on the formatter;
        // so does the engine, whose export mode reports where a text differs from the
        // formatter's output (`layout`), and what checks files through it (`across_files`).
        "format" | "fix" | "layout" | "engine" | "across_files" => (7, "format"),
        "ide" => (8, "ide"),
        _ => return None,
    })
}

#[test]
fn no_module_imports_a_layer_above_its_own() {
    let krate = Crate::read(&kibitzer_tests::workspace().join("syntax/src"));
    let mut upward = Vec::new();
    let mut seen = 0;
    for (m, targets) in krate.edges() {
        let Some((from, from_name)) = layer(&m) else { continue };
        seen += 1;
        for t in targets {
            let Some((to, to_name)) = layer(&t) else { continue };
            if to > from {
                upward.push(format!("{} ({from_name}) imports {} ({to_name})", name(&m), name(&t)));
            }
        }
    }
    assert!(seen > 60, "too few modules placed in a layer: {seen}");
    assert!(upward.is_empty(), "imports up across the layers:\n{}", upward.join("\n"));
}

#[test]
fn rule_files_import_only_their_format_the_domains_and_the_plumbing() {
    let krate = Crate::read(&kibitzer_tests::workspace().join("syntax/src"));
    // What every layer below the rules offers a check: text, diagnostics, the domains, the
    // parser's machinery and the shared limits.
    let plumbing = [
        "text",
        "names",
        "lang",
        "diagnostic",
        "config",
        "chess",
        "bridge",
        "dates",
        "spellings",
        "parsing",
        "stretches",
        "parallel",
        "moved",
    ];
    let mut rule_files = 0;
    for (m, targets) in krate.edges() {
        if !krate.sources[&m].contains("declare_rules!") {
            continue;
        }
        rule_files += 1;
        let format = m[0].as_str();
        for t in targets {
            let top = t.first().map_or("", String::as_str);
            let own_format = top == format && !matches!(format, "chess" | "bridge" | "binary");
            assert!(
                own_format || plumbing.contains(&top),
                "{} declares rules and imports {}: a rule file imports only its format, the domains and the plumbing",
                name(&m),
                name(&t)
            );
        }
    }
    assert!(rule_files >= 20, "too few files declaring rules: {rule_files}");
}

/// Collapses each module to its top-level module (`pbn::check::values` → `pbn`).
fn top_level(edges: &BTreeMap<Module, BTreeSet<Module>>) -> BTreeMap<Module, BTreeSet<Module>> {
    let mut out: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (m, targets) in edges {
        let Some(a) = m.first() else { continue };
        for t in targets {
            let Some(b) = t.first() else { continue };
            if a != b {
                out.entry(vec![a.clone()]).or_default().insert(vec![b.clone()]);
            }
        }
    }
    out
}

#[test]
fn the_layers_below_the_formats_have_no_cycle_among_modules() {
    // A cycle may pass through modules without any file-level cycle (config → rules → epd →
    // config once did). Below the formats, whole modules are acyclic as files are.
    let krate = Crate::read(&kibitzer_tests::workspace().join("syntax/src"));
    let edges = krate.edges();
    let low: BTreeMap<Module, BTreeSet<Module>> =
        top_level(&edges).into_iter().filter(|(m, _)| layer(m).is_some_and(|(l, _)| l <= 2)).collect();
    assert!(low.len() >= 4, "the low modules were not found");
    if let Some(cycle) = find_cycle(&low) {
        panic!("module cycle {}", cycle.iter().map(name).collect::<Vec<_>>().join(" → "));
    }
    // And nothing at or below the diagnostics layer reaches a format or the catalogue.
    for (m, targets) in &low {
        for t in targets {
            assert!(layer(t).is_some_and(|(l, _)| l <= 2), "{} imports {}", name(m), name(t));
        }
    }
}
