#!/usr/bin/env bash
# VS Code in the real client, as a user who has no kibitzer meets it: code-server (VS Code for the
# browser, from npm) on 127.0.0.1 with the platform .vsix of package.sh installed, its bundled
# server the only kibitzer there is (no kibitzer on code-server's PATH, no kibitzer.server.path),
# driven by playwright-core in Debian's headless Chromium (e2e.js). Checks that the extension
# started the bundled binary; opens a PBN with a revoke, waits for the diagnostic in the Problems
# panel, hovers a NAG, runs Format Document and saves (also a PGN, an FEN and a LIN file, whose
# deal's hover must draw the hands); saves an EPD file with editor.formatOnSave;
# what VS Code showed must match `kibitzer check` and `kibitzer fmt`. A rule turned off in
# .vscode/settings.json must lose its squiggle; the Open in BBO handviewer lens of a PBN deal, clicked,
# must open the board's handviewer link; F2 on a player of the PBN, PGN and LIN file must rename it
# wherever it is (in LIN also in a closed file). Then hovers a move, a FEN tag, an EPD line, a PBI
# position, a PBN deal, a card and a LIN deal, each of which must show a picture; then the board panel
# (board.js): *kibitzer: Show Board* follows the cursor and steps through moves and tricks.
# Last, the universal .vsix (no server) in a second code-server on the same PATH: the error it
# shows must say what to install (notfound.js).
#   KIBITZER_VSIX=FILE, KIBITZER_UNIVERSAL_VSIX=FILE   the packages to test (test-all.sh passes
#                         those it built); without them, package.sh builds both (with $KIBITZER
#                         inside when that is set, else a release build)
# Screenshots go to $KIBITZER_ARTEFACTS (default target/editor-artefacts).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../../../testlib/common.sh"
ext_dir=$EDITORS_DIR/vscode

require_server
modules=$(bash "$here/install.sh") || skip "code-server or Chromium cannot be installed here"
vsix=${KIBITZER_VSIX:-}
universal=${KIBITZER_UNIVERSAL_VSIX:-}
packages=
if [ -z "$vsix" ]; then
    packages=$(mktemp -d "${TMPDIR:-/tmp}/kibitzer-vsix.XXXXXX")
    bash "$ext_dir/package.sh" "$packages" >/dev/null || fail "package.sh could not build the .vsix"
    vsix=$(ls "$packages"/kibitzer-[a-z]*-[0-9]*.vsix | head -1)
    universal=$(ls "$packages"/kibitzer-[0-9]*.vsix | head -1)
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
make_plan --unopened "$SAMPLES_DIR/players.lin" \
    "$SAMPLES_DIR/revoke.pbn" "$SAMPLES_DIR/problems.pgn" "$SAMPLES_DIR/positions.fen" \
    "$SAMPLES_DIR/latin1-crlf.pgn" "$SAMPLES_DIR/utf8-astral.pgn" "$SAMPLES_DIR/format-on-save.epd" \
    "$SAMPLES_DIR/problems.lin"
# The hover pictures: a move, the FEN tag, an EPD line, a PBI position, a PBN deal, a card and a LIN deal.
cp "$SAMPLES_DIR"/pictures.* "$FILES_DIR"/
export KIBITZER_FILES_DIR=$FILES_DIR
export KIBITZER_PICTURES='[
 {"file": "pictures.pgn", "needle": "Qxf7#", "skip": 1, "name": "move"},
 {"file": "pictures.pgn", "needle": "r1bqkbnr", "skip": 2, "name": "fen-tag"},
 {"file": "pictures.epd", "needle": "8/8/8", "skip": 1, "name": "epd-line"},
 {"file": "pictures.pbi", "needle": "4k3", "skip": 1, "name": "pbi-position"},
 {"file": "pictures.pbn", "needle": "W:KQ76", "skip": 3, "name": "pbn-deal"},
 {"file": "pictures.pbn", "needle": "SJ", "skip": 1, "name": "pbn-card"},
 {"file": "problems.lin", "needle": "md|", "skip": 3, "name": "lin-deal"}
]'
# The board the handviewer lens above pictures.pbn's deal must open (e2e.js), as the CLI converts it.
KIBITZER_HANDVIEWER_LIN=$("$KIBITZER_BIN" convert "$FILES_DIR/pictures.pbn" --to lin | head -1)
[ -n "$KIBITZER_HANDVIEWER_LIN" ] || fail "kibitzer convert --to lin wrote nothing for pictures.pbn"
export KIBITZER_HANDVIEWER_LIN
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
  "files.refactoring.autoSave": false,
  "editor.hover.above": false,
  "workbench.tips.enabled": false,
  "extensions.autoCheckUpdates": false,
  "extensions.autoUpdate": false
}
JSON
code_server=("$node_bin" "$modules/code-server/out/node/entry.js")
export XDG_CONFIG_HOME=$state/xdg-config XDG_DATA_HOME=$state/xdg-data

