#!/usr/bin/env bash
# Where kibitzer.el finds kibitzer, in real Emacs (batch) with eglot, one process a case: each case
# puts the binary (a link to the one under test) in one place users get it — the
# `kibitzer-server-program' setting, $VIRTUAL_ENV/bin, the project's .venv/bin, PATH (exec-path),
# $CARGO_HOME/bin, ~/.cargo/bin — and decoys (scripts that fail) in the places that come after it,
# with HOME in a scratch folder and no other kibitzer on PATH (find_layout in testlib/common.sh):
# the file's diagnostics arrive only if eglot ran the right one. With no binary anywhere, or a
# setting that names none, eglot starts nothing and the error says what to install or set.
set -uo pipefail
source "$(dirname "$0")/../../testlib/common.sh"

emacs_bin=$(command -v emacs) || skip "emacs is not installed (apt-get install emacs-nox elpa-eglot)"
"$emacs_bin" --batch --eval '(progn (require (quote package)) (package-initialize) (require (quote eglot)))' \
    >/dev/null 2>&1 || skip "eglot is not available to Emacs (apt-get install elpa-eglot)"
require_server

echo "emacs: $("$emacs_bin" --version | head -1), server $KIBITZER_BIN"
# Emacs, by its absolute path, in one world of run_find_cases.
launch_emacs() {
    local err
    err=$(mktemp)
    timeout 60 "$emacs_bin" --batch -L "$EDITORS_DIR/emacs" -L "$EDITORS_DIR/emacs/test" -l "$EDITORS_DIR/emacs/test/find.el" </dev/null 2>"$err" \
        || { tail -5 "$err"; rm -f "$err"; return 1; }
    rm -f "$err"
}
run_find_cases launch_emacs "the kibitzer-server-program setting" "kibitzer-server-program" \
    "which is not an executable file" \
    || fail "kibitzer.el did not find kibitzer where it should, or said the wrong thing"
echo "PASS: emacs finds kibitzer"
