-- SheetLog migration 0012: `recoverable_drafts` leaves out the drafts of an erased subject.
--
-- Why: after `sheetlog erase`, `recover` and `stats` no longer offered the erased subject's drafts
-- (their values are gone), while the view, which the schema documents as the drafts that would be
-- lost without recovery, still listed them with every value `[erased]`. The view now answers as the
-- CLI does: a draft is left out when the subject its session's first event names (sealed payloads
-- name it, `$.subject`) has an erased key. A plain database has no subject keys and loses nothing.
--
-- The WHERE still says the partial index's condition, so the view reads through
-- `presentations_recoverable`; the subject is looked up by the (stream, version) key of `events`.
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
      WHERE e.stream = p.session AND e.version = 1 AND k.erased_at IS NOT NULL);
