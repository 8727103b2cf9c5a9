#!/usr/bin/env python3
"""The load of Scripts/bench-collector.sh: DEVICES devices push their logs to a collector at once, each
on a thread and a keep-alive connection of its own, batch after batch, as `sheetlog push` sends them
(the push protocol's JSON Lines, docs/fleet.md).

A load generator that waits for its replies without burning a core: FoundationNetworking's URLSession
(curl 7.88, this toolchain) polls while it waits, a core's worth per waiting session, so 100 `sheetlog
push` processes on the collector's own 2 cores would measure the clients. The batches are encoded
before the clock starts; the figures are the collector's.

usage: push-load.py URL FILES_DIR DEVICES BATCH
FILES_DIR holds device-N.sqlite and device-N.token for N in 0..DEVICES-1. Prints one JSON object.
"""
import http.client
import json
import sqlite3
import sys
import threading
import time
import urllib.parse

url, files, devices, batch = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
target = urllib.parse.urlsplit(url)


def encode(row):
    position, event_id, stream, version, type_, schema_version, payload, metadata, occurred_at, recorded_at, chain, chain_version = row
    fields = [
        ("position", position), ("eventId", event_id), ("stream", stream), ("version", version), ("type", type_),
        ("schemaVersion", schema_version), ("payload", payload), ("metadata", metadata), ("occurredAt", occurred_at),
        ("recordedAt", recorded_at), ("chain", bytes(chain).hex()), ("chainVersion", chain_version),
    ]
    return "{" + ",".join(json.dumps(key) + ":" + json.dumps(value, ensure_ascii=False) for key, value in fields) + "}\n"


plans = []
for device in range(devices):
    db = sqlite3.connect(f"file:{files}/device-{device}.sqlite?mode=ro", uri=True)
    rows = db.execute(
        "SELECT position, event_id, stream, version, type, schema_version, payload, metadata, occurred_at, recorded_at, chain, chain_version "
        "FROM events ORDER BY position").fetchall()
    db.close()
    token = open(f"{files}/device-{device}.token").read().split()[0]
    bodies = ["".join(encode(row) for row in rows[start:start + batch]).encode() for start in range(0, len(rows), batch)]
    plans.append((f"device-{device}", token, bodies, [len(rows[start:start + batch]) for start in range(0, len(rows), batch)]))

latencies, failures, lock = [], [], threading.Lock()
start_gate = threading.Barrier(devices + 1)


def push(device, token, bodies, sizes):
    connection = http.client.HTTPConnection(target.hostname, target.port, timeout=120)
    start_gate.wait()
    for body, size in zip(bodies, sizes):
        began = time.monotonic()
        connection.request("POST", f"/v1/devices/{device}/events", body=body,
                           headers={"Authorization": f"Bearer {token}", "Content-Type": "application/x-ndjson"})
        response = connection.getresponse()
        reply = response.read()
        elapsed = (time.monotonic() - began) * 1000
        with lock:
            if response.status != 200:
                failures.append(f"{device}: HTTP {response.status} {reply[:200]!r}")
                return
            latencies.append((size, elapsed))
    connection.close()


threads = [threading.Thread(target=push, args=plan) for plan in plans]
for thread in threads:
    thread.start()
start_gate.wait()
began = time.monotonic()
for thread in threads:
    thread.join()
elapsed = time.monotonic() - began
if failures:
    print(json.dumps({"failures": failures[:5]}))
    sys.exit(1)
events = sum(size for size, _ in latencies)
full = sorted(ms for size, ms in latencies if size == batch)
pick = lambda q: round(full[min(len(full) - 1, int(q * len(full)))], 1) if full else None
print(json.dumps({"events": events, "seconds": round(elapsed, 3), "eventsPerSecond": round(events / elapsed),
                  "batches": len(latencies), "fullBatches": len(full), "p50ms": pick(0.5), "p99ms": pick(0.99)}))
