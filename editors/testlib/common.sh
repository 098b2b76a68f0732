# Sourced by every editors/*/test/run.sh. Exit status convention of those scripts:
# 0 passed, 1 failed, 77 skipped (with the reason printed).

EDITORS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
REPO_DIR=$(cd "$EDITORS_DIR/.." && pwd)
SAMPLES_DIR=$EDITORS_DIR/samples
HARNESS=$EDITORS_DIR/testlib/harness.py

skip() { echo "SKIP: $*"; exit 77; }
fail() { echo "FAIL: $*"; exit 1; }

# The binary under test: $KIBITZER, else the workspace's debug build (in $CARGO_TARGET_DIR when
# that is set; absolute, so editors started from other folders find it).
kibitzer_bin() {
    local target=${CARGO_TARGET_DIR:-$REPO_DIR/target}
    case $target in /*) ;; *) target=$REPO_DIR/$target ;; esac
    local bin=${KIBITZER:-$target/debug/kibitzer}
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

# This PATH without the folders that hold a kibitzer: what a user who has none sees.
path_without_kibitzer() {
    local clean= dir
    local -a dirs
    IFS=: read -ra dirs <<<"$PATH"
    for dir in "${dirs[@]}"; do
        [ -n "$dir" ] && [ ! -e "$dir/kibitzer" ] && clean=${clean:+$clean:}$dir
    done
    echo "$clean"
}

# The places users get kibitzer from, in the order the Neovim and Emacs plugins look (after a
# path setting): pip's (the active virtual environment, the project's .venv), PATH, cargo's.
FIND_PLACES=(setting venv project-venv path cargo-home home-cargo)

# find_layout DIR REAL: a user's world in DIR where only the place REAL (one of FIND_PLACES, or
# `none`, or `bad-setting`: a path setting that names no file) holds kibitzer (a link to
# $KIBITZER_BIN), and each place after it a decoy that fails, so that an editor shows kibitzer's
# diagnostics only if it ran the right one. Sets FIND_FILE (a PGN file of the project, beside a
# PBN), FIND_SETTING (the path to configure, or empty) and FIND_ENV (the environment to run the
# editor with: `env -u VIRTUAL_ENV -u CARGO_HOME "${FIND_ENV[@]}" EDITOR...`).
find_layout() {
    local dir=$1 real=$2 place bin_dir seen=0
    mkdir -p "$dir/project/games" "$dir/home"
    FIND_FILE=$dir/project/games/game.pgn
    cp "$SAMPLES_DIR/problems.pgn" "$FIND_FILE"
    cp "$SAMPLES_DIR/revoke.pbn" "$dir/project/games/other.pbn"
    for place in "${FIND_PLACES[@]}"; do
        [ "$place" = setting ] && [ "$real" != setting ] && continue
        case $place in
            setting) bin_dir=$dir/custom ;;
            venv) bin_dir=$dir/venv/bin ;;
            project-venv) bin_dir=$dir/project/.venv/bin ;;
            path) bin_dir=$dir/path-bin ;;
            cargo-home) bin_dir=$dir/cargo-home/bin ;;
            home-cargo) bin_dir=$dir/home/.cargo/bin ;;
        esac
        if [ "$place" = "$real" ]; then
            mkdir -p "$bin_dir" && ln -s "$KIBITZER_BIN" "$bin_dir/kibitzer"
            seen=1
        elif [ $seen = 1 ]; then
            mkdir -p "$bin_dir"
            printf '#!/bin/sh\necho "decoy kibitzer in %s" >&2\nexit 1\n' "$bin_dir" >"$bin_dir/kibitzer"
            chmod 755 "$bin_dir/kibitzer"
        fi
    done
    FIND_SETTING=
    [ "$real" = setting ] && FIND_SETTING=$dir/custom/kibitzer
    [ "$real" = bad-setting ] && FIND_SETTING=$dir/nowhere/kibitzer
    FIND_ENV=(HOME="$dir/home" PATH="$dir/path-bin:$(path_without_kibitzer)")
    [ -d "$dir/venv" ] && FIND_ENV+=(VIRTUAL_ENV="$dir/venv")
    [ -d "$dir/cargo-home" ] && FIND_ENV+=(CARGO_HOME="$dir/cargo-home")
    return 0
}

# run_find_cases LAUNCH SETTING MISSING_TEXTS BAD_SETTING_TEXTS: the cases of the find tests (where
# an editor's plugin finds kibitzer), each in the world of find_layout: the binary in the path
# setting (SETTING names it), in each place of FIND_PLACES, nowhere, and a path setting that names
# no file. LAUNCH, a function of the calling test, runs the editor once in that world; it finds
# there KIBITZER_FIND_CASE (the case's name), KIBITZER_FIND_EXPECT (`server`: kibitzer's
# diagnostics must arrive; `missing`: no server, one message holding each text of
# KIBITZER_FIND_MESSAGE, separated by `|`), KIBITZER_FIND_PATH (the path setting, or empty) and
# KIBITZER_FIND_FILE (the PGN file to open). The missing-binary message must always name both
# install commands and the places; MISSING_TEXTS and BAD_SETTING_TEXTS add the editor's own.
# Returns 1 when a case failed.
run_find_cases() {
    local launch=$1 setting=$2 missing=$3 bad=$4 scratch failed=0
    local install='pip install kibitzer-chess-bridge|cargo install --locked --path server'
    scratch=$(mktemp -d "${TMPDIR:-/tmp}/kibitzer-find.XXXXXX")
    find_case() { # NAME EXPECT PLACE [TEXTS]
        find_layout "$scratch/$3" "$3"
        ( unset VIRTUAL_ENV CARGO_HOME
          export "${FIND_ENV[@]}" KIBITZER_FIND_CASE="$1" KIBITZER_FIND_EXPECT="$2" \
              KIBITZER_FIND_PATH="$FIND_SETTING" KIBITZER_FIND_MESSAGE="${4:-}" KIBITZER_FIND_FILE="$FIND_FILE"
          "$launch" ) || failed=1
    }
    find_case "$setting" server setting
    find_case "\$VIRTUAL_ENV/bin" server venv
    find_case "the project's .venv/bin" server project-venv
    find_case "PATH" server path
    find_case "\$CARGO_HOME/bin" server cargo-home
    find_case "~/.cargo/bin" server home-cargo
    find_case "no kibitzer anywhere" missing none "$install|\$VIRTUAL_ENV/bin|~/.cargo/bin|$missing"
    find_case "a path setting that names no binary" missing bad-setting "$install|nowhere/kibitzer|$bad"
    rm -rf "$scratch"
    return $failed
}
