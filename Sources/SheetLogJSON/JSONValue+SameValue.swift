extension JSONValue {
    /// Whether `other` is the same JSON value, whatever its spelling: numbers equal as doubles
    /// (`-0.0` and `-0`, `9007199254740992.0` and `9007199254740992`; `-0` also equals `0`), objects
    /// equal member for member in any order, arrays element for element in order.
    ///
    /// What `verify` compares the JSON columns of projections with: a cache of the log need only
    /// hold the log's values, and files written before the one number rule spell some numbers otherwise.
    package func isSameValue(as other: JSONValue) -> Bool {
        switch (self, other) {
        case (.object(let members), .object(let others)):
            guard members.count == others.count else { return false }
            var byKey: [String: JSONValue] = Dictionary(minimumCapacity: others.count)
            for member in others { byKey[member.key] = member.value }
            return byKey.count == others.count && members.allSatisfy { member in
                byKey[member.key].map { member.value.isSameValue(as: $0) } ?? false
            }
        case (.array(let items), .array(let others)):
            return items.count == others.count && zip(items, others).allSatisfy { $0.isSameValue(as: $1) }
        case (.string(let text), .string(let other)): return text == other
        case (.number(let number), .number(let other)): return number == other
        case (.bool(let flag), .bool(let other)): return flag == other
        case (.null, .null): return true
        case (.object, _), (.array, _), (.string, _), (.number, _), (.bool, _), (.null, _): return false
        }
    }
}
