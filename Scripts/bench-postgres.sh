#!/usr/bin/env bash
# The fleet store's figures, against raw PostgreSQL ceilings measured in the same run, on a throwaway
# cluster this script starts (initdb into a temporary directory, default durability: fsync on):
#
#   import     device files → `sheetlog-server import` (chain verified, read models written), events/s,
#              against the same rows loaded by psql's \copy (no chain check, no read models) into a
#              table of events' own schema (its keys and index): target ≥ 0.3 of COPY; the ratio to
#              \copy into a flat table with only a primary key is printed too.
#   fleet audit  "every dismissal that discarded unsaved data in newExpense on one day, across all
#              devices" — the SQL `sheetlog-server audit --postgres` runs — p50 over pgbench runs at
#              100k and 1M events over 1,000 devices, against one indexed SELECT on a flat copy of the
#              same rows: target ≤ 3, and growth from 100k to 1M ≤ 2.
#
#   Scripts/bench-postgres.sh                     # 1,000 devices; 100k and 1M events (a few minutes)
#   Scripts/bench-postgres.sh --devices 100 --events 10000,100000   # smaller
#   Scripts/bench-postgres.sh --debug --devices 4 --events 400,800     # a check that the script runs (debug build)
set -euo pipefail
cd "$(dirname "$0")/.."

devices=1000
sizes="100000,1000000"
configuration=release
while [ $# -gt 0 ]; do
    case "$1" in
        --devices) devices="$2"; shift 2 ;;
        --events) sizes="$2"; shift 2 ;;
        --debug) configuration=debug; shift ;;
        *) echo "usage: $0 [--devices N] [--events N,N]" >&2; exit 2 ;;
    esac
done

swift build -c "$configuration" --product sheetlog
swift build -c "$configuration" --product sheetlog-server
bin="$(swift build -c "$configuration" --show-bin-path)"

source Scripts/pg-cluster.sh

echo "PostgreSQL $(psql -d postgres -A -t -c 'SHOW server_version'), fsync $(psql -d postgres -A -t -c 'SHOW fsync'); $devices devices"
mkdir -p "$work/files"

# Device files of `per` events each: 8 distinct workloads, copied (a device's log is its own file).
make_files() {
    local per=$1 dir="$work/files/$1"
    mkdir -p "$dir"
    for variant in 0 1 2 3 4 5 6 7; do
        python3 Scripts/fleet-workload.py "$per" "$variant" | "$bin/sheetlog" --db "$dir/v$variant.sqlite" ingest - >/dev/null
    done
    for ((d = 0; d < devices; d++)); do ln -sf "$dir/v$((d % 8)).sqlite" "$dir/device-$d.sqlite"; done
}

p50() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

