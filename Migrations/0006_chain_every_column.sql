-- 0006: the integrity chain covers every stored column of an event (chain rule 2), and each row says
-- which rule it was chained under.
--
-- Why: rule 1 (0001) hashed position, event_id, stream, version, type and payload only. An edit of
-- occurred_at, recorded_at, metadata or schema_version (with the triggers dropped) kept the chain
-- intact, and the audit then showed a forged time as recorded.
--
-- Rule 2, for every event appended from now on:
--   chain = SHA-256(previous chain ‖ chain_version ‖ position ‖ event_id ‖ stream ‖ version ‖ type ‖
--                   schema_version ‖ payload ‖ metadata ‖ occurred_at ‖ recorded_at)
-- integers as 8-byte big-endian, each text as a 4-byte big-endian length followed by its UTF-8 bytes,
-- and metadata and occurred_at (which may be NULL) as one byte 0 when NULL, else one byte 1 followed
-- by the value. The previous chain is the previous event's stored chain, whatever its rule.
--
-- Rows stored before this migration keep rule 1 (the DEFAULT) and keep verifying under it: their
-- times and metadata stay uncovered, as they were. SheetLog never writes a rule-1 row after a
-- rule-2 row, so `sheetlog verify` refuses one (a row rewritten to escape rule 2). A store that
-- imports rows as they are (the fleet's) reads the rule from the row itself.

ALTER TABLE events ADD COLUMN chain_version INTEGER NOT NULL DEFAULT 1 CHECK (chain_version >= 1);
