-- SheetLog fleet migration 0001: every device's event log, its command receipts and the sheet read
-- models, in one PostgreSQL database.
--
-- This file is a public, documented interface (docs/schema.md, "PostgreSQL"): the tables and views
-- below can be queried with psql alone. Shipped migrations are never edited (their SHA-256 is pinned
-- and recorded in sheetlog_migrations); a schema change is a new numbered file in Migrations/postgres/.
--
-- Example queries:
--   SELECT device, count(*) AS events, max(position) AS last_position FROM events GROUP BY device;
--   SELECT device, session, presentation, route, outcome, at FROM audit_dismissals
--    WHERE route = 'newExpense' AND resolution = 'discarded'
--      AND occurred_at >= 1763856000000 AND occurred_at < 1763942400000 ORDER BY device, position;

-- One row per event of every device, as the device's SQLite log holds it, plus where the fleet put it.
CREATE TABLE events (
    -- The device (one app install) the log came from.
    device          text    NOT NULL CHECK (device <> ''),
    -- The device's own position: 1, 2, 3 ... gap-free per device, as in its SQLite log.
    position        bigint  NOT NULL CHECK (position >= 1),
    -- Client-chosen id: a retried append or import with the same ids stores nothing twice.
    event_id        text    NOT NULL,
    -- The stream (in SheetLog, a session id) and the version within it: 1, 2, 3 ...
    stream          text    NOT NULL,
    version         bigint  NOT NULL CHECK (version >= 1),
    type            text    NOT NULL,
    schema_version  integer NOT NULL,
    -- The payload's exact stored text: the chain covers its bytes, so it is kept as text (not jsonb,
    -- which would normalise it). Query it with payload::jsonb.
    payload         text    NOT NULL CHECK (octet_length(payload) <= 1048576),
    metadata        text,
    -- Milliseconds since 1970: the app's clock (may be NULL) and the device store's.
    occurred_at     bigint,
    recorded_at     bigint  NOT NULL,
    -- The device's integrity chain (SHA-256, see docs/schema.md) and the rule it was computed under.
    chain           bytea   NOT NULL CHECK (octet_length(chain) = 32),
    chain_version   integer NOT NULL CHECK (chain_version >= 1),
    -- When the fleet store received the event, milliseconds since 1970 (PostgreSQL's clock).
    received_at     bigint  NOT NULL DEFAULT (floor(extract(epoch FROM clock_timestamp()) * 1000))::bigint,
    -- The fleet-wide order for consumers: 1, 2, 3 ... gap-free across devices, and committed in this
    -- order (every append takes the transaction-scoped advisory lock 0x53484C4741505044 first and numbers
    -- its rows after the highest committed one), so a reader that saw n has already seen 1 ... n-1.
    fleet_position  bigint  NOT NULL UNIQUE CHECK (fleet_position >= 1),
    PRIMARY KEY (device, position),
    UNIQUE (device, event_id),
    UNIQUE (device, stream, version)
);

-- Reads of one device's log filtered by type.
CREATE INDEX events_by_type ON events (device, type, position);

-- Command receipts: a command decided under an id of its own that appended nothing, per device.
CREATE TABLE command_receipts (
    device      text    NOT NULL CHECK (device <> ''),
    command_id  text    NOT NULL,
    stream      text    NOT NULL,
    version     bigint  NOT NULL CHECK (version >= 0),
    command     text    NOT NULL,
    fingerprint text    NOT NULL CHECK (length(fingerprint) = 64),
    occurred_at bigint  NOT NULL,
    recorded_at bigint  NOT NULL,
    PRIMARY KEY (device, command_id)
);

-- The log and the receipts are append-only: UPDATE, DELETE and TRUNCATE are refused, from SheetLog
-- or from psql.
CREATE FUNCTION sheetlog_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION '% is append-only: % is refused', TG_TABLE_NAME, TG_OP
        USING ERRCODE = 'restrict_violation';
END;
$$;

CREATE TRIGGER events_refuse_update BEFORE UPDATE OR DELETE ON events
    FOR EACH ROW EXECUTE FUNCTION sheetlog_refuse_change();
CREATE TRIGGER events_refuse_truncate BEFORE TRUNCATE ON events
    FOR EACH STATEMENT EXECUTE FUNCTION sheetlog_refuse_change();
CREATE TRIGGER command_receipts_refuse_update BEFORE UPDATE OR DELETE ON command_receipts
    FOR EACH ROW EXECUTE FUNCTION sheetlog_refuse_change();
