-- SheetLog fleet migration 0010: a device that reached the fleet already pruned starts at its base.
--
-- `sheetlog prune` removes the start of a device's log and keeps, in the file, a base: the cut, the
-- chain value its first kept event links to, the state carried across the cut of every session
-- still open, and the erasures it removed. A device new to the fleet whose file is pruned is stored
-- from its base: one row here records that it started there (and when), its carried sessions and
-- erasures below, and its events from the cut + 1 on. A device the fleet already holds keeps
-- continuing from what is stored (an import of a pruned file whose pruned part the fleet lacks is
-- refused).
--
-- Like `events`, these rows are append-only: UPDATE, DELETE and TRUNCATE are refused.
--
-- Which devices started at a base, and what they lack:
--   SELECT device, cut_position, removed_events, to_timestamp(pruned_at / 1000.0) AS pruned,
--          to_timestamp(started_at / 1000.0) AS started FROM device_bases ORDER BY device;

CREATE TABLE device_bases (
    device            text    PRIMARY KEY CHECK (device <> ''),
    -- The last position the device's prunes removed: its log in the fleet begins at cut_position + 1.
    cut_position      bigint  NOT NULL CHECK (cut_position >= 1),
    -- The device's chain value at the cut (see docs/schema.md), which the first stored event links to.
    chain             bytea   NOT NULL CHECK (octet_length(chain) = 32),
    -- What the device's prunes removed: how many events, recorded from when to when, and when the
    -- latest prune ran (milliseconds since 1970, the device store's clock).
    removed_events    bigint  NOT NULL CHECK (removed_events >= 1 AND removed_events <= cut_position),
    first_recorded_at bigint  NOT NULL,
    last_recorded_at  bigint  NOT NULL CHECK (last_recorded_at >= first_recorded_at),
    pruned_at         bigint  NOT NULL,
    -- How the device started at its base ('import': `sheetlog-server import` of its pruned file),
    -- and when (milliseconds since 1970, PostgreSQL's clock).
    started_by        text    NOT NULL CHECK (started_by = 'import'),
    started_at        bigint  NOT NULL DEFAULT (floor(extract(epoch FROM clock_timestamp()) * 1000))::bigint
);

-- The state each session still open at the cut had there, as the device's `base_sessions` row
-- says (docs/ingest-format.md, `baseSession`): its kept events continue from version + 1. The fleet
-- holds no subjects' keys, so a sealed device's values are stored as withheld markers.
CREATE TABLE device_base_sessions (
    device   text    NOT NULL REFERENCES device_bases (device),
    session  text    NOT NULL,
    version  bigint  NOT NULL CHECK (version >= 1),
    snapshot text    NOT NULL,
    PRIMARY KEY (device, session)
);

-- The `eraseSubject` events the device's prunes removed: the subject stays erased on the device
-- (its shared keys are refused), and the device's `$erasures` continue from the last version.
CREATE TABLE device_base_erasures (
    device          text    NOT NULL REFERENCES device_bases (device),
    event_id        text    NOT NULL,
    position        bigint  NOT NULL CHECK (position >= 1),
    version         bigint  NOT NULL CHECK (version >= 1),
    subject         text    NOT NULL CHECK (subject <> ''),
    requested_by    text    NOT NULL,
    occurred_at     bigint  NOT NULL,
    recorded_at     bigint  NOT NULL,
    -- The erasure's chain value in the device's log.
    chain           bytea   NOT NULL CHECK (octet_length(chain) = 32),
    -- The subject's sessions begun before it, and the sessions it closed (a JSON array of ids).
    sessions        integer NOT NULL CHECK (sessions >= 0),
    closed_sessions text    NOT NULL,
    PRIMARY KEY (device, position),
    UNIQUE (device, event_id),
    UNIQUE (device, version)
);

CREATE INDEX device_base_erasures_subject ON device_base_erasures (subject);

CREATE TRIGGER device_bases_refuse_update BEFORE UPDATE OR DELETE ON device_bases
    FOR EACH ROW EXECUTE FUNCTION sheetlog_refuse_change();
CREATE TRIGGER device_bases_refuse_truncate BEFORE TRUNCATE ON device_bases
    FOR EACH STATEMENT EXECUTE FUNCTION sheetlog_refuse_change();
CREATE TRIGGER device_base_sessions_refuse_update BEFORE UPDATE OR DELETE ON device_base_sessions
    FOR EACH ROW EXECUTE FUNCTION sheetlog_refuse_change();
CREATE TRIGGER device_base_sessions_refuse_truncate BEFORE TRUNCATE ON device_base_sessions
    FOR EACH STATEMENT EXECUTE FUNCTION sheetlog_refuse_change();
CREATE TRIGGER device_base_erasures_refuse_update BEFORE UPDATE OR DELETE ON device_base_erasures
    FOR EACH ROW EXECUTE FUNCTION sheetlog_refuse_change();
CREATE TRIGGER device_base_erasures_refuse_truncate BEFORE TRUNCATE ON device_base_erasures
    FOR EACH STATEMENT EXECUTE FUNCTION sheetlog_refuse_change();
