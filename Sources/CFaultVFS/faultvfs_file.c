/*
** The sqlite3_io_methods of faultvfs: durable files buffer writes until xSync, temporary files pass
** straight through, and every handle opened before a simulated crash fails its I/O.
*/
#include <errno.h>
#include "faultvfs_internal.h"

/* What the simulated device promises. Atomic-write, safe-append and sequential guarantees are not
** simulated (a crash may tear any write), so they must not be advertised to SQLite. */
#define FAULTVFS_HONOURED_IOCAP (SQLITE_IOCAP_POWERSAFE_OVERWRITE | SQLITE_IOCAP_UNDELETABLE_WHEN_OPEN)

static FaultFile *fault_file(sqlite3_file *file) { return (FaultFile *)file; }

static int is_dead(const FaultFile *file) { return file->epoch != faultvfs_global.epoch; }

static int is_dead_locked(const FaultFile *file) {
    faultvfs_lock();
    int dead = is_dead(file);
    faultvfs_unlock();
    return dead;
}

/* Returns 1 when the armed crash point fires on this operation (and the crash has happened). */
static int crash_point_fires(FaultVFSOperation operation, int fileKind) {
    FaultCrashPoint *point = &faultvfs_global.crashPoint;
    if (point->operation != operation || !faultvfs_trigger_fires(&point->trigger, fileKind)) return 0;
    faultvfs_crash_locked(point->seed, point->mode);
    return 1;
}

static int fault_close(sqlite3_file *file) {
    FaultFile *self = fault_file(file);
    faultvfs_lock();
    faultvfs_node_detach(self);
    int rc = self->real->pMethods->xClose(self->real);
    faultvfs_unlock();
    return rc;
}

static int fault_read(sqlite3_file *file, void *buffer, int amount, sqlite3_int64 offset) {
    FaultFile *self = fault_file(file);
    faultvfs_lock();
    int rc;
    if (is_dead(self)) rc = SQLITE_IOERR_READ;
    else if (self->node) rc = faultvfs_node_read(self->node, self->real, buffer, amount, offset);
    else rc = self->real->pMethods->xRead(self->real, buffer, amount, offset);
    faultvfs_unlock();
    return rc;
}

static int injected_write_error(void) {
    faultvfs_global.counters.failedWrites++;
    if (faultvfs_global.writeFault.errorKind == FaultVFSErrorKindNoSpace) {
        errno = ENOSPC;
        return SQLITE_FULL;
    }
    errno = EIO;
    return SQLITE_IOERR_WRITE;
}

static int fault_write(sqlite3_file *file, const void *data, int amount, sqlite3_int64 offset) {
    FaultFile *self = fault_file(file);
    faultvfs_lock();
    int rc;
    if (is_dead(self)) {
        rc = SQLITE_IOERR_WRITE;
    } else if (!self->node) {
        rc = self->real->pMethods->xWrite(self->real, data, amount, offset);
    } else {
        int kind = self->node->kind;
        faultvfs_global.counters.writes++;
        if (crash_point_fires(FaultVFSOperationWrite, kind)) rc = SQLITE_IOERR_WRITE;
        else if (faultvfs_trigger_fires(&faultvfs_global.writeFault, kind)) rc = injected_write_error();
        else rc = faultvfs_node_append(self->node, offset, data, amount);
    }
    faultvfs_unlock();
    return rc;
}

static int fault_truncate(sqlite3_file *file, sqlite3_int64 size) {
    FaultFile *self = fault_file(file);
    faultvfs_lock();
    int rc;
    if (is_dead(self)) {
        rc = SQLITE_IOERR_TRUNCATE;
    } else if (!self->node) {
        rc = self->real->pMethods->xTruncate(self->real, size);
    } else {
        faultvfs_global.counters.truncates++;
        rc = faultvfs_node_append(self->node, size, NULL, -1);
    }
    faultvfs_unlock();
    return rc;
}

/* A successful sync writes the file's unsynced ops to the real file. The real fsync is skipped:
** the simulation, not the disk, decides what survives a crash, and skipping it keeps tests fast. */
static int fault_sync(sqlite3_file *file, int flags) {
    FaultFile *self = fault_file(file);
    faultvfs_lock();
    int rc;
    if (is_dead(self)) {
        rc = SQLITE_IOERR_FSYNC;
    } else if (!self->node) {
        rc = self->real->pMethods->xSync(self->real, flags);
    } else {
        int kind = self->node->kind;
        faultvfs_global.counters.syncs++;
        if (crash_point_fires(FaultVFSOperationSync, kind)) {
            rc = SQLITE_IOERR_FSYNC;
        } else if (faultvfs_trigger_fires(&faultvfs_global.syncFault, kind)) {
            faultvfs_global.counters.failedSyncs++;
            errno = faultvfs_global.syncFault.errorKind == FaultVFSErrorKindNoSpace ? ENOSPC : EIO;
            rc = SQLITE_IOERR_FSYNC;
        } else {
            rc = faultvfs_flush_node(self->node, self->real);
        }
    }
    faultvfs_unlock();
    return rc;
}

