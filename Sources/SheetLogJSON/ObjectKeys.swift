/// The keys of one JSON object being read, to refuse a repeated key however it is spelled.
///
/// Keys are compared decoded and as Swift compares strings (canonical equivalence): every reader
/// of SheetLog keeps keys in dictionaries, where `"valu\u0065"` and `"value"`, or an NFC and an
/// NFD spelling, are the same key and one of them would silently win. Small objects — every
/// payload's own — are searched in place; a set is built only once an object has many members (a
/// large form).
struct ObjectKeys {
    private static let setThreshold = 16
    private var set: Set<String>?

    /// Whether `key` is new to the object whose keys so far are `keys` (then it is recorded).
    mutating func insert(_ key: String, among keys: some Collection<String>) -> Bool {
        if set == nil {
            if keys.count < Self.setThreshold { return !keys.contains(key) }
            set = Set(keys)
        }
        return set!.insert(key).inserted
    }
}
