#!/usr/bin/env bash
# Which pages one append writes: the WAL frames of each step of a small scenario, by b-tree, for
# SheetLog (the `sheetlog` binary, one process per command, each its own transaction at FULL) and for
# the raw baseline doing the same events (the schema and INSERT of Sources/CSQLiteBaseline/baseline_db.c,
# one autocommit INSERT per event, run by the sqlite3 shell: the same SQL through the same C API).
#
#   Scripts/wal-pages.sh                      # uses .build/release/sheetlog, else .build/debug/sheetlog
#   Scripts/wal-pages.sh --sheetlog PATH --filler 300
#   Scripts/wal-pages.sh --lines FILE --count 100  # the first lines of an ingest file instead, one per process
#
# How: a sqlite3 connection holds each database open while the steps run, so that no process's
# close checkpoints the WAL; the WAL's size after each step gives the step's frames, each frame header
# its page number, and `dbstat` at the end the b-tree that owns each page (page 1, `sqlite_schema`, is
# also the file header, rewritten when the file grows; `free`: a page on the freelist by then). Needs the
# sqlite3 shell built with dbstat. WAL_PAGES_KEEP=1 keeps the temporary directory.
set -euo pipefail
cd "$(dirname "$0")/.."

sheetlog=""
filler=300
lines_file=""
count=100
while [ $# -gt 0 ]; do
    case "$1" in
        --sheetlog) sheetlog="$2"; shift 2 ;;
        --filler) filler="$2"; shift 2 ;;
        --lines) lines_file="$2"; shift 2 ;;
        --count) count="$2"; shift 2 ;;
        *) echo "usage: $0 [--sheetlog PATH] [--filler N] [--lines FILE [--count N]]" >&2; exit 2 ;;
    esac
done
if [ -z "$sheetlog" ]; then
    for candidate in .build/release/sheetlog .build/debug/sheetlog; do
        if [ -x "$candidate" ]; then sheetlog="$candidate"; break; fi
    done
fi
[ -x "$sheetlog" ] || { echo "no sheetlog binary: build it (swift build --product sheetlog) or pass --sheetlog" >&2; exit 2; }
sheetlog="$(cd "$(dirname "$sheetlog")" && pwd)/$(basename "$sheetlog")"

work="$(mktemp -d "${TMPDIR:-/tmp}/wal-pages.XXXXXX")"
trap '[ -n "${WAL_PAGES_KEEP:-}" ] || rm -rf "$work"' EXIT
ours="$work/sheetlog.sqlite"
base="$work/baseline.sqlite"

# The scenario: label, then one ingest line. Times are explicit and increasing; ids are random UUIDs.
tick=0
at() {
    tick=$((tick + 1))
    printf '2026-01-01T%02d:%02d:%02d.000Z' $((9 + tick / 3600)) $(((tick / 60) % 60)) $((tick % 60))
}
step() { printf '%s\t%s\n' "$1" "$2" >>"$work/steps.tsv"; }
if [ -n "$lines_file" ]; then
    # Each line is a step labelled by its command type (the seed below opens another session).
    head -n "$count" "$lines_file" | while IFS= read -r line; do
        type=$(printf '%s' "$line" | sed -n 's/.*"type":"\([A-Za-z]*\)".*/\1/p')
        step "$type" "$line"
    done
else
    step "present, new session" "{\"session\":\"s1\",\"type\":\"present\",\"presentation\":\"p1\",\"route\":{\"name\":\"newExpense\",\"group\":\"editor\",\"params\":{}},\"baseline\":{},\"required\":[\"amount\"],\"guard\":\"whenDirty\",\"at\":\"$(at)\"}"
    step "first edit (clean to dirty)" "{\"session\":\"s1\",\"type\":\"edit\",\"field\":\"amount\",\"value\":\"47.50\",\"at\":\"$(at)\"}"
    step "second edit" "{\"session\":\"s1\",\"type\":\"edit\",\"field\":\"category\",\"value\":\"Travel\",\"at\":\"$(at)\"}"
    for i in $(seq 1 "$filler"); do
        printf '{"session":"s1","type":"edit","field":"note","value":"n%d","at":"%s"}\n' "$i" "$(at)" >>"$work/filler.jsonl"
    done
    step "filler: $filler edits, one transaction" "@filler"
    for i in 1 2 3; do
        step "edit in a long session" "{\"session\":\"s1\",\"type\":\"edit\",\"field\":\"amount\",\"value\":\"$i.00\",\"at\":\"$(at)\"}"
    done
    step "attemptDismiss swipe, blocked" "{\"session\":\"s1\",\"type\":\"attemptDismiss\",\"source\":\"swipe\",\"at\":\"$(at)\"}"
    step "confirmDiscard" "{\"session\":\"s1\",\"type\":\"confirmDiscard\",\"at\":\"$(at)\"}"
    step "present, existing session" "{\"session\":\"s1\",\"type\":\"present\",\"presentation\":\"p2\",\"route\":{\"name\":\"editItem\",\"params\":{\"itemID\":\"123\"}},\"baseline\":{\"title\":\"Desk lamp\",\"price\":30},\"guard\":\"whenDirty\",\"at\":\"$(at)\"}"
    step "first edit (clean to dirty)" "{\"session\":\"s1\",\"type\":\"edit\",\"field\":\"price\",\"value\":35,\"at\":\"$(at)\"}"
    step "save" "{\"session\":\"s1\",\"type\":\"save\",\"at\":\"$(at)\"}"
    step "present, existing session" "{\"session\":\"s1\",\"type\":\"present\",\"presentation\":\"p3\",\"route\":{\"name\":\"note\"},\"at\":\"$(at)\"}"
    step "attemptDismiss cancelButton, dismissed" "{\"session\":\"s1\",\"type\":\"attemptDismiss\",\"source\":\"cancelButton\",\"at\":\"$(at)\"}"
