/*
** Per-path file state: the list of unsynced operations and the reads that see through them.
*/
#include <stdlib.h>
#include <string.h>
#include "faultvfs_internal.h"

FaultNode *faultvfs_node_find(const char *path) {
    for (FaultNode *node = faultvfs_global.nodes; node; node = node->next) {
        if (strcmp(node->path, path) == 0) return node;
    }
    return NULL;
}

FaultNode *faultvfs_node_attach(FaultFile *file, const char *path, int kind, int openFlags) {
    FaultNode *node = faultvfs_node_find(path);
    if (!node) {
        sqlite3_int64 realSize = 0;
        if (file->real->pMethods->xFileSize(file->real, &realSize) != SQLITE_OK) return NULL;
        node = calloc(1, sizeof(FaultNode));
        if (!node) return NULL;
        size_t pathLength = strlen(path) + 1;
        node->path = malloc(pathLength);
        if (node->path) memcpy(node->path, path, pathLength);
        if (!node->path) {
            free(node);
            return NULL;
        }
        node->kind = kind;
        node->openFlags = openFlags;
        node->size = realSize;
        /* Appended, not prepended: crash resolution walks files in a stable order so that a
        ** seed reproduces the same outcome. */
        FaultNode **tail = &faultvfs_global.nodes;
        while (*tail) tail = &(*tail)->next;
        *tail = node;
    }
    file->node = node;
    file->nextInNode = node->handles;
    node->handles = file;
    return node;
}

void faultvfs_node_detach(FaultFile *file) {
    FaultNode *node = file->node;
    if (!node) return;
    for (FaultFile **link = &node->handles; *link; link = &(*link)->nextInNode) {
        if (*link == file) {
            *link = file->nextInNode;
            break;
        }
    }
    file->node = NULL;
    faultvfs_node_release_if_unused(node);
}

void faultvfs_node_release_if_unused(FaultNode *node) {
    if (node->handles || node->first) return;
    for (FaultNode **link = &faultvfs_global.nodes; *link; link = &(*link)->next) {
        if (*link == node) {
            *link = node->next;
            break;
        }
    }
    free(node->path);
    free(node);
}

int faultvfs_node_append(FaultNode *node, sqlite3_int64 offset, const void *data, int length) {
    size_t payload = length > 0 ? (size_t)length : 0;
    FaultOp *op = malloc(sizeof(FaultOp) + payload);
    if (!op) return SQLITE_NOMEM;
    op->offset = offset;
    op->length = length;
    op->next = NULL;
    if (payload) memcpy(op->data, data, payload);
    if (node->last) node->last->next = op; else node->first = op;
    node->last = op;
    if (length >= 0) {
        if (offset + length > node->size) node->size = offset + length;
        faultvfs_global.counters.pendingWrites++;
        faultvfs_global.counters.unsyncedBytes += length;
    } else {
        node->size = offset;
    }
    return SQLITE_OK;
}

void faultvfs_node_discard_ops(FaultNode *node) {
    FaultOp *op = node->first;
    while (op) {
        FaultOp *next = op->next;
        if (op->length >= 0) {
            faultvfs_global.counters.pendingWrites--;
            faultvfs_global.counters.unsyncedBytes -= op->length;
        }
        free(op);
        op = next;
    }
    node->first = node->last = NULL;
}

/* Reads the real file, then replays the unsynced ops over the requested range in issue order:
** a write copies its overlap, a truncation zeroes what lies past its new end. */
int faultvfs_node_read(FaultNode *node, sqlite3_file *real, void *buffer, int amount,
                       sqlite3_int64 offset) {
    unsigned char *out = buffer;
    int rc = real->pMethods->xRead(real, buffer, amount, offset);
    if (rc != SQLITE_OK && rc != SQLITE_IOERR_SHORT_READ) return rc;
    sqlite3_int64 end = offset + amount;
    for (FaultOp *op = node->first; op; op = op->next) {
        if (op->length < 0) {
            if (op->offset < end) {
                sqlite3_int64 from = op->offset > offset ? op->offset : offset;
                memset(out + (from - offset), 0, (size_t)(end - from));
            }
            continue;
        }
        sqlite3_int64 from = op->offset > offset ? op->offset : offset;
        sqlite3_int64 to = op->offset + op->length < end ? op->offset + op->length : end;
        if (from < to) memcpy(out + (from - offset), op->data + (from - op->offset), (size_t)(to - from));
    }
    if (end > node->size) {
        sqlite3_int64 from = node->size > offset ? node->size : offset;
        memset(out + (from - offset), 0, (size_t)(end - from));
        return SQLITE_IOERR_SHORT_READ;
    }
    return SQLITE_OK;
}