for total in ${sizes//,/ }; do
    per=$((total / devices))
    make_files "$per"
    database="fleet_$total"
    psql -d postgres -c "CREATE DATABASE $database"
    url="postgres://sheetlog@127.0.0.1:$port/$database"
    start=$(now)
    # One process for every file, as a bulk load runs (a process per file measured its start-up:
    # 75 ms a device at 100 events each).
    "$bin/sheetlog-server" import --postgres "$url" --device-per-file "$work/files/$per"/device-*.sqlite >/dev/null
    end=$(now)
    events=$(psql -d "$database" -A -t -c "SELECT count(*) FROM events")
    import_rate=$(python3 -c "print(round($events / ($end - $start)))")

    # The ceilings: the same rows \copy'd (psql, one transaction, no chain check, no read models) into
    # (1) a table of events' own schema — its keys, unique constraints and index, which the import
    # must maintain too: the target's baseline — and (2) a flat table with only a primary key.
    psql -d "$database" -c "\copy (SELECT device, position, event_id, stream, version, type, schema_version, payload, metadata, occurred_at, recorded_at, chain, chain_version, received_at FROM events) TO '$work/events.tsv'"
    psql -d "$database" -c "CREATE TABLE copy_events (LIKE events INCLUDING ALL)"
    start=$(now)
    psql -d "$database" -c "\copy copy_events FROM '$work/events.tsv'"
    end=$(now)
    copy_rate=$(python3 -c "print(round($events / ($end - $start)))")
    psql -d "$database" -c "\copy (SELECT device, position, event_id, stream, version, type, schema_version, payload, metadata, occurred_at, recorded_at, encode(chain, 'hex') FROM events) TO '$work/events.csv' CSV"
    psql -d "$database" -c "CREATE TABLE flat_events (device text, position bigint, event_id text, stream text, version bigint, type text, schema_version int, payload text, metadata text, occurred_at bigint, recorded_at bigint, chain text, PRIMARY KEY (device, position))"
    start=$(now)
    psql -d "$database" -c "\copy flat_events FROM '$work/events.csv' CSV"
    end=$(now)
    flat_rate=$(python3 -c "print(round($events / ($end - $start)))")
    psql -d "$database" -c "DROP TABLE copy_events"
    echo "import $total: $events events, $import_rate events/s; COPY into events' schema $copy_rate events/s: ratio $(python3 -c "print(round($import_rate / $copy_rate, 3))") (target ≥ 0.3); COPY into a flat table $flat_rate events/s: ratio $(python3 -c "print(round($import_rate / $flat_rate, 3))")"

    # The fleet audit: newExpense, discarded unsaved data, on 2026-01-01 (UTC), every device (the
    # workload puts as many events in a day at every size).
    since=1767225600000; until=1767312000000
    cat > "$work/fleet.sql" <<SQL
SELECT device, position, session, presentation, route_name, route_group, source, outcome, dirty, changed_fields,
       confirmation, offers_save, resolution, occurred_at, resolved_at
FROM dismissals
WHERE dirty AND resolution = 'discarded' AND route_name = 'newExpense' AND occurred_at >= $since AND occurred_at < $until
ORDER BY device COLLATE "C", position;
SQL
    psql -d "$database" -c "CREATE TABLE flat_dismissals AS SELECT * FROM dismissals" \
        -c "CREATE INDEX flat_by_route ON flat_dismissals (route_name, resolution, occurred_at)" -c "ANALYZE"
    cat > "$work/flat.sql" <<SQL
SELECT * FROM flat_dismissals
WHERE route_name = 'newExpense' AND resolution = 'discarded' AND occurred_at >= $since AND occurred_at < $until;
SQL
    rows=$(psql -d "$database" -A -t -f "$work/fleet.sql" | wc -l)
    for query in fleet flat; do
        rm -f "$work"/pgbench_log.*
        (cd "$work" && "$pg_bin/pgbench" -n -h 127.0.0.1 -p "$port" -U sheetlog -f "$work/$query.sql" -T 5 -l "$database" >/dev/null 2>&1)
        # Column 3 of pgbench's per-transaction log: latency in µs.
        cat "$work"/pgbench_log.* | awk '{ print $3 }' | p50 > "$work/$query.p50"
    done
    fleet_p50=$(cat "$work/fleet.p50"); flat_p50=$(cat "$work/flat.p50")
    echo "fleet audit at $events events ($rows rows): p50 $fleet_p50 µs; flat indexed SELECT p50 $flat_p50 µs; ratio $(python3 -c "print(round($fleet_p50 / $flat_p50, 2))") (target ≤ 3)"
    echo "$events $fleet_p50" >> "$work/growth"
done
if [ "$(wc -l < "$work/growth")" -ge 2 ]; then
    python3 - "$work/growth" <<'PY'
import sys
rows = [line.split() for line in open(sys.argv[1])]
(small, small_p50), (large, large_p50) = rows[0], rows[-1]
print(f"fleet audit growth {small} → {large} events: {int(large_p50) / int(small_p50):.2f} (target ≤ 2)")
PY
fi
