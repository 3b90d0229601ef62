#!/bin/sh
# Run from a notebook's first cell as
#     !*${GONB_DIR}/setup.sh reuselab/bench ...
# `!*` runs it in GoNB's scratch module (GONB_TMP_DIR). It points that module
# at this checkout (replace reuselab => <repo>), pins GoNB's UI package to the
# kernel's own version, and resolves the listed packages; the `go get` chatter
# is only shown when it fails.
set -e
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/.." && pwd)"
go mod edit -replace "reuselab=$repo"
if ! go get github.com/janpfeifer/gonb@v0.11.1 "$@" >setup.log 2>&1; then
	cat setup.log
	exit 1
fi
echo "reuselab => $repo ($(cd "$repo" && git rev-parse --short HEAD 2>/dev/null || echo 'no git'); $(go env GOVERSION))"
