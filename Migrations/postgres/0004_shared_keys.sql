-- SheetLog fleet migration 0004: subjects' data keys shared by devices, and erasures on the collector.
--
-- A sealed device's values reach the fleet sealed. With `sheetlog push --share-keys` the device also
-- sends each subject's data key wrapped for the collector's public key (X25519 + HKDF-SHA256 +
-- AES-256-GCM, bound to the device and subject): only the collector's private key, kept in a file
-- outside this database (`serve --collector-key FILE`), opens it, and only to show a session to a
-- reader who reveals it. No data key is ever stored here in clear.
--
-- Erasing a subject on the collector (`sheetlog-server erase --subject S [--device D]`) deletes its
-- shared keys and records the erasure, so that the subject's keys are refused from then on; a pushed
-- `eraseSubject` event deletes the shared key of its device's subject in the push's transaction.
--   SELECT device, subject, to_timestamp(shared_at / 1000.0) FROM shared_keys ORDER BY device, subject;

CREATE TABLE shared_keys (
    device      text    NOT NULL CHECK (device <> ''),
    subject     text    NOT NULL CHECK (subject <> ''),
    -- The device's ephemeral X25519 public key, and the AES-GCM nonce, wrapped key and tag.
    ephemeral   bytea   NOT NULL CHECK (octet_length(ephemeral) = 32),
    sealed_key  bytea   NOT NULL CHECK (octet_length(sealed_key) = 60),
    -- Milliseconds since 1970, PostgreSQL's clock.
    shared_at   bigint  NOT NULL,
    PRIMARY KEY (device, subject)
);

-- One row per erasure made on the collector. `device` NULL erases the subject on every device.
CREATE TABLE subject_erasures (
    id           bigserial PRIMARY KEY,
    subject      text    NOT NULL CHECK (subject <> ''),
    device       text    CHECK (device <> ''),
    requested_by text    NOT NULL,
    erased_at    bigint  NOT NULL,
    -- How many shared keys the erasure deleted.
    keys_deleted integer NOT NULL CHECK (keys_deleted >= 0)
);

CREATE INDEX subject_erasures_subject ON subject_erasures (subject);
