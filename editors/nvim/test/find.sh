#!/usr/bin/env bash
# Where the Neovim plugin finds kibitzer, in real headless Neovim, one process a case: each case
# puts the binary (a link to the one under test) in one place users get it — the path setting,
# $VIRTUAL_ENV/bin, the project's .venv/bin, PATH, $CARGO_HOME/bin, ~/.cargo/bin — and decoys
# (scripts that fail) in the places that come after it, with HOME in a scratch folder and no other
# kibitzer on PATH (find_layout in testlib/common.sh): the file's diagnostics arrive only if the
# plugin ran the right one. With no
# binary anywhere, or a path setting that names none, the plugin starts nothing and says, once,
# what to install or set.
set -uo pipefail
source "$(dirname "$0")/../../testlib/common.sh"

NVIM=${NVIM:-nvim}
setup_style=${KIBITZER_NVIM_SETUP:-setup}
nvim_bin=$(command -v "$NVIM") || skip "$NVIM is not installed (apt-get install neovim)"
if [ "$setup_style" = enable ] && ! "$nvim_bin" --headless -u NONE -c 'lua if not vim.lsp.enable then os.exit(1) end' -c 'qa!' >/dev/null 2>&1; then
    skip "$("$nvim_bin" --version | head -1) has no vim.lsp.enable (0.11+)"
fi
require_server

echo "nvim: $("$nvim_bin" --version | head -1) ($setup_style), server $KIBITZER_BIN"
# Neovim, by its absolute path, in one world of run_find_cases.
launch_nvim() {
    KIBITZER_NVIM_SETUP=$setup_style timeout 60 "$nvim_bin" --headless -u NONE -i NONE -n \
        --cmd "set rtp^=$EDITORS_DIR/nvim" --cmd 'filetype on' \
        -c "luafile $EDITORS_DIR/nvim/test/find.lua" </dev/null
}
run_find_cases launch_nvim "the path setting" "vim.g.kibitzer_path = |setup({ path" "is not an executable file" \
    || fail "the Neovim plugin did not find kibitzer where it should, or said the wrong thing"
echo "PASS: neovim finds kibitzer ($setup_style)"
