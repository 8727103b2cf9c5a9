-- SheetLog migration 0010: sealed databases — form values sealed per subject, erasable by key.
--
-- In a sealed database every form value (a present's baseline and values, an edit's value, a
-- save's values; the projections' copies of them) is sealed with AES-256-GCM under the data key of
-- the session's subject (the person whose data it is), bound to its place (event id, stream,
-- version, field). Those events have payload schema 2 and name their subject in clear:
--   SELECT json_extract(payload, '$.subject') AS subject, count(*) FROM events GROUP BY 1;
-- Ids, types, field names, routes, outcomes and times stay in clear: the audit needs them.
--
-- `sealing` holds one row in a sealed database and none in a plain one. The master key that wraps
-- the data keys never enters the file; `key_check` (an HMAC of a fixed label under it) tells a
-- wrong key apart before anything is written, and reveals nothing of the key.
CREATE TABLE sealing (
    id              INTEGER NOT NULL PRIMARY KEY CHECK (id = 1),
    key_check       TEXT    NOT NULL CHECK (length(key_check) = 16),
    -- The subject of a session whose first command names none.
    default_subject TEXT    NOT NULL CHECK (length(default_subject) > 0),
    created_at      INTEGER NOT NULL
) STRICT;

-- One row per subject: its data key wrapped by the master key (AES-GCM, nonce ‖ ciphertext ‖ tag,
-- bound to the subject), written in the transaction of the subject's first event. Erasing a
-- subject sets `wrapped_key` to NULL (with secure_delete on, then a WAL checkpoint) and keeps the
-- row, so that its sessions read as erased rather than as unknown.
CREATE TABLE subject_keys (
    subject     TEXT    NOT NULL PRIMARY KEY CHECK (length(subject) > 0),
    wrapped_key BLOB    CHECK (wrapped_key IS NULL OR length(wrapped_key) = 60),
    created_at  INTEGER NOT NULL,
    erased_at   INTEGER,
    CHECK ((wrapped_key IS NULL) = (erased_at IS NOT NULL))
) STRICT, WITHOUT ROWID;
