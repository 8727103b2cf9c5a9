-- SheetLog migration 0016: `recoverable_drafts` also leaves out a carried draft of an erased subject.
--
-- Why: 0012 finds a draft's subject in its session's first event. Once a prune carried the session
-- across its cut (migration 0015), that event is gone, and the subject is named only by the carried
-- state (`base_sessions.snapshot`, `$.subject`): after `sheetlog erase` the view still listed such a
-- draft, every value unreadable, and a prune, which asks the view which sessions are still needed,
-- carried the session for ever instead of removing it whole. The view now looks in both places.
--
-- The WHERE still says the partial index's condition, so the view reads through
-- `presentations_recoverable`.
DROP VIEW recoverable_drafts;

CREATE VIEW recoverable_drafts AS
SELECT
    session, presentation, route_name, route_group, route_params,
    baseline, draft_values, changed_fields,
    CASE status WHEN 'open' THEN 'open' ELSE 'abandoned' END AS reason,
    last_edit_at, opened_at, closed_at, last_position
FROM presentations p
WHERE dirty = 1 AND status IN ('open', 'abandoned')
  AND NOT EXISTS (
      SELECT 1 FROM events e JOIN subject_keys k ON k.subject = json_extract(e.payload, '$.subject')
      WHERE e.stream = p.session AND e.version = 1 AND k.erased_at IS NOT NULL)
  AND NOT EXISTS (
      SELECT 1 FROM base_sessions b JOIN subject_keys k ON k.subject = json_extract(b.snapshot, '$.subject')
      WHERE b.session = p.session AND k.erased_at IS NOT NULL);
