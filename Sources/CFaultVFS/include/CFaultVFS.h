/*
** CFaultVFS: a fault-injecting SQLite VFS ("faultvfs") that wraps the default unix VFS to simulate
** power loss and I/O faults in tests.
**
** Writes to the main database, WAL and rollback journal files are held in memory as "unsynced"
** until xSync on that file; reads see them, so the process behaves normally. A simulated power
** loss (faultvfs_crash, or an armed crash point) keeps, drops or tears each unsynced write,
** writes the survivors to the real files, and kills every handle opened before it.
**
** Simulation policy (following SQLite's own test6.c crash VFS where it has one):
** - xTruncate is queued with the writes, in order; at a crash it is kept or dropped, never torn.
** - xDelete and file creation are metadata operations, durable on return; a delete discards the
**   file's unsynced writes.
** - xClose does not sync: a closed file's unsynced writes stay unsynced (readable by later handles
**   on the same path) until a sync, a crash or faultvfs_reset().
** - A failed (injected) sync leaves the writes unsynced; follow it with a crash to model the data
**   lost after a failed fsync. A successful sync writes to the real file but skips the real fsync.
** - Temporary files and the -shm wal-index pass straight through (SQLite rebuilds the index).
** - A crash point or fault only counts operations on main db, WAL and journal files.
**
** Example (Swift):
**
**     faultvfs_register(0)
**     sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, FAULTVFS_NAME)
**     faultvfs_crash_on(FaultVFSOperationSync, 3, seed, FaultVFSCrashModeRandom)
**     // ... run the workload until it fails, close db, then:
**     faultvfs_reset()   // and reopen with the normal VFS to check
*/
#ifndef CFAULTVFS_H
#define CFAULTVFS_H

#include <sqlite3.h>

#define FAULTVFS_NAME "faultvfs"

#define FAULTVFS_CLOSED_ENUM __attribute__((enum_extensibility(closed)))

/* What happens to each unsynced write at a simulated power loss. */
typedef enum FAULTVFS_CLOSED_ENUM FaultVFSCrashMode {
    FaultVFSCrashModeKeepAll = 0, /* every unsynced write reaches the disk */
    FaultVFSCrashModeDropAll = 1, /* no unsynced write reaches the disk */
    FaultVFSCrashModeRandom = 2   /* per write: kept, dropped or torn (some 512-byte sectors) */
} FaultVFSCrashMode;

/* The operating-system error an injected fault imitates. */
typedef enum FAULTVFS_CLOSED_ENUM FaultVFSErrorKind {
    FaultVFSErrorKindNoSpace = 0, /* ENOSPC: a write returns SQLITE_FULL */
    FaultVFSErrorKindIOFailure = 1 /* EIO: SQLITE_IOERR_WRITE, or SQLITE_IOERR_FSYNC for a sync */
} FaultVFSErrorKind;

/* The file operations a fault or a crash point can be attached to. */
typedef enum FAULTVFS_CLOSED_ENUM FaultVFSOperation {
    FaultVFSOperationWrite = 0,
    FaultVFSOperationSync = 1
} FaultVFSOperation;

/* The extended result codes faultvfs returns, for Swift, which cannot import SQLite's
** SQLITE_IOERR_* macros (they are expressions). Compare with Int32(FAULTVFS_IOERR_WRITE). */
enum {
    FAULTVFS_IOERR_READ = SQLITE_IOERR_READ,
    FAULTVFS_IOERR_WRITE = SQLITE_IOERR_WRITE,
    FAULTVFS_IOERR_FSYNC = SQLITE_IOERR_FSYNC,
    FAULTVFS_IOERR_TRUNCATE = SQLITE_IOERR_TRUNCATE,
    FAULTVFS_IOERR_FSTAT = SQLITE_IOERR_FSTAT,
    FAULTVFS_IOERR_LOCK = SQLITE_IOERR_LOCK,
    FAULTVFS_IOERR_DELETE = SQLITE_IOERR_DELETE,
    FAULTVFS_IOERR_SHMMAP = SQLITE_IOERR_SHMMAP,
    FAULTVFS_IOERR_SHMLOCK = SQLITE_IOERR_SHMLOCK
};

