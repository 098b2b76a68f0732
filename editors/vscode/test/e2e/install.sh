#!/usr/bin/env bash
# Installs what the VS Code end-to-end test needs, outside the repository (in $KIBITZER_EDITORS_CACHE,
# default ~/.cache/kibitzer-editors): Debian's Chromium and the libraries code-server builds against,
# code-server (a real VS Code for node 20) and playwright-core (which never downloads a browser).
# Prints the node_modules folder on success; exits 1 with a reason on stderr when something cannot be had.
set -uo pipefail

# code-server >= 4.103 needs node 22; 4.100.3 is the newest that runs on node 20.
CODE_SERVER_VERSION=4.100.3
PLAYWRIGHT_VERSION=1.52.0
# @vscode/ripgrep's postinstall downloads rg from outside the registries; it first looks in a cache
# whose name carries its own version, so we seed that cache with Debian's rg.
VSCODE_RIPGREP_VERSION=1.15.11

cache=${KIBITZER_EDITORS_CACHE:-$HOME/.cache/kibitzer-editors}
prefix=$cache/code-server-$CODE_SERVER_VERSION
log=$cache/install-e2e.log
mkdir -p "$prefix"

fail() { echo "vscode e2e install: $*" >&2; exit 1; }

if [ -x "$prefix/node_modules/.bin/code-server" ] && [ -d "$prefix/node_modules/playwright-core" ] \
    && [ -x /usr/bin/chromium ]; then
    echo "$prefix/node_modules"; exit 0
fi

if ! [ -x /usr/bin/chromium ] || ! command -v rg >/dev/null; then
    command -v apt-get >/dev/null || fail "no apt-get to install chromium"
    if [ "$(id -u)" = 0 ]; then sudo=; else sudo=sudo; fi
    export DEBIAN_FRONTEND=noninteractive
    { $sudo apt-get update -qq && $sudo apt-get install -y -qq -o DPkg::Lock::Timeout=600 \
        chromium ripgrep libsecret-1-dev libkrb5-dev libxkbfile-dev; } >>"$log" 2>&1 \
        || fail "apt-get could not install chromium and code-server's build libraries (see $log)"
fi

tmp=${TMPDIR:-/tmp}
rgcache=$tmp/vscode-ripgrep-cache-$VSCODE_RIPGREP_VERSION
mkdir -p "$rgcache"
tar czf "$rgcache/ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz" -C "$(dirname "$(command -v rg)")" rg \
    || fail "could not seed the ripgrep cache"

# unsafe_perm: code-server's postinstall refuses to run as root otherwise; yes: node-pty's build
# calls `npx node-gyp`, which must not stop to ask.
( cd "$prefix" || exit 1
  [ -f package.json ] || echo '{"private":true}' > package.json
  npm_config_unsafe_perm=true npm_config_yes=true npm install --no-audit --no-fund --foreground-scripts \
      "code-server@$CODE_SERVER_VERSION" "playwright-core@$PLAYWRIGHT_VERSION" ) >>"$log" 2>&1 \
    || fail "npm could not install code-server $CODE_SERVER_VERSION (see $log)"
[ -x "$prefix/node_modules/.bin/code-server" ] || fail "code-server installed without its launcher (see $log)"
echo "$prefix/node_modules"
