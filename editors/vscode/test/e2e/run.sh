#!/usr/bin/env bash
# VS Code in the real client, as a user who has no kibitzer meets it: code-server (VS Code for the
# browser, from npm) on 127.0.0.1 with the platform .vsix of package.sh installed, its bundled
# server the only kibitzer there is (no kibitzer on code-server's PATH, no kibitzer.server.path),
# driven by playwright-core in Debian's headless Chromium. Checks that the extension started the
# bundled binary; opens a PBN with a revoke, waits for the diagnostic in the Problems panel, hovers
# a NAG, runs Format Document and saves; saves an EPD file with editor.formatOnSave; what VS Code
# showed must match `kibitzer check` and `kibitzer fmt`. Then hovers a move, a FEN tag, an EPD
# line, a PBI position, a PBN deal and a card, each of which must show a picture; then the board
# panel (board.js): *kibitzer: Show Board* follows the cursor and steps through moves and tricks.
#   KIBITZER_VSIX=FILE    the platform .vsix to test (test-all.sh passes the one it built); without
#                         it, package.sh builds one (with $KIBITZER inside when that is set, else a
#                         release build)
# Screenshots go to $KIBITZER_ARTEFACTS (default target/editor-artefacts).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../../../testlib/common.sh"
ext_dir=$EDITORS_DIR/vscode

require_server
modules=$(bash "$here/install.sh") || skip "code-server or Chromium cannot be installed here"
vsix=${KIBITZER_VSIX:-}
if [ -z "$vsix" ]; then
    vsix=$(bash "$ext_dir/package.sh" "$(mktemp -d "${TMPDIR:-/tmp}/kibitzer-vsix.XXXXXX")" | grep -- '-x64-\|-arm64-\|-armhf-' | head -1) \
        || fail "package.sh could not build the platform .vsix"
fi
[ -f "$vsix" ] || fail "no .vsix at $vsix"
python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).getinfo("extension/server/kibitzer")' "$vsix" 2>/dev/null \
    || fail "$vsix holds no extension/server/kibitzer"

# code-server's PATH: this PATH without any folder that holds a kibitzer, so that only the
# extension's own binary can answer. node is run by its absolute path, wherever it is.
node_bin=$(command -v node) || skip "node is not installed"
clean_path=$(path_without_kibitzer)
if env PATH="$clean_path" /bin/sh -c 'command -v kibitzer' >/dev/null; then fail "kibitzer is still on the cleaned PATH"; fi

# format-on-save.epd is saved without Format Document: the [epd] setting below formats it.
make_plan "$SAMPLES_DIR/revoke.pbn" "$SAMPLES_DIR/problems.pgn" "$SAMPLES_DIR/positions.fen" \
    "$SAMPLES_DIR/latin1-crlf.pgn" "$SAMPLES_DIR/utf8-astral.pgn" "$SAMPLES_DIR/format-on-save.epd"
