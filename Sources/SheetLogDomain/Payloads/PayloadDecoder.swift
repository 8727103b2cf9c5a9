import SheetLogJSON

/// Maps a parsed payload onto the payload structs, with the rules `Codable` gave them: the same
/// required and optional keys, `null` for an optional key meaning absent, unknown keys ignored,
/// and a route's group defaulting to its name.
///
/// ```swift
/// let kind = try PayloadDecoder(try JSONValue.parse(payload)).kind(.edit)
/// ```
struct PayloadDecoder {
    /// A key missing or holding the wrong type; `path` names keys only, never values.
    struct ShapeError: Error {
        var path: String
        var missing: Bool

        /// What the codec appends to its message, in the words it used with `JSONDecoder`.
        var detail: String { missing ? " (missing key \(path))" : " (at \(path))" }
    }

    let json: JSONValue
    var path: String = ""

    init(_ json: JSONValue, path: String = "") {
        self.json = json
        self.path = path
    }

    func kind(_ type: SheetEventType) throws(ShapeError) -> SheetEvent.Kind {
        // EndSession has no members, and its Codable conformance never looked at the payload.
        if type == .endSession { return .endSession(SheetEvent.EndSession()) }
        guard case .object = json else { throw ShapeError(path: path.isEmpty ? "payload" : path, missing: false) }
        switch type {
        case .present:
            return .present(SheetEvent.Present(
                presentation: try string("presentation"), route: try route("route"),
                baseline: try fieldValues("baseline"), values: try optionalFieldValues("values"),
                required: try strings("required"), dismissGuard: try raw("guard", DismissGuard.self),
                restoredFrom: try optionalDraft("restoredFrom")))
        case .edit:
            return .edit(SheetEvent.Edit(presentation: try string("presentation"), field: try string("field"),
                                         value: try fieldValue(required("value"), at: "value")))
        case .attemptDismiss:
            return .attemptDismiss(SheetEvent.AttemptDismiss(
                presentation: try string("presentation"), source: try raw("source", DismissSource.self),
                outcome: try raw("outcome", DismissOutcome.self), dirty: try bool("dirty"),
                changedFields: try strings("changedFields"), confirmation: try bool("confirmation"),
                offersSave: try optionalBool("offersSave"), popped: try bool("popped")))
        case .confirmDiscard:
            return .confirmDiscard(SheetEvent.ConfirmDiscard(
                presentation: try string("presentation"), discardedFields: try strings("discardedFields")))
        case .keepEditing:
            return .keepEditing(SheetEvent.KeepEditing(presentation: try string("presentation")))
        case .save:
            return .save(SheetEvent.Save(presentation: try string("presentation"), values: try fieldValues("values")))
        case .saveFailed:
            return .saveFailed(SheetEvent.SaveFailed(presentation: try string("presentation"), reason: try string("reason")))
        case .restoreDraft:
            return .restoreDraft(SheetEvent.RestoreDraft(
                presentation: try string("presentation"), intoSession: try string("intoSession"),
                newPresentation: try string("newPresentation")))
        case .declineDraft:
            return .declineDraft(SheetEvent.DeclineDraft(presentation: try string("presentation")))
        case .endSession:
            return .endSession(SheetEvent.EndSession())
        }
    }

    private func name(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The member `key`, present and not null.
    private func required(_ key: String) throws(ShapeError) -> JSONValue {
        guard let value = json[key] else { throw ShapeError(path: name(key), missing: true) }
        return value
    }

    /// The member `key`, nil when absent or null (what `decodeIfPresent` does).
    private func optional(_ key: String) -> JSONValue? {
        guard let value = json[key], !value.isNull else { return nil }
        return value
    }

    private func string(_ key: String) throws(ShapeError) -> String {
        guard let text = try required(key).string else { throw ShapeError(path: name(key), missing: false) }
        return text
    }

    private func bool(_ key: String) throws(ShapeError) -> Bool {
        guard let flag = try required(key).bool else { throw ShapeError(path: name(key), missing: false) }
        return flag
    }

    private func optionalBool(_ key: String) throws(ShapeError) -> Bool? {
        guard let value = optional(key) else { return nil }
        guard let flag = value.bool else { throw ShapeError(path: name(key), missing: false) }
        return flag
    }

    private func raw<T: RawRepresentable<String>>(_ key: String, _ type: T.Type) throws(ShapeError) -> T {
        guard let value = T(rawValue: try string(key)) else { throw ShapeError(path: name(key), missing: false) }
        return value
    }

    private func strings(_ key: String) throws(ShapeError) -> [String] {
        guard case .array(let items) = try required(key) else { throw ShapeError(path: name(key), missing: false) }
        var strings: [String] = []
        strings.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            guard let text = item.string else { throw ShapeError(path: "\(name(key)).\(index)", missing: false) }
            strings.append(text)
        }
        return strings
    }

    private func fieldValue(_ value: JSONValue, at key: String) throws(ShapeError) -> FieldValue {
        switch value {
        case .string(let text): return .string(text)
        case .number(let number): return .number(number)
        case .bool(let flag): return .bool(flag)
        case .null: return .null
        case .object, .array: throw ShapeError(path: name(key), missing: false)
        }
    }

    private func fieldValues(_ key: String) throws(ShapeError) -> [String: FieldValue] {
        try fieldValues(of: try required(key), at: key)
    }

    private func optionalFieldValues(_ key: String) throws(ShapeError) -> [String: FieldValue]? {
        guard let value = optional(key) else { return nil }
        return try fieldValues(of: value, at: key)
    }

    private func fieldValues(of value: JSONValue, at key: String) throws(ShapeError) -> [String: FieldValue] {
        guard case .object(let members) = value else { throw ShapeError(path: name(key), missing: false) }
        var values: [String: FieldValue] = Dictionary(minimumCapacity: members.count)
        for member in members { values[member.key] = try fieldValue(member.value, at: "\(key).\(member.key)") }
        return values
    }

    private func route(_ key: String) throws(ShapeError) -> Route {
        let nested = PayloadDecoder(try required(key), path: name(key))
        guard case .object = nested.json else { throw ShapeError(path: name(key), missing: false) }
        let name = try nested.string("name")
        var group: String?
        if let value = nested.optional("group") {
            guard let text = value.string else { throw ShapeError(path: nested.name("group"), missing: false) }
            group = text
        }
        var params: [String: String] = [:]
        if let value = nested.optional("params") {
            guard case .object(let members) = value else { throw ShapeError(path: nested.name("params"), missing: false) }
            for member in members {
                guard let text = member.value.string else {
                    throw ShapeError(path: nested.name("params.\(member.key)"), missing: false)
                }
                params[member.key] = text
            }
        }
        return Route(name: name, group: group, params: params)
    }

    private func optionalDraft(_ key: String) throws(ShapeError) -> DraftReference? {
        guard let value = optional(key) else { return nil }
        let nested = PayloadDecoder(value, path: name(key))
        guard case .object = value else { throw ShapeError(path: name(key), missing: false) }
        return DraftReference(session: try nested.string("session"), presentation: try nested.string("presentation"))
    }
}
