#!/usr/bin/env bash
# The long reliability tier (issue 5, section 7): the default tier's tests at soak sizes.
# `swift test` runs the crash tiers and the property tests at sizes that find a regression in seconds
# (issue 36); this runs them at full size: SHEETLOG_SOAK=1 gives every property test its soak size
# (the sizes every `swift test` ran before issue 36) and the tiers the sizes below.
#
#   Scripts/soak.sh                 # 2,000 kills, 5,000 power losses, 2 minutes of random I/O faults
#   SHEETLOG_SEED=123 Scripts/soak.sh   # reproduce a logged run
#
# Sizes: SOAK_KILLS, SOAK_POWER_LOSSES, SOAK_IO_FAULT_SECONDS. Prints a summary at the end and exits 1
# when any violation was found.
set -euo pipefail
cd "$(dirname "$0")/.."

kills=${SOAK_KILLS:-2000}
power_losses=${SOAK_POWER_LOSSES:-5000}
io_fault_seconds=${SOAK_IO_FAULT_SECONDS:-120}
summary=$(mktemp)
trap 'rm -f "$summary"' EXIT

export SHEETLOG_SOAK_SUMMARY="$summary"
export SHEETLOG_KILLS="$kills" SHEETLOG_POWER_LOSSES="$power_losses" SHEETLOG_IO_FAULT_SECONDS="$io_fault_seconds"
export SHEETLOG_SOAK=1

swift build --build-tests
status=0
swift test --skip-build --filter 'SheetLogReliabilityTests' || status=$?
# The property tests whose size TestSize (Tests/SheetLogTestSupport/TestSize.swift) sets.
swift test --skip-build --filter 'PropertyTests|FutureSchemaTests|SessionActivityTests|ReplayReportTests|DecidedFoldDifferentialTests' || status=$?

# Fuzzing (issue 5, section 6): Scripts/fuzz.sh runs the libFuzzer target over the ingest decoder and
# the decider for SOAK_FUZZ_SECONDS and ends with "fuzz-summary executions=N crashes=C seconds=S".
fuzz_log=$(mktemp)
trap 'rm -f "$summary" "$fuzz_log"' EXIT
Scripts/fuzz.sh "${SOAK_FUZZ_SECONDS:-300}" | tee "$fuzz_log" || status=$?
fuzz_line=$(grep '^fuzz-summary ' "$fuzz_log" | tail -1 || true)
fuzz_executions=$(sed -n 's/.*executions=\([0-9]*\).*/\1/p' <<<"$fuzz_line")
fuzz_crashes=$(sed -n 's/.*crashes=\([0-9]*\).*/\1/p' <<<"$fuzz_line")
# No summary line means the fuzzer did not run to the end: count that as a violation.
echo "reliability fuzz: executions=${fuzz_executions:-0} violations=${fuzz_crashes:-1}" | tee -a "$summary"

figure() {  # figure TIER KEY: the value of KEY=... on the summary line of TIER, or 0
    sed -n "s/^reliability $1: .*\b$2=\([0-9]*\).*/\1/p" "$summary" | tail -1 | grep . || echo 0
}
violations=0
for tier in kills power-loss io-faults-append io-faults-restart io-faults-random disk-full-tmpfs fuzz; do
    violations=$((violations + $(figure "$tier" violations)))
done
echo
echo "== SheetLog soak summary =="
echo "seed:            $(sed -n 's/.*seed=\([0-9]*\).*/\1/p' "$summary" | head -1)"
echo "kills:           $(figure kills kills) (acknowledged appends: $(figure kills acknowledgedAppends))"
echo "power losses:    $(figure power-loss powerLosses) (torn writes: $(figure power-loss tornWrites), dropped: $(figure power-loss droppedWrites))"
echo "prune power cuts: $(( $(figure prune-power-loss-plain crashPoints) + $(figure prune-power-loss-sealed crashPoints) )) (plain and sealed)"
echo "I/O faults:      $(( $(figure io-faults-append faults) + $(figure io-faults-restart faults) + $(figure io-faults-random faults) ))"
echo "fuzz executions: $(figure fuzz executions)"
echo "violations:      $violations"
echo "swift test exit: $status"
if [ "$status" -ne 0 ] || [ "$violations" -ne 0 ]; then exit 1; fi