static int fault_file_size(sqlite3_file *file, sqlite3_int64 *size) {
    FaultFile *self = fault_file(file);
    faultvfs_lock();
    int rc = SQLITE_OK;
    if (is_dead(self)) rc = SQLITE_IOERR_FSTAT;
    else if (self->node) *size = self->node->size;
    else rc = self->real->pMethods->xFileSize(self->real, size);
    faultvfs_unlock();
    return rc;
}

static int fault_lock(sqlite3_file *file, int level) {
    FaultFile *self = fault_file(file);
    if (is_dead_locked(self)) return SQLITE_IOERR_LOCK;
    return self->real->pMethods->xLock(self->real, level);
}

/* Unlocking always passes through: a dead connection must still be able to let go. */
static int fault_unlock(sqlite3_file *file, int level) {
    FaultFile *self = fault_file(file);
    return self->real->pMethods->xUnlock(self->real, level);
}

static int fault_check_reserved_lock(sqlite3_file *file, int *result) {
    FaultFile *self = fault_file(file);
    if (is_dead_locked(self)) return SQLITE_IOERR_CHECKRESERVEDLOCK;
    return self->real->pMethods->xCheckReservedLock(self->real, result);
}

/* A size hint would grow the real file behind the simulation's back; it is only a hint. */
static int fault_file_control(sqlite3_file *file, int op, void *argument) {
    FaultFile *self = fault_file(file);
    if (op == SQLITE_FCNTL_SIZE_HINT && self->node) return SQLITE_OK;
    return self->real->pMethods->xFileControl(self->real, op, argument);
}

static int fault_sector_size(sqlite3_file *file) {
    FaultFile *self = fault_file(file);
    return self->real->pMethods->xSectorSize(self->real);
}

static int fault_device_characteristics(sqlite3_file *file) {
    FaultFile *self = fault_file(file);
    return self->real->pMethods->xDeviceCharacteristics(self->real) & FAULTVFS_HONOURED_IOCAP;
}

/* The -shm wal-index is rebuilt from the WAL on recovery, so it is not simulated. */
static int fault_shm_map(sqlite3_file *file, int region, int size, int extend, void volatile **memory) {
    FaultFile *self = fault_file(file);
    if (is_dead_locked(self)) return SQLITE_IOERR_SHMMAP;
    return self->real->pMethods->xShmMap(self->real, region, size, extend, memory);
}

static int fault_shm_lock(sqlite3_file *file, int offset, int count, int flags) {
    FaultFile *self = fault_file(file);
    if (!(flags & SQLITE_SHM_UNLOCK) && is_dead_locked(self)) return SQLITE_IOERR_SHMLOCK;
    return self->real->pMethods->xShmLock(self->real, offset, count, flags);
}

static void fault_shm_barrier(sqlite3_file *file) {
    FaultFile *self = fault_file(file);
    self->real->pMethods->xShmBarrier(self->real);
}

static int fault_shm_unmap(sqlite3_file *file, int deleteFlag) {
    FaultFile *self = fault_file(file);
    return self->real->pMethods->xShmUnmap(self->real, deleteFlag);
}

/* Version 2: without xFetch SQLite never memory-maps the database, so every read goes through
** fault_read and sees the unsynced writes. */
const sqlite3_io_methods faultvfs_io_methods = {
    .iVersion = 2,
    .xClose = fault_close,
    .xRead = fault_read,
    .xWrite = fault_write,
    .xTruncate = fault_truncate,
    .xSync = fault_sync,
    .xFileSize = fault_file_size,
    .xLock = fault_lock,
    .xUnlock = fault_unlock,
    .xCheckReservedLock = fault_check_reserved_lock,
    .xFileControl = fault_file_control,
    .xSectorSize = fault_sector_size,
    .xDeviceCharacteristics = fault_device_characteristics,
    .xShmMap = fault_shm_map,
    .xShmLock = fault_shm_lock,
    .xShmBarrier = fault_shm_barrier,
    .xShmUnmap = fault_shm_unmap,
};
