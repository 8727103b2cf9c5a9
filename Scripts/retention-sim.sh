#!/usr/bin/env bash
# Builds sheetlog-retention-sim (the Benchmarks package) in release and runs issue 37's size
# simulation: days of an app's log pruned daily, beside the same days unpruned, measured each day.
# Without arguments it writes the durability guide's figure (plain and sealed, 120 days, 14 kept) to
# docs/images/retention-size.{csv,svg}; arguments are passed through instead, e.g.
#   Scripts/retention-sim.sh --days 30 --retention-days 7 --csv /tmp/r.csv --svg /tmp/r.svg
#   Scripts/retention-sim.sh --open-draft --csv /tmp/open.csv --svg /tmp/open.svg   # a draft open since day 1
# The databases go to a temporary directory of their own, removed when the run ends (or fails).
set -euo pipefail
cd "$(dirname "$0")/.."  # paths given as arguments (--csv, --svg) are the repository's

swift build --package-path Benchmarks -c release --product SheetLogRetentionSim
binary="$(swift build --package-path Benchmarks -c release --show-bin-path)/SheetLogRetentionSim"

work_dir="$(mktemp -d "${TMPDIR:-/tmp}/sheetlog-retention.XXXXXX")"
trap 'rm -rf "$work_dir"' EXIT

if [ "$#" -eq 0 ]; then
    set -- --sealed --csv docs/images/retention-size.csv --svg docs/images/retention-size.svg
fi
time "$binary" --work-dir "$work_dir" "$@"
