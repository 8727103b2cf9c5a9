# Sourced by the PostgreSQL benchmarks: a throwaway cluster in a temporary directory (initdb, default
# durability: fsync on), stopped and removed on exit. Sets $work, $port, $pg_bin; defines psql and now.
pg_bin=""
for candidate in "$(dirname "$(readlink -f "$(command -v initdb 2>/dev/null || echo /nonexistent)")")" /usr/lib/postgresql/*/bin; do
    if [ -x "$candidate/pg_ctl" ] && [ -x "$candidate/pgbench" ]; then pg_bin="$candidate"; break; fi
done
[ -n "$pg_bin" ] || { echo "$(basename "$0"): initdb, pg_ctl and pgbench not found: apt-get install postgresql" >&2; exit 1; }

work="$(mktemp -d "${TMPDIR:-/tmp}/sheetlog-bench-pg.XXXXXX")"
run_as=()
if [ "$(id -u)" = 0 ]; then
    chown postgres "$work"
    run_as=(runuser -u postgres --)
fi
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
stop_cluster() {
    "${run_as[@]}" "$pg_bin/pg_ctl" -D "$work/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$work"
}
trap stop_cluster EXIT
"${run_as[@]}" "$pg_bin/initdb" -D "$work/data" -A trust -U sheetlog -E UTF8 --locale C >/dev/null
"${run_as[@]}" "$pg_bin/pg_ctl" -D "$work/data" -l "$work/server.log" -w \
    -o "-p $port -k $work -c listen_addresses=127.0.0.1 -c max_connections=${max_connections:-50}" start >/dev/null
psql() { "$pg_bin/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U sheetlog "$@"; }
now() { python3 -c 'import time; print(time.monotonic())'; }
