/*
** Internal state of the fault-injecting VFS, shared by its C files. Not part of the public API.
*/
#ifndef FAULTVFS_INTERNAL_H
#define FAULTVFS_INTERNAL_H

#include <pthread.h>
#include "CFaultVFS.h"

#define FAULTVFS_TEAR_SECTOR 512

/* One unsynced operation on a file: a write of length bytes at offset, or (length < 0) a
** truncation to offset. Kept in issue order, because the order decides what reads see. */
typedef struct FaultOp {
    sqlite3_int64 offset;
    int length;
    struct FaultOp *next;
    unsigned char data[];
} FaultOp;

struct FaultFile;

/* Per-path state of a durable file, shared by every handle on that path so that several
** connections of one process see each other's unsynced writes, as they would through the OS
** page cache. Survives its last handle while writes are unsynced. */
typedef struct FaultNode {
    char *path;
    int kind;           /* FAULTVFS_FILE_MAIN_DB, _WAL or _JOURNAL */
    int openFlags;      /* the SQLITE_OPEN_* kind bits, to reopen the real file at a crash */
    sqlite3_int64 size; /* the size reads see: the real size with the unsynced ops applied */
    FaultOp *first;
    FaultOp *last;
    struct FaultFile *handles;
    struct FaultNode *next;
} FaultNode;

/* The sqlite3_file handed to SQLite; the base VFS's file follows it in the same allocation. */
typedef struct FaultFile {
    const sqlite3_io_methods *pMethods;
    sqlite3_file *real;
    FaultNode *node;    /* NULL for temporary files, which pass straight through */
    unsigned epoch;     /* the crash epoch at open; a crash since then makes the handle dead */
    struct FaultFile *nextInNode;
} FaultFile;

/* An armed fault or crash point counting down the matching operations. */
typedef struct FaultTrigger {
    int armed;
    int countdown;
    int persistent;
    int fired;
    int fileKinds;
    FaultVFSErrorKind errorKind;
} FaultTrigger;

typedef struct FaultCrashPoint {
    FaultTrigger trigger;
    FaultVFSOperation operation;
    sqlite3_uint64 seed;
    FaultVFSCrashMode mode;
} FaultCrashPoint;

typedef struct FaultGlobal {
    pthread_mutex_t mutex;
    sqlite3_vfs *base;
    FaultNode *nodes;
    unsigned epoch;
    int crashed;
    FaultTrigger writeFault;
    FaultTrigger syncFault;
    FaultCrashPoint crashPoint;
    FaultVFSCounters counters;
} FaultGlobal;

extern FaultGlobal faultvfs_global;
extern const sqlite3_io_methods faultvfs_io_methods;

void faultvfs_lock(void);
void faultvfs_unlock(void);

/* Node registry (faultvfs_node.c); callers hold the lock. */
FaultNode *faultvfs_node_find(const char *path);
FaultNode *faultvfs_node_attach(FaultFile *file, const char *path, int kind, int openFlags);
void faultvfs_node_detach(FaultFile *file);
void faultvfs_node_release_if_unused(FaultNode *node);
int faultvfs_node_append(FaultNode *node, sqlite3_int64 offset, const void *data, int length);
void faultvfs_node_discard_ops(FaultNode *node);
int faultvfs_node_read(FaultNode *node, sqlite3_file *real, void *buffer, int amount,
                       sqlite3_int64 offset);

/* Writing unsynced ops out (faultvfs_flush.c); callers hold the lock. */
int faultvfs_flush_node(FaultNode *node, sqlite3_file *real);
int faultvfs_crash_locked(sqlite3_uint64 seed, FaultVFSCrashMode mode);
int faultvfs_flush_all_locked(void);

/* Triggers (faultvfs_faults.c); callers hold the lock. Returns 1 when the trigger fires. */
int faultvfs_trigger_fires(FaultTrigger *trigger, int fileKind);

#endif /* FAULTVFS_INTERNAL_H */