fi

# A big-endian 32-bit integer of a file, at a byte offset.
u32() { od -A n -t u1 -j "$2" -N 4 "$1" | awk '{ print ($1 * 16777216) + ($2 * 65536) + ($3 * 256) + $4 }'; }

# SheetLog: the database is created by a first command (not measured), then held open.
printf '{"session":"wal-pages-seed","type":"present","presentation":"p0","route":{"name":"note"},"at":"2026-01-01T08:00:00.000Z"}\n' >"$work/seed.jsonl"
"$sheetlog" --db "$ours" ingest "$work/seed.jsonl" >/dev/null
cat >"$work/run-ours.sh" <<EOF
#!/usr/bin/env bash
set -euo pipefail
n=0
while IFS=\$'\t' read -r label line; do
    n=\$((n + 1))
    if [ "\$line" = "@filler" ]; then input="$work/filler.jsonl"; else printf '%s\n' "\$line" >"$work/line.jsonl"; input="$work/line.jsonl"; fi
    "$sheetlog" --db "$ours" ingest "\$input" >/dev/null
    printf '%s\t%s\t%s\n' "\$n" "\$(sqlite3 -readonly "$ours" 'SELECT max(position) FROM events')" "\$label" >>"$work/ours-marks.tsv"
    echo "\$n" >"$work/step"
    "$work/mark.sh" "$ours" >>"$work/ours-frames.txt"
done <"$work/steps.tsv"
EOF
cat >"$work/mark.sh" <<'EOF'
#!/usr/bin/env bash
# The WAL's frame count and its salt (a new salt: the WAL was restarted after a checkpoint).
wal="$1-wal"; size=$(stat -c %s "$wal" 2>/dev/null || echo 0)
[ "$size" -gt 32 ] || { echo "0 none"; exit 0; }
page=$(od -A n -t u1 -j 8 -N 4 "$wal" | awk '{ print ($1 * 16777216) + ($2 * 65536) + ($3 * 256) + $4 }')
echo "$(((size - 32) / (24 + page))) $(od -A n -t x1 -j 16 -N 4 "$wal" | tr -d ' ')"
EOF
chmod +x "$work/run-ours.sh" "$work/mark.sh"
: >"$work/ours-frames.txt"
sqlite3 "$ours" <<EOF >/dev/null
SELECT count(*) FROM events;
.shell "$work/mark.sh" "$ours" >"$work/ours-start.txt"
.shell "$work/run-ours.sh"
.shell cp "$ours-wal" "$work/ours.wal"
.output $work/ours-pages.txt
SELECT pageno, name FROM dbstat;
EOF

if [ "$(cat "$work/ours-marks.tsv" 2>/dev/null | wc -l)" -ne "$(wc -l <"$work/steps.tsv")" ]; then
    echo "sheetlog refused a step (its message is above): nothing counted" >&2
    exit 1
fi

