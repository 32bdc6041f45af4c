#!/bin/sh
# check.sh - make lava-check: one LAVA job per arch through a LAVA server
# and its workers on this machine, judged by check-boot.sh.
#
# Usage: check.sh BUILD_DIR
# Starts the instance (server.sh up) unless one runs, and runs submit.sh
# against it with file:// artifacts, suite lava-check, LAVA_BOOTS
# (default suspend: boot, CYCLES suspend cycles, hibernation's core
# test, power-off); stops the instance if it started it.  Results:
# BUILD_DIR/results/lava-check/.  Exits 1 if a check failed.
set -eu

build=${1:?usage: check.sh BUILD_DIR}
prog=lava-check
. "$(dirname "$0")/../../lib/common.sh"
. "$TOP/boot-tests/lava/lib.sh"
build=$(cd "$build" && pwd)
lava_need lava-run lava-server lavacli pg
started=
if ! "$LAVA/server.sh" status "$build" > /dev/null 2>&1; then
	"$LAVA/server.sh" up "$build"
	started=1
fi
stop() { [ -z "$started" ] || "$LAVA/server.sh" down "$build" || true; started=; }
trap 'stop' EXIT
trap 'stop; exit 130' INT TERM
rc=0
LAVA_BOOTS=${LAVA_BOOTS:-suspend} LAVA_PUBLISH=$build/lava/publish-check \
	"$LAVA/submit.sh" "$build" "$(cat "$build/lava/server/url")" "$(cat "$build/lava/server/token")" \
	"file://$build/lava/publish-check" lava-check || rc=$?
exit $rc
