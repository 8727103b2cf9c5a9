/*
** Writing unsynced operations to the real files: all of them on xSync, and a seeded selection of
** them (kept, dropped or torn into 512-byte sectors) at a simulated power loss.
*/
#include <stdlib.h>
#include "faultvfs_internal.h"

typedef enum { FaultFateKeep, FaultFateDrop, FaultFateTear } FaultFate;

/* splitmix64: small, seedable and good enough to pick fates reproducibly. */
static sqlite3_uint64 next_random(sqlite3_uint64 *state) {
    sqlite3_uint64 z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static int apply_write(sqlite3_file *real, const FaultOp *op, sqlite3_int64 from, sqlite3_int64 to) {
    return real->pMethods->xWrite(real, op->data + (from - op->offset), (int)(to - from), from);
}

static int apply_op(sqlite3_file *real, const FaultOp *op) {
    if (op->length < 0) return real->pMethods->xTruncate(real, op->offset);
    if (op->length == 0) return SQLITE_OK;
    return apply_write(real, op, op->offset, op->offset + op->length);
}

/* Writes only the 512-byte sectors (aligned on the file) of the write that the PRNG keeps. */
static int apply_torn(sqlite3_file *real, const FaultOp *op, sqlite3_uint64 *random) {
    sqlite3_int64 end = op->offset + op->length;
    sqlite3_int64 from = op->offset;
    while (from < end) {
        sqlite3_int64 sectorEnd = (from / FAULTVFS_TEAR_SECTOR + 1) * FAULTVFS_TEAR_SECTOR;
        sqlite3_int64 to = sectorEnd < end ? sectorEnd : end;
        if (next_random(random) & 1) {
            int rc = apply_write(real, op, from, to);
            if (rc != SQLITE_OK) return rc;
        }
        from = to;
    }
    return SQLITE_OK;
}

static FaultFate choose_fate(const FaultOp *op, FaultVFSCrashMode mode, sqlite3_uint64 *random) {
    switch (mode) {
    case FaultVFSCrashModeKeepAll: return FaultFateKeep;
    case FaultVFSCrashModeDropAll: return FaultFateDrop;
    case FaultVFSCrashModeRandom: break;
    }
    /* A truncation is a metadata change: it happens or it doesn't, as in SQLite's test6.c. */
    if (op->length < 0) return (next_random(random) & 1) ? FaultFateKeep : FaultFateDrop;
    switch (next_random(random) % 3) {
    case 0: return FaultFateKeep;
    case 1: return FaultFateDrop;
    default: return FaultFateTear;
    }
}

static void count_fate(const FaultOp *op, FaultFate fate) {
    if (op->length < 0) return;
    FaultVFSCounters *counters = &faultvfs_global.counters;
    if (fate == FaultFateKeep) counters->keptWrites++;
    else if (fate == FaultFateDrop) counters->droppedWrites++;
    else counters->tornWrites++;
}

static int resolve_ops(FaultNode *node, sqlite3_file *real, FaultVFSCrashMode mode,
                       sqlite3_uint64 *random) {
    int rc = SQLITE_OK;
    for (FaultOp *op = node->first; op && rc == SQLITE_OK; op = op->next) {
        FaultFate fate = choose_fate(op, mode, random);
        count_fate(op, fate);
        if (fate == FaultFateKeep) rc = apply_op(real, op);
        else if (fate == FaultFateTear) rc = apply_torn(real, op, random);
    }
    faultvfs_node_discard_ops(node);
    if (rc == SQLITE_OK) rc = real->pMethods->xFileSize(real, &node->size);
    return rc;
}

int faultvfs_flush_node(FaultNode *node, sqlite3_file *real) {
    int rc = SQLITE_OK;
    for (FaultOp *op = node->first; op && rc == SQLITE_OK; op = op->next) rc = apply_op(real, op);
    faultvfs_node_discard_ops(node);
    return rc;
}

/* Resolves a node through one of its open handles or, when it has none, through a handle
** opened on the base VFS just for this, which keeps the unix VFS's POSIX-lock bookkeeping right. */
static int resolve_node(FaultNode *node, FaultVFSCrashMode mode, sqlite3_uint64 *random) {
    if (!node->first) return SQLITE_OK;
    if (node->handles) return resolve_ops(node, node->handles->real, mode, random);
    sqlite3_vfs *base = faultvfs_global.base;
    sqlite3_file *real = calloc(1, (size_t)base->szOsFile);
    if (!real) return SQLITE_NOMEM;
    int outFlags = 0;
    int rc = base->xOpen(base, node->path, real, SQLITE_OPEN_READWRITE | node->openFlags, &outFlags);
    if (rc == SQLITE_OK) {
        rc = resolve_ops(node, real, mode, random);
        real->pMethods->xClose(real);
    } else {
        /* The file is gone from disk: its unsynced writes have nowhere to land. */
        if (real->pMethods) real->pMethods->xClose(real);
        faultvfs_node_discard_ops(node);
    }
    free(real);
    return rc;
}

static int resolve_all(FaultVFSCrashMode mode, sqlite3_uint64 seed) {
    sqlite3_uint64 random = seed;
    int rc = SQLITE_OK;
    FaultNode *node = faultvfs_global.nodes;
    while (node) {
        FaultNode *next = node->next;
        int nodeRc = resolve_node(node, mode, &random);
        if (rc == SQLITE_OK) rc = nodeRc;
        faultvfs_node_release_if_unused(node);
        node = next;
    }
    return rc;
}

int faultvfs_crash_locked(sqlite3_uint64 seed, FaultVFSCrashMode mode) {
    int rc = resolve_all(mode, seed);
    faultvfs_global.epoch++;
    faultvfs_global.crashed = 1;
    faultvfs_global.crashPoint.trigger.armed = 0;
    faultvfs_global.counters.crashes++;
    return rc;
}

int faultvfs_flush_all_locked(void) {
    sqlite3_int64 kept = faultvfs_global.counters.keptWrites;
    int rc = resolve_all(FaultVFSCrashModeKeepAll, 0);
    faultvfs_global.counters.keptWrites = kept;
    return rc;
}
