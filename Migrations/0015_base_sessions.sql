-- SheetLog migration 0015: the state a prune carries across its cut.
--
-- A session that began before a prune's cut but is not finished (a sheet on its stack, a draft
-- recover offers, a pending confirmation, or events past the cut) need not hold the cut: a prune may
-- remove its events at or below the cut and write here its state at its last removed version, so
-- that a fold goes on from it exactly as if the removed events were still there. Only the latest
-- base's carried sessions are kept: a prune replaces the rows of the sessions it carries again and
-- deletes those of the sessions it now removes whole (into pruned_sessions).
--
--   SELECT session, version, cut_position FROM base_sessions;
CREATE TABLE IF NOT EXISTS base_sessions (
    session      TEXT    NOT NULL PRIMARY KEY,
    -- The cut of the prune that carried it (a log_bases row).
    cut_position INTEGER NOT NULL CHECK (cut_position >= 1),
    -- The session's last removed version: its kept events continue from version + 1.
    version      INTEGER NOT NULL CHECK (version >= 1),
    -- The session's state at that version; in a sealed log every value in it is sealed with the
    -- session subject's data key.
    snapshot     TEXT    NOT NULL CHECK (json_valid(snapshot) AND json_type(snapshot) = 'object')
) STRICT, WITHOUT ROWID;

CREATE TRIGGER IF NOT EXISTS base_sessions_refuse_update BEFORE UPDATE ON base_sessions
BEGIN
    SELECT RAISE(ABORT, 'base_sessions is append-only: a carried state is never updated');
END;

-- A prune writes its log_bases row first, then may delete the rows an earlier base carried.
CREATE TRIGGER IF NOT EXISTS base_sessions_refuse_delete BEFORE DELETE ON base_sessions
    WHEN OLD.cut_position >= COALESCE((SELECT max(cut_position) FROM log_bases), 0)
BEGIN
    SELECT RAISE(ABORT, 'base_sessions is append-only: only the rows of an earlier base are deleted, by a prune');
END;

-- Rows are written only for the latest base, by the prune that writes it.
CREATE TRIGGER IF NOT EXISTS base_sessions_refuse_stale_insert BEFORE INSERT ON base_sessions
    WHEN NEW.cut_position <> COALESCE((SELECT max(cut_position) FROM log_bases), 0)
BEGIN
    SELECT RAISE(ABORT, 'base_sessions rows are written only for the latest base''s cut, by the prune that writes it');
END;
