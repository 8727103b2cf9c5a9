import Foundation
import SheetLogDomain

/// Writes an ``IngestLine`` as one line of the ingest format, the inverse of ``IngestDecoder``.
///
/// `sheetlog export` uses it, so that its output ingests into another database as the same
/// events. Keys are sorted and fields left to defaults are omitted.
///
/// ```swift
/// let json = try IngestEncoder.encode(IngestLine(session: "s1", command: .endSession, id: "e9"))
/// // {"id":"e9","session":"s1","type":"endSession"}
/// ```
public enum IngestEncoder {
    /// The line's JSON text, without a line break.
    public static func encode(_ line: IngestLine) throws(SheetLogError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(IngestRecord(line)), as: UTF8.self)
        } catch {
            throw SheetLogError(
                .invalidInput, "a \(line.command.name) command of session \(line.session) cannot be written as JSON (a non-finite number?)",
                context: .init(stream: line.session, eventID: line.id, operation: "export"))
        }
    }
}

/// The flat shape of an ingest line; nil members are left out of the JSON.
private struct IngestRecord: Encodable {
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

    init(_ line: IngestLine) {
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

    // `value: null` must be written (an edit to null), unlike the other nil members.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(session, forKey: .session)
        try container.encode(type, forKey: .type)
        try container.encodeIfPresent(id, forKey: .id)
        try container.encodeIfPresent(at, forKey: .at)
        try container.encodeIfPresent(presentation, forKey: .presentation)
        try container.encodeIfPresent(route, forKey: .route)
        try container.encodeIfPresent(baseline, forKey: .baseline)
        try container.encodeIfPresent(required, forKey: .required)
        try container.encodeIfPresent(self.guard, forKey: .guard)
        try container.encodeIfPresent(field, forKey: .field)
        if type == "edit" { try container.encode(value ?? .null, forKey: .value) }
        try container.encodeIfPresent(source, forKey: .source)
        try container.encodeIfPresent(outcome, forKey: .outcome)
        try container.encodeIfPresent(values, forKey: .values)
        try container.encodeIfPresent(reason, forKey: .reason)
        try container.encodeIfPresent(from, forKey: .from)
    }

    private enum CodingKeys: String, CodingKey {
        case session, type, id, at, presentation, route, baseline, required, `guard`, field, value, source, outcome, values,
            reason, from
    }
}
