/*
** The sqlite3_vfs object "faultvfs": opens wrap the base VFS's files; deletes and the rest pass
** through. A delete is a metadata operation that is durable on return, as in SQLite's test6.c
** crash VFS (the unix VFS syncs the directory when asked to), so it is never undone by a crash.
*/
#include <string.h>
#include "faultvfs_internal.h"

#define FAULTVFS_KIND_FLAGS \
    (SQLITE_OPEN_MAIN_DB | SQLITE_OPEN_WAL | SQLITE_OPEN_MAIN_JOURNAL | SQLITE_OPEN_SUPER_JOURNAL)

static sqlite3_vfs *base_vfs(void) { return faultvfs_global.base; }

/* Files whose loss a crash can make visible; temporary files die with the process anyway. */
static int durable_kind(const char *name, int flags) {
    if (!name || (flags & SQLITE_OPEN_DELETEONCLOSE)) return 0;
    if (flags & SQLITE_OPEN_MAIN_DB) return FAULTVFS_FILE_MAIN_DB;
    if (flags & SQLITE_OPEN_WAL) return FAULTVFS_FILE_WAL;
    if (flags & (SQLITE_OPEN_MAIN_JOURNAL | SQLITE_OPEN_SUPER_JOURNAL)) return FAULTVFS_FILE_JOURNAL;
    return 0;
}

static int vfs_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *file, int flags, int *outFlags) {
    (void)vfs;
    FaultFile *self = (FaultFile *)file;
    memset(self, 0, sizeof(FaultFile));
    self->real = (sqlite3_file *)&self[1];
    faultvfs_lock();
    if (faultvfs_global.crashed) {
        faultvfs_unlock();
        return SQLITE_CANTOPEN;
    }
    self->epoch = faultvfs_global.epoch;
    int rc = base_vfs()->xOpen(base_vfs(), name, self->real, flags, outFlags);
    if (rc == SQLITE_OK) {
        int kind = durable_kind(name, flags);
        if (kind && !faultvfs_node_attach(self, name, kind, flags & FAULTVFS_KIND_FLAGS)) {
            self->real->pMethods->xClose(self->real);
            rc = SQLITE_NOMEM;
        }
    }
    self->pMethods = rc == SQLITE_OK ? &faultvfs_io_methods : NULL;
    faultvfs_unlock();
    return rc;
}

static int vfs_delete(sqlite3_vfs *vfs, const char *path, int syncDirectory) {
    (void)vfs;
    faultvfs_lock();
    int rc = SQLITE_IOERR_DELETE;
    if (!faultvfs_global.crashed) {
        rc = base_vfs()->xDelete(base_vfs(), path, syncDirectory);
        FaultNode *node = faultvfs_node_find(path);
        if (node) {
            faultvfs_node_discard_ops(node);
            node->size = 0;
            faultvfs_node_release_if_unused(node);
        }
    }
    faultvfs_unlock();
    return rc;
}

/* The unix VFS reports an empty file as absent; a file whose content is still unsynced exists. */
static int vfs_access(sqlite3_vfs *vfs, const char *path, int flags, int *result) {
    (void)vfs;
    int rc = base_vfs()->xAccess(base_vfs(), path, flags, result);
    if (rc == SQLITE_OK && flags == SQLITE_ACCESS_EXISTS && !*result) {
        faultvfs_lock();
        FaultNode *node = faultvfs_node_find(path);
        if (node && node->size > 0) *result = 1;
        faultvfs_unlock();
    }
    return rc;
}

static int vfs_full_pathname(sqlite3_vfs *vfs, const char *path, int size, char *out) {
    (void)vfs;
    return base_vfs()->xFullPathname(base_vfs(), path, size, out);
}

static void *vfs_dl_open(sqlite3_vfs *vfs, const char *path) {
    (void)vfs;
    return base_vfs()->xDlOpen(base_vfs(), path);
}

static void vfs_dl_error(sqlite3_vfs *vfs, int size, char *message) {
    (void)vfs;
    base_vfs()->xDlError(base_vfs(), size, message);
}

static void (*vfs_dl_sym(sqlite3_vfs *vfs, void *handle, const char *symbol))(void) {
    (void)vfs;
    return base_vfs()->xDlSym(base_vfs(), handle, symbol);
}

static void vfs_dl_close(sqlite3_vfs *vfs, void *handle) {
    (void)vfs;
    base_vfs()->xDlClose(base_vfs(), handle);
}

static int vfs_randomness(sqlite3_vfs *vfs, int size, char *out) {
    (void)vfs;
    return base_vfs()->xRandomness(base_vfs(), size, out);
}

static int vfs_sleep(sqlite3_vfs *vfs, int microseconds) {
    (void)vfs;
    return base_vfs()->xSleep(base_vfs(), microseconds);
}

static int vfs_current_time(sqlite3_vfs *vfs, double *now) {
    (void)vfs;
    return base_vfs()->xCurrentTime(base_vfs(), now);
}

static int vfs_get_last_error(sqlite3_vfs *vfs, int size, char *out) {
    (void)vfs;
    return base_vfs()->xGetLastError(base_vfs(), size, out);
}

static int vfs_current_time_int64(sqlite3_vfs *vfs, sqlite3_int64 *now) {
    (void)vfs;
    return base_vfs()->xCurrentTimeInt64(base_vfs(), now);
}

static sqlite3_vfs faultvfs_vfs = {
    .iVersion = 2,
    .zName = FAULTVFS_NAME,
    .xOpen = vfs_open,
    .xDelete = vfs_delete,
    .xAccess = vfs_access,
    .xFullPathname = vfs_full_pathname,
    .xDlOpen = vfs_dl_open,
    .xDlError = vfs_dl_error,
    .xDlSym = vfs_dl_sym,
    .xDlClose = vfs_dl_close,
    .xRandomness = vfs_randomness,
    .xSleep = vfs_sleep,
    .xCurrentTime = vfs_current_time,
    .xGetLastError = vfs_get_last_error,
    .xCurrentTimeInt64 = vfs_current_time_int64,
};

/* The base is chosen once, at the first registration, so a later default faultvfs never wraps
** itself. The last call decides whether faultvfs is the default. */
int faultvfs_register(int makeDefault) {
    faultvfs_lock();
    if (!faultvfs_global.base) {
        sqlite3_vfs *base = sqlite3_vfs_find("unix");
        if (!base) base = sqlite3_vfs_find(NULL);
        if (!base || base->iVersion < 2) {
            faultvfs_unlock();
            return SQLITE_ERROR;
        }
        faultvfs_global.base = base;
        faultvfs_vfs.szOsFile = (int)sizeof(FaultFile) + base->szOsFile;
        faultvfs_vfs.mxPathname = base->mxPathname;
    }
    int rc = sqlite3_vfs_register(&faultvfs_vfs, makeDefault != 0);
    faultvfs_unlock();
    return rc;
}

int faultvfs_unregister(void) {
    faultvfs_lock();
    int rc = faultvfs_global.base ? sqlite3_vfs_unregister(&faultvfs_vfs) : SQLITE_OK;
    faultvfs_unlock();
    return rc;
}
