-- SheetLog migration 0013: retention, a log whose prefix of finished sessions can be pruned.
--
-- `sheetlog prune` (SheetLogDatabase.prune(before:)) removes, in one transaction, the events at or
-- below a cut: a prefix of the log in which every session is whole and finished, recorded before a
-- time, and (when the file pushes to a collector) acknowledged by it. It first writes a base row:
-- what the first kept event's chain links to, what was removed, and the removed `$erasures` events
-- verbatim (they hold no values), so that verify checks the kept log from the base and `erasures`
-- still lists every erased subject.
--
--   SELECT cut_position, removed_events, datetime(pruned_at / 1000, 'unixepoch') FROM log_bases;
--   SELECT count(*) FROM pruned_sessions;
--
-- (IF NOT EXISTS: a file whose migration records were rolled back by hand, as a test of an older
-- file does, takes it again.)
CREATE TABLE IF NOT EXISTS log_bases (
    -- The last position removed: the kept log begins at cut_position + 1.
    cut_position      INTEGER NOT NULL PRIMARY KEY CHECK (cut_position >= 1),
    -- The chain value of the event at the cut, which the first kept event links to.
    chain             BLOB    NOT NULL CHECK (length(chain) = 32),
    -- Events this prune removed, and the store's recorded times of the first and last of them.
    removed_events    INTEGER NOT NULL CHECK (removed_events >= 1),
    first_recorded_at INTEGER NOT NULL,
    last_recorded_at  INTEGER NOT NULL,
    -- When the prune ran, on the store's clock (milliseconds since 1970).
    pruned_at         INTEGER NOT NULL,
    -- The `$erasures` events this prune removed, every column, as a JSON array of objects.
    erasures          TEXT    NOT NULL CHECK (json_valid(erasures) AND json_type(erasures) = 'array')
) STRICT;

-- Every session a prune removed: a command naming one is refused, never stored again.
CREATE TABLE IF NOT EXISTS pruned_sessions (
    session      TEXT    NOT NULL PRIMARY KEY,
    -- The session's version when it was removed.
    last_version INTEGER NOT NULL CHECK (last_version >= 1),
    -- The cut of the prune that removed it (a log_bases row).
    cut_position INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

CREATE TRIGGER IF NOT EXISTS log_bases_refuse_update BEFORE UPDATE ON log_bases
BEGIN
    SELECT RAISE(ABORT, 'log_bases is append-only: a base is never updated');
END;

CREATE TRIGGER IF NOT EXISTS log_bases_refuse_delete BEFORE DELETE ON log_bases
BEGIN
    SELECT RAISE(ABORT, 'log_bases is append-only: a base is never deleted');
END;

CREATE TRIGGER IF NOT EXISTS pruned_sessions_refuse_update BEFORE UPDATE ON pruned_sessions
BEGIN
    SELECT RAISE(ABORT, 'pruned_sessions is append-only: UPDATE is refused');
END;

CREATE TRIGGER IF NOT EXISTS pruned_sessions_refuse_delete BEFORE DELETE ON pruned_sessions
BEGIN
    SELECT RAISE(ABORT, 'pruned_sessions is append-only: DELETE is refused');
END;

-- The log stays append-only, except that a prune deletes the events at or below the latest base's
-- cut (written first, in the same transaction).
DROP TRIGGER events_refuse_delete;

CREATE TRIGGER events_refuse_delete BEFORE DELETE ON events
    WHEN OLD.position > COALESCE((SELECT max(cut_position) FROM log_bases), 0)
BEGIN
    SELECT RAISE(ABORT, 'events are append-only: DELETE from events is refused above the latest base''s cut');
END;

-- Receipts likewise: only those of a session the prune removed.
DROP TRIGGER command_receipts_refuse_delete;

CREATE TRIGGER command_receipts_refuse_delete BEFORE DELETE ON command_receipts
    WHEN NOT EXISTS (SELECT 1 FROM pruned_sessions WHERE session = OLD.stream)
BEGIN
    SELECT RAISE(ABORT, 'command_receipts is append-only: receipts are deleted only with their pruned session');
END;
