-- SheetLog migration 0001: the event log.
--
-- This file is a public, documented interface: the table below can be queried with the
-- sqlite3 shell alone. Shipped migrations are never edited (their SHA-256 is pinned and
-- recorded in the database); a schema change is a new numbered file.
--
-- Applied migrations are recorded by SheetLog in
--   sheetlog_migrations(number, name, sha256, applied_at)
-- A database that records a migration this build does not know is refused.
--
-- Example queries (the payload is JSON text; read fields with json_extract):
--   SELECT position, stream, version, type, json_extract(payload, '$.field') AS field
--     FROM events WHERE type = 'edit' ORDER BY position;
--   SELECT stream, count(*) AS events, max(version) AS version
--     FROM events GROUP BY stream;
--   SELECT datetime(recorded_at / 1000, 'unixepoch') AS recorded, stream, type
--     FROM events ORDER BY position DESC LIMIT 20;

-- One row per event, in the order the events were appended.
CREATE TABLE events (
    -- Global position: 1, 2, 3 ... gap-free, strictly increasing, never reused.
    position       INTEGER PRIMARY KEY AUTOINCREMENT,
    -- Client-chosen id (a UUID by default): a retried append with the same ids stores nothing twice.
    event_id       TEXT    NOT NULL UNIQUE,
    -- The stream the event belongs to (in SheetLog, a session id).
    stream         TEXT    NOT NULL,
    -- 1, 2, 3 ... within the stream; a stream's version is its number of events.
    version        INTEGER NOT NULL CHECK (version >= 1),
    -- The event's type name, e.g. 'present', 'edit', 'attemptDismiss', 'save'.
    type           TEXT    NOT NULL,
    -- Version of the payload's schema for this type.
    schema_version INTEGER NOT NULL,
    -- The payload as JSON text. 1 MiB is a hard ceiling; the configured (smaller) limit is
    -- enforced by SheetLog before anything reaches SQLite.
    payload        TEXT    NOT NULL
                   CHECK (json_valid(payload))
                   CHECK (length(CAST(payload AS BLOB)) <= 1048576),
    -- Optional JSON object: app version, device, user, correlation id.
    metadata       TEXT    CHECK (metadata IS NULL OR json_valid(metadata)),
    -- When the event happened on the app's clock, milliseconds since 1970 (may be NULL).
    occurred_at    INTEGER,
    -- When the store recorded the event, milliseconds since 1970.
    recorded_at    INTEGER NOT NULL,
    -- Integrity chain: SHA-256 over the previous event's chain (32 zero bytes before position 1),
    -- then position, event_id, stream, version, type and payload (integers as 8-byte big-endian,
    -- each text as a 4-byte big-endian length followed by its UTF-8 bytes).
    chain          BLOB    NOT NULL CHECK (length(chain) = 32),
    UNIQUE (stream, version)
) STRICT;

-- Reads of the whole log filtered by type, in position order.
CREATE INDEX events_by_type ON events (type, position);

-- The log is append-only. These triggers refuse every UPDATE and DELETE, from SheetLog or
-- from the sqlite3 shell. (INSERT OR REPLACE is not caught by a trigger; any row changed that
-- way breaks the integrity chain, which `sheetlog verify` reports.)
CREATE TRIGGER events_refuse_update BEFORE UPDATE ON events
BEGIN
    SELECT RAISE(ABORT, 'events are append-only: UPDATE on events is refused');
END;

CREATE TRIGGER events_refuse_delete BEFORE DELETE ON events
BEGIN
    SELECT RAISE(ABORT, 'events are append-only: DELETE from events is refused');
END;
