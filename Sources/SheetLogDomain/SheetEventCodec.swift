import Foundation

/// Converts ``SheetEvent``s to and from the log's envelopes (``EventData`` / ``RecordedEvent``).
///
/// The payload is JSON with sorted keys (stable bytes for the integrity chain); the schema
/// version is the envelope's. Errors name the type, position and stream, never the payload.
///
/// ```swift
/// let data = try SheetEventCodec.encode(event)            // EventData, type "edit", schema 1
/// let again = try SheetEventCodec.decode(recordedEvent)   // SheetEvent
/// ```
public enum SheetEventCodec {
    /// The payload schema version this code writes and the newest it reads.
    public static let schemaVersion = 1

    /// The envelope for `event`, ready to append.
    public static func encode(
        _ event: SheetEvent, eventID: String = EventIdentifier.random(), metadata: String? = nil
    ) throws(SheetLogError) -> EventData {
        EventData(
            eventID: eventID, type: event.type.rawValue, schemaVersion: schemaVersion,
            payload: try encodePayload(event, eventID: eventID), metadata: metadata, occurredAt: event.occurredAt)
    }

    /// The payload JSON text of `event`, keys sorted.
    public static func encodePayload(_ event: SheetEvent, eventID: String? = nil) throws(SheetLogError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            let data: Data
            switch event.kind {
            case .present(let payload): data = try encoder.encode(payload)
            case .edit(let payload): data = try encoder.encode(payload)
            case .attemptDismiss(let payload): data = try encoder.encode(payload)
            case .confirmDiscard(let payload): data = try encoder.encode(payload)
            case .keepEditing(let payload): data = try encoder.encode(payload)
            case .save(let payload): data = try encoder.encode(payload)
            case .saveFailed(let payload): data = try encoder.encode(payload)
            case .restoreDraft(let payload): data = try encoder.encode(payload)
            case .declineDraft(let payload): data = try encoder.encode(payload)
            case .endSession(let payload): data = try encoder.encode(payload)
            }
            return String(decoding: data, as: UTF8.self)
        } catch {
            throw SheetLogError(
                .invalidInput,
                "\(event.type.rawValue) event of presentation \(event.presentation ?? "-") cannot be encoded as JSON (a non-finite number?)",
                context: .init(eventID: eventID, eventType: event.type.rawValue, presentation: event.presentation, operation: "encode"))
        }
    }

    /// The event a stored envelope holds; `occurredAt` falls back to the store's `recordedAt`.
    public static func decode(_ recorded: RecordedEvent) throws(SheetLogError) -> SheetEvent {
        try decode(
            type: recorded.type, schemaVersion: recorded.schemaVersion, payload: recorded.payload,
            occurredAt: recorded.occurredAt ?? recorded.recordedAt,
            context: .init(stream: recorded.stream, position: recorded.position, eventID: recorded.eventID, eventType: recorded.type))
    }

    /// The event an unsent envelope holds; `occurredAt` falls back to 0.
    public static func decode(_ data: EventData) throws(SheetLogError) -> SheetEvent {
        try decode(
            type: data.type, schemaVersion: data.schemaVersion, payload: data.payload, occurredAt: data.occurredAt ?? 0,
            context: .init(eventID: data.eventID, eventType: data.type))
    }

    /// Decodes a payload of `type` at `schemaVersion`.
    ///
    /// Throws ``SheetLogError/Code/unsupportedSchemaVersion`` for a schema newer than
    /// ``schemaVersion``, and ``SheetLogError/Code/undecodableEvent`` for an unknown type or a
    /// malformed payload.
    public static func decode(
        type: String, schemaVersion: Int, payload: String, occurredAt: Int64, context: SheetLogError.Context = .init()
    ) throws(SheetLogError) -> SheetEvent {
        var context = context
        context.eventType = type
        context.operation = context.operation ?? "decode"
        let location = describe(context)
        guard let eventType = SheetEventType(rawValue: type) else {
            throw SheetLogError(.undecodableEvent, "unknown event type \(type)\(location)", context: context)
        }
        if schemaVersion > Self.schemaVersion {
            throw SheetLogError(
                .unsupportedSchemaVersion,
                "\(type) event\(location) has schema version \(schemaVersion), newer than the supported \(Self.schemaVersion)",
                context: context)
        }
        if schemaVersion < 1 {
            throw SheetLogError(.undecodableEvent, "\(type) event\(location) has schema version \(schemaVersion), below 1", context: context)
        }
        do {
            return SheetEvent(occurredAt: occurredAt, try decodeKind(eventType, from: Data(payload.utf8)))
        } catch {
            throw SheetLogError(
                .undecodableEvent, "\(type) event\(location) has a malformed payload\(codingPath(of: error))", context: context)
        }
    }

    /// Shared because replay decodes thousands of payloads; JSONDecoder is safe to share.
    private static let decoder = JSONDecoder()

    private static func decodeKind(_ type: SheetEventType, from data: Data) throws -> SheetEvent.Kind {
        switch type {
        case .present: return .present(try decoder.decode(SheetEvent.Present.self, from: data))
        case .edit: return .edit(try decoder.decode(SheetEvent.Edit.self, from: data))
        case .attemptDismiss: return .attemptDismiss(try decoder.decode(SheetEvent.AttemptDismiss.self, from: data))
        case .confirmDiscard: return .confirmDiscard(try decoder.decode(SheetEvent.ConfirmDiscard.self, from: data))
        case .keepEditing: return .keepEditing(try decoder.decode(SheetEvent.KeepEditing.self, from: data))
        case .save: return .save(try decoder.decode(SheetEvent.Save.self, from: data))
        case .saveFailed: return .saveFailed(try decoder.decode(SheetEvent.SaveFailed.self, from: data))
        case .restoreDraft: return .restoreDraft(try decoder.decode(SheetEvent.RestoreDraft.self, from: data))
        case .declineDraft: return .declineDraft(try decoder.decode(SheetEvent.DeclineDraft.self, from: data))
        case .endSession: return .endSession(try decoder.decode(SheetEvent.EndSession.self, from: data))
        }
    }

    private static func describe(_ context: SheetLogError.Context) -> String {
        var parts: [String] = []
        if let position = context.position { parts.append(" at position \(position)") }
        if let stream = context.stream { parts.append(" in stream \(stream)") }
        if context.position == nil, let eventID = context.eventID { parts.append(" (event \(eventID))") }
        return parts.joined()
    }

    /// The keys leading to the problem (field names at most, never a value).
    private static func codingPath(of error: any Error) -> String {
        let path: [any CodingKey]
        switch error as? DecodingError {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
            .dataCorrupted(let context):
            path = context.codingPath
            if case .keyNotFound(let key, _) = error as? DecodingError {
                return " (missing key \((path + [key]).map(\.stringValue).joined(separator: ".")))"
            }
        default:
            return ""
        }
        return path.isEmpty ? "" : " (at \(path.map(\.stringValue).joined(separator: ".")))"
    }
}
