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

scratch=$(mktemp -d "${TMPDIR:-/tmp}/kibitzer-emacs-find.XXXXXX")
echo "emacs: $("$emacs_bin" --version | head -1), server $KIBITZER_BIN"
failed=0

# CASE EXPECT REAL_PLACE [MESSAGE]: Emacs (by its absolute path) in the world of find_layout.
run_case() {
    find_layout "$scratch/$3" "$3"
    env -u VIRTUAL_ENV -u CARGO_HOME "${FIND_ENV[@]}" \
        KIBITZER_FIND_CASE="$1" KIBITZER_FIND_EXPECT="$2" KIBITZER_FIND_PATH="$FIND_SETTING" \
        KIBITZER_FIND_MESSAGE="${4:-}" KIBITZER_FIND_FILE="$FIND_FILE" timeout 60 \
        "$emacs_bin" --batch -L "$EDITORS_DIR/emacs" -l "$EDITORS_DIR/emacs/test/find.el" </dev/null 2>"$scratch/$3.stderr" \
        || { failed=1; tail -5 "$scratch/$3.stderr"; }
}

run_case "the kibitzer-server-program setting" server setting
run_case "\$VIRTUAL_ENV/bin" server venv
run_case "the project's .venv/bin" server project-venv
run_case "PATH" server path
run_case "\$CARGO_HOME/bin" server cargo-home
run_case "~/.cargo/bin" server home-cargo
run_case "no kibitzer anywhere" missing none \
    "pip install kibitzer|cargo install --locked --path server|kibitzer-server-program|\$VIRTUAL_ENV/bin|~/.cargo/bin"
run_case "a setting that names no binary" missing bad-setting \
    "nowhere/kibitzer, which is not an executable file|pip install kibitzer|cargo install --locked --path server"
rm -rf "$scratch"
[ $failed = 0 ] || fail "kibitzer.el did not find kibitzer where it should, or said the wrong thing"
echo "PASS: emacs finds kibitzer"
