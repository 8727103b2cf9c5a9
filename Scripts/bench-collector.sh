#!/usr/bin/env bash
# The collector's figures against the fleet store's direct import of the same events, in the same run,
# on a throwaway cluster (Scripts/pg-cluster.sh; fsync on):
#
#   push     100 devices, each its own SQLite file, pushing at once to one `sheetlog-server serve
#            --postgres` on loopback, each on a connection of its own, batch after batch of 1,000 events
#            (Scripts/push-load.py: the protocol's bytes, encoded before the clock starts; see there why
#            not 100 `sheetlog push` processes): events/s stored, and the p50/p99 of a 1,000-event batch
#            at the device and in the collector (its `push … 200 N ms` log lines: token check to COMMIT);
#            then `sheetlog push` of one device's whole log again on the same collector;
#   import   the same files by `sheetlog-server import --device-per-file` into a second database.
#   Targets (issue 35): push ≥ 0.9 of import; a batch's p50 at the device ≤ 0.5 s.
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

python3 Scripts/push-load.py "http://127.0.0.1:$collector_port" "$work/files" "$devices" 1000 > "$work/load.json" \
    || { echo "bench-collector: the load failed: $(cat "$work/load.json")" >&2; exit 1; }
# The CLI on the same collector: device-0's whole log again, every batch answered as already stored.
"$bin/sheetlog" --db "$work/files/device-0.sqlite" push --to "http://127.0.0.1:$collector_port" --device device-0 \
    --token-file "$work/files/device-0.token" >"$work/cli.out"
kill "$server"; wait "$server" 2>/dev/null || true
pushed=$(psql -d collected -A -t -c "SELECT count(*) FROM events")
[ "$pushed" = "$events" ] || { echo "bench-collector: the collector stores $pushed events, the import $events" >&2; exit 1; }
same=$(diff <(psql -d direct -A -t -c "SELECT device, position, chain FROM events ORDER BY device, position") \
            <(psql -d collected -A -t -c "SELECT device, position, chain FROM events ORDER BY device, position") >/dev/null && echo yes || echo no)
[ "$same" = yes ] || { echo "bench-collector: the collected rows differ from the imported ones" >&2; exit 1; }
echo "sheetlog push, after: $(cat "$work/cli.out")"

# The collector's own time for each full batch: its `push DEVICE N events B bytes 200 MS ms` lines.
python3 - "$work/serve.log" "$work/load.json" "$import_rate" 1000 <<'PY'
import json, sys
log, load, import_rate, batch = sys.argv[1], json.load(open(sys.argv[2])), int(sys.argv[3]), sys.argv[4]
times = sorted(int(words[6]) for words in (line.split("] push ", 1)[1].split() for line in open(log) if "] push " in line)
               if len(words) >= 7 and words[1] == batch and words[5] == "200")
pick = lambda q: times[min(len(times) - 1, int(q * len(times)))] if times else None
rate = load["eventsPerSecond"]
met = lambda ok: "met" if ok else "missed"
ratio = rate / import_rate
print(f"push: {load['events']} events from the devices at once in {load['seconds']} s, {rate} events/s; "
      f"direct import {import_rate} events/s: ratio {ratio:.3f} (target ≥ 0.9: {met(ratio >= 0.9)})")
print(f"a {batch}-event batch: p50 {load['p50ms']} ms (target ≤ 500 ms: {met(load['p50ms'] <= 500)}), "
      f"p99 {load['p99ms']} ms at the device ({load['fullBatches']} batches); "
      f"in the collector (token check to COMMIT) p50 {pick(0.5)} ms, p99 {pick(0.99)} ms")
PY
