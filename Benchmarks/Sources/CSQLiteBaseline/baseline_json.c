/*
 * A small recursive-descent JSON parser for the scan figures. It walks every byte of a payload
 * (so the baseline pays for a real parse) and extracts the fields an event type's projection needs,
 * addressed as "key" at the top level or "parent.key" one object down.
 */
#include "baseline_internal.h"
#include <string.h>

enum { max_depth = 64, max_path = 96 };

typedef struct {
    const char *text;
    const char *end;
    const char *const *wanted; /* NULL-terminated field paths */
    slb_scan_result *result;
} parser;

static const char *const present_fields[] = {"presentation", "route.name", "route.group", "guard", NULL};
static const char *const edit_fields[] = {"presentation", "field", "value", NULL};
static const char *const dismiss_fields[] = {"presentation", "source", "outcome", "offersSave", NULL};
static const char *const discard_fields[] = {"presentation", "discardedFields", NULL};
static const char *const save_fields[] = {"presentation", "values", NULL};
static const char *const other_fields[] = {"presentation", NULL};

static const char *const *fields_for(const char *type) {
    if (strcmp(type, "edit") == 0) return edit_fields;
    if (strcmp(type, "present") == 0) return present_fields;
    if (strcmp(type, "attemptDismiss") == 0) return dismiss_fields;
    if (strcmp(type, "confirmDiscard") == 0) return discard_fields;
    if (strcmp(type, "save") == 0) return save_fields;
    return other_fields;
}

static void skip_space(parser *p) {
    while (p->text < p->end && (*p->text == ' ' || *p->text == '\n' || *p->text == '\r' || *p->text == '\t')) p->text++;
}

static int is_hex(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

/* Parses a string starting at its opening quote; on success start and length give the raw bytes inside. */
static int parse_string(parser *p, const char **start, size_t *length) {
    p->text++;
    *start = p->text;
    while (p->text < p->end) {
        unsigned char c = (unsigned char)*p->text;
        if (c == '"') {
            *length = (size_t)(p->text - *start);
            p->text++;
            return 1;
        }
        if (c < 0x20) return 0;
        if (c == '\\') {
            if (++p->text >= p->end) return 0;
            char escape = *p->text;
            if (escape == 'u') {
                if (p->end - p->text < 5 || !is_hex(p->text[1]) || !is_hex(p->text[2]) || !is_hex(p->text[3])
                    || !is_hex(p->text[4]))
                    return 0;
                p->text += 4;
            } else if (!strchr("\"\\/bfnrt", escape)) {
                return 0;
            }
        }
        p->text++;
    }
    return 0;
}

static int parse_digits(parser *p) {
    const char *start = p->text;
    while (p->text < p->end && *p->text >= '0' && *p->text <= '9') p->text++;
    return p->text > start;
}

static int parse_number(parser *p) {
    if (*p->text == '-') p->text++;
    if (p->text < p->end && *p->text == '0') p->text++;
    else if (!parse_digits(p)) return 0;
    if (p->text < p->end && *p->text == '.') {
        p->text++;
        if (!parse_digits(p)) return 0;
    }
    if (p->text < p->end && (*p->text == 'e' || *p->text == 'E')) {
        p->text++;
        if (p->text < p->end && (*p->text == '+' || *p->text == '-')) p->text++;
        if (!parse_digits(p)) return 0;
    }
    return 1;
}

static int parse_literal(parser *p, const char *word) {
    size_t length = strlen(word);
    if ((size_t)(p->end - p->text) < length || memcmp(p->text, word, length) != 0) return 0;
    p->text += length;
    return 1;
}

static int is_wanted(const parser *p, const char *path, size_t length) {
    for (const char *const *field = p->wanted; *field; field++)
        if (strlen(*field) == length && memcmp(*field, path, length) == 0) return 1;
    return 0;
}

/* Folds an extracted value's bytes into the checksum (FNV-1a). */
static void extract(parser *p, const char *start, const char *stop) {
    uint64_t hash = p->result->checksum ? p->result->checksum : 1469598103934665603ULL;
    for (const char *c = start; c < stop; c++) hash = (hash ^ (unsigned char)*c) * 1099511628211ULL;
    p->result->checksum = hash;
    p->result->fields_found++;
}

static int parse_value(parser *p, int depth, const char *path, size_t path_length);

static int parse_object(parser *p, int depth, const char *path, size_t path_length) {
    p->text++;
    skip_space(p);
    if (p->text < p->end && *p->text == '}') {
        p->text++;
        return 1;
    }
    for (;;) {
        skip_space(p);
        if (p->text >= p->end || *p->text != '"') return 0;
        const char *key;
        size_t key_length;
        if (!parse_string(p, &key, &key_length)) return 0;
        /* Paths are tracked only as deep as the wanted fields go ("parent.key"). */
        char child[max_path];
        size_t child_length = 0;
        if ((depth == 1 || (depth == 2 && path_length)) && path_length + key_length + 1 < max_path) {
            if (path_length) {
                memcpy(child, path, path_length);
                child[path_length] = '.';
                child_length = path_length + 1;
            }
            memcpy(child + child_length, key, key_length);
            child_length += key_length;
        }
        skip_space(p);
        if (p->text >= p->end || *p->text != ':') return 0;
        p->text++;
        skip_space(p);
        if (!parse_value(p, depth, child, child_length)) return 0;
        skip_space(p);
        if (p->text >= p->end) return 0;
        if (*p->text == '}') {
            p->text++;
            return 1;
        }
        if (*p->text != ',') return 0;
        p->text++;
    }
}

static int parse_array(parser *p, int depth) {
    p->text++;
    skip_space(p);
    if (p->text < p->end && *p->text == ']') {
        p->text++;
        return 1;
    }
    for (;;) {
        skip_space(p);
        if (!parse_value(p, depth, NULL, 0)) return 0;
        skip_space(p);
        if (p->text >= p->end) return 0;
        if (*p->text == ']') {
            p->text++;
            return 1;
        }
        if (*p->text != ',') return 0;
        p->text++;
    }
}

static int parse_value(parser *p, int depth, const char *path, size_t path_length) {
    if (p->text >= p->end || depth > max_depth) return 0;
    const char *start = p->text;
    int ok;
    const char *ignored;
    size_t ignored_length;
    switch (*p->text) {
    case '{': ok = parse_object(p, depth + 1, path, path_length); break;
    case '[': ok = parse_array(p, depth + 1); break;
    case '"': ok = parse_string(p, &ignored, &ignored_length); break;
    case 't': ok = parse_literal(p, "true"); break;
    case 'f': ok = parse_literal(p, "false"); break;
    case 'n': ok = parse_literal(p, "null"); break;
    default: ok = parse_number(p); break;
    }
    if (!ok) return 0;
    p->result->json_values++;
    if (path_length && is_wanted(p, path, path_length)) extract(p, start, p->text);
    return 1;
}

int slb_parse_payload(const char *type, const char *json, int64_t length, slb_scan_result *accumulator) {
    parser p = {json, json + length, fields_for(type), accumulator};
    skip_space(&p);
    if (!parse_value(&p, 0, NULL, 0)) return 0;
    skip_space(&p);
    return p.text == p.end;
}
