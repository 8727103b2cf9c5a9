/* Shared internals of CSQLiteBaseline: the handle, the row set and small helpers. */
#ifndef CSQLITE_BASELINE_INTERNAL_H
#define CSQLITE_BASELINE_INTERNAL_H

#include "CSQLiteBaseline.h"
#include <sqlite3.h>
#include <stddef.h>
#include <time.h>

struct slb_db {
    sqlite3 *connection;
    sqlite3_stmt *begin;
    sqlite3_stmt *commit;
    sqlite3_stmt *insert_event;
    sqlite3_stmt *scan_events;    /* prepared on first use */
    sqlite3_stmt *read_stream;    /* prepared on first use */
    sqlite3_stmt *insert_dismissal;
    sqlite3_stmt *audit_select;
    char message[256];
};

/* One row: offsets into the set's text arena, so that the whole set is two allocations. */
typedef struct {
    size_t event_id, stream, type, payload, metadata; /* metadata == SIZE_MAX: NULL */
    int payload_length;
    int64_t version, schema_version, occurred_at, recorded_at;
    uint8_t chain[32];
} slb_row;

struct slb_rows {
    slb_row *items;
    int64_t count, capacity;
    char *arena;
    size_t arena_used, arena_capacity;
};

static inline int64_t slb_now_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}

/* Records SQLite's message for `rc` in the handle and returns `rc`. */
int slb_fail(slb_db *db, int rc, const char *operation);
/* Prepares `sql` into `*statement` unless already prepared. */
int slb_prepare_once(slb_db *db, sqlite3_stmt **statement, const char *sql);
/* Runs a prepared statement that returns no rows and resets it. */
int slb_step_done(slb_db *db, sqlite3_stmt *statement, const char *operation);

#endif
