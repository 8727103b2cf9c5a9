import SheetLogCore

extension InMemoryLog {
    /// Appends validated `batches` atomically: either every event is recorded or none is.
    ///
    /// Idempotency is decided before expected versions, because a retry of an append that did
    /// commit would otherwise fail on the version its own first attempt moved.
    mutating func append(_ batches: [StreamBatch], recordedAt: Int64) throws(SheetLogError) -> AppendResult {
        if let originals = try storedOriginals(of: batches) {
            return AppendResult(events: originals, alreadyStored: true)
        }
        try checkExpectedVersions(of: batches)
        var recorded: [RecordedEvent] = []
        for batch in batches {
            for event in batch.events {
                recorded.append(record(event, in: batch.stream, recordedAt: recordedAt))
            }
        }
        return AppendResult(events: recorded, alreadyStored: false)
    }

    /// The stored originals, in request order, when every event id of `batches` is already stored
    /// with the same content in the same stream; nil when none is stored.
    ///
    /// Throws ``SheetLogError/Code/idempotencyConflict`` when an id is stored with other content
    /// or in another stream, or when stored and new ids are mixed.
    func storedOriginals(of batches: [StreamBatch]) throws(SheetLogError) -> [RecordedEvent]? {
        var originals: [RecordedEvent] = []
        var firstNew: (eventID: String, stream: String)?
        for batch in batches {
            for event in batch.events {
                guard let original = self.event(withID: event.eventID) else {
                    if firstNew == nil { firstNew = (event.eventID, batch.stream) }
                    continue
                }
                try ensureSameContent(event, in: batch.stream, as: original)
                originals.append(original)
            }
        }
        guard let firstStored = originals.first else { return nil }
        if let firstNew {
            throw SheetLogError(
                .idempotencyConflict,
                "event id \(firstStored.eventID) is already stored at position \(firstStored.position) "
                    + "but event id \(firstNew.eventID) of the same append is new; an append is retried whole or not at all",
                context: .init(stream: firstNew.stream, position: firstStored.position, eventID: firstStored.eventID, operation: "append"))
        }
        return originals
    }

    private func ensureSameContent(_ event: EventData, in stream: String, as original: RecordedEvent) throws(SheetLogError) {
        let context = SheetLogError.Context(
            stream: stream, position: original.position, eventID: event.eventID, eventType: event.type, operation: "append")
        if original.stream != stream {
            throw SheetLogError(
                .idempotencyConflict,
                "event id \(event.eventID) is already stored in stream \(original.stream) at position \(original.position), not in stream \(stream)",
                context: context)
        }
        if !event.hasSameContent(as: original) {
            throw SheetLogError(
                .idempotencyConflict,
                "event id \(event.eventID) is already stored in stream \(stream) at position \(original.position) with other content",
                context: context)
        }
    }

    /// Checks every batch's expectation, in order, against the versions earlier batches of the
    /// same append will have produced.
    private func checkExpectedVersions(of batches: [StreamBatch]) throws(SheetLogError) {
        var pendingVersions: [String: Int64] = [:]
        for batch in batches {
            let actual = pendingVersions[batch.stream] ?? version(of: batch.stream)
            guard batch.expected.isSatisfied(byActualVersion: actual) else {
                throw SheetLogError(
                    .wrongExpectedVersion,
                    "append to stream \(batch.stream) expected version \(batch.expected) but the stream is at version \(actual)",
                    context: .init(stream: batch.stream, expectedVersion: batch.expected.description, actualVersion: actual, operation: "append"))
            }
            pendingVersions[batch.stream] = actual + Int64(batch.events.count)
        }
    }
}