# The hover pictures: a move, the FEN tag, an EPD line, a PBI position, a PBN deal and a card.
cp "$SAMPLES_DIR"/pictures.* "$FILES_DIR"/
export KIBITZER_FILES_DIR=$FILES_DIR
export KIBITZER_PICTURES='[
 {"file": "pictures.pgn", "needle": "Qxf7#", "skip": 1, "name": "move"},
 {"file": "pictures.pgn", "needle": "r1bqkbnr", "skip": 2, "name": "fen-tag"},
 {"file": "pictures.epd", "needle": "8/8/8", "skip": 1, "name": "epd-line"},
 {"file": "pictures.pbi", "needle": "4k3", "skip": 1, "name": "pbi-position"},
 {"file": "pictures.pbn", "needle": "W:KQ76", "skip": 3, "name": "pbn-deal"},
 {"file": "pictures.pbn", "needle": "SJ", "skip": 1, "name": "pbn-card"}
]'
# The board panel's files (board.js), beside the plan's copies in the folder code-server opens.
cp "$SAMPLES_DIR/board.pgn" "$SAMPLES_DIR/board.pbn" "$FILES_DIR/"
export KIBITZER_ARTEFACTS=${KIBITZER_ARTEFACTS:-$REPO_DIR/target/editor-artefacts}
mkdir -p "$KIBITZER_ARTEFACTS"
state=$WORKDIR/code-server
mkdir -p "$state/user/User" "$state/extensions" "$state/xdg-config" "$state/xdg-data"
# No kibitzer.server.path: the extension must find its own server.
cat > "$state/user/User/settings.json" <<JSON
{
  "[epd]": { "editor.formatOnSave": true },
  "security.workspace.trust.enabled": false,
  "files.hotExit": "off",
  "update.mode": "none",
  "telemetry.telemetryLevel": "off",
  "workbench.startupEditor": "none",
  "editor.hover.above": false,
  "workbench.tips.enabled": false,
  "extensions.autoCheckUpdates": false,
  "extensions.autoUpdate": false
}
JSON
code_server=("$node_bin" "$modules/code-server/out/node/entry.js")
export XDG_CONFIG_HOME=$state/xdg-config XDG_DATA_HOME=$state/xdg-data
common_args=(--user-data-dir "$state/user" --extensions-dir "$state/extensions")
PATH=$clean_path "${code_server[@]}" "${common_args[@]}" --install-extension "$vsix" --force >"$state/install.log" 2>&1 \
    || fail "code-server could not install the .vsix: $(tail -3 "$state/install.log")"

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
PATH=$clean_path "${code_server[@]}" "${common_args[@]}" --auth none --bind-addr "127.0.0.1:$port" --disable-telemetry \
    --disable-update-check --disable-workspace-trust --disable-getting-started-override \
    "$FILES_DIR" >"$state/server.log" 2>&1 &
server_pid=$!
trap 'kill $server_pid 2>/dev/null; wait $server_pid 2>/dev/null' EXIT
for _ in $(seq 1 120); do
    curl -sf "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
    kill -0 $server_pid 2>/dev/null || fail "code-server stopped: $(tail -5 "$state/server.log")"
    sleep 0.5
done
curl -sf "http://127.0.0.1:$port/healthz" >/dev/null || fail "code-server did not answer on port $port"

echo "code-server $("${code_server[@]}" --version 2>/dev/null | head -1), $(basename "$vsix") ($(du -k "$vsix" | cut -f1) KB), no kibitzer on PATH"
observed=$WORKDIR/observed-vscode.json
# The one binary the extension may start: its own.
export KIBITZER_EXPECT_SERVER="^Starting $state/extensions/[^ ]*/server/kibitzer lsp \\(bundled with the extension\\)$"
KIBITZER_PLAN=$PLAN KIBITZER_OBSERVED=$observed KIBITZER_CODE_SERVER_URL="http://127.0.0.1:$port/?folder=$FILES_DIR" \
    NODE_PATH=$modules timeout 180 node "$here/e2e.js"
status=$?
[ $status = 0 ] || fail "the VS Code session failed (exit $status; log $state/server.log, screenshots in $KIBITZER_ARTEFACTS)"
python3 "$HARNESS" verify "$PLAN" "$observed" || fail "VS Code did not show what the CLI reports (files in $WORKDIR, screenshots in $KIBITZER_ARTEFACTS)"
KIBITZER_BOARD_FILES=$FILES_DIR KIBITZER_CODE_SERVER_URL="http://127.0.0.1:$port/?folder=$FILES_DIR" \
    NODE_PATH=$modules timeout 180 node "$here/board.js" \
    || fail "the board panel did not show what it should (screenshots in $KIBITZER_ARTEFACTS)"
echo "screenshots: $KIBITZER_ARTEFACTS/vscode-*.png"
echo "PASS: vscode (code-server)"
