#!/usr/bin/env python3
"""What every real-editor test expects, and the check of what the editor saw.

The editors (Neovim, Emacs, VS Code) are driven by scripts in their own languages; those scripts
only open files, wait, hover and format, and write what they observed as JSON. Both what to expect
and the comparison live here, once, so the three editors are held to the same standard:

* diagnostics: the editor shows exactly the (line, column, code) triples that
  `kibitzer check --format json` reports for the same file (the LSP and the CLI share one engine,
  so they must agree; columns count characters, which checks the position encoding);
* hover on the NAG `$1`: the text gives its meaning (good move in PGN, good call in PBN); on a
  LIN deal (`md|`): the four hands drawn (a text diagram, or an image in VS Code), the dealer and
  the deal as PBN tags;
* formatting: the file the editor formats and saves has the bytes `kibitzer fmt` writes for it
  (and a LIN file has one board a line, as BBO writes it);
* the *Open in BBO handviewer* code lens above a PBN deal, run where the editor can (Neovim):
  the link it opens is BBO's handviewer with the board `kibitzer convert --to lin` writes;
* rename (F2) of a player where the editor does it (Neovim, Emacs, VS Code): the name is replaced
  wherever it was, in the file and in the closed files of its format beside it (`--unopened`),
  and nothing else changes.

  harness.py plan  --kibitzer BIN --workdir DIR --expected-dir DIR --out PLAN.json
                   [--unopened FILE]... SAMPLE...
  harness.py verify PLAN.json OBSERVED.json
"""

import argparse
import base64
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

# Per format: the text the test hovers (the cursor on its first character), and a pattern the
# hover text must match: a NAG's meaning in the table ("good move" / "good call", whatever markup
# the server puts between the words); a LIN deal's picture (a text diagram's spade lines, or the
# image VS Code shows, which e2e.js reports as `![alt]`), dealer and the deal as a PBN tag.
HOVER_EXPECT = {
    "pgn": ("$1", r"\bgood\b.*\bmove\b"),
    "pbn": ("$1", r"\bgood\b.*\bcall\b"),
    "lin": ("md|", r"(?s)(\u2660 [AKQJT2-9]|!\[deal\]).*\bdealer\b.*\[Deal \"[NESW]:"),
}
# Per format: the semantic token type the server gives the hovered text (a NAG is an operator),
# which Neovim 0.9+ must keep in place while lines above it are inserted and removed.
HOVER_TOKEN = {"pgn": "operator", "pbn": "operator"}
# Per format: a player of its sample renamed (the cursor on the name's first character), and the
# new name, which must not contain the old one.
RENAME = {"pgn": ("Player, A", "Spieler, Anna"), "pbn": ("North player", "Nora Nord"), "lin": ("Bo West", "Bea Vest")}


def lang_of(path):
    ext = os.path.splitext(path)[1].lower().lstrip(".")
    return "epd" if ext == "fen" else ext


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=60, **kw)


def expected_diagnostics(kibitzer, path):
    """(line, column, code) from the CLI: 1-based, columns in characters (code points)."""
    res = run([kibitzer, "check", "--format", "json", path])
    if res.returncode not in (0, 1):
        raise SystemExit(f"harness: `kibitzer check` failed on {path} ({res.returncode}): {res.stderr.strip()}")
    try:
        diags = json.loads(res.stdout)
    except json.JSONDecodeError:
        raise SystemExit(f"harness: `kibitzer check --format json` printed no JSON for {path}: {one_line(res.stderr)[:300]}")
    return sorted({(d["line"], d["column"], d["code"]) for d in diags})


def expected_format(kibitzer, path, out_dir):
    """Formats a copy of the file with `kibitzer fmt` (in place, as a user would) and returns the
    copy's path, or None and the reason when the CLI cannot format it."""
    os.makedirs(out_dir, exist_ok=True)
    copy = os.path.join(out_dir, os.path.basename(path))
    shutil.copyfile(path, copy)
    res = run([kibitzer, "fmt", copy])
    if res.returncode != 0:
        return None, f"`kibitzer fmt` exited {res.returncode}: {one_line(res.stderr)[:200]}"
    return copy, None


