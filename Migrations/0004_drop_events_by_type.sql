-- 0004: drops the index events_by_type (type, position) of 0001.
--
-- Why: every append paid for it, and nothing SheetLog does reads through it. An append wrote one
-- more b-tree page to the WAL for it (9.3 frames per append against 4.5 for a one-row insert into
-- a table without it, measured on the benchmark's workload) and it held about 8% of the file.
-- Reads of the log filtered by type (`readAll(types:)`, or `WHERE type = 'edit'` from the shell)
-- still work: SQLite walks the position range and tests each row's type, which is what a reader
-- paging through the log in position order does anyway. An auditor who filters a large log by
-- type often can create the index again in a copy:
--   CREATE INDEX events_by_type ON events (type, position);

DROP INDEX IF EXISTS events_by_type;
