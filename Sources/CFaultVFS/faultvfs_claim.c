/*
** The process-wide claim that keeps test suites of different targets from using the VFS's
** global crash and fault state at the same time.
*/
#include <stdatomic.h>
#include "CFaultVFS.h"

static atomic_int faultvfs_claimed = 0;

int faultvfs_try_claim(void) {
    int expected = 0;
    return atomic_compare_exchange_strong(&faultvfs_claimed, &expected, 1) ? 1 : 0;
}

void faultvfs_release_claim(void) {
    atomic_store(&faultvfs_claimed, 0);
}
