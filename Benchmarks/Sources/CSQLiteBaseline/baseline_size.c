/* Bytes on disk: the database file plus its WAL after a truncating checkpoint. */
#include "baseline_internal.h"
#include <stdio.h>
#include <sys/stat.h>

static int64_t file_size(const char *path) {
    struct stat info;
    return stat(path, &info) == 0 ? (int64_t)info.st_size : 0;
}

int slb_size_on_disk(slb_db *db, const char *path, int64_t *bytes) {
    int rc = sqlite3_wal_checkpoint_v2(db->connection, NULL, SQLITE_CHECKPOINT_TRUNCATE, NULL, NULL);
    if (rc != SQLITE_OK) return slb_fail(db, rc, "checkpoint");
    char wal[4096];
    if (snprintf(wal, sizeof wal, "%s-wal", path) >= (int)sizeof wal) return slb_fail(db, SQLITE_CANTOPEN, "size (path too long)");
    *bytes = file_size(path) + file_size(wal);
    return SQLITE_OK;
}
