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

scratch=$(mktemp -d "${TMPDIR:-/tmp}/kibitzer-nvim-find.XXXXXX")
echo "nvim: $("$nvim_bin" --version | head -1) ($setup_style), server $KIBITZER_BIN"
failed=0

# CASE EXPECT REAL_PLACE [MESSAGE]: Neovim (by its absolute path) in the world of find_layout.
run_case() {
    find_layout "$scratch/$3" "$3"
    env -u VIRTUAL_ENV -u CARGO_HOME "${FIND_ENV[@]}" \
        KIBITZER_FIND_CASE="$1" KIBITZER_FIND_EXPECT="$2" KIBITZER_FIND_PATH="$FIND_SETTING" \
        KIBITZER_FIND_MESSAGE="${4:-}" KIBITZER_FIND_FILE="$FIND_FILE" \
        KIBITZER_NVIM_SETUP="$setup_style" timeout 60 \
        "$nvim_bin" --headless -u NONE -i NONE -n \
        --cmd "set rtp^=$EDITORS_DIR/nvim" --cmd 'filetype on' \
        -c "luafile $EDITORS_DIR/nvim/test/find.lua" </dev/null || failed=1
}

run_case "the path setting" server setting
run_case "\$VIRTUAL_ENV/bin" server venv
run_case "the project's .venv/bin" server project-venv
run_case "PATH" server path
run_case "\$CARGO_HOME/bin" server cargo-home
run_case "~/.cargo/bin" server home-cargo
run_case "no kibitzer anywhere" missing none \
    "pip install kibitzer|cargo install --locked --path server|vim.g.kibitzer_path = |setup({ path|\$VIRTUAL_ENV/bin|~/.cargo/bin"
run_case "a path setting that names no binary" missing bad-setting \
    "nowhere/kibitzer is not an executable file|pip install kibitzer|cargo install --locked --path server"
rm -rf "$scratch"
[ $failed = 0 ] || fail "the Neovim plugin did not find kibitzer where it should, or said the wrong thing"
echo "PASS: neovim finds kibitzer ($setup_style)"
