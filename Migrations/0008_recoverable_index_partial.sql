-- The recoverable drafts' index, partial: `presentations_recoverable` holds only the recoverable
-- drafts, where 0002's held an entry for every presentation.
--
-- Why: an append that presents a sheet, or closes or saves one, changed that index on top of the
-- presentation row: 0002's index is on (status, dirty), so every present inserted an entry and
-- every status or dirtiness change moved one (a delete and an insert, often on two leaf pages).
-- Counted in the WAL (Scripts/wal-pages.sh): a present wrote 8 pages and a clean dismissal 11; 7 and 10
-- with this index.
-- The partial index is written only when a presentation enters or leaves the recoverable set (its
-- first edit that makes it dirty, its save, its discard, a restore or decline), and stays as small
-- as the set. Its WHERE is the one of the `recoverable_drafts` view, so the view (and every query
-- that says `dirty = 1 AND status IN ('open', 'abandoned')`) still reads through it; its key columns
-- never change once a row is written, so a row that stays in the set is not moved.

DROP INDEX presentations_recoverable;
CREATE INDEX presentations_recoverable ON presentations (session, presentation)
    WHERE dirty = 1 AND status IN ('open', 'abandoned');
