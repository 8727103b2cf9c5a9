-- SheetLog fleet migration 0006: enrolment, the way a device gets its push token without the
-- operator's command line.
--
-- The operator makes an enrolment token (`sheetlog-server enrolment add NAME [--max-devices N]
-- [--expires WHEN]`); an app that holds it calls `POST /v1/enrol` with a device id of its own
-- choosing that the fleet has never seen, and receives that device's push token once (a row of
-- `tokens`, kind 'device'). A reset install, whose new file is a new history, enrols a new id: the
-- fleet keeps both histories, never overwriting one with the other.
--
-- As for `tokens`, only each enrolment token's SHA-256 is stored. Which devices each token
-- enrolled, and when:
--   SELECT t.name, d.device, to_timestamp(d.enrolled_at / 1000.0)
--     FROM enrolled_devices d JOIN enrolment_tokens t ON t.sha256 = d.enrolment_sha256 ORDER BY d.enrolled_at;

CREATE TABLE enrolment_tokens (
    -- The hex SHA-256 of the token's text (`sle_` and 64 hex digits).
    sha256      text    PRIMARY KEY CHECK (sha256 ~ '^[0-9a-f]{64}$'),
    -- Who or what the operator made it for (an app release, a customer); revoked by this name.
    name        text    NOT NULL CHECK (name <> ''),
    -- Milliseconds since 1970.
    created_at  bigint  NOT NULL,
    -- From this moment on it enrols nothing; NULL: until revoked.
    expires_at  bigint,
    -- How many devices it may enrol in all; NULL: no limit.
    max_devices integer CHECK (max_devices >= 1),
    -- Set by `enrolment revoke`; a revoked token enrols nothing (the devices it enrolled keep their
    -- tokens: `device revoke ID` revokes those).
    revoked_at  bigint
);

CREATE INDEX enrolment_tokens_name ON enrolment_tokens (name);

-- One row per enrolled device: a device id is enrolled once, ever.
CREATE TABLE enrolled_devices (
    device            text    PRIMARY KEY CHECK (device <> ''),
    enrolment_sha256  text    NOT NULL REFERENCES enrolment_tokens (sha256),
    enrolled_at       bigint  NOT NULL
);

-- Counting what a token enrolled, for its --max-devices.
CREATE INDEX enrolled_devices_by_token ON enrolled_devices (enrolment_sha256);

-- Enrolments are records for the operator: SheetLog only ever adds rows.
CREATE TRIGGER enrolled_devices_refuse_update BEFORE UPDATE OR DELETE ON enrolled_devices
    FOR EACH ROW EXECUTE FUNCTION sheetlog_refuse_change();
CREATE TRIGGER enrolled_devices_refuse_truncate BEFORE TRUNCATE ON enrolled_devices
    FOR EACH STATEMENT EXECUTE FUNCTION sheetlog_refuse_change();
