import Foundation

extension SheetLogDatabase {
    /// One envelope per recorded command, in the order of their first events, with their ids and
    /// times: recording them into a fresh database appends the same events (ids, order, payloads).
    ///
    /// With `session`, only the commands that appended an event to that session (a restore into it
    /// from another session included). The log's erasures are left out (``exportLog(session:)``
    /// carries them). Throws ``SheetLogError/Code/undecodableEvent`` for an event this build cannot
    /// read, and `CancellationError` when its task is cancelled.
    @concurrent
    public func exportCommands(session: String? = nil) async throws -> [CommandEnvelope] {
        try await exportLog(session: session).compactMap {
            guard case .command(let envelope) = $0 else { return nil }
            return envelope
        }
    }

    /// The log as entries to record again: its commands (as ``exportCommands(session:)``) and its
    /// erasures, in log order, after its base when the log was pruned (``ExportedEntry/base(_:)``:
    /// install it into an empty database first, ``installBase(_:)``). Recorded into another sealed database in this order — commands with
    /// ``record(_:states:)``, erasures with ``erase(_:)`` — it holds the same sessions, and the same
    /// subjects erased at the same points. An erased subject's values are exported as `[erased]`,
    /// its edits as ``ErasedEditValues`` chooses (`[erased N]`, N the edit's position), and the drafts
    /// the base carries for a subject erased after the cut as ``ErasedCarriedValues`` does (`[erased
    /// base N]` for a field that differed from its baseline), so that the copy decides its commands as
    /// the original did.
    ///
    /// With `session`, the commands that touched it and the erasures of its subject; with
    /// `options.selfContained` also the commands a fresh database needs to decide them
    /// (``ExportOptions/selfContained``), and the erasures of those sessions' subjects. With
    /// `options.redact`, values and subjects replaced by placeholders (``ExportOptions/redact``). A sealed
    /// database opened without its master key is refused (``SheetLogError/Code/keyUnavailable``),
    /// redacted or not: placeholders keep equal values equal, which takes reading them.
    @concurrent
    public func exportLog(session: String? = nil, options: ExportOptions = .init()) async throws -> [ExportedEntry] {
        let events: [RecordedEvent]
        var base: LogBaseImage?
        if let session {
            try Self.requireSession(session, operation: "export")
            switch try await backend.base(of: session) {
            case .pruned(let pruning): throw pruning.error(operation: "export")
            case .carried(let carried):
                // An export's commands replay the session from its first one, which is gone.
                throw carried.error("an export of it would lack its first \(carried.version) versions", operation: "export")
            case nil: break
            }
            if options.selfContained {
                let firsts = try await selfContainedFirstEvents(of: session)
                var erasures: [String: RecordedEvent] = [:]
                for stream in Set(firsts.map(\.stream)) {
                    for erasure in try await self.erasures(ofSubjectOf: stream) { erasures[erasure.eventID] = erasure }
                }
                events = firsts + erasures.values
            } else {
                events = try await firstEvents(touching: session) + erasures(ofSubjectOf: session)
            }
        } else {
            base = try await backend.baseImage()
            events = try await allFirstEvents()
        }
        let keys = backend.subjectKeys
        if keys is NoSubjectKeys, let image = base, let carried = try image.validatedSessions().first(where: { $0.projected.sealing != nil }) {
            throw SheetLogError(
                .keyUnavailable,
                "export writes every value, and the values of \(path ?? "this database") are sealed: give its master key (--key-file); replay, recover, audit, stats and verify read it without the key, every value withheld",
                context: .init(stream: carried.session, position: image.cutPosition, operation: "export"))
        }
        if keys is NoSubjectKeys, let sealed = events.first(where: { $0.schemaVersion == SheetEventCodec.sealedSchemaVersion }) {
            // An export is recorded again as it reads: a withheld value would become typed text.
            throw SheetLogError(
                .keyUnavailable,
                "export writes every value, and the values of \(path ?? "this database") are sealed: give its master key (--key-file); replay, recover, audit, stats and verify read it without the key, every value withheld",
                context: .init(stream: sealed.stream, position: sealed.position, operation: "export"))
        }
        var redaction = options.redact ? ExportRedaction() : nil
        // The base first: its values take the first placeholders, as they came first in the log.
        let written = try base.map { image in try (redaction == nil ? image : try redaction!.base(image)).withErasedStandIns() }
        let head: [ExportedEntry] = written.map { [.base($0.image)] } ?? []
        let erasedStreams = try await erasedSubjectsStreams(among: events, keys: keys)
        let erasedEdits = try await erasedEditValues(of: erasedStreams, keys: keys, carriedBaselines: written?.baselines ?? [:])
        return try head + events.sorted { $0.position < $1.position }.map { event in
            if SubjectErasure.isLogLevel(type: event.type) {
                let erasure = try SubjectErasure.decode(event)
                return .erasure(ErasureEnvelope(
                    subject: redaction?.subject(erasure.subject) ?? erasure.subject, requestedBy: erasure.requestedBy,
                    id: event.eventID, occurredAt: event.occurredAt))
            }
            var envelope = try CommandEnvelope(exporting: event, keys: keys)
            if let value = erasedEdits[event.eventID], case let .edit(field, _, presentation) = envelope.command {
                envelope.command = .edit(field: field, value: value.exported, presentation: presentation)
            }
            if redaction != nil {
                // An erased subject's values are markers already: the erasure took them.
                if !erasedStreams.contains(event.stream) { envelope.command = redaction!.command(envelope.command) }
                envelope.subject = envelope.subject.map { redaction!.subject($0) }
            }
            return .command(envelope)
        }
    }

