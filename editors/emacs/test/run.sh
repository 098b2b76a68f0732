#!/usr/bin/env bash
# Emacs in the real client: `emacs --batch` with kibitzer.el and eglot opens a PGN, a PBN and a LIN
# file with known problems, receives kibitzer's diagnostics through eglot and flymake, hovers a NAG
# (a LIN deal: its hand picture) and saves with eglot-format-buffer on before-save-hook; the result
# must match `kibitzer check` and `kibitzer fmt`, and font-lock must highlight each mode's sample.
# Then it renames a player of the PGN, PBN and LIN file (eglot-rename), which must reach the closed
# LIN file beside it.
set -uo pipefail
source "$(dirname "$0")/../../testlib/common.sh"

command -v emacs >/dev/null || skip "emacs is not installed (apt-get install emacs-nox elpa-eglot)"
emacs --batch --eval '(progn (require (quote package)) (package-initialize) (require (quote eglot)))' \
    >/dev/null 2>&1 || skip "eglot is not available to Emacs (apt-get install elpa-eglot)"
require_server
make_plan --unopened "$SAMPLES_DIR/players.lin" "$SAMPLES_DIR/problems.pgn" "$SAMPLES_DIR/revoke.pbn" "$SAMPLES_DIR/problems.pbi" \
    "$SAMPLES_DIR/positions.fen" "$SAMPLES_DIR/latin1-crlf.pgn" "$SAMPLES_DIR/utf8-astral.pgn" \
    "$SAMPLES_DIR/problems.lin"
observed=$WORKDIR/observed-emacs.json

echo "emacs: $(emacs --version | head -1), server $KIBITZER_BIN"
KIBITZER_PLAN=$PLAN KIBITZER_OBSERVED=$observed HOME=$WORKDIR timeout 90 \
    emacs --batch -L "$EDITORS_DIR/emacs" -L "$EDITORS_DIR/emacs/test" -l "$EDITORS_DIR/emacs/test/test.el" </dev/null
status=$?
[ $status = 0 ] || fail "emacs exited $status"
python3 "$HARNESS" verify "$PLAN" "$observed" || fail "Emacs did not show what the CLI reports (files in $WORKDIR)"
rm -rf "$WORKDIR"
echo "PASS: emacs"
