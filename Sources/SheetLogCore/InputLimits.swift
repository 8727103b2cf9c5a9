/// The limits every store enforces before anything reaches SQLite.
///
/// A violation throws ``SheetLogError`` (``SheetLogError/Code/invalidInput`` or
/// ``SheetLogError/Code/payloadTooLarge``) and appends nothing.
public struct InputLimits: Sendable, Hashable {
    /// Largest payload, in UTF-8 bytes. 64 KiB by default.
    public var maxPayloadBytes: Int
    /// Largest metadata object, in UTF-8 bytes.
    public var maxMetadataBytes: Int
    /// Largest stream id, event id or type name, in UTF-8 bytes.
    public var maxIdentifierBytes: Int
    /// Whether the events are written sealed (a sealed database): the decider then counts each
    /// form value as its sealed text, which is about a third longer, so that a draft it accepts
    /// can still be saved and restored within ``maxPayloadBytes``.
    package var payloadsSealed = false

    public init(maxPayloadBytes: Int = 64 * 1024, maxMetadataBytes: Int = 16 * 1024, maxIdentifierBytes: Int = 256) {
        self.maxPayloadBytes = maxPayloadBytes
        self.maxMetadataBytes = maxMetadataBytes
        self.maxIdentifierBytes = maxIdentifierBytes
    }

    public static let `default` = InputLimits()

    /// Checks every event of every batch, and that no event id appears twice across the append.
    public func validate(_ batches: [StreamBatch]) throws(SheetLogError) {
        try validate(batches, checkingJSON: true)
    }

    /// ``validate(_:)``, reading the payloads and metadata as JSON only when `checkingJSON`: false is
    /// for an append whose JSON the package's own writer made and found strictly valid (see
    /// `JSONWriter.isStrictlyValid`), which would only be read again to the same verdict. Sizes,
    /// ids and the rest are checked either way.
    package func validate(_ batches: [StreamBatch], checkingJSON: Bool) throws(SheetLogError) {
        var seen = Set<String>(minimumCapacity: batches.reduce(0) { $0 + $1.events.count })
        for batch in batches {
            try validateIdentifier(batch.stream, what: "stream id") { .init(stream: batch.stream.isEmpty ? nil : batch.stream) }
            if case .exact(let version) = batch.expected, version < 0 {
                throw SheetLogError(.invalidInput, "expected version \(version) of stream \(batch.stream) is negative",
                                    context: .init(stream: batch.stream, expectedVersion: batch.expected.description, operation: "append"))
            }
            for index in batch.events.indices {
                try validate(batch.events[index], stream: batch.stream, checkingJSON: checkingJSON)
                if !seen.insert(batch.events[index].eventID).inserted {
                    let id = batch.events[index].eventID
                    throw SheetLogError(.idempotencyConflict, "event id \(id) appears twice in one append",
                                        context: .init(stream: batch.stream, eventID: id, operation: "append"))
                }
            }
        }
    }

    /// Checks one event's ids, type, payload and metadata.
    public func validate(_ event: EventData, stream: String) throws(SheetLogError) {
        try validate(event, stream: stream, checkingJSON: true)
    }

    private func validate(_ event: EventData, stream: String, checkingJSON: Bool) throws(SheetLogError) {
        // Made only for an error: building it for every event of a batch was a visible part of an ingest.
        func where_() -> SheetLogError.Context {
            .init(stream: stream, eventID: event.eventID, eventType: event.type, operation: "append")
        }
        try validateIdentifier(event.eventID, what: "event id", context: where_)
        try validateIdentifier(event.type, what: "event type", context: where_)
        if event.schemaVersion < 1 {
            throw SheetLogError(.invalidInput, "schema version \(event.schemaVersion) of event \(event.eventID) is below 1", context: where_())
        }
        let payloadBytes = event.payload.utf8.count
        if payloadBytes > maxPayloadBytes {
            var context = where_()
            context.limit = maxPayloadBytes
            throw SheetLogError(.payloadTooLarge,
                                "payload of event \(event.eventID) in stream \(stream) is \(payloadBytes) bytes, over the limit of \(maxPayloadBytes)",
                                context: context)
        }
        if checkingJSON {
            do {
                try JSONValidator().validate(event.payload)
            } catch {
                throw SheetLogError(.invalidInput, "payload of event \(event.eventID) in stream \(stream) is not acceptable JSON: \(error)", context: where_())
            }
        }
        if let metadata = event.metadata {
            if metadata.utf8.count > maxMetadataBytes {
                var context = where_()
                context.limit = maxMetadataBytes
                throw SheetLogError(.payloadTooLarge, "metadata of event \(event.eventID) is over the limit of \(maxMetadataBytes) bytes", context: context)
            }
            if checkingJSON {
                do {
                    try JSONValidator().validate(metadata)
                } catch {
                    throw SheetLogError(.invalidInput, "metadata of event \(event.eventID) is not acceptable JSON: \(error)", context: where_())
                }
            }
            guard metadata.utf8.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) == UInt8(ascii: "{") else {
                throw SheetLogError(.invalidInput, "metadata of event \(event.eventID) must be a JSON object", context: where_())
            }
        }
    }

    private func validateIdentifier(
        _ value: String, what: String, context: () -> SheetLogError.Context
    ) throws(SheetLogError) {
        if value.isEmpty {
            throw SheetLogError(.invalidInput, "\(what) is empty", context: context())
        }
        if value.utf8.contains(0) {
            throw SheetLogError(.invalidInput, "\(what) contains a NUL character", context: context())
        }
        if value.utf8.count > maxIdentifierBytes {
            var context = context()
            context.limit = maxIdentifierBytes
            throw SheetLogError(.invalidInput, "\(what) is longer than \(maxIdentifierBytes) bytes", context: context)
        }
    }

    /// Decodes bytes that must be UTF-8 without NUL (input read from files or pipes).
    public static func decodeUTF8<Bytes: Collection>(_ bytes: Bytes, what: String) throws(SheetLogError) -> String where Bytes.Element == UInt8 {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw SheetLogError(.invalidInput, "\(what) is not valid UTF-8")
        }
        if bytes.contains(0) {
            throw SheetLogError(.invalidInput, "\(what) contains a NUL byte")
        }
        return text
    }
}
