/* The audit figure's baseline: a table holding the dismissal columns and one indexed SELECT. */
#include "baseline_internal.h"

static const char *const audit_schema_sql =
    "CREATE TABLE IF NOT EXISTS dismissals (position INTEGER PRIMARY KEY, session TEXT NOT NULL,"
    " presentation TEXT NOT NULL, route TEXT NOT NULL, source TEXT NOT NULL, outcome TEXT NOT NULL,"
    " resolution TEXT NOT NULL, discarded_fields TEXT, occurred_at INTEGER NOT NULL) STRICT;"
    "CREATE INDEX IF NOT EXISTS dismissals_by_route_resolution_time"
    " ON dismissals (route, resolution, occurred_at);";

static const char *const audit_select_sql =
    "SELECT position, session, presentation, source, outcome, discarded_fields, occurred_at FROM dismissals"
    " WHERE route = ?1 AND resolution = ?2 AND occurred_at >= ?3 AND occurred_at < ?4 ORDER BY occurred_at";

int slb_audit_create(slb_db *db) {
    int rc = sqlite3_exec(db->connection, audit_schema_sql, NULL, NULL, NULL);
    if (rc != SQLITE_OK) return slb_fail(db, rc, "audit schema");
    return slb_prepare_once(db, &db->insert_dismissal,
                            "INSERT INTO dismissals (position, session, presentation, route, source, outcome,"
                            " resolution, discarded_fields, occurred_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)");
}

int slb_audit_begin(slb_db *db) { return slb_step_done(db, db->begin, "begin"); }

int slb_audit_commit(slb_db *db) { return slb_step_done(db, db->commit, "commit"); }

int slb_audit_insert(slb_db *db, int64_t position, const char *session, const char *presentation,
                     const char *route, const char *source, const char *outcome, const char *resolution,
                     const char *discarded_fields, int64_t occurred_at) {
    if (!db->insert_dismissal) return slb_fail(db, SQLITE_MISUSE, "audit insert before slb_audit_create");
    sqlite3_stmt *insert = db->insert_dismissal;
    sqlite3_bind_int64(insert, 1, position);
    sqlite3_bind_text(insert, 2, session, -1, SQLITE_STATIC);
    sqlite3_bind_text(insert, 3, presentation, -1, SQLITE_STATIC);
    sqlite3_bind_text(insert, 4, route, -1, SQLITE_STATIC);
    sqlite3_bind_text(insert, 5, source, -1, SQLITE_STATIC);
    sqlite3_bind_text(insert, 6, outcome, -1, SQLITE_STATIC);
    sqlite3_bind_text(insert, 7, resolution, -1, SQLITE_STATIC);
    if (discarded_fields) sqlite3_bind_text(insert, 8, discarded_fields, -1, SQLITE_STATIC);
    else sqlite3_bind_null(insert, 8);
    sqlite3_bind_int64(insert, 9, occurred_at);
    int rc = slb_step_done(db, insert, "audit insert");
    sqlite3_clear_bindings(insert); /* the texts were bound SQLITE_STATIC and die with the caller's frame */
    return rc;
}

int slb_audit_query(slb_db *db, const char *route, const char *resolution, int64_t from_ms, int64_t to_ms,
                    int64_t *elapsed_ns, int64_t *row_count) {
    int rc = slb_prepare_once(db, &db->audit_select, audit_select_sql);
    if (rc != SQLITE_OK) return rc;
    sqlite3_stmt *select = db->audit_select;
    int64_t start = slb_now_ns();
    sqlite3_bind_text(select, 1, route, -1, SQLITE_STATIC);
    sqlite3_bind_text(select, 2, resolution, -1, SQLITE_STATIC);
    sqlite3_bind_int64(select, 3, from_ms);
    sqlite3_bind_int64(select, 4, to_ms);
    int64_t rows = 0, touched = 0;
    while ((rc = sqlite3_step(select)) == SQLITE_ROW) {
        /* Read every column, as a caller printing the audit trail would. */
        for (int column = 0; column < 7; column++) touched += sqlite3_column_bytes(select, column);
        rows++;
    }
    sqlite3_reset(select);
    sqlite3_clear_bindings(select);
    *elapsed_ns = slb_now_ns() - start;
    *row_count = rows;
    (void)touched;
    return rc == SQLITE_DONE ? SQLITE_OK : slb_fail(db, rc, "audit select");
}