def encoding_of(path):
    """How kibitzer reads the file `path`: UTF-8 when valid, else ISO-8859-1."""
    with open(path, "rb") as f:
        return encoding_of_bytes(f.read())


def encoding_of_bytes(raw):
    try:
        raw.decode("utf-8")
        return "utf-8"
    except UnicodeDecodeError:
        return "iso-8859-1"


def plan(args):
    os.makedirs(args.workdir, exist_ok=True)
    # The files the editor never opens: the workspace's closed files a rename must reach.
    unopened = []
    for extra in args.unopened:
        copy = os.path.join(os.path.abspath(args.workdir), os.path.basename(extra))
        shutil.copyfile(extra, copy)
        unopened.append(copy)
    files = []
    for sample in args.samples:
        copy = os.path.join(os.path.abspath(args.workdir), os.path.basename(sample))
        shutil.copyfile(sample, copy)
        text = read_text(copy)
        lang = lang_of(copy)
        entry = {
            "path": copy,
            "name": os.path.basename(copy),
            "lang": lang,
            "diagnostics": [{"line": l, "column": col, "code": c} for l, col, c in expected_diagnostics(args.kibitzer, copy)],
            # How the file must be decoded: as kibitzer does, UTF-8 when valid, else ISO-8859-1.
            "encoding": encoding_of(copy),
        }
        if lang in HOVER_EXPECT and HOVER_EXPECT[lang][0] in text:
            # The editor puts its cursor on the first occurrence of the needle, in its own units.
            needle, meaning = HOVER_EXPECT[lang]
            entry["hover"] = {"needle": needle, "expect": meaning}
            if lang in HOVER_TOKEN:
                entry["hover"]["token"] = HOVER_TOKEN[lang]
        if lang in RENAME and RENAME[lang][0] in text:
            old, new = RENAME[lang]
            # Every file of the format in the folder that holds the name: the opened ones (once
            # the editor has formatted and saved them) and the closed ones.
            holders = [copy for copy, source in copies_of(args) if lang_of(source) == lang and old in read_text(source)]
            # The closed files' text before the rename (an editor may save them as it renames).
            closed = {copy: read_text(source) for copy, source in copies_of(args) if copy in holders and source in args.unopened}
            entry["rename"] = {"needle": old, "new_name": new, "files": holders, "closed_before": closed}
        if lang == "pbn":
            board = first_lin_board(args.kibitzer, copy)
            if board:
                entry["handviewer"] = {"board": board}
        formatted, why = expected_format(args.kibitzer, copy, args.expected_dir)
        entry["formatted_path"] = formatted
        entry["formatted_unavailable"] = why
        files.append(entry)
    with open(args.out, "w") as f:
        json.dump({"files": files}, f, indent=1)


def first_lin_board(kibitzer, path):
    """The first board of `kibitzer convert --to lin` (None when there is none)."""
    res = run([kibitzer, "convert", path, "--to", "lin"])
    lines = res.stdout.splitlines() if res.returncode == 0 else []
    return lines[0] if lines and lines[0] else None


HANDVIEWER = "https://www.bridgebase.com/tools/handviewer.html"


def check_handviewer(want, opened, name, report):
    """The link the lens opened: the handviewer page, its `lin` the board convert writes."""
    from urllib.parse import parse_qs, urlsplit

    link = urlsplit(opened.strip())
    boards = parse_qs(link.query).get("lin", [])
    ok = f"{link.scheme}://{link.netloc}{link.path}" == HANDVIEWER and boards == [want["board"]]
    report(ok, f"{name}: the Open in BBO handviewer lens opened the handviewer with the board convert --to lin writes"
           + ("" if ok else f" (opened {opened[:200]!r}, board {want['board']!r})"))


