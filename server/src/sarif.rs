//! `kibitzer check --format sarif`: one SARIF 2.1.0 log (the OASIS standard that GitHub code
//! scanning, Azure DevOps and most security dashboards read). One run, the tool's driver with
//! the rules that fired (id, name, descriptions, default level, the standard's section), and one
//! result per diagnostic with its region in 1-based lines and columns counted in Unicode code
//! points (`columnKind: unicodeCodePoints`, what `kibitzer check` prints everywhere).

use crate::report::Located;
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
                json!({
                    "ruleId": loc.code,
                    "ruleIndex": index[loc.code],
                    "level": level(loc.severity),
                    "message": { "text": loc.message },
                    "locations": [{
                        "physicalLocation": {
                            "artifactLocation": { "uri": path_to_uri(&loc.path) },
                            "region": {
                                "startLine": loc.line,
                                "startColumn": loc.column,
                                "endLine": loc.end_line,
                                "endColumn": loc.end_column,
                            }
                        }
                    }]
                })
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
            });
        }
        let v = log.to_json();
        let run = &v["runs"][0];
        assert_eq!(run["tool"]["driver"]["rules"][0]["id"], code);
        assert_eq!(run["results"][1]["ruleIndex"], 0);
        assert_eq!(run["results"][0]["ruleIndex"], 1);
        assert_eq!(run["results"][0]["level"], "warning");
    }
}
