-- SheetLog fleet migration 0008: the viewer's sign-in sessions.
--
-- Signing in at the viewer's /login with a reader token makes a session: a random id (`sls_` and 64
-- hex digits, 32 bytes from the system's secure generator) that the browser's cookie holds instead
-- of the token. Only the id's SHA-256 is stored, as for tokens. A session lets in while its token is
-- not revoked (every lookup joins `tokens`), until it has been idle for 8 hours or is 24 hours old
-- (`expires_at`), or until the reader signs out (the row is deleted). Who is signed in:
--   SELECT t.subject, to_timestamp(s.created_at / 1000.0), to_timestamp(s.last_used_at / 1000.0)
--     FROM reader_sessions s JOIN tokens t ON t.sha256 = s.token_sha256 WHERE t.revoked_at IS NULL;

CREATE TABLE reader_sessions (
    -- The hex SHA-256 of the session id's text (never the id).
    sha256        text    PRIMARY KEY CHECK (sha256 ~ '^[0-9a-f]{64}$'),
    -- The reader token the session was signed in with: revoking it ends the session.
    token_sha256  text    NOT NULL REFERENCES tokens (sha256) ON DELETE CASCADE,
    -- Milliseconds since 1970: signed in; last let in (the idle limit counts from here); and the
    -- absolute end, whatever the use.
    created_at    bigint  NOT NULL,
    last_used_at  bigint  NOT NULL,
    expires_at    bigint  NOT NULL CHECK (expires_at > created_at)
);

-- Ending the sessions of a token, and finding them.
CREATE INDEX reader_sessions_token ON reader_sessions (token_sha256);
