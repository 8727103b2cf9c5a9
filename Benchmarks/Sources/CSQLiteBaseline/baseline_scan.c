/* Reading events back: the full scan (the rebuild's work) and one stream by index (the replay's). */
#include "baseline_internal.h"

/* Steps a SELECT of (type, payload) rows to the end, parsing every payload. */
static int read_rows(slb_db *db, sqlite3_stmt *select, slb_scan_result *out, const char *operation) {
    int rc;
    while ((rc = sqlite3_step(select)) == SQLITE_ROW) {
        const char *type = (const char *)sqlite3_column_text(select, 0);
        const char *payload = (const char *)sqlite3_column_text(select, 1);
        int length = sqlite3_column_bytes(select, 1);
        if (!slb_parse_payload(type, payload, length, out)) {
            sqlite3_reset(select);
            return slb_fail(db, SQLITE_CORRUPT, "payload parse");
        }
        out->rows++;
    }
    sqlite3_reset(select);
    return rc == SQLITE_DONE ? SQLITE_OK : slb_fail(db, rc, operation);
}

int slb_scan(slb_db *db, slb_scan_result *out) {
    *out = (slb_scan_result){0};
    int rc = slb_prepare_once(db, &db->scan_events, "SELECT type, payload FROM events ORDER BY position");
    return rc == SQLITE_OK ? read_rows(db, db->scan_events, out, "scan") : rc;
}

int slb_read_stream(slb_db *db, const char *stream, int64_t up_to_version, slb_scan_result *out) {
    *out = (slb_scan_result){0};
    int rc = slb_prepare_once(db, &db->read_stream,
                              "SELECT type, payload FROM events WHERE stream = ?1 AND version <= ?2 ORDER BY version");
    if (rc != SQLITE_OK) return rc;
    sqlite3_bind_text(db->read_stream, 1, stream, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(db->read_stream, 2, up_to_version);
    return read_rows(db, db->read_stream, out, "stream read");
}
