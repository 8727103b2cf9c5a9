/*
 * CSQLiteBaseline: the raw-SQLite side of SheetLog's benchmarks.
 *
 * It does the nearest equivalent of SheetLog's work straight over the sqlite3 C API: the same
 * `events` table shape, WAL, a chosen `synchronous` level and reused prepared statements. Every
 * function returns an SQLite result code (SQLITE_OK on success); slb_errmsg() says what failed.
 * There is no global state: everything hangs off an opaque handle.
 *
 *     slb_db *db = NULL;
 *     if (slb_open("/tmp/b.sqlite", SLB_SYNC_FULL, &db) != SQLITE_OK) { ... }
 *     int64_t ns = 0;
 *     slb_append_durable(db, rows, 0, &ns);
 *     slb_close(db);
 */
#ifndef CSQLITE_BASELINE_H
#define CSQLITE_BASELINE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** An open baseline database. */
typedef struct slb_db slb_db;

/** Pre-built event rows owned by C, so that inserting them costs no Swift bridging. */
typedef struct slb_rows slb_rows;

/** The `synchronous` level of a baseline database. */
typedef enum {
    /** Survives an application crash; commits do not wait for fsync in WAL mode. */
    SLB_SYNC_NORMAL = 1,
    /** Survives power loss; every commit waits for fsync of the WAL. */
    SLB_SYNC_FULL = 2
} slb_sync;

/** What a scan or a stream read saw, so that the work done cannot be optimised away. */
typedef struct {
    int64_t rows;          /**< rows read */
    int64_t json_values;   /**< JSON values walked over all payloads */
    int64_t fields_found;  /**< type-specific fields extracted */
    uint64_t checksum;     /**< FNV-1a over the extracted fields' bytes */
} slb_scan_result;

/** The SQLite library version, e.g. "3.40.1". */
const char *slb_sqlite_version(void);

/** Opens (creating if needed) a baseline database at `path` in WAL mode with `sync`. */
int slb_open(const char *path, slb_sync sync, slb_db **out);
/** Closes the database and frees the handle; NULL is allowed. */
void slb_close(slb_db *db);
/** The last error message of `db` (never NULL). */
const char *slb_errmsg(const slb_db *db);

/** Creates an empty row set with room for `capacity` rows (it grows as needed). NULL if out of memory. */
slb_rows *slb_rows_create(int64_t capacity);
void slb_rows_free(slb_rows *rows);
int64_t slb_rows_count(const slb_rows *rows);
/** Copies one event row into the set. `metadata` may be NULL; `chain` must be 32 bytes. */
int slb_rows_add(slb_rows *rows, const char *event_id, const char *stream, int64_t version, const char *type,
                 int64_t schema_version, const char *payload, const char *metadata, int64_t occurred_at,
                 int64_t recorded_at, const uint8_t *chain);

/** Durable append of row `index`: BEGIN; INSERT; COMMIT. `elapsed_ns` receives the call's latency. */
int slb_append_durable(slb_db *db, const slb_rows *rows, int64_t index, int64_t *elapsed_ns);
/** Inserts rows [first, first + count) in transactions of `rows_per_transaction` rows. */
int slb_bulk_insert(slb_db *db, const slb_rows *rows, int64_t first, int64_t count, int64_t rows_per_transaction);

/** Reads every row in position order and parses every payload. */
int slb_scan(slb_db *db, slb_scan_result *out);
/** Reads the rows of `stream` with version <= `up_to_version` through the (stream, version) index. */
int slb_read_stream(slb_db *db, const char *stream, int64_t up_to_version, slb_scan_result *out);

/** Creates the `dismissals` audit table and its (route, resolution, occurred_at) index if missing. */
int slb_audit_create(slb_db *db);
/** Inserts one dismissal row (call inside slb_audit_begin / slb_audit_commit for speed). */
int slb_audit_insert(slb_db *db, int64_t position, const char *session, const char *presentation,
                     const char *route, const char *source, const char *outcome, const char *resolution,
                     const char *discarded_fields, int64_t occurred_at);
int slb_audit_begin(slb_db *db);
int slb_audit_commit(slb_db *db);
/**
 * Runs the audit SELECT: dismissals of `route` with `resolution` and `from_ms <= occurred_at < to_ms`,
 * reading every column of every row. `elapsed_ns` receives its latency, `row_count` the rows returned.
 */
int slb_audit_query(slb_db *db, const char *route, const char *resolution, int64_t from_ms, int64_t to_ms,
                    int64_t *elapsed_ns, int64_t *row_count);

/** Checkpoints with TRUNCATE, then sums the sizes of the database file and its WAL. */
int slb_size_on_disk(slb_db *db, const char *path, int64_t *bytes);

/**
 * Walks a whole JSON document and extracts the fields that matter for an event of `type`.
 * Returns 1 if the text is valid JSON, 0 otherwise. Exposed for tests and for the Swift side.
 */
int slb_parse_payload(const char *type, const char *json, int64_t length, slb_scan_result *accumulator);

#ifdef __cplusplus
}
#endif

#endif
