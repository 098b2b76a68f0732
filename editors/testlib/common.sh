# Sourced by every editors/*/test/run.sh. Exit status convention of those scripts:
# 0 passed, 1 failed, 77 skipped (with the reason printed).

EDITORS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
REPO_DIR=$(cd "$EDITORS_DIR/.." && pwd)
SAMPLES_DIR=$EDITORS_DIR/samples
HARNESS=$EDITORS_DIR/testlib/harness.py

skip() { echo "SKIP: $*"; exit 77; }
fail() { echo "FAIL: $*"; exit 1; }

# The binary under test: $KIBITZER, else the workspace's debug build (absolute, so editors started
# from other folders find it).
kibitzer_bin() {
    local bin=${KIBITZER:-$REPO_DIR/target/debug/kibitzer}
    case $bin in /*) ;; *) bin=$(command -v "$bin" || echo "$PWD/$bin") ;; esac
    echo "$bin"
}

# Does `BIN lsp` answer `initialize`? (`kibitzer lsp --help` succeeds even while the server is a
# stub, so ask the real question.) Keeps stdin open for a moment: a server may stop reading at EOF
# before it has written its answer.
lsp_answers() {
    local bin=$1 msg frame
    msg='{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}'
    frame=$(printf 'Content-Length: %d\r\n\r\n%s' "${#msg}" "$msg")
    local answer
    answer=$({ printf '%s' "$frame"; sleep 3; } | timeout 5 "$bin" lsp 2>/dev/null | head -c 65536 | tr -d '\0')
    [[ $answer == *'"capabilities"'* ]]
}

# Skips the calling test unless the binary exists and its language server answers.
require_server() {
    KIBITZER_BIN=$(kibitzer_bin)
    [ -x "$KIBITZER_BIN" ] || skip "no kibitzer binary at $KIBITZER_BIN (build it with \`cargo build -p kibitzer\` or set KIBITZER)"
    # KIBITZER_LSP_OK: the answer of test-all.sh's probe (1 or 0), so each test need not ask again.
    if [ "${KIBITZER_LSP_OK:-}" = 0 ] || { [ "${KIBITZER_LSP_OK:-}" != 1 ] && ! lsp_answers "$KIBITZER_BIN"; }; then
        skip "\`$KIBITZER_BIN lsp\` does not answer initialize yet (the language server is not built)"
    fi
    export KIBITZER_BIN
}

# Copies the samples into a fresh folder and writes the plan (what the editor must show).
# Sets WORKDIR (plan, observations, logs), FILES_DIR (the copies the editor opens) and PLAN.
make_plan() {
    WORKDIR=$(mktemp -d "${TMPDIR:-/tmp}/kibitzer-editor-test.XXXXXX")
    FILES_DIR=$WORKDIR/files
    PLAN=$WORKDIR/plan.json
    python3 "$HARNESS" plan --kibitzer "$KIBITZER_BIN" --workdir "$FILES_DIR" \
        --expected-dir "$WORKDIR/expected" --out "$PLAN" "$@" \
        || fail "could not compute the expected results with the CLI"
}
