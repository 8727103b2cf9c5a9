-- SheetLog migration 0014: what each erasure erased, kept when a prune removes what it erased.
--
-- `sheetlog erasures` says of each erasure how many sessions of its subject had begun before it
-- and which sessions it closed, read from the log. A prune removes those sessions' events (and,
-- past the erasure, the erasure's own event, which the base carries): before it deletes anything
-- it writes here what each erasure still in the log counts, so that the list answers after the
-- prune as it did before.
--
--   SELECT event_id, sessions, closed_sessions FROM erasure_counts;
CREATE TABLE erasure_counts (
    -- The eraseSubject event (`$erasures`), kept or carried in a base.
    event_id        TEXT    NOT NULL PRIMARY KEY,
    -- The subject's sessions begun before the erasure.
    sessions        INTEGER NOT NULL CHECK (sessions >= 0),
    -- The sessions the erasure closed, in log order: a JSON array of session ids.
    closed_sessions TEXT    NOT NULL CHECK (json_valid(closed_sessions) AND json_type(closed_sessions) = 'array')
) STRICT, WITHOUT ROWID;

CREATE TRIGGER erasure_counts_refuse_update BEFORE UPDATE ON erasure_counts
BEGIN
    SELECT RAISE(ABORT, 'erasure_counts is append-only: what an erasure erased is never changed');
END;

CREATE TRIGGER erasure_counts_refuse_delete BEFORE DELETE ON erasure_counts
BEGIN
    SELECT RAISE(ABORT, 'erasure_counts is append-only: what an erasure erased is never forgotten');
END;