def copies_of(args):
    """(the copy the editor sees, its sample) for every file of the folder."""
    folder = os.path.abspath(args.workdir)
    return [(os.path.join(folder, os.path.basename(p)), p) for p in args.samples + args.unopened]


def read_text(path):
    with open(path, "rb") as f:
        return decode(f.read())


def decode(raw):
    """A file's bytes as text, in the encoding kibitzer reads them in ([`encoding_of_bytes`])."""
    return raw.decode(encoding_of_bytes(raw))


def verify(args):
    with open(args.plan) as f:
        planned = {e["path"]: e for e in json.load(f)["files"]}
    with open(args.observed) as f:
        observed = json.load(f)["files"]
    failures = 0

    def report(ok, what):
        nonlocal failures
        failures += not ok
        print(f"  {'ok  ' if ok else 'FAIL'} {what}")

    total_expected = 0
    for obs in observed:
        exp = planned[obs["path"]]
        name = exp["name"]
        # Editors report 1-based lines and columns in characters, whatever their own units are.
        want = sorted((d["line"], d["column"], d["code"]) for d in exp["diagnostics"])
        got = sorted({(d["line"], d.get("column"), str(d.get("code"))) for d in obs.get("diagnostics", [])})
        total_expected += len(want)
        report(got == want, f"{name}: diagnostics {fmt_pairs(got)}" + ("" if got == want else f", CLI reports {fmt_pairs(want)}"))
        if "hover" in exp:
            text = (obs.get("hover") or "").replace("\u00a0", " ")
            meaning = exp["hover"]["expect"]
            ok = re.search(meaning, text, re.IGNORECASE) is not None
            report(ok, f"{name}: hover on {exp['hover']['needle']} matches /{meaning}/ (got {one_line(text)!r})")
        if obs.get("saved"):
            # The editor formatted and saved the file: its bytes (encoding and line endings too)
            # must be those `kibitzer fmt` writes. Read before a rename when the editor gave them
            # (VS Code may save the renamed file), else the file as the editor left it.
            got_bytes = saved_bytes(exp["path"], obs)
            if exp["formatted_path"] is not None:
                with open(exp["formatted_path"], "rb") as f:
                    want_bytes = f.read()
                if exp["lang"] == "lin":
                    report(*one_board_a_line(got_bytes, name))
                if got_bytes == want_bytes:
                    report(True, f"{name}: formatted and saved, the file is what `kibitzer fmt` writes")
                elif got_bytes.replace(b"\r\n", b"\n") == want_bytes.replace(b"\r\n", b"\n") and one_line_ending(got_bytes):
                    # An editor keeps a document's line endings when it applies formatting edits
                    # (VS Code cannot change them through edits), while `kibitzer fmt` may change
                    # them (PBN export format is CRLF). Same text, one consistent style: accepted.
                    report(True, f"{name}: formatted and saved, the file is what `kibitzer fmt` writes but for its line endings ({line_endings(got_bytes)} kept, fmt writes {line_endings(want_bytes)})")
                else:
                    report(False, f"{name}: formatted and saved, the file is what `kibitzer fmt` writes" + diff(want_bytes, got_bytes))
            else:
                print(f"  note {name}: formatting not compared ({exp['formatted_unavailable']})")
                report(bool(got_bytes.strip()), f"{name}: formatted and saved, the file is not empty")
        if "handviewer" in exp and "opened" in obs:
            check_handviewer(exp["handviewer"], obs["opened"], name, report)
        if "rename" in exp and "renamed" in obs:
            check_rename(exp["rename"], obs["renamed"], name, report, exp["path"], saved_bytes(exp["path"], obs))
    for check in json.load(open(args.observed)).get("checks", []):
        report(check["ok"] is True, f"{check['name']} ({check.get('detail', '')})")
    if total_expected == 0:
        # Only while the rules of these formats are not written: the check above then proves
        # just that the editor shows no diagnostic the CLI does not report.
        print("  note the CLI reports no diagnostic on the samples: the rules of these formats are missing")
    return 1 if failures else 0


