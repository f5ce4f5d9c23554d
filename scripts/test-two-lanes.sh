#!/usr/bin/env bash
# make test's tests, in two lanes at once (the build is done: `swift build --build-tests`).
#
# The export round trips (ExportRoundTripTests) spend minutes of CPU: they export every
# documented pipeline, build some 260 Combine programs on OpenCombine and type-check the RxJS
# ones. Everything else mostly waits: on a prompt under tmux, a server, a plugin, a browser.
# Run one after the other (as `swift test` does), the cores sit idle through most of the second
# and the whole takes over 16 minutes; run at once, the round trips fill what the rest leaves
# idle. They run niced, so that the other lane's processes, whose tests wait on deadlines, get
# the CPU first.
#
# Both lanes' output is complete: the other lane's as it runs, the round trips' after it (from
# a log under .build). The status is non-zero when either lane failed.
set -u
swift=${SWIFT:-swift}
lane=ExportRoundTripTests
bin="$($swift build --show-bin-path)/pipePackageTests.xctest"
log=.build/test-lane-$lane.log
classes=$("$bin" --list-tests 2>/dev/null | sed -n "s#^\($lane\.[A-Za-z0-9_]*\)/.*#\1#p" | sort -u | paste -sd, -)
if [ -z "$classes" ]; then
  echo "error: $bin lists no test of $lane" >&2
  exit 1
fi
echo "test lanes: $lane in the background (niced; its log: $log), the rest here"
nice -n 10 "$bin" "$classes" >"$log" 2>&1 &
background=$!
$swift test --skip-build --disable-swift-testing --skip "^$lane\."
rest=$?
echo "test lanes: the rest ended ($rest); waiting for $lane"
wait "$background"
round=$?
cat "$log"
echo "test lanes: $lane ended ($round), the rest ($rest)"
[ "$rest" = 0 ] && [ "$round" = 0 ]
