import SheetLogDomain

/// The columns of a logged event that the projection folds: no metadata, no event id, so that
/// rebuild reads and copies as little as it can.
package struct LoggedEvent {
    /// Names the projection in the codec's errors.
    package static let decodeOperation = "projection \(ProjectionChange.projectionName)"

    package var position: Int64
    /// Needed to open a sealed event (its values are bound to it); empty where it was not read.
    package var eventID: String
    package var stream: String
    package var version: Int64
    package var type: String
    package var schemaVersion: Int
    package var payload: String
    /// `occurred_at`, or `recorded_at` when the app gave no time: what the domain's codec uses.
    package var occurredAt: Int64
    /// Kept only where a cached session is checked against the log; empty in rebuild.
    package var chain: [UInt8]

    package init(_ recorded: RecordedEvent) {
        position = recorded.position
        eventID = recorded.eventID
        stream = recorded.stream
        version = recorded.version
        type = recorded.type
        schemaVersion = recorded.schemaVersion
        payload = recorded.payload
        occurredAt = recorded.occurredAt ?? recorded.recordedAt
        chain = recorded.chain
    }

    package init(
        position: Int64, eventID: String, stream: String, version: Int64, type: String, schemaVersion: Int, payload: String, occurredAt: Int64,
        chain: [UInt8]
    ) {
        self.position = position
        self.eventID = eventID
        self.stream = stream
        self.version = version
        self.type = type
        self.schemaVersion = schemaVersion
        self.payload = payload
        self.occurredAt = occurredAt
        self.chain = chain
    }

    /// The sheet event it holds, decoded by the domain's codec.
    ///
    /// Throws the codec's ``SheetLogError/Code/undecodableEvent`` for a type the domain does not
    /// know or a payload it refuses, and ``SheetLogError/Code/unsupportedSchemaVersion`` for a
    /// schema newer than this build reads.
    package func sheetEvent() throws(SheetLogError) -> SheetEvent {
        try sheetEvent(keys: nil).event
    }

    /// ``sheetEvent()``, opening a sealed event with `keys`, and the sealing of its session's rows
    /// (nil for a plain event). Without keys a sealed event throws ``SheetLogError/Code/keyUnavailable``.
    package func sheetEvent(keys: (any SubjectKeys)?) throws(SheetLogError) -> (event: SheetEvent, sealing: SessionSealing?) {
        let context = SheetLogError.Context(
            stream: stream, actualVersion: version, position: position, eventType: type, operation: Self.decodeOperation)
        guard let eventType = SheetEventType(rawValue: type) else { throw SheetEventCodec.unknownType(type, context: context) }
        let opening = keys.map { SealedOpening(keys: $0, eventID: eventID, stream: stream, version: version) }
        var payload = payload
        let (event, subject) = try payload.withUTF8 { bytes in
            Result { () throws(SheetLogError) in
                try SheetEventCodec.decodeWithSubject(
                    eventType, schemaVersion: schemaVersion, payload: bytes, occurredAt: occurredAt, context: { context },
                    opening: opening)
            }
        }.get()
        guard let subject, let keys else { return (event, nil) }
        return (event, SessionSealing(subject: subject, key: try keys.key(for: subject)))
    }
}
