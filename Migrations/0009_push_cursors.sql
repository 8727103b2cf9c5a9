-- SheetLog migration 0009: how far each collector acknowledged this file's log.
--
-- `sheetlog push` (and SheetLogDatabase.push) send the log's events to a collector in batches and
-- move the cursor only after the collector answered 200 with the position it stores through and
-- that event's chain, and only when that chain is the one this file holds at that position: a
-- cursor never points past what the collector confirmed it holds, byte for byte. A process killed
-- at any moment resumes from the cursor, sending at most one batch again (which the collector
-- answers as stored, adding nothing).
--
-- One row per collector (its URL, without credentials) and device id this file is pushed as. The
-- row is updated in place, only forward; the log itself is untouched.
--
--   SELECT collector, device, acknowledged_through, datetime(acknowledged_at / 1000, 'unixepoch')
--     FROM push_cursors;
CREATE TABLE push_cursors (
    collector            TEXT    NOT NULL CHECK (length(collector) > 0),
    device               TEXT    NOT NULL CHECK (length(device) > 0),
    -- The last position the collector acknowledged storing.
    acknowledged_through INTEGER NOT NULL CHECK (acknowledged_through >= 1),
    -- That event's chain, as the collector returned it (32 bytes).
    chain                BLOB    NOT NULL CHECK (length(chain) = 32),
    -- When the acknowledgement arrived, milliseconds since 1970 (the pusher's clock).
    acknowledged_at      INTEGER NOT NULL,
    PRIMARY KEY (collector, device)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER push_cursors_only_forward BEFORE UPDATE OF acknowledged_through ON push_cursors
    WHEN NEW.acknowledged_through < OLD.acknowledged_through
BEGIN
    SELECT RAISE(ABORT, 'push_cursors moves only forward: a collector never un-stores events');
END;
