/* The pre-built row set: rows whose texts live in one arena, ready to bind without copying. */
#include "baseline_internal.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

slb_rows *slb_rows_create(int64_t capacity) {
    slb_rows *rows = calloc(1, sizeof *rows);
    if (!rows) return NULL;
    rows->capacity = capacity > 16 ? capacity : 16;
    rows->items = malloc((size_t)rows->capacity * sizeof *rows->items);
    rows->arena_capacity = (size_t)rows->capacity * 256;
    rows->arena = malloc(rows->arena_capacity);
    if (!rows->items || !rows->arena) {
        slb_rows_free(rows);
        return NULL;
    }
    return rows;
}

void slb_rows_free(slb_rows *rows) {
    if (!rows) return;
    free(rows->items);
    free(rows->arena);
    free(rows);
}

int64_t slb_rows_count(const slb_rows *rows) { return rows->count; }

/* Copies `text` (with its NUL) into the arena; returns its offset or SIZE_MAX when out of memory. */
static size_t arena_copy(slb_rows *rows, const char *text, size_t length) {
    if (rows->arena_used + length + 1 > rows->arena_capacity) {
        size_t wanted = rows->arena_capacity * 2 + length + 1;
        char *grown = realloc(rows->arena, wanted);
        if (!grown) return SIZE_MAX;
        rows->arena = grown;
        rows->arena_capacity = wanted;
    }
    size_t offset = rows->arena_used;
    memcpy(rows->arena + offset, text, length + 1);
    rows->arena_used += length + 1;
    return offset;
}

int slb_rows_add(slb_rows *rows, const char *event_id, const char *stream, int64_t version, const char *type,
                 int64_t schema_version, const char *payload, const char *metadata, int64_t occurred_at,
                 int64_t recorded_at, const uint8_t *chain) {
    if (rows->count == rows->capacity) {
        slb_row *grown = realloc(rows->items, (size_t)rows->capacity * 2 * sizeof *grown);
        if (!grown) return SQLITE_NOMEM;
        rows->items = grown;
        rows->capacity *= 2;
    }
    slb_row row;
    size_t payload_length = strlen(payload);
    row.event_id = arena_copy(rows, event_id, strlen(event_id));
    row.stream = arena_copy(rows, stream, strlen(stream));
    row.type = arena_copy(rows, type, strlen(type));
    row.payload = arena_copy(rows, payload, payload_length);
    row.metadata = metadata ? arena_copy(rows, metadata, strlen(metadata)) : SIZE_MAX;
    if (row.event_id == SIZE_MAX || row.stream == SIZE_MAX || row.type == SIZE_MAX || row.payload == SIZE_MAX
        || (metadata && row.metadata == SIZE_MAX))
        return SQLITE_NOMEM;
    row.payload_length = (int)payload_length;
    row.version = version;
    row.schema_version = schema_version;
    row.occurred_at = occurred_at;
    row.recorded_at = recorded_at;
    memcpy(row.chain, chain, sizeof row.chain);
    rows->items[rows->count++] = row;
    return SQLITE_OK;
}
