import SheetLogCore
import SheetLogDomain
import SheetLogStorage
import SheetLogJSON

/// Writes an ``IngestLine`` as one line of the ingest format, the inverse of ``IngestDecoder``.
///
/// `sheetlog export` uses it, so that its output ingests into another database as the same
/// events. Keys are sorted and fields left to defaults are omitted; the package's one writer
/// (`JSONWriter`) writes the line as `JSONEncoder` did with `[.sortedKeys, .withoutEscapingSlashes]`.
///
/// ```swift
/// let json = try IngestEncoder.encode(IngestLine(session: "s1", command: .endSession, id: "e9"))
/// // {"id":"e9","session":"s1","type":"endSession"}
/// ```
public enum IngestEncoder {
    /// The line's JSON text, without a line break.
    public static func encode(_ line: IngestLine) throws(SheetLogError) -> String {
        var json = JSONWriter(capacity: 128)
        IngestRecord(line).write(to: &json)
        guard json.wroteNonFiniteNumber else { return json.text }
        throw SheetLogError(
            .invalidInput, "a \(line.command.name) command of session \(line.session) cannot be written as JSON (a non-finite number?)",
            context: .init(stream: line.session, eventID: line.id, operation: "export"))
    }

    /// An `eraseSubject` line's JSON text, without a line break: `requestedBy` is written when not empty.
    public static func encode(_ erasure: IngestErasure) -> String {
        var json = JSONWriter(capacity: 128)
        json.beginObject()
        if let at = erasure.occurredAt.map(ISO8601Milliseconds.format) { json.key("at"); json.string(at) }
        if let id = erasure.id { json.key("id"); json.string(id) }
        if !erasure.requestedBy.isEmpty { json.key("requestedBy"); json.string(erasure.requestedBy) }
        json.key("subject"); json.string(erasure.subject)
        json.key("type"); json.string(IngestErasure.type)
        json.endObject()
        return json.text
    }

    /// The entry's line: a command's, an erasure's or a base's.
    public static func encode(_ entry: IngestEntry) throws(SheetLogError) -> String {
        switch entry {
        case .command(let line): return try encode(line)
        case .erasure(let erasure): return encode(erasure)
        case .base(let part): return encode(part)
        }
    }

    /// A line of a pruned log's base, keys sorted; a `baseSession` line writes the state as given.
    public static func encode(_ part: IngestBasePart) -> String {
        var json = JSONWriter(capacity: 256)
        json.beginObject()
        switch part {
        case .header(let image, let erasures, let sessions):
            json.key("chain"); json.string(Checksum.hex(image.chain))
            json.key("cut"); json.integer(image.cutPosition)
            json.key("erasures"); json.integer(Int64(erasures))
            json.key("firstRecordedAt"); json.string(ISO8601Milliseconds.format(image.firstRecordedAt))
            json.key("lastRecordedAt"); json.string(ISO8601Milliseconds.format(image.lastRecordedAt))
            json.key("prunedAt"); json.string(ISO8601Milliseconds.format(image.prunedAt))
            json.key("removedEvents"); json.integer(image.removedEvents)
            json.key("sessions"); json.integer(Int64(sessions))
        case .erasure(let erasure):
            json.key("at"); json.string(ISO8601Milliseconds.format(erasure.occurredAt))
            json.key("chain"); json.string(Checksum.hex(erasure.chain))
            json.key("closedSessions"); json.strings(erasure.closedSessions)
            json.key("id"); json.string(erasure.eventID)
            json.key("position"); json.integer(erasure.position)
            json.key("recordedAt"); json.string(ISO8601Milliseconds.format(erasure.recordedAt))
            if !erasure.requestedBy.isEmpty { json.key("requestedBy"); json.string(erasure.requestedBy) }
            json.key("sessions"); json.integer(Int64(erasure.sessions))
            json.key("subject"); json.string(erasure.subject)
        case .session(let session):
            json.key("session"); json.string(session.session)
            json.key("state"); json.rawText(session.state)
        }
        json.key("type"); json.string(part.type)
        if case .erasure(let erasure) = part { json.key("version"); json.integer(erasure.version) }
        if case .session(let session) = part { json.key("version"); json.integer(session.version) }
        json.endObject()
        return json.text
    }

    /// The lines of a base: its header, its erasures, its sessions.
    public static func lines(of image: LogBaseImage) -> [String] {
        var header = image
        (header.erasures, header.sessions) = ([], [])
        return [encode(.header(header, erasures: image.erasures.count, sessions: image.sessions.count))]
            + image.erasures.map { encode(.erasure($0)) } + image.sessions.map { encode(.session($0)) }
    }
}

/// The flat shape of an ingest line; nil members are left out of the JSON.
private struct IngestRecord {
    var session: String
    var type: String
    var id: String?
    var at: String?
    var presentation: String?
    var route: Route?
    var baseline: [String: FieldValue]?
    var required: [String]?
    var `guard`: DismissGuard?
    var field: String?
    var value: FieldValue?
    var source: DismissSource?
    var outcome: DismissOutcome?
    var values: [String: FieldValue]?
    var reason: String?
    var from: DraftReference?
    var subject: String?

    init(_ line: IngestLine) {
        subject = line.subject
        session = line.session
        type = line.command.name
        id = line.id
        at = line.occurredAt.map(ISO8601Milliseconds.format)
        outcome = line.expectedOutcome
        switch line.command {
        case let .present(presentation, route, baseline, required, dismissGuard):
            self.presentation = presentation
            self.route = route
            self.baseline = baseline
            self.required = required
            self.guard = dismissGuard
        case let .edit(field, value, presentation):
            self.field = field
            self.value = value
            self.presentation = presentation
        case let .attemptDismiss(source, presentation):
            self.source = source
            self.presentation = presentation
        case .dismissAll(let source):
            self.source = source
        case .confirmDiscard(let presentation), .keepEditing(let presentation):
            self.presentation = presentation
        case let .save(values, presentation):
            self.values = values
            self.presentation = presentation
        case let .saveFailed(reason, presentation):
            self.reason = reason
            self.presentation = presentation
        case let .restoreDraft(from, newPresentation):
            self.from = from
            self.presentation = newPresentation
        case .declineDraft(let from):
            self.from = from
        case .endSession:
            break
        }
    }

    /// The members in sorted key order. `value: null` must be written (an edit to null), unlike the
    /// other nil members.
    func write(to json: inout JSONWriter) {
        json.beginObject()
        if let at { json.key("at"); json.string(at) }
        if let baseline { json.key("baseline"); json.fieldValues(baseline) }
        if let field { json.key("field"); json.string(field) }
        if let from { json.key("from"); json.draft(from) }
        if let dismissGuard = self.guard { json.key("guard"); json.string(dismissGuard.rawValue) }
        if let id { json.key("id"); json.string(id) }
        if let outcome { json.key("outcome"); json.string(outcome.rawValue) }
        if let presentation { json.key("presentation"); json.string(presentation) }
        if let reason { json.key("reason"); json.string(reason) }
        if let required { json.key("required"); json.strings(required) }
        if let route { json.key("route"); json.route(route) }
        json.key("session"); json.string(session)
        if let source { json.key("source"); json.string(source.rawValue) }
        if let subject { json.key("subject"); json.string(subject) }
        json.key("type"); json.string(type)
        if type == SheetCommandType.edit.rawValue { json.key("value"); json.fieldValue(value ?? .null) }
        if let values { json.key("values"); json.fieldValues(values) }
        json.endObject()
    }
}
