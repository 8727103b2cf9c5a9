-- SheetLog fleet migration 0009: `events` loses `fleet_position`, and the write path the fleet-wide
-- lock that numbered it.
--
-- 0001 numbered every device's events 1, 2, 3 ... across the fleet, committed in that order: every
-- append, import and pushed batch took one advisory lock (0x53484C4741505044) to number its rows
-- after the highest committed one, so the fleet's writers committed one at a time (100 devices
-- pushing at once: a batch waited about 3 s, nearly all of it behind the other devices' batches).
-- Nothing read that order. What each device's log promises stays: `position` runs 1, 2, 3 ... per
-- device, committed in order under the device's own lock, so a reader following a device by
-- position never sees a gap; across devices, `received_at` tells when the fleet got each event.
--
-- Dropping the column drops its UNIQUE index and CHECK with it. PostgreSQL only marks the column
-- dropped (no table rewrite), so a large `events` migrates at once; rows written before keep their
-- space until the table is next rewritten.
--
-- Follow the fleet per device:
--   SELECT device, position, type FROM events WHERE device = 'ipad-7' AND position > 1000 ORDER BY position LIMIT 100;

ALTER TABLE events DROP COLUMN fleet_position;
