extension SheetLogDatabase {
    /// One envelope per recorded command, in the order of their first events, with their ids and
    /// times: recording them into a fresh database appends the same events (ids, order, payloads).
    ///
    /// With `session`, only the commands that appended an event to that session (a restore into it
    /// from another session included). Throws ``SheetLogError/Code/undecodableEvent`` for an event
    /// this build cannot read, and `CancellationError` when its task is cancelled.
    @concurrent
    public func exportCommands(session: String? = nil) async throws -> [CommandEnvelope] {
        let firsts: [RecordedEvent]
        if let session {
            try Self.requireSession(session, operation: "export")
            firsts = try await firstEvents(touching: session)
        } else {
            firsts = try await allFirstEvents()
        }
        let keys = backend.subjectKeys
        return try firsts.map { try CommandEnvelope(exporting: $0, keys: keys) }
    }

    private func allFirstEvents() async throws -> [RecordedEvent] {
        var firsts: [RecordedEvent] = []
        var cursor: Int64 = 0
        while true {
            // A chunk at a time, so that the export holds a thread only per chunk and stops when its
            // task is cancelled.
            try Task.checkCancellation()
            let chunk = try await backend.readAll(after: cursor, limit: 1_000)
            // An erasure is the log's own event, not a command's: a fresh database is erased anew.
            firsts += chunk.filter { Self.isFirstEvent($0) && !SubjectErasure.isLogLevel(type: $0.type) }
            guard let last = chunk.last, chunk.count == 1_000 else { return firsts }
            cursor = last.position
        }
    }

    /// The first events of the commands with an event in `session`; a first event elsewhere is
    /// looked up by the id its continuation event derives from.
    private func firstEvents(touching session: String) async throws -> [RecordedEvent] {
        let events = try await backend.readStream(session)
        var firsts = events.filter(Self.isFirstEvent)
        let known = Set(firsts.map(\.eventID))
        let elsewhere = events.filter { !Self.isFirstEvent($0) }.compactMap { EventMetadata.commandID(ofContinuation: $0.eventID) }
        let missing = Array(Set(elsewhere).subtracting(known))
        if !missing.isEmpty { firsts += try await backend.events(withIDs: missing) }
        return firsts.sorted { $0.position < $1.position }
    }

    /// A command's first event names the command in its metadata; an event appended without the
    /// facade counts as a command of its own unless its id has the `<id>#<k>` shape.
    static func isFirstEvent(_ event: RecordedEvent) -> Bool {
        EventMetadata.command(of: event) != nil || EventMetadata.commandID(ofContinuation: event.eventID) == nil
    }
}
