-- SheetLog fleet migration 0011: the subject of a session a device's base carries.
--
-- A sealed session's subject is named by its first event (`present`, schema version 2). A session
-- carried across a prune's cut (fleet migration 0010) has no first event in the fleet: its subject
-- is in the state its device's base carries. `session_subjects` names the subject of every sealed
-- session of every device either way, and `recoverable_drafts` now reads it, so that the drafts of
-- a carried session of an erased subject are left out too (the device's `eraseSubject` event, one
-- its prunes removed, or an erasure on the collector), as the device leaves them out.
--
-- Which sessions of a device are sealed, and under whom:
--   SELECT session, subject FROM session_subjects WHERE device = 'ipad-7' ORDER BY session;

CREATE VIEW session_subjects AS
SELECT device, stream AS session, payload::jsonb ->> 'subject' AS subject
FROM events WHERE version = 1 AND schema_version = 2
UNION ALL
SELECT device, session, snapshot::jsonb ->> 'subject'
FROM device_base_sessions WHERE snapshot::jsonb ->> 'subject' IS NOT NULL;

CREATE OR REPLACE VIEW recoverable_drafts AS
SELECT
    device, session, presentation, route_name, route_group, route_params,
    baseline, draft_values, changed_fields,
    CASE status WHEN 'open' THEN 'open' ELSE 'abandoned' END AS reason,
    last_edit_at, opened_at, closed_at, last_position
FROM presentations p
WHERE dirty AND (status = 'open' OR status = 'abandoned')
  AND NOT EXISTS (
      SELECT 1 FROM session_subjects owner
      WHERE owner.device = p.device AND owner.session = p.session
        AND (EXISTS (SELECT 1 FROM events erasure
                     WHERE erasure.device = owner.device AND erasure.stream = '$erasures'
                       AND erasure.type = 'eraseSubject'
                       AND erasure.payload::jsonb ->> 'subject' = owner.subject)
             OR EXISTS (SELECT 1 FROM device_base_erasures carried
                        WHERE carried.device = owner.device AND carried.subject = owner.subject)
             OR EXISTS (SELECT 1 FROM subject_erasures erased
                        WHERE erased.subject = owner.subject
                          AND (erased.device IS NULL OR erased.device = owner.device))));