CREATE TRIGGER command_receipts_refuse_truncate BEFORE TRUNCATE ON command_receipts
    FOR EACH STATEMENT EXECUTE FUNCTION sheetlog_refuse_change();

-- The sheet read models, as Migrations/0002 and 0003 define them for SQLite, with the device first.
-- Their rows are decided by SheetLogProjections (the same code as on a device) and written in the
-- events' transaction.
CREATE TABLE sessions (
    device          text    NOT NULL,
    session         text    NOT NULL,
    version         bigint  NOT NULL,
    status          text    NOT NULL CHECK (status = 'active' OR status = 'ended'),
    stack           text    NOT NULL,   -- JSON array of presentation ids, bottom to top
    started_at      bigint,
    last_event_at   bigint,
    ended_at        bigint,
    first_position  bigint  NOT NULL,
    last_position   bigint  NOT NULL,
    PRIMARY KEY (device, session)
);

CREATE TABLE presentations (
    device                      text    NOT NULL,
    session                     text    NOT NULL,
    presentation                text    NOT NULL,
    route_name                  text    NOT NULL,
    route_group                 text    NOT NULL,
    route_params                text    NOT NULL,   -- JSON object of strings
    guard                       text    NOT NULL CHECK (guard = 'whenDirty' OR guard = 'always' OR guard = 'never'),
    required_fields             text    NOT NULL,   -- JSON array of names
    baseline                    text    NOT NULL,   -- JSON object: values when presented
    draft_values                text    NOT NULL,   -- JSON object: the current draft
    dirty                       boolean NOT NULL,
    changed_fields              text    NOT NULL,   -- JSON array of names, sorted
    status                      text    NOT NULL CHECK (status = 'open' OR status = 'saved' OR status = 'discarded'
                                    OR status = 'dismissed' OR status = 'abandoned' OR status = 'restored' OR status = 'declined'),
    stack_index                 bigint,             -- 0 = bottom, while on screen; NULL once closed
    pending_source              text CHECK (pending_source = 'swipe' OR pending_source = 'cancelButton' OR pending_source = 'programmatic'),
    pending_offers_save         boolean,
    restored_from_session       text,
    restored_from_presentation  text,
    opened_at                   bigint,
    closed_at                   bigint,
    last_edit_at                bigint,
    last_save_failure_at        bigint,
    opened_position             bigint  NOT NULL,
    last_position               bigint  NOT NULL,
    PRIMARY KEY (device, session, presentation)
);

CREATE INDEX presentations_recoverable ON presentations (status, dirty);

CREATE TABLE dismissals (
    device              text    NOT NULL,
    position            bigint  NOT NULL,   -- the attemptDismiss event's position on its device
    session             text    NOT NULL,
    presentation        text    NOT NULL,
    route_name          text    NOT NULL,
    route_group         text    NOT NULL,
    source              text    NOT NULL CHECK (source = 'swipe' OR source = 'cancelButton' OR source = 'programmatic'),
    outcome             text    NOT NULL CHECK (outcome = 'dismissed' OR outcome = 'blocked' OR outcome = 'forced'),
    dirty               boolean NOT NULL,
    changed_fields      text    NOT NULL,   -- names only, never values
    confirmation        boolean NOT NULL,
    offers_save         boolean NOT NULL,
    occurred_at         bigint,
    resolution          text CHECK (resolution = 'discarded' OR resolution = 'keptEditing' OR resolution = 'saved' OR resolution = 'saveFailed'),
    resolved_at         bigint,
    resolved_position   bigint,
    PRIMARY KEY (device, position)
);

-- The fleet audit: one route, one resolution, a time range, across every device.
CREATE INDEX dismissals_route_resolution_time ON dismissals (route_name, resolution, occurred_at);
CREATE INDEX dismissals_session ON dismissals (device, session, position);
CREATE INDEX dismissals_time ON dismissals (occurred_at);

CREATE VIEW recoverable_drafts AS
SELECT
    device, session, presentation, route_name, route_group, route_params,
    baseline, draft_values, changed_fields,
    CASE status WHEN 'open' THEN 'open' ELSE 'abandoned' END AS reason,
    last_edit_at, opened_at, closed_at, last_position
FROM presentations
WHERE dirty AND (status = 'open' OR status = 'abandoned');

CREATE VIEW audit_dismissals AS
SELECT
    device, position, session, presentation, route_name AS route, route_group, source, outcome,
    dirty, changed_fields, confirmation, offers_save, resolution,
    occurred_at,
    to_char(to_timestamp(occurred_at / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at,
    resolved_at
FROM dismissals;
