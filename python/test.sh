#!/usr/bin/env bash
# The Python wheel's test (run by .ci/run): a fresh virtual environment, the wheel built there
# with maturin (`maturin build --release`, as a user builds it) and installed, then the pytest
# suite of python/tests against the installed package and its `kibitzer` command. Needs PyPI
# (maturin, pytest, mypy, dask[distributed], pyarrow, and python-chess for the comparison of
# `read_games` with it): without it, says so and skips.
# Usage: python/test.sh [PYTEST ARGS…]
#        python/test.sh --prepare   only make the environment, for the next run to use once (.ci/run
#                                   makes it beside the first build: pip waits on the network)
#   KIBITZER_VENV            where the environment goes
#   KIBITZER_BUILD_PROFILE   the Cargo profile maturin builds with: release (the default, as a user
#                            builds it) or another, such as `dev`, which .ci/run sets so that the
#                            wheel reuses the dependencies `cargo test` has just compiled instead of
#                            compiling all of them again optimised (minutes on the 2-core CI machine)
set -euo pipefail
cd "$(dirname "$0")/.."
venv=${KIBITZER_VENV:-${CARGO_TARGET_DIR:-target}/python-venv}
# Absolute: pytest runs from python/tests.
case $venv in /*) ;; *) venv=$PWD/$venv ;; esac
# A fresh environment with the tools, or a non-zero status (and why) when PyPI cannot be reached.
prepared=$venv/.prepared
prepare() {
  rm -rf "$venv"
  python3 -m venv "$venv"
  if ! timeout 900 "$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
      maturin pytest mypy "dask[dataframe,distributed]" pyarrow chess >"$venv/pip.log" 2>&1; then
    echo "note: PyPI cannot be reached (maturin, pytest, mypy, dask, pyarrow, chess): the Python wheel is not built and its tests are skipped"
    tail -3 "$venv/pip.log" | sed 's/^/    /'
    return 1
  fi
  touch "$prepared"
}
if [ "${1:-}" = --prepare ]; then
  # Quiet: a failure is said by the run that follows, which tries again.
  prepare >/dev/null || true
  exit 0
fi
if [ -e "$prepared" ]; then
  rm "$prepared" # made by `--prepare` for this run, and used once: the next run starts afresh
else
  prepare || exit 0
fi
"$venv/bin/maturin" build --profile "${KIBITZER_BUILD_PROFILE:-release}" --quiet --manifest-path python/Cargo.toml --interpreter "$venv/bin/python" \
  --out "$venv/wheels"
# As README.md installs it: the wheel with its `dask` extra (Dask and pyarrow, already in the
# environment, so pip only checks them).
wheel=$(echo "$venv"/wheels/kibitzer_chess_bridge-*.whl)
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check "$wheel[dask]"
status=0
(cd python/tests && "$venv/bin/python" -m pytest -q -p no:cacheprovider "$@") || status=$?
if [ "$status" -eq 5 ]; then
  # pytest's "no tests collected": the suite is missing or all deselected, which is a failure here.
  echo "python/test.sh: pytest collected no tests in python/tests" >&2
fi
exit "$status"
