#!/usr/bin/env bash
# Neovim in the real client: `nvim --headless -u NONE` with editors/nvim on the runtimepath opens a
# PGN, a PBN and a LIN file with known problems, waits for kibitzer's diagnostics, hovers a NAG (a
# LIN deal: its hand picture) and saves with format-on-save; the result must match `kibitzer check`
# and `kibitzer fmt`; the Open in BBO handviewer lens of a PBN deal, run, must open the board's
# link (with xdg-open, here a script that records it). Then it renames a player of each format
# (F2), which for LIN must reach the closed LIN file beside it. Neovim 0.10+ must also pull its
# diagnostics (none pushed to it) and show the inlay hints of a PBN deal.
set -uo pipefail
source "$(dirname "$0")/../../testlib/common.sh"

# NVIM: the Neovim to run (default: nvim on PATH); KIBITZER_NVIM_SETUP: `setup` (the plugin's
# require('kibitzer').setup, any version) or `enable` (lsp/kibitzer.lua with vim.lsp.enable, 0.11+).
NVIM=${NVIM:-nvim}
setup_style=${KIBITZER_NVIM_SETUP:-setup}
command -v "$NVIM" >/dev/null || skip "$NVIM is not installed (apt-get install neovim)"
if [ "$setup_style" = enable ] && ! "$NVIM" --headless -u NONE -c 'lua if not vim.lsp.enable then os.exit(1) end' -c 'qa!' >/dev/null 2>&1; then
    skip "$("$NVIM" --version | head -1) has no vim.lsp.enable (0.11+)"
fi
require_server
make_plan --unopened "$SAMPLES_DIR/players.lin" "$SAMPLES_DIR/problems.pgn" "$SAMPLES_DIR/revoke.pbn" "$SAMPLES_DIR/problems.pbi" \
    "$SAMPLES_DIR/positions.fen" "$SAMPLES_DIR/latin1-crlf.pgn" "$SAMPLES_DIR/utf8-astral.pgn" \
    "$SAMPLES_DIR/problems.lin"
observed=$WORKDIR/observed-nvim.json

# The system's opener (xdg-open, which the plugin's vscode.open runs) writes the link it is given
# to a file instead of starting a browser. It writes a temporary file and renames it, so that the
# test, which waits for the file to appear, never reads it created but still empty (which failed a
# CI run of Neovim 0.7: "opened ''").
mkdir -p "$WORKDIR/opener"
printf '#!/bin/sh\nprintf %%s "$1" > "$KIBITZER_OPENED.part" && mv "$KIBITZER_OPENED.part" "$KIBITZER_OPENED"\n' \
  > "$WORKDIR/opener/xdg-open"
chmod 755 "$WORKDIR/opener/xdg-open"
export PATH="$WORKDIR/opener:$PATH" KIBITZER_OPENED=$WORKDIR/opened-link

echo "nvim: $("$NVIM" --version | head -1) ($setup_style), server $KIBITZER_BIN"
# -u NONE loads no plugin and no filetype detection: the test turns on exactly what a user's
# config would (the plugin on the runtimepath, filetype detection, setup()).
KIBITZER_PLAN=$PLAN KIBITZER_OBSERVED=$observed KIBITZER_NVIM_SETUP=$setup_style timeout 90 \
    "$NVIM" --headless -u NONE -i NONE -n \
    --cmd "set rtp^=$EDITORS_DIR/nvim" --cmd 'filetype on' \
    -c "luafile $EDITORS_DIR/nvim/test/test.lua" </dev/null
status=$?
[ $status = 0 ] || fail "nvim exited $status"
python3 "$HARNESS" verify "$PLAN" "$observed" || fail "Neovim did not show what the CLI reports (files in $WORKDIR)"
rm -rf "$WORKDIR"
echo "PASS: neovim"