/* File kinds, combined as a mask to restrict faults and crash points. 0 means all kinds. */
#define FAULTVFS_FILE_MAIN_DB 1
#define FAULTVFS_FILE_WAL 2
#define FAULTVFS_FILE_JOURNAL 4
#define FAULTVFS_FILE_ANY 7

/* Counters since the last faultvfs_reset(). "Durable" files are main db, WAL and journals. */
typedef struct FaultVFSCounters {
    sqlite3_int64 writes;         /* xWrite calls on durable files */
    sqlite3_int64 syncs;          /* xSync calls on durable files */
    sqlite3_int64 truncates;      /* xTruncate calls on durable files */
    sqlite3_int64 pendingWrites;  /* unsynced writes held right now */
    sqlite3_int64 unsyncedBytes;  /* bytes in those writes */
    sqlite3_int64 failedWrites;   /* writes failed by an injected fault */
    sqlite3_int64 failedSyncs;    /* syncs failed by an injected fault */
    sqlite3_int64 crashes;        /* simulated power losses */
    sqlite3_int64 keptWrites;     /* unsynced writes that survived crashes whole */
    sqlite3_int64 droppedWrites;  /* unsynced writes lost whole */
    sqlite3_int64 tornWrites;     /* unsynced writes of which only some sectors survived */
} FaultVFSCounters;

/* Registers "faultvfs" (idempotent). makeDefault != 0 makes it the default VFS. Returns SQLITE_OK. */
int faultvfs_register(int makeDefault);

/* Unregisters "faultvfs" so the previous default VFS is the default again. Returns SQLITE_OK. */
int faultvfs_unregister(void);

/*
** Simulates power loss now: resolves every unsynced write of every file by mode with a PRNG
** seeded by seed, writes the survivors to the real files, then enters the crashed state: every
** handle opened so far fails all further I/O with SQLITE_IOERR_* (closing still works) and new
** opens fail with SQLITE_CANTOPEN until faultvfs_reset(). Returns SQLITE_OK or the real I/O error.
*/
int faultvfs_crash(sqlite3_uint64 seed, FaultVFSCrashMode mode);

/*
** Arms a crash point: the n-th operation of that kind (n >= 1, counted from now, on files in
** fileKinds; 0 = any) is not performed; faultvfs_crash(seed, mode) runs instead and the operation
** returns SQLITE_IOERR_WRITE / SQLITE_IOERR_FSYNC. Replaces any armed crash point.
*/
void faultvfs_crash_on(FaultVFSOperation operation, int n, sqlite3_uint64 seed,
                       FaultVFSCrashMode mode, int fileKinds);

/*
** Injects a fault: the n-th write (n >= 1, counted from now, on files in fileKinds; 0 = any)
** fails and writes nothing. persistent != 0: every later write fails too.
*/
void faultvfs_fail_write(int n, FaultVFSErrorKind kind, int persistent, int fileKinds);

/*
** Injects a fault: the n-th sync fails with SQLITE_IOERR_FSYNC (as os_unix.c reports any fsync
** error) and its file's writes stay unsynced. persistent != 0: every later sync fails too.
*/
void faultvfs_fail_sync(int n, FaultVFSErrorKind kind, int persistent, int fileKinds);

/* Disarms injected faults and the crash point; unsynced writes and counters are kept. */
void faultvfs_clear_faults(void);

/*
** Back to a clean state between runs: unsynced writes are written out (as the OS would), faults
** and the crash point disarmed, counters zeroed, crashed state left. Handles opened before a crash
** stay dead; close them before reopening the database.
*/
void faultvfs_reset(void);

/* Non-zero between a simulated crash and the next faultvfs_reset(). */
int faultvfs_is_crashed(void);

/* A snapshot of the counters. */
FaultVFSCounters faultvfs_counters(void);

/*
** Exclusive use of the VFS by one group of tests: the crash and fault state is global to the
** process, and test suites of different test targets run in parallel in one process.
** Returns 1 when the claim was taken (release it with faultvfs_release_claim), 0 when another
** holder has it; never blocks, so an async caller can sleep and retry without tying up a thread.
*/
int faultvfs_try_claim(void);

/* Gives the claim taken by faultvfs_try_claim back. */
void faultvfs_release_claim(void);

#endif /* CFAULTVFS_H */
