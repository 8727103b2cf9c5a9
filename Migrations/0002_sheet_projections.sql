-- 0002: the sheet read models (projections), kept in the append's transaction.
--
-- These tables and views are a public, documented interface: a person with the sqlite3 shell can
-- query them. They are derived data: `sheetlog rebuild` drops their rows and refills them from
-- `events`, and `sheetlog verify` checks that they equal such a rebuild.
-- Times are milliseconds since 1970 on the app's clock (events.occurred_at). Events of a type
-- SheetLog does not know (written by something else) are skipped: they change no row.
--
-- Example queries:
--   SELECT session, presentation, route_name, reason, changed_fields FROM recoverable_drafts;
--   SELECT at, session, route, source, outcome, resolution FROM audit_dismissals ORDER BY position;
--   SELECT route_name, count(*) FROM dismissals WHERE resolution = 'discarded' GROUP BY route_name;

-- One row per session (stream).
CREATE TABLE sessions (
    session         TEXT    NOT NULL PRIMARY KEY,
    version         INTEGER NOT NULL,              -- stream version of the last sheet event folded
    status          TEXT    NOT NULL CHECK (status IN ('active', 'ended')),
    stack           TEXT    NOT NULL CHECK (json_valid(stack)),  -- JSON array of presentation ids, bottom to top
    started_at      INTEGER,
    last_event_at   INTEGER,
    ended_at        INTEGER,
    first_position  INTEGER NOT NULL,
    last_position   INTEGER NOT NULL
) STRICT;

-- One row per presentation of a session, open or closed.
CREATE TABLE presentations (
    session                     TEXT    NOT NULL,
    presentation                TEXT    NOT NULL,
    route_name                  TEXT    NOT NULL,
    route_group                 TEXT    NOT NULL,
    route_params                TEXT    NOT NULL CHECK (json_valid(route_params)),  -- JSON object of strings
    guard                       TEXT    NOT NULL CHECK (guard IN ('whenDirty', 'always', 'never')),
    required_fields             TEXT    NOT NULL CHECK (json_valid(required_fields)), -- JSON array of names
    baseline                    TEXT    NOT NULL CHECK (json_valid(baseline)),      -- JSON object: values when presented
    draft_values                TEXT    NOT NULL CHECK (json_valid(draft_values)),  -- JSON object: the current draft
    dirty                       INTEGER NOT NULL CHECK (dirty IN (0, 1)),
    changed_fields              TEXT    NOT NULL CHECK (json_valid(changed_fields)), -- JSON array of names, sorted
    status                      TEXT    NOT NULL CHECK (status IN
                                    ('open', 'saved', 'discarded', 'dismissed', 'abandoned', 'restored', 'declined')),
    stack_index                 INTEGER,           -- 0 = bottom, while on screen; NULL once closed
    pending_source              TEXT CHECK (pending_source IN ('swipe', 'cancelButton', 'programmatic')), -- discard alert up
    pending_offers_save         INTEGER CHECK (pending_offers_save IN (0, 1)),
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

CREATE INDEX presentations_recoverable ON presentations (status, dirty);

-- One row per attemptDismiss event (of a presentation the session knows).
-- resolution: how the discard alert this attempt raised went away — 'discarded' (Discard Changes),
-- 'keptEditing' (Keep Editing), 'saved' (Save), 'saveFailed' (Save, and the app's repository failed:
-- the sheet stays with its draft). NULL while the alert is up, when no alert was raised, or when the
-- draft left the alert unanswered (restored or declined after the app died).
CREATE TABLE dismissals (
    position            INTEGER NOT NULL PRIMARY KEY,  -- the attemptDismiss event's position
    session             TEXT    NOT NULL,
    presentation        TEXT    NOT NULL,
    route_name          TEXT    NOT NULL,
    route_group         TEXT    NOT NULL,
    source              TEXT    NOT NULL CHECK (source IN ('swipe', 'cancelButton', 'programmatic')),
    outcome             TEXT    NOT NULL CHECK (outcome IN ('dismissed', 'blocked', 'forced')),
    dirty               INTEGER NOT NULL CHECK (dirty IN (0, 1)),
    changed_fields      TEXT    NOT NULL CHECK (json_valid(changed_fields)),  -- names only, never values
    confirmation        INTEGER NOT NULL CHECK (confirmation IN (0, 1)),     -- the discard alert was raised
    offers_save         INTEGER NOT NULL CHECK (offers_save IN (0, 1)),
    occurred_at         INTEGER,
    resolution          TEXT CHECK (resolution IN ('discarded', 'keptEditing', 'saved', 'saveFailed')),
    resolved_at         INTEGER,
    resolved_position   INTEGER
) STRICT;

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
