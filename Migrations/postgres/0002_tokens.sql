-- SheetLog fleet migration 0002: the collector's tokens.
--
-- A device token lets one device push its own log to the collector; a reader token lets a person
-- read the fleet (the viewer's API and pages). Only each token's SHA-256 is stored: the token is
-- printed once, by `sheetlog-server device add` or `token add --read`, and kept nowhere else.
CREATE TABLE tokens (
    -- The hex SHA-256 of the token's text.
    sha256      text    PRIMARY KEY CHECK (sha256 ~ '^[0-9a-f]{64}$'),
    -- 'device': pushes the log of the device `subject` names, and nothing else;
    -- 'read': reads every device; `subject` names who holds it.
    kind        text    NOT NULL CHECK (kind IN ('device', 'read')),
    subject     text    NOT NULL CHECK (subject <> ''),
    -- Milliseconds since 1970.
    created_at  bigint  NOT NULL,
    -- Set by `revoke`; a revoked token authenticates nothing.
    revoked_at  bigint
);

-- Revoking takes every token of a subject.
CREATE INDEX tokens_subject ON tokens (kind, subject);
