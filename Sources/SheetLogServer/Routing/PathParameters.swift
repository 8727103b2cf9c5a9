import Hummingbird
import SheetLog

extension Parameters {
    /// The path segment captured as `:name`, percent-decoded (a session id may hold `/`, spaces or
    /// markup, sent as `%2F`, `%20`, `%3C` …).
    ///
    /// Throws ``SheetLogError/Code/invalidInput`` naming the segment for a bad escape, invalid UTF-8
    /// or a segment longer than an id may be.
    package func decoded(_ name: String) throws(SheetLogError) -> String {
        guard let raw = get(name) else {
            throw SheetLogError(.invalidInput, "the path has no \(name)", context: .init(operation: "read path"))
        }
        guard let text = raw.removingPercentEncodingStrictly() else {
            throw SheetLogError(.invalidInput, "the \(name) in the path is not valid percent-encoded UTF-8", context: .init(field: name, operation: "read path"))
        }
        if text.utf8.count > QueryParameters.maxTextBytes {
            throw SheetLogError(
                .invalidInput, "the \(name) in the path is longer than \(QueryParameters.maxTextBytes) bytes", context: .init(field: name, operation: "read path"))
        }
        try Self.requirePrintableID(text, name)
        return text
    }

    /// Refuses an id (device, session) holding a control or bidi formatting character, by the rule of
    /// ingest's ids (`NameCharacters`): no log holds one, and the message names the code point and
    /// the parameter, never the id.
    package static func requirePrintableID(_ id: String, _ name: String) throws(SheetLogError) {
        guard let problem = NameCharacters.problem(in: id) else { return }
        throw SheetLogError(
            .invalidInput, "the \(name) \(problem)",
            context: .init(field: name, operation: "read path"))
    }
}

extension String {
    /// Percent-decoded; nil for a `%` not followed by two hex digits or bytes that are not UTF-8.
    func removingPercentEncodingStrictly() -> String? {
        var bytes: [UInt8] = []
        var iterator = utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(Self.hexValue), let low = iterator.next().flatMap(Self.hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
