import SheetLogDomain
import SheetLogJSON

/// The members of one JSON object of an ingest line, read with strict types.
///
/// Every accessor names the field (with its path, e.g. `route.name`) when it throws; none
/// ever puts the field's value into a message.
struct IngestFields {
    /// The object's members in their order, each key once (the reader refuses a repeated key).
    let members: [(key: String, value: JSONValue)]
    /// What the object belongs to in messages: the line's type, e.g. `present`; empty before the type is known.
    let owner: String
    /// The path of this object inside the line, e.g. `route.`; empty at the top.
    let path: String

    init(_ members: [(key: String, value: JSONValue)], owner: String, path: String = "") {
        self.members = members
        self.owner = owner
        self.path = path
    }

    /// "<owner>: " before a message, or nothing for the line itself.
    private var prefix: String { owner.isEmpty ? "" : "\(owner): " }

    func failure(_ field: String, _ rule: String) -> SheetLogError {
        SheetLogError(
            .invalidInput, "\(prefix)field \(path)\(field) \(rule)",
            context: .init(eventType: owner.isEmpty ? nil : owner, field: path + field, operation: "ingest"))
    }

    /// The value of member `field`, nil when the object has none.
    private func member(_ field: String) -> JSONValue? {
        members.first { $0.key == field }?.value
    }

    /// Rejects any member whose name is not in `allowed`, naming the first one in sorted order.
    func requireOnly(_ allowed: Set<String>) throws(SheetLogError) {
        if let unknown = members.lazy.map({ $0.key }).filter({ !allowed.contains($0) }).min() {
            throw SheetLogError(
                .invalidInput, "\(prefix)unknown field \(path)\(Self.printable(unknown))",
                context: .init(eventType: owner.isEmpty ? nil : owner, field: path + Self.printable(unknown), operation: "ingest"))
        }
    }

    func string(_ field: String) throws(SheetLogError) -> String {
        guard let text = try optionalString(field) else { throw failure(field, "is missing") }
        return text
    }

    func optionalString(_ field: String) throws(SheetLogError) -> String? {
        guard let value = member(field) else { return nil }
        guard case .string(let text) = value else { throw failure(field, "must be a string, found \(value.kindName)") }
        return text
    }

    /// A non-empty identifier (session, presentation, id) within `maxBytes` UTF-8 bytes.
    func identifier(_ field: String, maxBytes: Int) throws(SheetLogError) -> String {
        guard let text = try optionalIdentifier(field, maxBytes: maxBytes) else { throw failure(field, "is missing") }
        return text
    }

    func optionalIdentifier(_ field: String, maxBytes: Int) throws(SheetLogError) -> String? {
        guard let text = try optionalString(field) else { return nil }
        if text.isEmpty { throw failure(field, "is empty") }
        if text.utf8.count > maxBytes { throw failure(field, "is longer than \(maxBytes) bytes") }
        return text
    }

    func object(_ field: String) throws(SheetLogError) -> IngestFields {
        guard let fields = try optionalObject(field) else { throw failure(field, "is missing") }
        return fields
    }

    func optionalObject(_ field: String) throws(SheetLogError) -> IngestFields? {
        guard let value = member(field) else { return nil }
        guard case .object(let members) = value else { throw failure(field, "must be an object, found \(value.kindName)") }
        return IngestFields(members, owner: owner, path: "\(path)\(field).")
    }

    func optionalStringArray(_ field: String) throws(SheetLogError) -> [String]? {
        guard let value = member(field) else { return nil }
        guard case .array(let items) = value else { throw failure(field, "must be an array of strings, found \(value.kindName)") }
        var strings: [String] = []
        for item in items {
            guard case .string(let text) = item else {
                throw failure(field, "must be an array of strings, found \(item.kindName) in it")
            }
            strings.append(text)
        }
        return strings
    }

    /// An object whose members are all strings (route params).
    func optionalStringMap(_ field: String) throws(SheetLogError) -> [String: String]? {
        guard let fields = try optionalObject(field) else { return nil }
        var map: [String: String] = [:]
        for (key, value) in fields.members {
            guard case .string(let text) = value else { throw fields.failure(key, "must be a string, found \(value.kindName)") }
            map[key] = text
        }
        return map
    }

    /// A JSON scalar: string, finite number, boolean or null.
    func fieldValue(_ field: String) throws(SheetLogError) -> FieldValue {
        guard let value = member(field) else { throw failure(field, "is missing") }
        return try fieldValue(field, value)
    }

    private func fieldValue(_ field: String, _ value: JSONValue) throws(SheetLogError) -> FieldValue {
        switch value {
        case .string(let text): return .string(text)
        case .number(let number): return .number(number)
        case .bool(let flag): return .bool(flag)
        case .null: return .null
        case .array, .object: throw failure(field, "must be a string, number, boolean or null, found \(value.kindName)")
        }
    }

    /// An object of field values (baseline, values).
    func optionalFieldValues(_ field: String) throws(SheetLogError) -> [String: FieldValue]? {
        guard let fields = try optionalObject(field) else { return nil }
        var values: [String: FieldValue] = [:]
        for (key, value) in fields.members { values[key] = try fields.fieldValue(key, value) }
        return values
    }

    func optionalEnum<Value: RawRepresentable & CaseIterable>(_ field: String, _: Value.Type) throws(SheetLogError) -> Value?
    where Value.RawValue == String {
        guard let text = try optionalString(field) else { return nil }
        guard let value = Value(rawValue: text) else {
            let choices = Value.allCases.map(\.rawValue).joined(separator: ", ")
            throw failure(field, "must be one of \(choices)")
        }
        return value
    }

    func requiredEnum<Value: RawRepresentable & CaseIterable>(_ field: String, _ type: Value.Type) throws(SheetLogError) -> Value
    where Value.RawValue == String {
        guard let value = try optionalEnum(field, type) else { throw failure(field, "is missing") }
        return value
    }

    /// A key as it may appear in a message: control and bidi formatting characters escaped and at
    /// most 64 characters.
    static func printable(_ key: String) -> String {
        let escaped = NameCharacters.escaped(key)
        return escaped.count > 64 ? String(escaped.prefix(64)) + "…" : escaped
    }
}
