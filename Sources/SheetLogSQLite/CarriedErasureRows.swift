import SheetLogCore
import SheetLogJSON

/// The `$erasures` events a base carries, as `log_bases.erasures` holds them: a JSON array of every
/// column of each event (the chain in hex). The one writer of that text, for a prune's step and for
/// a base installed from an export; ``SQLiteEventStore/carriedErasures(in:)`` reads it back.
enum CarriedErasureRows {
    static func json(_ events: [RecordedEvent]) -> String {
        var json = JSONWriter(capacity: 256 * events.count + 2)
        json.raw("[")
        for (index, event) in events.enumerated() {
            if index > 0 { json.raw(",") }
            json.beginObject()
            json.key("position"); json.integer(event.position)
            json.key("event_id"); json.string(event.eventID)
            json.key("stream"); json.string(event.stream)
            json.key("version"); json.integer(event.version)
            json.key("type"); json.string(event.type)
            json.key("schema_version"); json.integer(Int64(event.schemaVersion))
            json.key("payload"); json.string(event.payload)
            json.key("metadata")
            if let metadata = event.metadata { json.string(metadata) } else { json.null() }
            json.key("occurred_at")
            if let occurredAt = event.occurredAt { json.integer(occurredAt) } else { json.null() }
            json.key("recorded_at"); json.integer(event.recordedAt)
            json.key("chain"); json.string(Checksum.hex(event.chain))
            json.key("chain_version"); json.integer(Int64(event.chainVersion))
            json.endObject()
        }
        json.raw("]")
        return json.text
    }
}