# The baseline: the same events, copied from SheetLog's log, one autocommit INSERT each (the filler
# in one transaction, as above).
{
    echo "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;"
    echo "CREATE TABLE events (position INTEGER PRIMARY KEY AUTOINCREMENT, event_id TEXT NOT NULL UNIQUE, stream TEXT NOT NULL, version INTEGER NOT NULL CHECK (version >= 1), type TEXT NOT NULL, schema_version INTEGER NOT NULL, payload TEXT NOT NULL CHECK (json_valid(payload)), metadata TEXT, occurred_at INTEGER, recorded_at INTEGER NOT NULL, chain BLOB NOT NULL, chain_version INTEGER NOT NULL DEFAULT 1, UNIQUE (stream, version)) STRICT;"
    echo "ATTACH '$ours' AS src;"
    echo "INSERT INTO events (event_id, stream, version, type, schema_version, payload, metadata, occurred_at, recorded_at, chain, chain_version) SELECT event_id, stream, version, type, schema_version, payload, metadata, occurred_at, recorded_at, chain, 2 FROM src.events WHERE stream = 'wal-pages-seed';"
    echo ".shell \"$work/mark.sh\" \"$base\" >\"$work/base-start.txt\""
    previous=1
    while IFS=$'\t' read -r n last label; do
        if [ "$label" = "filler: $filler edits, one transaction" ]; then echo "BEGIN;"; fi
        for position in $(seq $((previous + 1)) "$last"); do
            echo "INSERT INTO events (event_id, stream, version, type, schema_version, payload, metadata, occurred_at, recorded_at, chain, chain_version) SELECT event_id, stream, version, type, schema_version, payload, metadata, occurred_at, recorded_at, chain, 2 FROM src.events WHERE position = $position;"
        done
        if [ "$label" = "filler: $filler edits, one transaction" ]; then echo "COMMIT;"; fi
        echo ".shell \"$work/mark.sh\" \"$base\" >>\"$work/base-frames.txt\""
        previous=$last
    done <"$work/ours-marks.tsv"
    echo ".shell cp \"$base-wal\" \"$work/base.wal\""
    echo ".output $work/base-pages.txt"
    echo "SELECT pageno, name FROM dbstat;"
} >"$work/base.sql"
: >"$work/base-frames.txt"
sqlite3 "$base" <"$work/base.sql" >/dev/null

# One table per side: each step's frames, and the b-trees their pages belong to.
report() {
    local side="$1" wal="$2" start="$3" counts="$4" pages="$5"
    local page_size first=${start% *} salt=${start#* } n=0 total=0 measured=0
    page_size=$(u32 "$wal" 8)
    [ "$salt" != none ] || salt=$(od -A n -t x1 -j 16 -N 4 "$wal" | tr -d ' ')
    printf '\n%s\n' "$side"
    printf '%-40s %6s  %s\n' "step" "frames" "pages by b-tree"
    : >"$work/by-label.tsv"
    while IFS=$'\t' read -r _ _ label && read -r last last_salt <&3; do
        n=$((n + 1))
        if [ "$last_salt" != "$salt" ]; then
            echo "the WAL of $side was restarted at step $n (a checkpoint): use fewer steps (--count, --filler)" >&2
            exit 1
        fi
        local names=""
        for frame in $(seq "$first" $((last - 1))); do
            local pageno name
            pageno=$(u32 "$wal" $((32 + frame * (24 + page_size))))
            name=$(awk -F'|' -v p="$pageno" '$1 == p { print $2; found = 1; exit } END { if (!found) print "free" }' "$pages")
            names+="$name"$'\n'
        done
        local summary
        summary=$(printf '%s' "$names" | sort | uniq -c | awk '{ printf "%s%s %d", (NR > 1 ? ", " : ""), $2, $1 }')
        printf '%-40s %6d  %s\n' "$label" $((last - first)) "$summary"
        case "$label" in
            filler*) ;;
            *) total=$((total + last - first)); measured=$((measured + 1)); printf '%s\t%d\n' "$label" $((last - first)) >>"$work/by-label.tsv" ;;
        esac
        first=$last
    done <"$work/ours-marks.tsv" 3<"$counts"
    awk -v t="$total" -v m="$measured" 'BEGIN { printf "%-40s %6.2f\n", "mean over the steps but the filler", t / m }'
    if [ -n "$lines_file" ]; then
        echo "by command type: steps, mean frames"
        awk -F'\t' '{ n[$1]++; f[$1] += $2 } END { for (t in n) printf "  %-38s %4d %6.2f\n", t, n[t], f[t] / n[t] }' \
            "$work/by-label.tsv" | sort
    fi
}
echo "sheetlog: $sheetlog; SQLite $(sqlite3 --version | cut -d' ' -f1); page size $(u32 "$work/ours.wal" 8) bytes"
report "SheetLog (sheetlog ingest, one process per command, FULL)" "$work/ours.wal" "$(cat "$work/ours-start.txt")" \
    "$work/ours-frames.txt" "$work/ours-pages.txt"
report "baseline (one INSERT per event, autocommit, FULL)" "$work/base.wal" "$(cat "$work/base-start.txt")" \
    "$work/base-frames.txt" "$work/base-pages.txt"
