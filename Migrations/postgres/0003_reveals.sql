-- SheetLog fleet migration 0003: revealing one session's values, and the record of every reveal.
--
-- The viewer masks every form value of the fleet (•••• beside the field name). A reader token
-- made with `sheetlog-server token add --read NAME --reveal` may reveal one session's values for a
-- while; each reveal is a row of `reveals` (who, when, which device and session), listed on the
-- viewer's access-log page and queryable here:
--   SELECT reader, device, session, to_timestamp(revealed_at / 1000.0) FROM reveals ORDER BY id DESC;

-- Whether a reader token may reveal values; a device token never may.
ALTER TABLE tokens ADD COLUMN reveal boolean NOT NULL DEFAULT false;
ALTER TABLE tokens ADD CONSTRAINT tokens_reveal_by_readers CHECK (NOT reveal OR kind = 'read');

-- One row per reveal. Rows are only ever added: the viewer has no way to change or delete them.
CREATE TABLE reveals (
    id          bigserial PRIMARY KEY,
    -- The name of the reader token's holder, as `token add --read` gave it.
    reader      text    NOT NULL CHECK (reader <> ''),
    device      text    NOT NULL CHECK (device <> ''),
    session     text    NOT NULL CHECK (session <> ''),
    -- Milliseconds since 1970; the reveal lets its reader see the session's values for a while after.
    revealed_at bigint  NOT NULL
);

-- The access-log page lists the newest first.
CREATE INDEX reveals_newest ON reveals (id DESC);
