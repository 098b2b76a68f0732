//! `kibitzer check --format sarif`: one SARIF 2.1.0 log (the OASIS standard that GitHub code
//! scanning, Azure DevOps and most security dashboards read). One run, the tool's driver with
//! the rules that fired (id, name, descriptions, default level, the standard's section), and one
//! result per diagnostic with its region in 1-based lines and columns counted in Unicode code
//! points (`columnKind: unicodeCodePoints`, what `kibitzer check` prints everywhere), and its
//! fix when it has one (`fixes`: the replacements of regions that `--format json` gives as
//! edits).

use crate::report::{Located, LocatedFix};
use kibitzer_syntax::diagnostic::Rule;
use kibitzer_syntax::rules::rule;
use kibitzer_syntax::Severity;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::io::Write;

/// The schema URI written in the log's `$schema` property.
pub const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// Collects diagnostics, then writes the whole log.
#[derive(Default)]
pub struct SarifLog {
    results: Vec<Located>,
}

impl SarifLog {
    pub fn push(&mut self, loc: Located) {
        self.results.push(loc);
    }

    pub fn write(&self, out: &mut impl Write) -> std::io::Result<()> {
        serde_json::to_writer_pretty(&mut *out, &self.to_json()).map_err(std::io::Error::other)?;
        writeln!(out)
    }

    pub fn to_json(&self) -> Value {
        // The rules that fired, in code order; results point at them by index.
        let mut fired: BTreeMap<&'static str, Option<&'static Rule>> = BTreeMap::new();
        for loc in &self.results {
            fired.entry(loc.code).or_insert_with(|| rule(loc.code));
        }
        let index: BTreeMap<&str, usize> = fired.keys().enumerate().map(|(i, code)| (*code, i)).collect();
        let rules: Vec<Value> = fired.iter().map(|(code, r)| rule_descriptor(code, *r)).collect();
        let results: Vec<Value> = self
            .results
            .iter()
            .map(|loc| {
                let uri = path_to_uri(&loc.path);
                let mut result = json!({
                    "ruleId": loc.code,
                    "ruleIndex": index[loc.code],
                    "level": level(loc.severity),
                    "message": { "text": loc.message },
                    "locations": [{
                        "physicalLocation": {
                            "artifactLocation": { "uri": uri },
                            "region": region([loc.line, loc.column, loc.end_line, loc.end_column]),
                        }
                    }]
                });
                if let Some(fix) = &loc.fix {
                    result["fixes"] = json!([sarif_fix(fix, &uri)]);
                }
                // Related places in other files (`check --across-files`): where the earlier game
                // or the commonest spelling is. Those in the same file are not written, as before.
                let elsewhere: Vec<Value> = loc
                    .related
                    .iter()
                    .filter_map(|r| {
                        Some(json!({
                            "message": { "text": r.message },
                            "physicalLocation": {
                                "artifactLocation": { "uri": path_to_uri(r.path.as_deref()?) },
                                "region": {
                                    "startLine": r.line,
                                    "startColumn": r.column,
                                    "endLine": r.end_line,
                                    "endColumn": r.end_column,
                                }
                            }
                        }))
                    })
                    .collect();
                if !elsewhere.is_empty() {
                    result["relatedLocations"] = Value::Array(elsewhere);
                }
                result
            })
            .collect();
        json!({
            "$schema": SCHEMA,
            "version": "2.1.0",
            "runs": [{
                "tool": {
                    "driver": {
                        "name": "kibitzer",
                        "version": env!("CARGO_PKG_VERSION"),
                        "informationUri": env!("CARGO_PKG_REPOSITORY"),
                        "rules": rules,
                    }
                },
                "columnKind": "unicodeCodePoints",
                "results": results,
            }]
        })
    }
}

/// A region of a file: 1-based lines and columns (in code points), the end after the last
/// character (an insertion's region is empty: its end is its start).
fn region([line, column, end_line, end_column]: [u32; 4]) -> Value {
    json!({ "startLine": line, "startColumn": column, "endLine": end_line, "endColumn": end_column })
}

