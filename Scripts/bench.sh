#!/usr/bin/env bash
# Builds sheetlog-bench in release and runs it; every argument is passed through, e.g.
#   Scripts/bench.sh --quick --json bench-results.json
#   Scripts/bench.sh --events 1000000 --pairs 5 --figure durable-append
#   Scripts/bench.sh --quick --compare docs/performance/reference.json   # exit 1: a ratio got worse beyond its noise
#   Scripts/bench.sh --viewer [--events 10000] [--no-browser]   # the viewer's figures (sheetlog-server-bench)
# Temporary databases go to a directory of their own, removed when the run ends (or fails).
set -euo pipefail
cd "$(dirname "$0")/.."

product=SheetLogBench
if [ "${1:-}" = "--viewer" ]; then
    shift
    product=SheetLogServerBench
    # The viewer's figures run the real server: build it beside the benchmark.
    swift build -c release --product sheetlog-server
else
    swift build -c release --product sheetlog  # the ingest --each figure runs it
fi
swift build -c release --product "$product"
binary="$(swift build -c release --show-bin-path)/$product"

work_dir="$(mktemp -d "${TMPDIR:-/tmp}/sheetlog-bench.XXXXXX")"
trap 'rm -rf "$work_dir"' EXIT

"$binary" --work-dir "$work_dir" "$@"
