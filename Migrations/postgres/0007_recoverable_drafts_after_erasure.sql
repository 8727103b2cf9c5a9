-- SheetLog fleet migration 0007: `recoverable_drafts` leaves out the drafts of an erased subject.
--
-- Why: the fleet's API and `stats` left out the drafts of a subject erased by its device (an
-- `eraseSubject` event the device pushed) or on the collector (`subject_erasures`), but the view an
-- operator queries still listed them. The condition moves into the view, so the view, the viewer
-- and the CLI answer alike. Only sealed sessions (payload schema 2, which name their subject) can
-- be erased; the subject is looked up by the (device, stream, version) key of `events`.
CREATE OR REPLACE VIEW recoverable_drafts AS
SELECT
    device, session, presentation, route_name, route_group, route_params,
    baseline, draft_values, changed_fields,
    CASE status WHEN 'open' THEN 'open' ELSE 'abandoned' END AS reason,
    last_edit_at, opened_at, closed_at, last_position
FROM presentations p
WHERE dirty AND (status = 'open' OR status = 'abandoned')
  AND NOT EXISTS (
      SELECT 1 FROM events first
      WHERE first.device = p.device AND first.stream = p.session AND first.version = 1
        AND first.schema_version = 2
        AND (EXISTS (SELECT 1 FROM events erasure
                     WHERE erasure.device = first.device AND erasure.stream = '$erasures'
                       AND erasure.type = 'eraseSubject'
                       AND erasure.payload::jsonb ->> 'subject' = first.payload::jsonb ->> 'subject')
             OR EXISTS (SELECT 1 FROM subject_erasures erased
                        WHERE erased.subject = first.payload::jsonb ->> 'subject'
                          AND (erased.device IS NULL OR erased.device = first.device))));
