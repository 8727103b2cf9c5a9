import SheetLogCore
import SheetLogJSON

/// Turns a parsed sealed payload (schema 2) into the plain payload it seals: each value opened
/// with its subject's key (or read as erased or withheld), `subject` left out, so that the plain
/// decoder reads it as it reads schema 1.
enum SealedPayload {
    /// The payload's subject; nil when it has none or not as a string.
    static func subject(of json: JSONValue) -> String? {
        json["subject"]?.string
    }

    /// The plain payload, and the marker every value of it reads as when the subject's key is erased
    /// or not at hand (the payload then holds the marker's stand-in text, which the caller replaces).
    /// Throws ``SheetLogError/Code/integrityViolation`` for a value that does not open at its position
    /// (altered, or moved from another field or event): never a wrong value.
    static func opened(
        _ json: JSONValue, type: SheetEventType, opening: SealedOpening, failure: (SheetLogError.Code, String) -> SheetLogError
    ) throws(SheetLogError) -> (json: JSONValue, marker: FieldValue?, seals: EventSeals) {
        guard case .object(let members) = json, let subject = subject(of: json) else {
            throw failure(.undecodableEvent, "has a sealed payload without its subject")
        }
        let recorded = try recordedChanges(in: json, type: type, failure: failure)
        var key = try opening.keys.key(for: subject)
        if recorded != nil, !opening.opensRecordedValues, case .available = key { key = .withheld }
        let marker: FieldValue? = switch key {
        case .available: nil
        case .erased: .erased
        case .withheld: .withheld
        }
        let field = json["field"]?.string
        var seals = EventSeals(eventID: opening.eventID, version: opening.version, recorded: recorded)
        var plain: [(key: String, value: JSONValue)] = []
        plain.reserveCapacity(members.count)
        for member in members where member.key != "subject" && member.key != "changed" && member.key != "draftChanged" {
            switch (type, member.key) {
            case (.present, "baseline"), (.present, "values"), (.save, "values"):
                plain.append((member.key, try openedObject(
                    member.value, member: member.key, key: key, opening: opening, seals: &seals, failure: failure)))
            case (.edit, "value"):
                guard let field else { throw failure(.undecodableEvent, "has a sealed value without its field") }
                plain.append((member.key, try openedValue(
                    member.value, member: "value", field: field, key: key, opening: opening, seals: &seals, failure: failure)))
            default:
                plain.append(member)
            }
        }
        return (.object(plain), marker, seals)
    }

    /// The payload's `changed` and `draftChanged` members (``RecordedChanges``); nil for an event
    /// recorded before them, or of a type that writes no value.
    private static func recordedChanges(
        in json: JSONValue, type: SheetEventType, failure: (SheetLogError.Code, String) -> SheetLogError
    ) throws(SheetLogError) -> RecordedChanges? {
        guard let member = json["changed"] else { return nil }
        guard case .array(let items) = member, type == .present || type == .edit || type == .save else {
            throw failure(.undecodableEvent, "has a malformed changed member")
        }
        var changed: [String] = []
        for item in items {
            guard let name = item.string else { throw failure(.undecodableEvent, "has a malformed changed member") }
            changed.append(name)
        }
        var draftChanged: Bool?
        if let flag = json["draftChanged"] {
            guard type == .save, let value = flag.bool else { throw failure(.undecodableEvent, "has a malformed draftChanged member") }
            draftChanged = value
        }
        // A save's draft time needs its flag: without it, the values must be compared.
        if type == .save, draftChanged == nil { throw failure(.undecodableEvent, "has a changed member without draftChanged") }
        return RecordedChanges(changed: changed, draftChanged: draftChanged)
    }

    private static func openedObject(
        _ json: JSONValue, member: String, key: SubjectKey, opening: SealedOpening, seals: inout EventSeals,
        failure: (SheetLogError.Code, String) -> SheetLogError
    ) throws(SheetLogError) -> JSONValue {
        guard case .object(let fields) = json else { return json }  // the plain decoder names the bad shape
        var opened: [(key: String, value: JSONValue)] = []
        opened.reserveCapacity(fields.count)
        for field in fields {
            opened.append((field.key, try openedValue(
                field.value, member: member, field: field.key, key: key, opening: opening, seals: &seals, failure: failure)))
        }
        return .object(opened)
    }

    private static func openedValue(
        _ json: JSONValue, member: String, field: String, key: SubjectKey, opening: SealedOpening, seals: inout EventSeals,
        failure: (SheetLogError.Code, String) -> SheetLogError
    ) throws(SheetLogError) -> JSONValue {
        guard let text = json.string else {
            throw failure(.undecodableEvent, "has an unsealed value in field \(field) of its \(member)")
        }
        seals.seals.append(.init(member: member, field: field, sealed: text))
        let value: FieldValue
        switch key {
        case .available(let dataKey):
            let position = SealPosition.event(
                id: opening.eventID, stream: opening.stream, version: opening.version, member: member, field: field)
            guard let opened = SealedText.open(text, at: position, with: dataKey) else {
                throw failure(
                    .integrityViolation,
                    "has a sealed value in field \(field) of its \(member) that does not open with its subject's key: it was altered or moved there")
            }
            value = opened
        case .erased:
            value = .erased
        case .withheld:
            value = .withheld
        }
        return JSONValue(value)
    }
}

extension JSONValue {
    init(_ value: FieldValue) {
        switch value {
        case .string(let text): self = .string(text)
        case .number(let number): self = .number(number)
        case .bool(let flag): self = .bool(flag)
        case .null: self = .null
        case .erased, .withheld: self = .string(value.storedStandIn!)
        }
    }
}
