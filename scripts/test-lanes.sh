#!/usr/bin/env bash
# make test's tests, in lanes at once (the build is done: `swift build --build-tests`).
#
# The export round trips (ExportRoundTripTests) spend minutes of CPU: they export every
# documented pipeline, build some 260 Combine programs on OpenCombine and type-check the RxJS
# ones. They run niced in a lane of their own, so that the other lanes' processes, whose tests
# wait on deadlines, get the CPU first.
#
# Everything else mostly waits: on a prompt under tmux, a server, a plugin, a browser. Run in
# one lane it took 1023 s of the clean-clone `make test` (24m14s in all, CI 1480 s) while the
# round trips' lane ended after 426 s, and a core sat idle. So the other test targets are a
# queue that REST_LANES lanes (2 unless set) take from, one target at a time, the heaviest
# first. A target's tests run one after another in one process, as before; targets at once
# share nothing but the machine (each test makes its own folders, homes, tmux sockets, ports).
# A test that compares a cost against another takes processor time, not the clock's
# (`Growth.childCPUSeconds`), so that a busier machine does not make it fail.
#
# Each target's output is printed whole when it ends (the round trips' too), then a table of
# every target's lane, status and seconds, and each failed test again. The status is non-zero
# when any target failed, or when a target's process ended without the line XCTest prints
# last (a crash: its status is then "crashed-" and the process's).
set -u
swift=${SWIFT:-swift}
lanes=${REST_LANES:-2}
bin="$($swift build --show-bin-path)/pipePackageTests.xctest"
work=.build/test-lanes
round=ExportRoundTripTests
# Heaviest first (seconds in the clean-clone run of b3a9691); a target not named here runs
# after these, in the order XCTest lists it.
heaviest="REPLEndToEndTests PluginEndToEndTests LimitsTests ExamplesTests PipeExportTests
  LSPClientTests PipeDSLTests DocsTests WorkshopTests PipeRenderingTests OperatorsTests"

rm -rf "$work" && mkdir -p "$work"
listed=$("$bin" --list-tests 2>/dev/null | sed -n 's#^\([A-Za-z0-9_]*\.[A-Za-z0-9_]*\)/.*#\1#p' | sort -u)
if [ -z "$listed" ]; then
  echo "error: $bin lists no test" >&2
  exit 1
fi
targets=$(printf '%s\n' "$listed" | cut -d. -f1 | awk '!seen[$0]++')
if ! printf '%s\n' "$targets" | grep -qx "$round"; then
  echo "error: $bin lists no test of $round" >&2
  exit 1
fi
{
  for target in $heaviest; do printf '%s\n' "$targets" | grep -x "$target"; done
  printf '%s\n' "$targets" | grep -vx "$round" | grep -vxF "$(printf '%s\n' $heaviest)"
} >"$work/queue"

# Runs one target's classes in one XCTest process; its output goes to the target's log, and a
# line "target lane status seconds" to the results.
run_target() {
  local target=$1 lane=$2 niceness=$3 classes started status
  classes=$(printf '%s\n' "$listed" | grep "^$target\." | paste -sd, -)
  started=$(date +%s)
  nice -n "$niceness" "$bin" "$classes" >"$work/$target.log" 2>&1
  status=$?
  if ! grep -q "^Test Suite 'Selected tests' \(passed\|failed\)" "$work/$target.log"; then
    status=crashed-$status
  fi
  {
    flock 9
    cat "$work/$target.log"
    echo "test lanes: $target ended ($status) in lane $lane after $(($(date +%s) - started)) s"
    echo "$target $lane $status $(($(date +%s) - started))" >>"$work/results"
  } 9>"$work/print.lock"
}

# Takes the queue's first target, under a lock, until the queue is empty.
rest_lane() {
  local lane=$1 target
  while :; do
    target=$({
      flock 9
      head -n 1 "$work/queue"
      sed -i 1d "$work/queue"
    } 9>"$work/queue.lock")
    [ -n "$target" ] || return 0
    run_target "$target" "$lane" 0
  done
}

echo "test lanes: $round niced in a lane of its own; $(wc -l <"$work/queue") other targets" \
  "taken by $lanes lanes; each target's output when it ends (logs: $work)"
run_target "$round" round-trips 19 &
pids=$!
for lane in $(seq 1 "$lanes"); do
  rest_lane "$lane" &
  pids="$pids $!"
done
wait $pids

echo "test lanes: every target ended"
printf '%-26s %-12s %-8s %s\n' target lane status seconds
sort -k4 -rn "$work/results" | while read -r target lane status seconds; do
  printf '%-26s %-12s %-8s %s\n' "$target" "$lane" "$status" "$seconds"
done
expected=$(printf '%s\n' "$targets" | wc -l)
ran=$(wc -l <"$work/results")
failed=$(awk '$3 != 0' "$work/results")
if [ "$ran" != "$expected" ]; then
  echo "error: $expected test targets listed, $ran ran" >&2
  exit 1
fi
if [ -n "$failed" ]; then
  echo "test lanes: FAILED targets, and their failed tests:"
  printf '%s\n' "$failed" | while read -r target _ status _; do
    grep -h -e ": error: " -e "' failed (" "$work/$target.log" | sed "s#^#  $target: #"
    [ "${status#crashed}" = "$status" ] || echo "  $target: its process ended without XCTest's last line (a crash? its output is above)"
  done
  exit 1
fi
