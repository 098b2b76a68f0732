#!/usr/bin/env bash
# Many documents at once through `kibitzer lsp` (bench/lsp_documents.py): COUNT generated PGN
# files of about 100 KB opened with the default settings; times to every diagnostic, peak and
# idle memory. Usage: bench/lsp-documents.sh [COUNT]; KIBITZER_BIN=PATH measures that binary
# instead of a release build.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
binary="${KIBITZER_BIN:-}"
if [ -z "$binary" ]; then
  cargo build --release -p kibitzer --manifest-path "$root/Cargo.toml" >&2
  binary="${CARGO_TARGET_DIR:-$root/target}/release/kibitzer"
fi
python3 "$root/bench/lsp_documents.py" "$binary" "${1:-200}"
