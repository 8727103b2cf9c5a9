import SheetLogDomain
import SheetLogJSON

extension IngestDecoder {
    /// The fields every line may carry, whatever its type.
    static let commonFields: Set<String> = ["session", "type", "id", "at", "subject"]

    /// The fields `type` accepts besides ``commonFields``.
    static func fields(of type: SheetCommandType) -> Set<String> {
        switch type {
        case .present: return ["presentation", "route", "baseline", "required", "guard"]
        case .edit: return ["field", "value", "presentation"]
        case .attemptDismiss: return ["source", "presentation", "outcome"]
        case .dismissAll: return ["source"]
        case .confirmDiscard, .keepEditing: return ["presentation"]
        case .save: return ["values", "presentation"]
        case .saveFailed: return ["reason", "presentation"]
        // `presentation` names the new presentation the draft is restored as (its old id by default).
        case .restoreDraft: return ["from", "presentation"]
        case .declineDraft: return ["from"]
        case .endSession: return []
        }
    }

    /// Every field a line of each type may carry, made once from the list of command types.
    static let fieldsByType: [SheetCommandType: Set<String>] = Dictionary(
        uniqueKeysWithValues: SheetCommandType.allCases.map { ($0, commonFields.union(fields(of: $0))) })

    /// The fields of an `eraseSubject` line: no session, for it is the log's, not a session's.
    static let erasureFields: Set<String> = ["type", "id", "at", "subject", "requestedBy"]

    /// The accepted types, as an "unknown type" message lists them.
    static let typeNames = (SheetCommandType.allCases.map(\.rawValue) + [IngestErasure.type] + IngestBasePart.types)
        .sorted().joined(separator: ", ")

    func entry(from members: [(key: String, value: JSONValue)]) throws(SheetLogError) -> IngestEntry {
        let top = IngestFields(members, owner: "")
        let name = try top.string("type")
        if name == IngestErasure.type { return .erasure(try erasure(IngestFields(members, owner: name))) }
        if IngestBasePart.types.contains(name) { return .base(try basePart(name, IngestFields(members, owner: name))) }
        guard let type = SheetCommandType(rawValue: name), let accepted = Self.fieldsByType[type] else {
            throw SheetLogError(
                .invalidInput, "unknown type \(IngestFields.printable(name)) (expected one of \(Self.typeNames))",
                context: .init(field: "type", operation: "ingest"))
        }
        return .command(try command(type, IngestFields(members, owner: name), accepted: accepted))
    }

    private func erasure(_ fields: IngestFields) throws(SheetLogError) -> IngestErasure {
        try fields.requireOnly(Self.erasureFields)
        let requestedBy = try fields.optionalString("requestedBy") ?? ""
        if let problem = NameCharacters.identifierProblem(in: requestedBy, limit: maxIdentifierBytes, allowEmpty: true) {
            throw fields.failure("requestedBy", problem)
        }
        // Checked here, as the database would check them, so that the message names the line's field.
        let subject = try fields.identifier("subject", maxBytes: maxIdentifierBytes)
        if let problem = NameCharacters.identifierProblem(in: subject, limit: maxIdentifierBytes) { throw fields.failure("subject", problem) }
        let id = try fields.optionalIdentifier("id", maxBytes: maxIdentifierBytes)
        if let id, let problem = NameCharacters.identifierProblem(in: id, limit: maxIdentifierBytes) { throw fields.failure("id", problem) }
        if let id, id.utf8.contains(UInt8(ascii: "#")) {
            throw fields.failure("id", "contains '#', which SheetLog reserves for the ids of a command's further events")
        }
        return IngestErasure(subject: subject, requestedBy: requestedBy, id: id, occurredAt: try occurredAt(fields))
    }

    private func occurredAt(_ fields: IngestFields) throws(SheetLogError) -> Int64? {
        guard let at = try fields.optionalString("at") else { return nil }
        guard let milliseconds = ISO8601Milliseconds.parse(at) else {
            throw fields.failure("at", "must be an ISO-8601 time such as 2026-01-01T09:30:00.000Z")
        }
        return milliseconds
    }

    private func command(_ type: SheetCommandType, _ fields: IngestFields, accepted: Set<String>) throws(SheetLogError) -> IngestLine {
        try fields.requireOnly(accepted)
        let session = try fields.identifier("session", maxBytes: maxIdentifierBytes)
        let id = try fields.optionalIdentifier("id", maxBytes: maxIdentifierBytes)
        let subject = try fields.optionalIdentifier("subject", maxBytes: maxIdentifierBytes)
        let occurredAt = try occurredAt(fields)
        var expectedOutcome: DismissOutcome?
        let command: SheetCommand
        switch type {
        case .present: command = try present(fields)
        case .edit:
            command = .edit(
                field: try fields.identifier("field", maxBytes: maxIdentifierBytes), value: try fields.fieldValue("value"),
                presentation: try presentation(fields))
        case .attemptDismiss:
            expectedOutcome = try fields.optionalEnum("outcome", DismissOutcome.self)
            command = .attemptDismiss(source: try fields.requiredEnum("source", DismissSource.self), presentation: try presentation(fields))
        case .dismissAll: command = .dismissAll(source: try fields.requiredEnum("source", DismissSource.self))
        case .confirmDiscard: command = .confirmDiscard(presentation: try presentation(fields))
        case .keepEditing: command = .keepEditing(presentation: try presentation(fields))
        case .save: command = .save(values: try fields.optionalFieldValues("values"), presentation: try presentation(fields))
        case .saveFailed: command = .saveFailed(reason: try fields.string("reason"), presentation: try presentation(fields))
        case .restoreDraft: command = .restoreDraft(from: try draftReference(fields), as: try presentation(fields))
        case .declineDraft: command = .declineDraft(from: try draftReference(fields))
        case .endSession: command = .endSession
        }
        return IngestLine(
            session: session, command: command, id: id, occurredAt: occurredAt, expectedOutcome: expectedOutcome, subject: subject)
    }

    private func presentation(_ fields: IngestFields) throws(SheetLogError) -> String? {
        try fields.optionalIdentifier("presentation", maxBytes: maxIdentifierBytes)
    }

    private func present(_ fields: IngestFields) throws(SheetLogError) -> SheetCommand {
        let routeFields = try fields.object("route")
        try routeFields.requireOnly(["name", "group", "params"])
        let route = Route(
            name: try routeFields.identifier("name", maxBytes: maxIdentifierBytes),
            group: try routeFields.optionalIdentifier("group", maxBytes: maxIdentifierBytes),
            params: try routeFields.optionalStringMap("params") ?? [:])
        return .present(
            presentation: try fields.identifier("presentation", maxBytes: maxIdentifierBytes), route: route,
            baseline: try fields.optionalFieldValues("baseline") ?? [:], required: try fields.optionalStringArray("required") ?? [],
            guard: try fields.optionalEnum("guard", DismissGuard.self) ?? .whenDirty)
    }

    private func draftReference(_ fields: IngestFields) throws(SheetLogError) -> DraftReference {
        let from = try fields.object("from")
        try from.requireOnly(["session", "presentation"])
        return DraftReference(
            session: try from.identifier("session", maxBytes: maxIdentifierBytes),
            presentation: try from.identifier("presentation", maxBytes: maxIdentifierBytes))
    }
}
