#!/usr/bin/env python3
"""Writes one device's workload as ingest lines (docs/ingest-format.md) on stdout, for
Scripts/bench-postgres.sh: sessions of newExpense, editItem and note sheets, edited, swiped at, then
discarded, kept and saved, or saved, spread from 2026-01-01 at about 70 events a day.

usage: fleet-workload.py EVENTS SEED
Each session appends 4 to 7 events; the output stops at the first session boundary at or after EVENTS.
"""
import json
import random
import sys

events_wanted, seed = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
start_ms = 1_767_225_600_000  # 2026-01-01T00:00:00Z
# A day holds about as many events whatever EVENTS is (70 a device, 14 days at 1,000): a fleet ten
# times larger covers ten times the days, so one day's audit selects as many rows at every size and
# the benchmark's growth measures the query, not a result ten times larger.
span_ms = max(1, int(events_wanted / 70 * 24 * 3600 * 1000))
routes = [("newExpense", "amount"), ("editItem", "price"), ("note", "body")]

def stamp(ms):
    seconds, millis = divmod(ms, 1000)
    import datetime
    moment = datetime.datetime.fromtimestamp(seconds, datetime.timezone.utc)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{millis:03d}Z"

out = sys.stdout
written = 0
session_number = 0
# Sessions start at random moments, in order.
moments = sorted(rng.randrange(span_ms) for _ in range(events_wanted // 4 + 1))
for moment in moments:
    if written >= events_wanted:
        break
    session_number += 1
    session = f"s{session_number}"
    route, field = rng.choice(routes)
    at = start_ms + moment

    def line(command):
        global at, written
        command["session"] = session
        command["at"] = stamp(at)
        at += rng.randrange(500, 20_000)
        out.write(json.dumps(command, separators=(",", ":")) + "\n")
        written += 1

    line({"type": "present", "presentation": "p", "route": {"name": route}, "baseline": {field: 0}, "guard": "whenDirty"})
    for number in range(rng.randrange(1, 3)):
        line({"type": "edit", "field": field, "value": rng.randrange(1, 10_000)})
    line({"type": "attemptDismiss", "source": "swipe"})
    ending = rng.random()
    if ending < 0.35:
        line({"type": "confirmDiscard"})
    elif ending < 0.8:
        line({"type": "keepEditing"})
        line({"type": "save", "values": {field: rng.randrange(1, 10_000)}})
    else:
        line({"type": "keepEditing"})
