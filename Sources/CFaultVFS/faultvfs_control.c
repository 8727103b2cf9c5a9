/*
** The public control API: crashes, injected faults, reset and counters.
*/
#include <string.h>
#include "faultvfs_internal.h"

FaultGlobal faultvfs_global = { .mutex = PTHREAD_MUTEX_INITIALIZER };

void faultvfs_lock(void) { pthread_mutex_lock(&faultvfs_global.mutex); }
void faultvfs_unlock(void) { pthread_mutex_unlock(&faultvfs_global.mutex); }

int faultvfs_trigger_fires(FaultTrigger *trigger, int fileKind) {
    if (!trigger->armed) return 0;
    if (trigger->fileKinds && !(trigger->fileKinds & fileKind)) return 0;
    if (trigger->fired) return trigger->persistent;
    if (--trigger->countdown > 0) return 0;
    trigger->fired = 1;
    if (!trigger->persistent) trigger->armed = 0;
    return 1;
}

static FaultTrigger make_trigger(int n, FaultVFSErrorKind kind, int persistent, int fileKinds) {
    FaultTrigger trigger = {
        .armed = n >= 1,
        .countdown = n,
        .persistent = persistent != 0,
        .fired = 0,
        .fileKinds = fileKinds & FAULTVFS_FILE_ANY,
        .errorKind = kind,
    };
    return trigger;
}

int faultvfs_crash(sqlite3_uint64 seed, FaultVFSCrashMode mode) {
    faultvfs_lock();
    int rc = faultvfs_crash_locked(seed, mode);
    faultvfs_unlock();
    return rc;
}

void faultvfs_crash_on(FaultVFSOperation operation, int n, sqlite3_uint64 seed,
                       FaultVFSCrashMode mode, int fileKinds) {
    faultvfs_lock();
    faultvfs_global.crashPoint.trigger = make_trigger(n, FaultVFSErrorKindIOFailure, 0, fileKinds);
    faultvfs_global.crashPoint.operation = operation;
    faultvfs_global.crashPoint.seed = seed;
    faultvfs_global.crashPoint.mode = mode;
    faultvfs_unlock();
}

void faultvfs_fail_write(int n, FaultVFSErrorKind kind, int persistent, int fileKinds) {
    faultvfs_lock();
    faultvfs_global.writeFault = make_trigger(n, kind, persistent, fileKinds);
    faultvfs_unlock();
}

void faultvfs_fail_sync(int n, FaultVFSErrorKind kind, int persistent, int fileKinds) {
    faultvfs_lock();
    faultvfs_global.syncFault = make_trigger(n, kind, persistent, fileKinds);
    faultvfs_unlock();
}

void faultvfs_clear_faults(void) {
    faultvfs_lock();
    memset(&faultvfs_global.writeFault, 0, sizeof(FaultTrigger));
    memset(&faultvfs_global.syncFault, 0, sizeof(FaultTrigger));
    memset(&faultvfs_global.crashPoint, 0, sizeof(FaultCrashPoint));
    faultvfs_unlock();
}

void faultvfs_reset(void) {
    faultvfs_clear_faults();
    faultvfs_lock();
    faultvfs_flush_all_locked();
    faultvfs_global.crashed = 0;
    memset(&faultvfs_global.counters, 0, sizeof(FaultVFSCounters));
    faultvfs_unlock();
}

int faultvfs_is_crashed(void) {
    faultvfs_lock();
    int crashed = faultvfs_global.crashed;
    faultvfs_unlock();
    return crashed;
}

FaultVFSCounters faultvfs_counters(void) {
    faultvfs_lock();
    FaultVFSCounters counters = faultvfs_global.counters;
    faultvfs_unlock();
    return counters;
}
