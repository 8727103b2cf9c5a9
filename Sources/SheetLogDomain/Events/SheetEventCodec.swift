import Foundation
import SheetLogJSON

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
    /// The newest payload schema version this code reads.
    public static let schemaVersion = sealedSchemaVersion
    /// The schema of plain payloads: every value as it was typed.
    public static let plainSchemaVersion = 1
    /// The schema of sealed payloads: every form value sealed (see ``PayloadSealing``), and the
    /// session's `subject` added.
    public static let sealedSchemaVersion = 2

    /// The envelope for `event`, ready to append: sealed (schema 2) when `sealing` is given.
    public static func encode(
        _ event: SheetEvent, eventID: String = EventIdentifier.random(), metadata: String? = nil, sealing: PayloadSealing? = nil
    ) throws(SheetLogError) -> EventData {
        try encodeWritten(event, eventID: eventID, metadata: metadata, sealing: sealing).data
    }

    /// ``encode(_:eventID:metadata:)``, and whether the payload is strictly valid JSON as written
    /// (see `JSONWriter.isStrictlyValid`): a store need not read it again then.
    package static func encodeWritten(
        _ event: SheetEvent, eventID: String, metadata: String?, sealing: PayloadSealing? = nil
    ) throws(SheetLogError) -> (data: EventData, strictlyValid: Bool, seals: EventSeals?) {
        let encoder = try payloadEncoder(event, eventID: eventID, sealing: sealing)
        let data = EventData(
            eventID: eventID, type: event.type.rawValue, schemaVersion: sealing == nil ? plainSchemaVersion : sealedSchemaVersion,
            payload: encoder.text, metadata: metadata, occurredAt: event.occurredAt)
        return (data, encoder.isStrictlyValid, sealing.map {
            EventSeals(eventID: eventID, version: $0.version, encoder.seals, recorded: $0.changes)
        })
    }

    /// The payload JSON text of `event`, keys sorted.
    public static func encodePayload(_ event: SheetEvent, eventID: String? = nil) throws(SheetLogError) -> String {
        try payloadEncoder(event, eventID: eventID).text
    }

    /// The payload JSON text of `event` as a report prints it: plain, keys sorted, and its markers
    /// (``FieldValue/erased``, ``FieldValue/withheld``) as objects, never as text a value could hold.
    package static func encodePayload(_ event: SheetEvent, markers: JSONWriter.MarkerForm) throws(SheetLogError) -> String {
        try payloadEncoder(event, eventID: nil, markers: markers).text
    }

    private static func payloadEncoder(
        _ event: SheetEvent, eventID: String?, sealing: PayloadSealing? = nil, markers: JSONWriter.MarkerForm = .storedStandIn
    ) throws(SheetLogError) -> PayloadEncoder {
        var encoder = if let sealing { PayloadEncoder(sealing: sealing, eventID: eventID ?? "") } else { PayloadEncoder(markers: markers) }
        do {
            try encoder.kind(event.kind)
            return encoder
        } catch {
            throw SheetLogError(
                .invalidInput,
                "\(event.type.rawValue) event of presentation \(event.presentation ?? "-") cannot be encoded as JSON (a non-finite number?)",
                context: .init(eventID: eventID, eventType: event.type.rawValue, presentation: event.presentation, operation: "encode"))
        }
    }

    /// The event a stored envelope holds; `occurredAt` falls back to the store's `recordedAt`.
    ///
    /// A sealed event's values are opened with `keys`; without keys they read as
    /// ``FieldValue/withheld``.
    public static func decode(_ recorded: RecordedEvent, keys: any SubjectKeys = NoSubjectKeys()) throws(SheetLogError) -> SheetEvent {
        try decode(
            type: recorded.type, schemaVersion: recorded.schemaVersion, payload: recorded.payload,
            occurredAt: recorded.occurredAt ?? recorded.recordedAt,
            context: .init(stream: recorded.stream, position: recorded.position, eventID: recorded.eventID, eventType: recorded.type),
            opening: SealedOpening(keys: keys, eventID: recorded.eventID, stream: recorded.stream, version: recorded.version))
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
    ///
    /// A sealed payload needs `opening` (the event's position and the keys); without it the codec
    /// throws ``SheetLogError/Code/keyUnavailable``.
    public static func decode(
        type: String, schemaVersion: Int, payload: String, occurredAt: Int64, context: SheetLogError.Context = .init(),
        opening: SealedOpening? = nil
    ) throws(SheetLogError) -> SheetEvent {
        guard let eventType = SheetEventType(rawValue: type) else { throw unknownType(type, context: context) }
        var payload = payload
        return try payload.withUTF8 { bytes in
            Result { () throws(SheetLogError) in
                try decode(
                    eventType, schemaVersion: schemaVersion, payload: bytes, occurredAt: occurredAt, context: { context }, opening: opening)
            }
        }.get()
    }

    /// The subject a sealed payload names; nil for a plain payload or one that does not parse.
    public static func subject(schemaVersion: Int, payload: String) -> String? {
        guard schemaVersion == sealedSchemaVersion, let json = try? JSONValue.parse(payload) else { return nil }
        return SealedPayload.subject(of: json)
    }

    /// Decodes a payload of a known type from its UTF-8 bytes (SQLite's, in rebuild: no `String`
    /// of the payload is made), with the errors of ``decode(type:schemaVersion:payload:occurredAt:context:)``.
    ///
    /// `context` is called only to describe an error: building one for every event cost more
    /// than decoding an edit.
    package static func decode(
        _ eventType: SheetEventType, schemaVersion: Int, payload: UnsafeBufferPointer<UInt8>, occurredAt: Int64,
        context: () -> SheetLogError.Context, opening: SealedOpening? = nil
    ) throws(SheetLogError) -> SheetEvent {
        try decodeWithSubject(
            eventType, schemaVersion: schemaVersion, payload: payload, occurredAt: occurredAt, context: context, opening: opening
        ).event
    }

    /// ``decode(_:schemaVersion:payload:occurredAt:context:opening:)``, and the subject a sealed
    /// payload names (nil for a plain one): the projections seal a session's rows with its key.
    package static func decodeWithSubject(
        _ eventType: SheetEventType, schemaVersion: Int, payload: UnsafeBufferPointer<UInt8>, occurredAt: Int64,
        context: () -> SheetLogError.Context, opening: SealedOpening?
    ) throws(SheetLogError) -> (event: SheetEvent, subject: String?) {
        let type = eventType.rawValue
        func failure(_ code: SheetLogError.Code, _ message: (String) -> String) -> SheetLogError {
            let context = completed(context(), type: type)
            return SheetLogError(code, message(describe(context)), context: context)
        }
        if schemaVersion > Self.schemaVersion {
            throw failure(.unsupportedSchemaVersion) { location in
                "\(type) event\(location) has schema version \(schemaVersion), newer than the supported \(Self.schemaVersion)"
            }
        }
        if schemaVersion < 1 {
            throw failure(.undecodableEvent) { location in "\(type) event\(location) has schema version \(schemaVersion), below 1" }
        }
        if schemaVersion == plainSchemaVersion, let kind = CanonicalPayload.decode(eventType, payload) {
            return (SheetEvent(occurredAt: occurredAt, kind), nil)
        }
        if schemaVersion == sealedSchemaVersion, let opening, let (kind, subject) = CanonicalPayload.decodeSealedWithoutValues(eventType, payload) {
            // No value to open; the key is still asked for, so that a subject without one is refused as on the general path.
            _ = try opening.keys.key(for: subject)
            return (SheetEvent(occurredAt: occurredAt, kind), subject)
        }
        if schemaVersion == sealedSchemaVersion, eventType == .edit, let opening, let edit = Self.canonicalSealedEdit(payload, opening) {
            var event = SheetEvent(occurredAt: occurredAt, .edit(edit.edit))
            event.seals = EventSeals(
                eventID: opening.eventID, version: opening.version, [.init(member: "value", field: edit.edit.field, sealed: edit.sealed)],
                recorded: edit.changed.map { RecordedChanges(changed: $0) })
            return (event, edit.subject)
        }
        var reader = JSONReader(bytes: payload, options: .stored)
        var json: JSONValue
        do {
            json = try reader.document()
        } catch {
            throw failure(.undecodableEvent) { location in "\(type) event\(location) has a malformed payload" }
        }
        var subject: String?
        // Every value of an event whose subject is erased, or whose key is not at hand, reads as that marker.
        var marker: FieldValue?
        var seals: EventSeals?
        if schemaVersion == sealedSchemaVersion {
            subject = SealedPayload.subject(of: json)
            guard let opening else {
                throw failure(.keyUnavailable) { location in "\(type) event\(location) is sealed and no keys were given to open it" }
            }
            (json, marker, seals) = try SealedPayload.opened(json, type: eventType, opening: opening) { code, rest in
                failure(code) { location in "\(type) event\(location) \(rest)" }
            }
        }
        do {
            let kind = try PayloadDecoder(json).kind(eventType)
            var event = SheetEvent(occurredAt: occurredAt, marker.map(kind.everyValue(readingAs:)) ?? kind)
            event.seals = seals
            return (event, subject)
        } catch {
            throw failure(.undecodableEvent) { location in "\(type) event\(location) has a malformed payload\(error.detail)" }
        }
    }

    /// A sealed edit in the encoder's layout, opened without a JSON tree: edits are most of a log,
    /// and every append's projection and every rebuild read each one. Nil for any other layout, and
    /// for a value that does not open: the general path then reads it, or names what is wrong.
    private static func canonicalSealedEdit(
        _ payload: UnsafeBufferPointer<UInt8>, _ opening: SealedOpening
    ) -> (edit: SheetEvent.Edit, subject: String, sealed: String, changed: [String]?)? {
        var reader = JSONReader(bytes: payload, options: .stored)
        guard let parts = try? reader.canonicalSealedEdit(), var key = try? opening.keys.key(for: parts.subject) else { return nil }
        if parts.changed != nil, !opening.opensRecordedValues, case .available = key { key = .withheld }
        let value: FieldValue
        switch key {
        case .available(let dataKey):
            let position = SealPosition.event(
                id: opening.eventID, stream: opening.stream, version: opening.version, member: "value", field: parts.field)
            guard let opened = SealedText.open(parts.sealed, at: position, with: dataKey) else { return nil }
            value = opened
        case .erased:
            value = .erased
        case .withheld:
            value = .withheld
        }
        return (SheetEvent.Edit(presentation: parts.presentation, field: parts.field, value: value), parts.subject, parts.sealed, parts.changed)
    }

    /// The refusal of an event whose type this build does not know: every command that has to
    /// interpret such an event throws it, worded the same way.
    package static func unknownType(_ type: String, context: SheetLogError.Context) -> SheetLogError {
        let context = completed(context, type: type)
        return SheetLogError(.undecodableEvent, "unknown event type \(type)\(describe(context))", context: context)
    }

    /// The general path alone — a `JSONValue` tree, then ``PayloadDecoder`` — without the fast
    /// paths for the encoder's layout (``CanonicalPayload``): what those are tested against.
    package static func generalKind(_ type: SheetEventType, _ payload: String) throws -> SheetEvent.Kind {
        try PayloadDecoder(try JSONValue.parse(payload)).kind(type)
    }

    /// The context an error carries: the event's type, and `decode` unless the caller named the operation.
    private static func completed(_ context: SheetLogError.Context, type: String) -> SheetLogError.Context {
        var context = context
        context.eventType = type
        context.operation = context.operation ?? "decode"
        return context
    }

    private static func describe(_ context: SheetLogError.Context) -> String {
        var parts: [String] = []
        if let position = context.position { parts.append(" at position \(position)") }
        if let stream = context.stream { parts.append(" in stream \(stream)") }
        if context.position == nil, let eventID = context.eventID { parts.append(" (event \(eventID))") }
        return parts.joined()
    }
}
