import SheetLogCore

/// The byte counts of payloads as ``PayloadEncoder`` writes them, computed without writing them.
///
/// The decider uses them to keep every event it decides within the store's payload limit (see
/// `SheetDecider.Rules.requireFormFits(_:)`). They must equal the encoder's output exactly; a
/// test compares them over random payloads.
enum PayloadSize {
    /// A JSON string, quotes included: `"` `\` and the named control escapes take 2 bytes, other
    /// control characters 6 (`\u00xx`), everything else its UTF-8 bytes.
    static func string(_ text: String) -> Int {
        let counted = text.utf8.withContiguousStorageIfAvailable(escapedCount)
        return 2 + (counted ?? escapedCount(Array(text.utf8)))
    }

    private static func escapedCount(_ bytes: some Collection<UInt8>) -> Int {
        var count = bytes.count
        for byte in bytes where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
            switch byte {
            case 0x08, 0x09, 0x0A, 0x0C, 0x0D, UInt8(ascii: "\""), UInt8(ascii: "\\"): count += 1
            default: count += 5
            }
        }
        return count
    }

    static func value(_ value: FieldValue) -> Int {
        switch value {
        case .string(let text): return string(text)
        case .number(let number):
            let text = number.description
            return text.hasSuffix(".0") ? text.utf8.count - 2 : text.utf8.count
        case .bool(let flag): return flag ? 4 : 5
        case .null: return 4
        case .erased, .withheld: return string(value.storedStandIn!)
        }
    }

    /// `"key":value`, as a member of an object of field values; with `sealed`, the value as a
    /// sealed payload holds it (``sealedValue(_:)``).
    static func member(_ key: String, _ value: FieldValue) -> Int {
        member(key, value, sealed: false)
    }

    static func member(_ key: String, _ value: FieldValue, sealed: Bool) -> Int {
        string(key) + 1 + (sealed ? sealedValue(value) : PayloadSize.value(value))
    }

    /// A value as a sealed payload writes it: the base64 text, quoted, of the ``ValueSeal`` of the
    /// value's JSON text.
    static func sealedValue(_ value: FieldValue) -> Int {
        2 + 4 * ((PayloadSize.value(value) + ValueSeal.overhead + 2) / 3)
    }

    /// At most what a sealed payload adds beside its values: `"subject":…` (an id, escaped at most
    /// two bytes a byte), and `"changed":[…]` naming at most `fields`, and a save's
    /// `"draftChanged":false`.
    static func sealedMembers(fields: some Sequence<String>, maxIdentifierBytes: Int) -> Int {
        var total = sealedSubject(maxIdentifierBytes: maxIdentifierBytes) + 12 + 21
        for field in fields { total += string(field) + 1 }
        return total
    }

    /// At most the `"subject":…` member every sealed payload has: an id, escaped at most two bytes a byte.
    static func sealedSubject(maxIdentifierBytes: Int) -> Int {
        13 + 2 * maxIdentifierBytes
    }

    /// An object of field values.
    static func values(_ values: [String: FieldValue]) -> Int {
        self.values(values, sealed: false)
    }

    /// An object of field values; with `sealed`, as a sealed payload holds it.
    static func values(_ values: [String: FieldValue], sealed: Bool) -> Int {
        var total = 2 + max(values.count - 1, 0)
        for (key, value) in values { total += member(key, value, sealed: sealed) }
        return total
    }

    /// An array of strings.
    static func strings(_ strings: [String]) -> Int {
        var total = 2 + max(strings.count - 1, 0)
        for text in strings { total += string(text) }
        return total
    }

    /// `{"group":…,"name":…,"params":{…}}`.
    static func route(_ route: Route) -> Int {
        var total = 30 + string(route.group) + string(route.name) + max(route.params.count - 1, 0)
        for (key, value) in route.params { total += string(key) + 1 + string(value) }
        return total
    }

    /// A `present` payload whose baseline and values objects take `baselineBytes` and
    /// `valuesBytes` (nil: no `values` member).
    static func present(
        presentation: String, route: Route, baselineBytes: Int, valuesBytes: Int?, required: [String], dismissGuard: DismissGuard,
        restoredFrom: DraftReference?
    ) -> Int {
        // {"baseline":…,"guard":…,"presentation":…,"required":…,"route":…}
        var total = 59 + baselineBytes + string(dismissGuard.rawValue) + string(presentation) + strings(required) + self.route(route)
        if let restoredFrom {
            // ,"restoredFrom":{"presentation":…,"session":…}
            total += 44 + string(restoredFrom.presentation) + string(restoredFrom.session)
        }
        if let valuesBytes { total += 10 + valuesBytes }
        return total
    }

    /// `{"presentation":…,"values":…}`.
    static func save(presentation: String, valuesBytes: Int) -> Int {
        27 + string(presentation) + valuesBytes
    }

    /// `{"presentation":…,"reason":…}`.
    static func saveFailed(presentation: String, reason: String) -> Int {
        27 + string(presentation) + string(reason)
    }
}
