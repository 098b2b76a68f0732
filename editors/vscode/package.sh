#!/usr/bin/env bash
# Builds the VS Code extension for people who have no kibitzer: a platform-specific .vsix per
# TARGET with kibitzer's stripped release binary inside (extension/server/kibitzer, which the
# extension runs before any other; src/serverPath.ts), and one universal .vsix without a binary
# for the platforms that have no package of their own (it runs kibitzer from PATH or the setting).
#
#   editors/vscode/package.sh OUT_DIR [TARGET...]
#
# TARGET is a VS Code platform (linux-x64, linux-arm64, darwin-arm64, win32-x64, ...); the default
# is this machine's. A target other than this machine's needs its Rust target (`rustup target add`)
# and a linker for it; this project's machines have neither, so only linux-x64 is built here, and
# asking for another target fails with that reason rather than packaging a binary that cannot run.
#   KIBITZER=/path/to/kibitzer   bundle (a stripped copy of) this binary instead of building one;
#                                for one target, this machine's (the tests use it)
#   KIBITZER_BUILD_PROFILE=dev   build with this Cargo profile instead of release (.ci/run sets dev,
#                                whose dependencies `cargo test` has compiled: the same packaging,
#                                without a second optimised build of every dependency)
# Prints the path of each .vsix, one a line, on stdout; everything else goes to stderr.
set -euo pipefail
ext=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$ext/../.." && pwd)

say() { echo "package.sh: $*" >&2; }
die() { say "$*"; exit 1; }

[ $# -ge 1 ] || die "usage: $0 OUT_DIR [TARGET...]"
out=$1
shift
mkdir -p "$out"
out=$(cd "$out" && pwd)

# VS Code platform -> Rust target triple.
rust_triple() {
    case $1 in
        linux-x64) echo x86_64-unknown-linux-gnu ;;
        linux-arm64) echo aarch64-unknown-linux-gnu ;;
        linux-armhf) echo armv7-unknown-linux-gnueabihf ;;
        alpine-x64) echo x86_64-unknown-linux-musl ;;
        alpine-arm64) echo aarch64-unknown-linux-musl ;;
        darwin-x64) echo x86_64-apple-darwin ;;
        darwin-arm64) echo aarch64-apple-darwin ;;
        win32-x64) echo x86_64-pc-windows-msvc ;;
        win32-arm64) echo aarch64-pc-windows-msvc ;;
        *) return 1 ;;
    esac
}

host_triple=$(rustc -vV 2>/dev/null | sed -n 's/^host: //p') || true
host_target=
for candidate in linux-x64 linux-arm64 linux-armhf darwin-x64 darwin-arm64 win32-x64 win32-arm64; do
    [ "$(rust_triple $candidate)" = "$host_triple" ] && host_target=$candidate
done
if [ $# -eq 0 ]; then
    [ -n "$host_target" ] || die "this machine ($host_triple) is not a VS Code platform; name the targets"
    set -- "$host_target"
fi
if [ -n "${KIBITZER:-}" ] && { [ $# -ne 1 ] || [ "$1" != "$host_target" ]; }; then
    die "KIBITZER=$KIBITZER can only be bundled for this machine's target ($host_target)"
fi

# The extension's own build: its npm packages and the TypeScript compiled to out/.
command -v npm >/dev/null || die "node and npm are needed (https://nodejs.org)"
if [ ! -d "$ext/node_modules/vscode-languageclient" ] \
    || [ "$ext/package-lock.json" -nt "$ext/node_modules/.package-lock.json" ]; then
    (cd "$ext" && npm ci --no-audit --no-fund --loglevel=error) >&2
fi
version=$(node -p "require('$ext/package.json').version")
vsce() { (cd "$ext" && npx --no-install vsce package --allow-missing-repository --skip-license "$@") >&2; }

# The binary of one target: built by cargo in release mode, or the profile $KIBITZER_BUILD_PROFILE
# names (in the usual target folder for this machine's target, so that builds are shared), or
# $KIBITZER.
binary_for() { # TARGET -> path on stdout
    local target=$1 triple
    if [ -n "${KIBITZER:-}" ]; then
        case $KIBITZER in */*) ;; *) KIBITZER=$(command -v "$KIBITZER" || echo "$KIBITZER") ;; esac
        [ -x "$KIBITZER" ] || die "KIBITZER=$KIBITZER is not an executable file"
        echo "$KIBITZER"
        return
    fi
    triple=$(rust_triple "$target") || die "unknown target $target (VS Code platforms: linux-x64, darwin-arm64, win32-x64, ...)"
    local profile=${KIBITZER_BUILD_PROFILE:-release}
    local args=(build --profile "$profile" --locked -p kibitzer --quiet)
    if [ "$target" != "$host_target" ]; then
        rustup target list --installed 2>/dev/null | grep -qx "$triple" \
            || die "$target needs the Rust target $triple (rustup target add $triple) and a linker for it; this machine builds only $host_target"
        args+=(--target "$triple")
    fi
    say "building kibitzer for $target (cargo ${args[*]})"
    (cd "$repo" && cargo "${args[@]}") >&2 || die "cargo could not build kibitzer for $target"
    local dir
    dir=$(cd "$repo" && cargo metadata --format-version 1 --no-deps | node -e \
        'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).target_directory))')
    [ "$target" = "$host_target" ] || dir=$dir/$triple
    # Cargo's folder for a profile: `debug` for dev (and test), else the profile's name.
    local folder=$profile
    case $profile in dev | test) folder=debug ;; esac
    local exe=$dir/$folder/kibitzer
    case $target in win32-*) exe=$exe.exe ;; esac
    echo "$exe"
}

staged=$ext/server
# The server/ folder exists only while a platform package is being made.
trap 'rm -rf "$staged"' EXIT
for target in "$@"; do
    binary=$(binary_for "$target")
    rm -rf "$staged"
    mkdir -p "$staged"
    name=kibitzer
    case $target in win32-*) name=kibitzer.exe ;; esac
    cp "$binary" "$staged/$name"
    chmod 755 "$staged/$name"
    # The release profile keeps line tables for backtraces: 60 MB; without symbols, 10 MB.
    if [ "$target" = "$host_target" ] && command -v strip >/dev/null; then
        strip --strip-all "$staged/$name"
    else
        say "note: the $target binary is not stripped (no strip for it on this machine)"
    fi
    file=$out/kibitzer-$target-$version.vsix
    rm -f "$file"
    vsce --target "$target" -o "$file"
    rm -rf "$staged"
    echo "$file"
done
file=$out/kibitzer-$version.vsix
rm -f "$file"
vsce -o "$file"
echo "$file"
