extension JSONReader {
    /// Reads the value at ``index``: its tree when `building`, else only checks it (and returns null).
    mutating func read(depth: Int, building: Bool) throws(JSONSyntaxError) -> JSONValue {
        guard let byte = current else { throw fail("expected a JSON value, found the end of the text") }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth + 1, building: building)
        case UInt8(ascii: "["): return try array(depth: depth + 1, building: building)
        case UInt8(ascii: "\""):
            if building { return .string(try string()) }
            try skipString()
            return .null
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let number = try self.number(converting: building)
            return building ? .number(number) : .null
        case 0: throw fail("NUL byte")
        default: throw fail("unexpected character (NaN, Infinity and bare words are not JSON)")
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw fail("truncated literal") }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            throw fail("unexpected character (NaN, Infinity and bare words are not JSON)")
        }
        index += count
    }

    private mutating func object(depth: Int, building: Bool) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= options.maximumDepth else { throw fail("nesting deeper than \(options.maximumDepth)") }
        index += 1
        skipWhitespace()
        var members: [(key: String, value: JSONValue)] = []
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        let checksKeys = options.rejectsDuplicateKeys
        var keys = ObjectKeys()
        // The keys seen, when they are checked but no tree is built.
        var checkedKeys: [String] = []
        while true {
            guard current == UInt8(ascii: "\"") else { throw fail("expected an object key") }
            let keyStart = index
            var key = ""
            if building || checksKeys { key = try string() } else { try skipString() }
            if checksKeys {
                let new = building ? keys.insert(key, among: members.lazy.map(\.key)) : keys.insert(key, among: checkedKeys)
                if !new { throw JSONSyntaxError(reason: "duplicate key", offset: keyStart, problem: .duplicateKey) }
                if !building { checkedKeys.append(key) }
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw fail("expected ':' after an object key") }
            index += 1
            skipWhitespace()
            let value: JSONValue
            do {
                value = try read(depth: depth, building: building)
            } catch {
                throw locating(error, under: decodedKey(at: keyStart))
            }
            if building { members.append((key, value)) }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1; skipWhitespace()
            case UInt8(ascii: "}"): index += 1; return .object(members)
            default: throw fail("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func array(depth: Int, building: Bool) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= options.maximumDepth else { throw fail("nesting deeper than \(options.maximumDepth)") }
        index += 1
        skipWhitespace()
        var items: [JSONValue] = []
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        var position = 0
        while true {
            let item: JSONValue
            do {
                item = try read(depth: depth, building: building)
            } catch {
                throw locating(error, under: String(position))
            }
            if building { items.append(item) }
            position += 1
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1; skipWhitespace()
            case UInt8(ascii: "]"): index += 1; return .array(items)
            default: throw fail("expected ',' or ']' in an array")
            }
        }
    }

    /// `failure` with `component` prepended to its path: paths are built only on the way out of an error.
    private func locating(_ failure: JSONSyntaxError, under component: String) -> JSONSyntaxError {
        var located = failure
        located.path.insert(component, at: 0)
        return located
    }

    /// The decoded text of the key string that starts at `offset` (already read once).
    private func decodedKey(at offset: Int) -> String {
        var again = self
        again.index = offset
        return (try? again.string()) ?? ""
    }
}
