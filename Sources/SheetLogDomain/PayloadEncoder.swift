/// Writes a payload struct as the JSON text `JSONEncoder` wrote with `[.sortedKeys,
/// .withoutEscapingSlashes]`, byte for byte: stored payloads are chained and compared on retried
/// appends, so the bytes must not change. Hand-written because every append encodes payloads.
///
/// Keys sorted, no whitespace, absent optionals left out, numbers as `Double.description` without
/// a trailing `.0`, strings with `"` `\` and control characters escaped (`\b \f \n \r \t`, else
/// `\u00xx`) and everything else as is.
///
/// ```swift
/// var encoder = PayloadEncoder()
/// try encoder.kind(.edit(.init(presentation: "p1", field: "amount", value: 47.5)))
/// encoder.text  // {"field":"amount","presentation":"p1","value":47.5}
/// ```
struct PayloadEncoder {
    /// A number JSON cannot hold (NaN or an infinity).
    struct NonFiniteNumber: Error {}

    private(set) var bytes: [UInt8] = []

    var text: String { String(decoding: bytes, as: UTF8.self) }

    init() {
        bytes.reserveCapacity(128)
    }

    mutating func kind(_ kind: SheetEvent.Kind) throws(NonFiniteNumber) {
        var json = JSONBytes(bytes: [UInt8(ascii: "{")])
        switch kind {
        case .present(let p):
            json.key("baseline"); try json.fieldValues(p.baseline)
            json.key("guard"); json.string(p.dismissGuard.rawValue)
            json.key("presentation"); json.string(p.presentation)
            json.key("required"); json.strings(p.required)
            if let draft = p.restoredFrom { json.key("restoredFrom"); json.draft(draft) }
            json.key("route"); json.route(p.route)
            if let values = p.values { json.key("values"); try json.fieldValues(values) }
        case .edit(let p):
            json.key("field"); json.string(p.field)
            json.key("presentation"); json.string(p.presentation)
            json.key("value"); try json.fieldValue(p.value)
        case .attemptDismiss(let p):
            json.key("changedFields"); json.strings(p.changedFields)
            json.key("confirmation"); json.bool(p.confirmation)
            json.key("dirty"); json.bool(p.dirty)
            if let offersSave = p.offersSave { json.key("offersSave"); json.bool(offersSave) }
            json.key("outcome"); json.string(p.outcome.rawValue)
            json.key("popped"); json.bool(p.popped)
            json.key("presentation"); json.string(p.presentation)
            json.key("source"); json.string(p.source.rawValue)
        case .confirmDiscard(let p):
            json.key("discardedFields"); json.strings(p.discardedFields)
            json.key("presentation"); json.string(p.presentation)
        case .keepEditing(let p):
            json.key("presentation"); json.string(p.presentation)
        case .save(let p):
            json.key("presentation"); json.string(p.presentation)
            json.key("values"); try json.fieldValues(p.values)
        case .saveFailed(let p):
            json.key("presentation"); json.string(p.presentation)
            json.key("reason"); json.string(p.reason)
        case .restoreDraft(let p):
            json.key("intoSession"); json.string(p.intoSession)
            json.key("newPresentation"); json.string(p.newPresentation)
            json.key("presentation"); json.string(p.presentation)
        case .declineDraft(let p):
            json.key("presentation"); json.string(p.presentation)
        case .endSession:
            break
        }
        json.bytes.append(UInt8(ascii: "}"))
        bytes = json.bytes
    }
}

/// JSON values written as `JSONEncoder` writes them, into UTF-8 bytes.
///
/// Package-visible so that the projections write their JSON columns with the same escaping.
package struct JSONBytes {
    package var bytes: [UInt8]

    package init(bytes: [UInt8] = []) {
        self.bytes = bytes
    }

    /// An object member's key, after a comma unless it is the object's first.
    mutating func key(_ name: String) {
        if bytes.last != UInt8(ascii: "{") { bytes.append(UInt8(ascii: ",")) }
        string(name)
        bytes.append(UInt8(ascii: ":"))
    }

    package mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        // Scanning and copying the contiguous UTF-8 buffer: going through `String.UTF8View`'s
        // iterator cost several instructions per byte, and rebuild writes every draft of the log.
        let plain = text.withUTF8 { utf8 in
            guard !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if !plain {
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
                case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
                case 0x08: bytes.append(contentsOf: #"\b"#.utf8)
                case 0x0C: bytes.append(contentsOf: #"\f"#.utf8)
                case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
                case 0x0D: bytes.append(contentsOf: #"\r"#.utf8)
                case 0x09: bytes.append(contentsOf: #"\t"#.utf8)
                case 0..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: #"\u00"#.utf8)
                    bytes.append(hex[Int(byte >> 4)])
                    bytes.append(hex[Int(byte & 0x0F)])
                default: bytes.append(byte)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func bool(_ flag: Bool) {
        bytes.append(contentsOf: (flag ? "true" : "false").utf8)
    }

    mutating func number(_ number: Double) throws(PayloadEncoder.NonFiniteNumber) {
        guard number.isFinite else { throw PayloadEncoder.NonFiniteNumber() }
        var text = number.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    mutating func fieldValue(_ value: FieldValue) throws(PayloadEncoder.NonFiniteNumber) {
        switch value {
        case .string(let text): string(text)
        case .number(let number): try self.number(number)
        case .bool(let flag): bool(flag)
        case .null: bytes.append(contentsOf: "null".utf8)
        }
    }

    mutating func fieldValues(_ values: [String: FieldValue]) throws(PayloadEncoder.NonFiniteNumber) {
        bytes.append(UInt8(ascii: "{"))
        for (index, key) in values.keys.sorted().enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            string(key)
            bytes.append(UInt8(ascii: ":"))
            try fieldValue(values[key]!)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    mutating func strings(_ strings: [String]) {
        bytes.append(UInt8(ascii: "["))
        for (index, text) in strings.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            string(text)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    mutating func route(_ route: Route) {
        bytes.append(contentsOf: #"{"group":"#.utf8)
        string(route.group)
        bytes.append(contentsOf: #","name":"#.utf8)
        string(route.name)
        bytes.append(contentsOf: #","params":{"#.utf8)
        for (index, key) in route.params.keys.sorted().enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            string(key)
            bytes.append(UInt8(ascii: ":"))
            string(route.params[key]!)
        }
        bytes.append(contentsOf: "}}".utf8)
    }

    mutating func draft(_ draft: DraftReference) {
        bytes.append(contentsOf: #"{"presentation":"#.utf8)
        string(draft.presentation)
        bytes.append(contentsOf: #","session":"#.utf8)
        string(draft.session)
        bytes.append(UInt8(ascii: "}"))
    }
}
