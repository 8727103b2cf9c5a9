-- SheetLog migration 0011: a sealed database's receipts hold no keyless fingerprint.
--
-- Why: `command_receipts.fingerprint` was the SHA-256 of a command's content, form value included,
-- in every database. In a sealed one that was the only stored function of a value not keyed by the
-- value's subject key: anyone with the file (no master key) could test guessed values against it, in
-- this file and in any other holding the same command, and erasing the subject left it guessable.
-- Since this migration a sealed database's receipts are written with an HMAC under a key derived
-- from the session subject's data key (erasing the subject makes it useless like the sealed
-- values); a plain database, whose values are in clear in `events` beside it, keeps the SHA-256.
--
-- The keyless fingerprints already written in a sealed database cannot be keyed here (SQL has no
-- key), so they are replaced by 64 zeros: a resend of such a command id is still recognised by its
-- session, command and time, but its content is compared no more. The writer of a sealed database
-- runs with secure_delete on, so the old text is overwritten, not left in a free page.
DROP TRIGGER command_receipts_refuse_update;

UPDATE command_receipts
SET fingerprint = '0000000000000000000000000000000000000000000000000000000000000000'
WHERE EXISTS (SELECT 1 FROM sealing);

CREATE TRIGGER command_receipts_refuse_update BEFORE UPDATE ON command_receipts
BEGIN
    SELECT RAISE(ABORT, 'command_receipts is append-only: receipts are never updated');
END;
