#!/usr/bin/env bash
# Neovim in the real client: `nvim --headless -u NONE` with editors/nvim on the runtimepath opens a
# PGN and a PBN with known problems, waits for kibitzer's diagnostics, hovers a NAG and saves with
# format-on-save; the result must match `kibitzer check` and `kibitzer fmt`.
set -uo pipefail
source "$(dirname "$0")/../../testlib/common.sh"

command -v nvim >/dev/null || skip "nvim is not installed (apt-get install neovim)"
require_server
make_plan "$SAMPLES_DIR/problems.pgn" "$SAMPLES_DIR/revoke.pbn" "$SAMPLES_DIR/problems.pbi" "$SAMPLES_DIR/positions.fen"
observed=$WORKDIR/observed-nvim.json

echo "nvim: $(nvim --version | head -1), server $KIBITZER_BIN"
# -u NONE loads no plugin and no filetype detection: the test turns on exactly what a user's
# config would (the plugin on the runtimepath, filetype detection, setup()).
KIBITZER_PLAN=$PLAN KIBITZER_OBSERVED=$observed timeout 90 \
    nvim --headless -u NONE -i NONE -n \
    --cmd "set rtp^=$EDITORS_DIR/nvim" --cmd 'filetype on' \
    -c "luafile $EDITORS_DIR/nvim/test/test.lua" </dev/null
status=$?
[ $status = 0 ] || fail "nvim exited $status"
python3 "$HARNESS" verify "$PLAN" "$observed" || fail "Neovim did not show what the CLI reports (files in $WORKDIR)"
rm -rf "$WORKDIR"
echo "PASS: neovim"
