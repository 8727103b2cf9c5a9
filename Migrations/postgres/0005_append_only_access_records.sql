-- SheetLog fleet migration 0005: the access log and the collector's erasures are append-only.
--
-- `reveals` (every reveal of a session's values) and `subject_erasures` (every erasure made on the
-- collector) are records for auditors: SheetLog only ever adds rows to them. As `events` (0001),
-- they refuse an UPDATE, DELETE or TRUNCATE from anyone who does not drop the triggers first.

CREATE TRIGGER reveals_refuse_update BEFORE UPDATE OR DELETE ON reveals
    FOR EACH ROW EXECUTE FUNCTION sheetlog_refuse_change();
CREATE TRIGGER reveals_refuse_truncate BEFORE TRUNCATE ON reveals
    FOR EACH STATEMENT EXECUTE FUNCTION sheetlog_refuse_change();
CREATE TRIGGER subject_erasures_refuse_update BEFORE UPDATE OR DELETE ON subject_erasures
    FOR EACH ROW EXECUTE FUNCTION sheetlog_refuse_change();
CREATE TRIGGER subject_erasures_refuse_truncate BEFORE TRUNCATE ON subject_erasures
    FOR EACH STATEMENT EXECUTE FUNCTION sheetlog_refuse_change();