def saved_bytes(path, obs):
    """The bytes of the opened file `path` as the editor saved it before renaming in it: those the
    editor observed then (`saved_base64`), else the file now (an editor that reverts the renamed
    buffer leaves it as saved)."""
    if "saved_base64" in obs:
        return base64.b64decode(obs["saved_base64"])
    with open(path, "rb") as f:
        return f.read()


def check_rename(want, renamed, name, report, opened, opened_saved):
    """The editor's buffers after the rename against the files before it (the opened file
    `opened` as saved before the rename, `opened_saved`; the closed ones as the plan found them):
    the old name's every place holds the new one, and nothing else changed."""
    old, new = want["needle"], want["new_name"]
    for path in want["files"]:
        # (An editor's text may lack the file's last line break.)
        if path == opened:
            before = decode(opened_saved)
        else:
            before = want["closed_before"].get(path) or read_text(path)
        before = before.replace("\r\n", "\n").rstrip("\n")
        after = renamed.get(path)
        what = f"{name}: rename of {old!r} to {new!r} in {os.path.basename(path)}"
        if after is None:
            report(False, f"{what} (the editor did not edit it)")
            continue
        after = after.replace("\r\n", "\n").rstrip("\n")
        ok = old not in after and after.count(new) == before.count(old) and after.replace(new, old) == before
        places = before.count(old)
        report(ok, f"{what}: {places} place{'s' if places != 1 else ''}" + ("" if ok else diff(before.encode(), after.encode())))
    stray = sorted(set(renamed) - set(want["files"]))
    report(not stray, f"{name}: the rename edited no other file" + (f" (edited {stray})" if stray else ""))


def one_board_a_line(data, name):
    """LIN as BBO writes it: every line one board (one deal `md|`), no blank line between."""
    lines = data.decode("utf-8", "replace").splitlines()
    boards = [l for l in lines if "md|" in l.lower()]
    ok = bool(lines) and all(l.lower().count("md|") == 1 for l in lines)
    return ok, f"{name}: formatted and saved, one board a line ({len(boards)} boards in {len(lines)} lines)"


def line_endings(data):
    crlf = data.count(b"\r\n")
    lf = data.count(b"\n") - crlf
    return "CRLF" if crlf and not lf else "LF" if lf and not crlf else "mixed" if crlf else "none"


def one_line_ending(data):
    return line_endings(data) != "mixed" and data.count(b"\r") == data.count(b"\r\n")


def fmt_pairs(diags):
    return "[" + ", ".join(f"{c}@{l}:{col}" for l, col, c in diags) + "]"


def one_line(text):
    text = " ".join(text.split())
    return text if len(text) < 120 else text[:117] + "..."


def diff(want, got):
    import difflib

    def lines(b):
        return [repr(l)[2:-1] for l in b.split(b"\n")]

    lines = difflib.unified_diff(lines(want), lines(got), "kibitzer fmt", "editor", lineterm="", n=1)
    return "\n" + "\n".join("        " + l for l in lines)


def main():
    p = argparse.ArgumentParser()
    sub = p.add_subparsers(dest="cmd", required=True)
    pl = sub.add_parser("plan")
    pl.add_argument("--kibitzer", required=True)
    pl.add_argument("--workdir", required=True, help="where the copies the editor opens go")
    pl.add_argument("--expected-dir", required=True, help="where the copies `kibitzer fmt` formats go")
    pl.add_argument("--out", required=True)
    pl.add_argument("--unopened", action="append", default=[], help="a file copied beside the samples, never opened")
    pl.add_argument("samples", nargs="+")
    ve = sub.add_parser("verify")
    ve.add_argument("plan")
    ve.add_argument("observed")
    args = p.parse_args()
    if args.cmd == "plan":
        plan(args)
        return 0
    return verify(args)


if __name__ == "__main__":
    sys.exit(main())
