# Sourced by the bench scripts (from the repository's root): where the shared corpus is and the
# release binary they measure.

# Sets $corpus to $KIBITZER_CORPUS or ../shared/corpus; without it, says so and ends the script
# (a skip, exit 0).
need_corpus() {
  corpus=${KIBITZER_CORPUS:-../shared/corpus}
  if [ ! -d "$corpus" ]; then
    echo "skipped: no shared corpus at $corpus (set KIBITZER_CORPUS)" >&2
    exit 0
  fi
}

# Builds the release binary (extra cargo arguments passed on) and sets
# $bin to its absolute path.
release_binary() {
  cargo build --release -p kibitzer --quiet "$@"
  bin=${CARGO_TARGET_DIR:-$PWD/target}/release/kibitzer
}
