#!/usr/bin/env bash
# Scripts/fuzz.sh [SECONDS] — fuzzes the ingest decoder and the sheet decider with libFuzzer.
#
# Builds the `SheetLogFuzz` target with libFuzzer and runs it for SECONDS (default 300) on a
# copy of the seed corpus (Tests/SheetLogBadInputTests/FuzzCorpus), then prints the number of
# executions and whether a crash was found. Exit status: 0 no crash, 1 crash (the reproducer's
# path is printed: copy it into the corpus folder as crash-<name> and fix the bug; the corpus
# replay test in `swift test` then keeps it fixed), 2 build or usage error.
# The last line is machine-readable for Scripts/soak.sh:  fuzz-summary executions=N crashes=C seconds=S
#
# How the target stays out of the normal build's way:
# - Sources/SheetLogFuzz has no main.swift, so SwiftPM compiles it with -parse-as-library and its
#   `@main FuzzReplay` is the program's entry point in `swift build` / `swift test` (it replays the
#   files given as arguments through the same harness).
# - libFuzzer brings its own `main`, so here the target is built with `-Xswiftc -DSHEETLOG_FUZZING`,
#   which compiles `@main` out; only `@_cdecl("LLVMFuzzerTestOneInput")` remains.
# - `--scratch-path .build/fuzz` keeps the instrumented objects apart from the normal .build/debug,
#   so fuzzing never forces a full rebuild of the ordinary build (and the reverse).
# - SWIFT_BACKTRACE=enable=no: the Swift backtracer would otherwise catch the trap before libFuzzer
#   can write the crashing input.
#
# Environment: FUZZ_WORKDIR keeps the corpus, log and artifacts in that directory instead of a
# temporary one; FUZZ_MAX_LEN overrides the largest input (default 4096 bytes).
set -euo pipefail

seconds="${1:-300}"
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -lt 1 ]; then
    echo "usage: Scripts/fuzz.sh [SECONDS]   (a whole number of seconds, default 300)" >&2
    exit 2
fi

root="$(cd "$(dirname "$0")/.." && pwd)"
scratch="$root/.build/fuzz"
seeds="$root/Tests/SheetLogBadInputTests/FuzzCorpus"
dictionary="$root/Sources/SheetLogFuzz/ingest.dict"
work="${FUZZ_WORKDIR:-$(mktemp -d "${TMPDIR:-/tmp}/sheetlog-fuzz.XXXXXX")}"
mkdir -p "$work/corpus" "$work/artifacts"

echo "fuzz: building sheetlog-fuzz with libFuzzer (scratch path $scratch)"
if ! swift build --package-path "$root" --scratch-path "$scratch" -c debug --sanitize fuzzer \
    -Xswiftc -DSHEETLOG_FUZZING --product SheetLogFuzz; then
    echo "fuzz: the build failed" >&2
    exit 2
fi
binary="$(swift build --package-path "$root" --scratch-path "$scratch" -c debug --sanitize fuzzer \
    -Xswiftc -DSHEETLOG_FUZZING --show-bin-path)/SheetLogFuzz"

cp "$seeds"/* "$work/corpus/"
echo "fuzz: running for ${seconds}s on a copy of $(ls "$seeds" | wc -l | tr -d ' ') seed inputs in $work"

export SWIFT_BACKTRACE=enable=no
set +e
"$binary" "$work/corpus" \
    -max_total_time="$seconds" -max_len="${FUZZ_MAX_LEN:-4096}" -timeout=10 -rss_limit_mb=2048 \
    -dict="$dictionary" -artifact_prefix="$work/artifacts/" -print_final_stats=1 \
    >"$work/fuzz.log" 2>&1
status=$?
set -e

executions="$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$work/fuzz.log" | tail -1 | grep -o '[0-9]*$' || true)"
if [ -z "$executions" ]; then
    executions="$(grep -o '^#[0-9]*' "$work/fuzz.log" | tail -1 | tr -d '#' || true)"
fi
executions="${executions:-0}"
crashes="$(find "$work/artifacts" -type f | wc -l | tr -d ' ')"

tail -n 5 "$work/fuzz.log"
echo "fuzz: ${executions} executions in ${seconds}s, corpus now $(ls "$work/corpus" | wc -l | tr -d ' ') inputs"
if [ "$status" -ne 0 ] || [ "$crashes" -ne 0 ]; then
    echo "fuzz: CRASH FOUND (libFuzzer exit status $status); reproducers:" >&2
    find "$work/artifacts" -type f >&2
    echo "fuzz: log in $work/fuzz.log; replay with: swift run SheetLogFuzz <reproducer>" >&2
    echo "fuzz-summary executions=${executions} crashes=$(( crashes > 0 ? crashes : 1 )) seconds=${seconds}"
    exit 1
fi
echo "fuzz: no crash found"
echo "fuzz-summary executions=${executions} crashes=0 seconds=${seconds}"
