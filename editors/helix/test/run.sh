#!/usr/bin/env bash
# Helix is not packaged for Debian 12, so it cannot run here; this checks that languages.toml is
# valid TOML with an entry per format wired to `kibitzer lsp`, as Helix reads it.
set -uo pipefail
source "$(dirname "$0")/../../testlib/common.sh"
python3 - "$EDITORS_DIR/helix/languages.toml" <<'PY' || fail "helix/languages.toml"
import sys, tomllib
cfg = tomllib.load(open(sys.argv[1], "rb"))
server = cfg["language-server"]["kibitzer"]
assert server["command"] == "kibitzer" and server["args"] == ["lsp"], server
langs = {l["name"]: l for l in cfg["language"]}
want = {"pgn": ["pgn"], "pbn": ["pbn"], "pbi": ["pbi"], "epd": ["epd", "fen"], "lin": ["lin"]}
for name, types in want.items():
    assert langs[name]["file-types"] == types, (name, langs[name]["file-types"])
    assert langs[name]["language-servers"] == ["kibitzer"], name
print("  ok   languages.toml: pgn, pbn, pbi, epd (+fen), lin served by kibitzer lsp")
PY
if command -v hx >/dev/null; then
    echo "note: hx found; run \`hx --health pgn\` with this file merged to check it in Helix itself"
fi
echo "PASS: helix (configuration only)"
