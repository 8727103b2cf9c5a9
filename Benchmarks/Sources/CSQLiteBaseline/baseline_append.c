/* Writing events: the durable one-row append and the bulk insert, both on one reused INSERT. */
#include "baseline_internal.h"
#include <stdint.h>

/* Binds row `index` and steps the INSERT (the statement is reset for the next call). */
static int insert_row(slb_db *db, const slb_rows *rows, int64_t index) {
    const slb_row *row = &rows->items[index];
    const char *arena = rows->arena;
    sqlite3_stmt *insert = db->insert_event;
    sqlite3_bind_text(insert, 1, arena + row->event_id, -1, SQLITE_STATIC);
    sqlite3_bind_text(insert, 2, arena + row->stream, -1, SQLITE_STATIC);
    sqlite3_bind_int64(insert, 3, row->version);
    sqlite3_bind_text(insert, 4, arena + row->type, -1, SQLITE_STATIC);
    sqlite3_bind_int64(insert, 5, row->schema_version);
    sqlite3_bind_text(insert, 6, arena + row->payload, row->payload_length, SQLITE_STATIC);
    if (row->metadata == SIZE_MAX) sqlite3_bind_null(insert, 7);
    else sqlite3_bind_text(insert, 7, arena + row->metadata, -1, SQLITE_STATIC);
    sqlite3_bind_int64(insert, 8, row->occurred_at);
    sqlite3_bind_int64(insert, 9, row->recorded_at);
    sqlite3_bind_blob(insert, 10, row->chain, (int)sizeof row->chain, SQLITE_STATIC);
    return slb_step_done(db, insert, "insert");
}

static int rollback(slb_db *db, int rc) {
    sqlite3_exec(db->connection, "ROLLBACK", NULL, NULL, NULL);
    return rc;
}

int slb_append_durable(slb_db *db, const slb_rows *rows, int64_t index, int64_t *elapsed_ns) {
    if (index < 0 || index >= rows->count) return slb_fail(db, SQLITE_RANGE, "append (row index out of range)");
    int64_t start = slb_now_ns();
    int rc = slb_step_done(db, db->begin, "begin");
    if (rc != SQLITE_OK) return rc;
    if ((rc = insert_row(db, rows, index)) != SQLITE_OK) return rollback(db, rc);
    if ((rc = slb_step_done(db, db->commit, "commit")) != SQLITE_OK) return rollback(db, rc);
    *elapsed_ns = slb_now_ns() - start;
    return SQLITE_OK;
}

int slb_bulk_insert(slb_db *db, const slb_rows *rows, int64_t first, int64_t count, int64_t rows_per_transaction) {
    if (first < 0 || count < 0 || first + count > rows->count || rows_per_transaction < 1)
        return slb_fail(db, SQLITE_RANGE, "bulk insert (row range or transaction size invalid)");
    int64_t end = first + count;
    for (int64_t start = first; start < end; start += rows_per_transaction) {
        int64_t stop = start + rows_per_transaction < end ? start + rows_per_transaction : end;
        int rc = slb_step_done(db, db->begin, "begin");
        if (rc != SQLITE_OK) return rc;
        for (int64_t index = start; index < stop; index++)
            if ((rc = insert_row(db, rows, index)) != SQLITE_OK) return rollback(db, rc);
        if ((rc = slb_step_done(db, db->commit, "commit")) != SQLITE_OK) return rollback(db, rc);
    }
    return SQLITE_OK;
}
