-- 0005: command receipts.
--
-- Why: a command recorded under an id of its own that appends no event (an edit to the value the
-- field already holds) left no trace of its id. Resending it later (a file ingested again, or its
-- tail after a crash) decided it anew against a newer state and could append it out of order: edit
-- 10, edit 10, edit 99, then the same three lines again, left 10. A receipt records that the id was
-- decided, in which session and at which version, so a resend is recognised and changes nothing.
--
-- `fingerprint` is the SHA-256 (hex) of the command's content (session, command, fields), never the
-- content itself: a command's fields can hold form values, which never enter this table in clear.
-- Receipts are written in the same transaction as the batch that decided them. Like the log, they
-- are never changed or deleted.
CREATE TABLE command_receipts (
    command_id  TEXT    NOT NULL PRIMARY KEY,
    stream      TEXT    NOT NULL,
    version     INTEGER NOT NULL CHECK (version >= 0),
    command     TEXT    NOT NULL,
    fingerprint TEXT    NOT NULL CHECK (length(fingerprint) = 64),
    occurred_at INTEGER NOT NULL,
    recorded_at INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

CREATE TRIGGER command_receipts_refuse_update BEFORE UPDATE ON command_receipts
BEGIN
    SELECT RAISE(ABORT, 'command_receipts is append-only: receipts are never updated');
END;

CREATE TRIGGER command_receipts_refuse_delete BEFORE DELETE ON command_receipts
BEGIN
    SELECT RAISE(ABORT, 'command_receipts is append-only: receipts are never deleted');
END;
