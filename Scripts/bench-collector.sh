#!/usr/bin/env bash
# The collector's figures against the fleet store's direct import of the same events, in the same run,
# on a throwaway cluster (Scripts/pg-cluster.sh; fsync on):
#
#   push     100 devices, each its own SQLite file and its own `sheetlog push --batch 1000` process,
#            all started at once against one `sheetlog-server serve --postgres` on loopback: events/s
#            stored (from the first start to the last exit), and the p50/p99 of a 1,000-event batch's
#            time in the collector (its `push … 200 N ms` log lines: token check to COMMIT);
#   import   the same files by `sheetlog-server import --device-per-file` into a second database.
#   Target: push ≥ 0.5 of import.
#
#   Scripts/bench-collector.sh                          # 100 devices of 2,000 events (200k events)
#   Scripts/bench-collector.sh --devices 20 --events 500 --debug   # a check that the script runs
set -euo pipefail
cd "$(dirname "$0")/.."

devices=100
per=2000
configuration=release
while [ $# -gt 0 ]; do
    case "$1" in
        --devices) devices="$2"; shift 2 ;;
        --events) per="$2"; shift 2 ;;
        --debug) configuration=debug; shift ;;
        *) echo "usage: $0 [--devices N] [--events PER_DEVICE] [--debug]" >&2; exit 2 ;;
    esac
done

swift build -c "$configuration" --product sheetlog
swift build -c "$configuration" --product sheetlog-server
bin="$(swift build -c "$configuration" --show-bin-path)"

max_connections=200
source Scripts/pg-cluster.sh
echo "PostgreSQL $(psql -d postgres -A -t -c 'SHOW server_version'), fsync $(psql -d postgres -A -t -c 'SHOW fsync'); $devices devices of about $per events"

# One file a device (a push writes its cursor into it): 8 workloads, copied.
mkdir -p "$work/files" "$work/variants"
for variant in 0 1 2 3 4 5 6 7; do
    python3 Scripts/fleet-workload.py "$per" "$variant" | "$bin/sheetlog" --db "$work/variants/v$variant.sqlite" ingest - >/dev/null
    "$bin/sheetlog" --db "$work/variants/v$variant.sqlite" verify >/dev/null
done
for ((d = 0; d < devices; d++)); do cp "$work/variants/v$((d % 8)).sqlite" "$work/files/device-$d.sqlite"; done

psql -d postgres -c "CREATE DATABASE direct" -c "CREATE DATABASE collected"
direct="postgres://sheetlog@127.0.0.1:$port/direct"
collected="postgres://sheetlog@127.0.0.1:$port/collected"

start=$(now)
"$bin/sheetlog-server" import --postgres "$direct" --device-per-file "$work/files"/device-*.sqlite >/dev/null
end=$(now)
events=$(psql -d direct -A -t -c "SELECT count(*) FROM events")
import_rate=$(python3 -c "print(round($events / ($end - $start)))")

for ((d = 0; d < devices; d++)); do
    "$bin/sheetlog-server" device add "device-$d" --postgres "$collected" > "$work/files/device-$d.token" 2>/dev/null
done
collector_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$bin/sheetlog-server" serve --postgres "$collected" --port "$collector_port" --verbose >"$work/serve.out" 2>"$work/serve.log" &
server=$!
trap 'kill $server 2>/dev/null || true; stop_cluster' EXIT
for _ in $(seq 1 100); do grep -q "serving" "$work/serve.out" 2>/dev/null && break; sleep 0.1; done

start=$(now)
pids=()
for ((d = 0; d < devices; d++)); do
    "$bin/sheetlog" --db "$work/files/device-$d.sqlite" push --to "http://127.0.0.1:$collector_port" --device "device-$d" \
        --token-file "$work/files/device-$d.token" --batch 1000 >/dev/null 2>>"$work/push.err" &
    pids+=($!)
done
failed=0
for pid in "${pids[@]}"; do wait "$pid" || failed=$((failed + 1)); done
end=$(now)
kill "$server"; wait "$server" 2>/dev/null || true
[ "$failed" = 0 ] || { echo "bench-collector: $failed pushes failed:" >&2; head -5 "$work/push.err" >&2; exit 1; }
pushed=$(psql -d collected -A -t -c "SELECT count(*) FROM events")
[ "$pushed" = "$events" ] || { echo "bench-collector: the collector stores $pushed events, the import $events" >&2; exit 1; }
same=$(psql -d postgres -A -t -c "SELECT 1" >/dev/null; \
    diff <(psql -d direct -A -t -c "SELECT device, position, chain FROM events ORDER BY device, position") \
         <(psql -d collected -A -t -c "SELECT device, position, chain FROM events ORDER BY device, position") >/dev/null && echo yes || echo no)
[ "$same" = yes ] || { echo "bench-collector: the collected rows differ from the imported ones" >&2; exit 1; }
push_rate=$(python3 -c "print(round($pushed / ($end - $start)))")

# `push DEVICE N events B bytes 200 MS ms`: the 1,000-event batches' times in the collector.
python3 - "$work/serve.log" "$push_rate" "$import_rate" "$pushed" <<'PY'
import sys
times = []
for line in open(sys.argv[1]):
    words = line.split("] push ", 1)[-1].split() if "] push " in line else []
    if len(words) >= 7 and words[1] == "1000" and words[5] == "200":
        times.append(int(words[6]))
times.sort()
pick = lambda q: times[min(len(times) - 1, int(q * len(times)))] if times else float("nan")
push_rate, import_rate, events = int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
print(f"push: {events} events from the devices at once, {push_rate} events/s; direct import {import_rate} events/s: "
      f"ratio {push_rate / import_rate:.3f} (target ≥ 0.5)")
print(f"a 1,000-event batch in the collector: p50 {pick(0.5)} ms, p99 {pick(0.99)} ms ({len(times)} batches)")
PY