    /// The sessions among `events` whose subject is erased.
    private func erasedSubjectsStreams(among events: [RecordedEvent], keys: any SubjectKeys) async throws -> Set<String> {
        var subjects: [String: String?] = [:]
        for event in events where event.version == 1 {
            subjects[event.stream] = SheetEventCodec.subject(schemaVersion: event.schemaVersion, payload: event.payload)
        }
        for stream in Set(events.lazy.filter { !SubjectErasure.isLogLevel(type: $0.type) }.map(\.stream)) where subjects[stream] == nil {
            let first = try await backend.readStream(stream, after: 0, limit: 1).first
            subjects[stream] = first.flatMap { SheetEventCodec.subject(schemaVersion: $0.schemaVersion, payload: $0.payload) }
        }
        var erased: Set<String> = []
        for (stream, subject) in subjects {
            guard let subject, case .erased = try keys.key(for: subject) else { continue }
            erased.insert(stream)
        }
        return erased
    }

    /// The stand-ins (``ErasedEditValues``) of the edits of erased subjects' sessions `streams`,
    /// by event id: recorded again, they decide as the original values did. Every such session is
    /// read whole: a draft's next attempt may be in another session, where it was restored.
    private func erasedEditValues(
        of streams: Set<String>, keys: any SubjectKeys, carriedBaselines: [DraftReference: [String: FieldValue]]
    ) async throws -> [String: FieldValue] {
        var erased: [ErasedEditValues.Event] = []
        for stream in streams {
            erased += try await backend.readStream(stream).map {
                ErasedEditValues.Event(eventID: $0.eventID, position: $0.position, session: stream, event: try SheetEventCodec.decode($0, keys: keys))
            }
        }
        guard !erased.isEmpty else { return [:] }
        return ErasedEditValues.values(for: erased.sorted { $0.position < $1.position }, carriedBaselines: carriedBaselines)
    }

    /// Every command's first event and every erasure, in log order.
    private func allFirstEvents() async throws -> [RecordedEvent] {
        var firsts: [RecordedEvent] = []
        var cursor: Int64 = 0
        while true {
            // A chunk at a time, so that the export holds a thread only per chunk and stops when its
            // task is cancelled.
            try Task.checkCancellation()
            let chunk = try await backend.readAll(after: cursor, limit: 1_000)
            firsts += chunk.filter { Self.isFirstEvent($0) || SubjectErasure.isLogLevel(type: $0.type) }
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
        return firsts
    }

    /// The erasures of the subject whose data `session` holds; none for a plain session.
    private func erasures(ofSubjectOf session: String) async throws -> [RecordedEvent] {
        guard let first = try await backend.readStream(session, after: 0, limit: 1).first,
              let subject = SheetEventCodec.subject(schemaVersion: first.schemaVersion, payload: first.payload)
        else { return [] }
        return try await backend.readStream(SubjectErasure.stream).filter { (try? SubjectErasure.decode($0).subject) == subject }
    }

    /// A command's first event names the command in its metadata; an event appended without the
    /// facade counts as a command of its own unless its id has the `<id>#<k>` shape.
    static func isFirstEvent(_ event: RecordedEvent) -> Bool {
        !SubjectErasure.isLogLevel(type: event.type)
            && (EventMetadata.command(of: event) != nil || EventMetadata.commandID(ofContinuation: event.eventID) == nil)
    }
}
