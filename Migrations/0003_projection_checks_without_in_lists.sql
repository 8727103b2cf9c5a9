-- 0003: the projection tables of 0002 again, with every `column IN ('a', 'b', 'c')` CHECK written as
-- `column = 'a' OR column = 'b' OR column = 'c'`: the same rule, the same rows, the same NULL handling.
--
-- Why: SQLite evaluates a CHECK's IN list of three or more values by building an ephemeral b-tree of
-- the list every time the statement runs (EXPLAIN shows OP_OpenEphemeral). The presentation upsert
-- built six of them per row, the dismissal insert three, the resolution update one: about 120 µs of
-- an append's CPU went to them (measured: 125 µs against 6.5 µs per presentation upsert, SQLite 3.40).
--
-- The tables are rebuilt the way SQLite documents for a schema change it cannot ALTER: views
-- first dropped, new table, rows copied, old table dropped, new one renamed, indexes and views
-- created again with the texts of 0002.

DROP VIEW recoverable_drafts;
DROP VIEW audit_dismissals;

CREATE TABLE presentations_0003 (
    session                     TEXT    NOT NULL,
    presentation                TEXT    NOT NULL,
    route_name                  TEXT    NOT NULL,
    route_group                 TEXT    NOT NULL,
    route_params                TEXT    NOT NULL CHECK (json_valid(route_params)),  -- JSON object of strings
    guard                       TEXT    NOT NULL CHECK (guard = 'whenDirty' OR guard = 'always' OR guard = 'never'),
    required_fields             TEXT    NOT NULL CHECK (json_valid(required_fields)), -- JSON array of names
    baseline                    TEXT    NOT NULL CHECK (json_valid(baseline)),      -- JSON object: values when presented
    draft_values                TEXT    NOT NULL CHECK (json_valid(draft_values)),  -- JSON object: the current draft
    dirty                       INTEGER NOT NULL CHECK (dirty = 0 OR dirty = 1),
    changed_fields              TEXT    NOT NULL CHECK (json_valid(changed_fields)), -- JSON array of names, sorted
    status                      TEXT    NOT NULL CHECK (status = 'open' OR status = 'saved' OR status = 'discarded' OR status = 'dismissed' OR status = 'abandoned' OR status = 'restored' OR status = 'declined'),
    stack_index                 INTEGER,           -- 0 = bottom, while on screen; NULL once closed
    pending_source              TEXT CHECK (pending_source = 'swipe' OR pending_source = 'cancelButton' OR pending_source = 'programmatic'), -- discard alert up
    pending_offers_save         INTEGER CHECK (pending_offers_save = 0 OR pending_offers_save = 1),
    restored_from_session       TEXT,
    restored_from_presentation  TEXT,
    opened_at                   INTEGER,
    closed_at                   INTEGER,
    last_edit_at                INTEGER,
    last_save_failure_at        INTEGER,           -- the app's repository last failed to save it; NULL after a save
    opened_position             INTEGER NOT NULL,
    last_position               INTEGER NOT NULL,
    PRIMARY KEY (session, presentation)
) STRICT;

INSERT INTO presentations_0003 SELECT * FROM presentations;
DROP TABLE presentations;
ALTER TABLE presentations_0003 RENAME TO presentations;
CREATE INDEX presentations_recoverable ON presentations (status, dirty);

CREATE TABLE dismissals_0003 (
    position            INTEGER NOT NULL PRIMARY KEY,  -- the attemptDismiss event's position
    session             TEXT    NOT NULL,
    presentation        TEXT    NOT NULL,
    route_name          TEXT    NOT NULL,
    route_group         TEXT    NOT NULL,
    source              TEXT    NOT NULL CHECK (source = 'swipe' OR source = 'cancelButton' OR source = 'programmatic'),
    outcome             TEXT    NOT NULL CHECK (outcome = 'dismissed' OR outcome = 'blocked' OR outcome = 'forced'),
    dirty               INTEGER NOT NULL CHECK (dirty = 0 OR dirty = 1),
    changed_fields      TEXT    NOT NULL CHECK (json_valid(changed_fields)),  -- names only, never values
    confirmation        INTEGER NOT NULL CHECK (confirmation = 0 OR confirmation = 1),     -- the discard alert was raised
    offers_save         INTEGER NOT NULL CHECK (offers_save = 0 OR offers_save = 1),
    occurred_at         INTEGER,
    resolution          TEXT CHECK (resolution = 'discarded' OR resolution = 'keptEditing' OR resolution = 'saved' OR resolution = 'saveFailed'),
    resolved_at         INTEGER,
    resolved_position   INTEGER
) STRICT;

INSERT INTO dismissals_0003 SELECT * FROM dismissals;
DROP TABLE dismissals;
ALTER TABLE dismissals_0003 RENAME TO dismissals;
CREATE INDEX dismissals_route_resolution_time ON dismissals (route_name, resolution, occurred_at);
CREATE INDEX dismissals_session ON dismissals (session, position);
CREATE INDEX dismissals_time ON dismissals (occurred_at);

-- Drafts that would be lost without recovery: dirty, neither saved nor discarded nor already
-- restored or declined. reason 'open': still on screen when the log stopped; 'abandoned': it
-- left the screen dirty (forced by code, or dismissed under a 'never' guard).
CREATE VIEW recoverable_drafts AS
SELECT
    session, presentation, route_name, route_group, route_params,
    baseline, draft_values, changed_fields,
    CASE status WHEN 'open' THEN 'open' ELSE 'abandoned' END AS reason,
    last_edit_at, opened_at, closed_at, last_position
FROM presentations
WHERE dirty = 1 AND status IN ('open', 'abandoned');

-- The dismissal audit trail with readable times (UTC, ISO-8601).
CREATE VIEW audit_dismissals AS
SELECT
    position, session, presentation, route_name AS route, route_group, source, outcome,
    dirty, changed_fields, confirmation, offers_save, resolution,
    occurred_at,
    strftime('%Y-%m-%dT%H:%M:%fZ', occurred_at / 1000.0, 'unixepoch') AS at,
    resolved_at
FROM dismissals;
