/// The keys of one JSON object being parsed, to refuse a repeated key however it is spelled.
///
/// Keys are compared decoded and as Swift compares strings (canonical equivalence): the payload
/// structs keep them in dictionaries, where `"valu\u0065"` and `"value"`, or an NFC and an NFD
/// spelling, are the same key and one of them would silently win. Small objects — every payload's
/// own — are searched in place; a set is built only once an object has many members (a large form).
struct ObjectKeys {
    private static let setThreshold = 16
    private var set: Set<String>?

    /// Whether `key` is new to the object whose members so far are `members` (then it is recorded).
    mutating func insert<Value>(_ key: String, among members: [(key: String, value: Value)]) -> Bool {
        if set == nil {
            if members.count < Self.setThreshold { return !members.contains { $0.key == key } }
            set = Set(members.lazy.map(\.key))
        }
        return set!.insert(key).inserted
    }
}
