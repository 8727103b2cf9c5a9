/* Opening, closing and error reporting of a baseline database. */
#include "baseline_internal.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const schema_sql =
    "CREATE TABLE IF NOT EXISTS events (position INTEGER PRIMARY KEY AUTOINCREMENT,"
    " event_id TEXT NOT NULL UNIQUE, stream TEXT NOT NULL, version INTEGER NOT NULL CHECK (version >= 1),"
    " type TEXT NOT NULL, schema_version INTEGER NOT NULL, payload TEXT NOT NULL CHECK (json_valid(payload)),"
    " metadata TEXT, occurred_at INTEGER, recorded_at INTEGER NOT NULL, chain BLOB NOT NULL,"
    " chain_version INTEGER NOT NULL DEFAULT 1, UNIQUE (stream, version)) STRICT;";

static const char *const insert_sql =
    "INSERT INTO events (event_id, stream, version, type, schema_version, payload, metadata,"
    " occurred_at, recorded_at, chain, chain_version) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, 2)";

const char *slb_sqlite_version(void) { return sqlite3_libversion(); }

int slb_fail(slb_db *db, int rc, const char *operation) {
    snprintf(db->message, sizeof db->message, "%s failed: %s (%s)", operation,
             db->connection ? sqlite3_errmsg(db->connection) : "no connection", sqlite3_errstr(rc));
    return rc;
}

int slb_prepare_once(slb_db *db, sqlite3_stmt **statement, const char *sql) {
    if (*statement) return SQLITE_OK;
    int rc = sqlite3_prepare_v3(db->connection, sql, -1, SQLITE_PREPARE_PERSISTENT, statement, NULL);
    return rc == SQLITE_OK ? rc : slb_fail(db, rc, "prepare");
}

int slb_step_done(slb_db *db, sqlite3_stmt *statement, const char *operation) {
    int rc = sqlite3_step(statement);
    sqlite3_reset(statement);
    return rc == SQLITE_DONE ? SQLITE_OK : slb_fail(db, rc, operation);
}

int slb_open(const char *path, slb_sync sync, slb_db **out) {
    *out = NULL;
    slb_db *db = calloc(1, sizeof *db);
    if (!db) return SQLITE_NOMEM;
    int rc = sqlite3_open_v2(path, &db->connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
    if (rc != SQLITE_OK) {
        rc = slb_fail(db, rc, "open");
        *out = db; /* so the caller can read the message, then close */
        return rc;
    }
    const char *pragmas = sync == SLB_SYNC_FULL
        ? "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;"
        : "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;";
    *out = db;
    if ((rc = sqlite3_exec(db->connection, pragmas, NULL, NULL, NULL)) != SQLITE_OK) return slb_fail(db, rc, "pragmas");
    if ((rc = sqlite3_exec(db->connection, schema_sql, NULL, NULL, NULL)) != SQLITE_OK) return slb_fail(db, rc, "schema");
    if ((rc = slb_prepare_once(db, &db->begin, "BEGIN")) != SQLITE_OK) return rc;
    if ((rc = slb_prepare_once(db, &db->commit, "COMMIT")) != SQLITE_OK) return rc;
    return slb_prepare_once(db, &db->insert_event, insert_sql);
}

void slb_close(slb_db *db) {
    if (!db) return;
    sqlite3_stmt *statements[] = {db->begin, db->commit, db->insert_event, db->scan_events,
                                  db->read_stream, db->insert_dismissal, db->audit_select};
    for (size_t i = 0; i < sizeof statements / sizeof statements[0]; i++) sqlite3_finalize(statements[i]);
    sqlite3_close_v2(db->connection);
    free(db);
}

const char *slb_errmsg(const slb_db *db) { return db ? db->message : "no database handle"; }