/// A diagnostic's fix as SARIF writes one (§3.55): its message, and its edits as replacements
/// of regions of the file; the JSON's `applicability` (whether `check --fix` applies it) is
/// kept in the fix's properties.
fn sarif_fix(fix: &LocatedFix, uri: &str) -> Value {
    let replacements: Vec<Value> = fix
        .edits
        .iter()
        .map(|e| {
            json!({
                "deletedRegion": region([e.line, e.column, e.end_line, e.end_column]),
                "insertedContent": { "text": e.content },
            })
        })
        .collect();
    json!({
        "description": { "text": fix.message },
        "artifactChanges": [{ "artifactLocation": { "uri": uri }, "replacements": replacements }],
        "properties": { "applicability": fix.applicability },
    })
}

fn level(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Information | Severity::Hint => "note",
    }
}

fn rule_descriptor(code: &str, r: Option<&'static Rule>) -> Value {
    match r {
        Some(r) => json!({
            "id": r.code,
            "name": r.name,
            "shortDescription": { "text": r.summary },
            "fullDescription": { "text": r.explanation },
            "help": { "text": format!("{} ({}). Run `kibitzer rules {}` for an example.", r.summary, r.section, r.code) },
            "defaultConfiguration": { "level": level(r.severity) },
            "properties": { "section": r.section, "tags": [r.section] },
        }),
        None => json!({ "id": code }),
    }
}

/// A relative path becomes a relative URI reference (`/` separators, everything but unreserved
/// characters percent-encoded); an absolute one a `file://` URI.
pub fn path_to_uri(path: &str) -> String {
    let path = path.replace('\\', "/");
    let mut out = String::with_capacity(path.len());
    if path.starts_with('/') {
        out.push_str("file://");
    }
    out.push_str(&kibitzer_syntax::text::percent_encode(&path, b"/"));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_become_uri_references() {
        assert_eq!(path_to_uri("games/a b.pgn"), "games/a%20b.pgn");
        assert_eq!(path_to_uri("/tmp/caf\u{e9}.pbn"), "file:///tmp/caf%C3%A9.pbn");
        assert_eq!(path_to_uri("<stdin>"), "%3Cstdin%3E");
    }

    #[test]
    fn results_point_at_their_rule_by_index() {
        let mut log = SarifLog::default();
        let code = kibitzer_syntax::rules::catalogue()[0].code;
        for c in ["ZZZ999", code] {
            log.push(Located {
                path: "a.pgn".into(),
                line: 1,
                column: 1,
                end_line: 1,
                end_column: 2,
                severity: Severity::Warning,
                code: Box::leak(c.to_owned().into_boxed_str()),
                message: "m".into(),
                related: Vec::new(),
                fix: None,
            });
        }
        let v = log.to_json();
        let run = &v["runs"][0];
        assert_eq!(run["tool"]["driver"]["rules"][0]["id"], code);
        assert_eq!(run["results"][1]["ruleIndex"], 0);
        assert_eq!(run["results"][0]["ruleIndex"], 1);
        assert_eq!(run["results"][0]["level"], "warning");
    }

    #[test]
    fn a_fix_becomes_replacements_of_regions() {
        let mut log = SarifLog::default();
        let located = |fix| Located {
            path: "a b.pgn".into(),
            line: 2,
            column: 4,
            end_line: 2,
            end_column: 7,
            severity: Severity::Warning,
            code: "PGN210",
            message: "m".into(),
            related: Vec::new(),
            fix,
        };
        let edit = |column, end_column, content: &str| crate::report::LocatedEdit {
            line: 2,
            column,
            end_line: 2,
            end_column,
            content: content.into(),
        };
        log.push(located(None));
        log.push(located(Some(LocatedFix {
            applicability: kibitzer_syntax::diagnostic::Applicability::Safe,
            message: "Replace `0-0` with `O-O`".into(),
            edits: vec![edit(4, 7, "O-O"), edit(9, 9, " ")],
        })));
        let v = log.to_json();
        let results = &v["runs"][0]["results"];
        assert!(results[0].get("fixes").is_none(), "{v}");
        assert_eq!(
            results[1]["fixes"],
            json!([{
                "description": { "text": "Replace `0-0` with `O-O`" },
                "artifactChanges": [{
                    "artifactLocation": { "uri": "a%20b.pgn" },
                    "replacements": [
                        {
                            "deletedRegion": { "startLine": 2, "startColumn": 4, "endLine": 2, "endColumn": 7 },
                            "insertedContent": { "text": "O-O" },
                        },
                        {
                            "deletedRegion": { "startLine": 2, "startColumn": 9, "endLine": 2, "endColumn": 9 },
                            "insertedContent": { "text": " " },
                        },
                    ],
                }],
                "properties": { "applicability": "safe" },
            }])
        );
    }
}
