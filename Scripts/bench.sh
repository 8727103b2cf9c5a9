#!/usr/bin/env bash
# Builds sheetlog-bench (the Benchmarks package, Benchmarks/Package.swift) in release and runs it;
# every argument is passed through, e.g.
#   Scripts/bench.sh --quick --json bench-results.json
#   Scripts/bench.sh --events 1000000 --pairs 5 --figure durable-append
#   Scripts/bench.sh --quick --compare docs/performance/reference.json   # exit 1: a ratio got worse beyond its noise
#   Scripts/bench.sh --viewer [--events 10000] [--no-browser]   # the viewer's figures (sheetlog-server-bench)
# Temporary databases go to a directory of their own, removed when the run ends (or fails).
set -euo pipefail
cd "$(dirname "$0")/.."  # paths given as arguments (--json, --compare) are the repository's

# The root package's executables are built in the benchmark package's build too (it depends on the
# root by path), beside the benchmark, where the command-line figures look for them.
build() { swift build --package-path Benchmarks -c release "$@"; }
product=SheetLogBench
if [ "${1:-}" = "--viewer" ]; then
    shift
    product=SheetLogServerBench
    # The viewer's figures run the real server: build it beside the benchmark.
    build --product sheetlog-server
else
    build --product sheetlog  # the command-line figures run it
fi
build --product "$product"
binary="$(build --show-bin-path)/$product"

work_dir="$(mktemp -d "${TMPDIR:-/tmp}/sheetlog-bench.XXXXXX")"
trap 'rm -rf "$work_dir"' EXIT

"$binary" --work-dir "$work_dir" "$@"