# code-server and its extensions (git's among them) make their sockets in the temporary folder
# and leave them there: a folder of their own, removed however the test ends (short: a socket's
# path is at most 107 bytes).
sockets=$(mktemp -d "${TMPDIR:-/tmp}/kcs.XXXXXX")

# start_code_server VSIX NAME: a code-server with its own extensions folder ($state/NAME) holding
# VSIX, on a free port, with the cleaned PATH; sets port and server_pid.
server_pid=
trap '[ -z "$server_pid" ] || { kill $server_pid 2>/dev/null; wait $server_pid 2>/dev/null; }; rm -rf "$sockets"' EXIT
start_code_server() {
    local args=(--user-data-dir "$state/user" --extensions-dir "$state/$2")
    TMPDIR=$sockets PATH=$clean_path "${code_server[@]}" "${args[@]}" --install-extension "$1" --force >"$state/$2-install.log" 2>&1 \
        || fail "code-server could not install $1: $(tail -3 "$state/$2-install.log")"
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    TMPDIR=$sockets PATH=$clean_path "${code_server[@]}" "${args[@]}" --auth none --bind-addr "127.0.0.1:$port" --disable-telemetry \
        --disable-update-check --disable-workspace-trust --disable-getting-started-override \
        "$FILES_DIR" >"$state/$2-server.log" 2>&1 &
    server_pid=$!
    for _ in $(seq 1 120); do
        curl -sf "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && return 0
        kill -0 $server_pid 2>/dev/null || fail "code-server stopped: $(tail -5 "$state/$2-server.log")"
        sleep 0.5
    done
    fail "code-server did not answer on port $port"
}
stop_code_server() {
    kill $server_pid 2>/dev/null
    wait $server_pid 2>/dev/null
    server_pid=
}

start_code_server "$vsix" extensions
echo "code-server $("${code_server[@]}" --version 2>/dev/null | head -1), $(basename "$vsix") ($(du -k "$vsix" | cut -f1) KB), no kibitzer on PATH"
observed=$WORKDIR/observed-vscode.json
# The one binary the extension may start: its own.
export KIBITZER_EXPECT_SERVER="^Starting $state/extensions/[^ ]*/server/kibitzer lsp \\(bundled with the extension\\)$"
KIBITZER_PLAN=$PLAN KIBITZER_OBSERVED=$observed KIBITZER_CODE_SERVER_URL="http://127.0.0.1:$port/?folder=$FILES_DIR" \
    NODE_PATH=$modules timeout 180 node "$here/e2e.js"
status=$?
[ $status = 0 ] || fail "the VS Code session failed (exit $status; log $state/extensions-server.log, screenshots in $KIBITZER_ARTEFACTS)"
python3 "$HARNESS" verify "$PLAN" "$observed" || fail "VS Code did not show what the CLI reports (files in $WORKDIR, screenshots in $KIBITZER_ARTEFACTS)"
KIBITZER_BOARD_FILES=$FILES_DIR KIBITZER_CODE_SERVER_URL="http://127.0.0.1:$port/?folder=$FILES_DIR" \
    NODE_PATH=$modules timeout 180 node "$here/board.js" \
    || fail "the board panel did not show what it should (screenshots in $KIBITZER_ARTEFACTS)"
stop_code_server

# The universal package, which carries no server, on the same PATH without kibitzer: the user is
# told what to install.
if [ -n "$universal" ]; then
    start_code_server "$universal" extensions-universal
    KIBITZER_CODE_SERVER_URL="http://127.0.0.1:$port/?folder=$FILES_DIR" \
        NODE_PATH=$modules timeout 120 node "$here/notfound.js" \
        || fail "VS Code did not say what to install (screenshots in $KIBITZER_ARTEFACTS)"
    stop_code_server
else
    echo "  note no universal .vsix given (KIBITZER_UNIVERSAL_VSIX): its not-found message is not checked"
fi
echo "screenshots: $KIBITZER_ARTEFACTS/vscode-*.png"
# The work folder goes on success, as the other editors' tests leave none (a failure names it).
[ -z "$server_pid" ] || { kill $server_pid 2>/dev/null; wait $server_pid 2>/dev/null; server_pid=; }
rm -rf "$WORKDIR" ${packages:+"$packages"}
echo "PASS: vscode (code-server)"
