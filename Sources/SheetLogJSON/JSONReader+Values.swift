extension JSONReader {
    /// Reads the value at ``index`` into its tree.
    mutating func read(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard let byte = current else { throw fail("expected a JSON value, found the end of the text") }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth + 1, building: true)
        case UInt8(ascii: "["): return try array(depth: depth + 1, building: true)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw unexpected(byte)
        }
    }

    /// Checks the value at ``index`` and moves past it, building nothing: ``read(depth:)``'s
    /// twin, for validation (containers are read by the same ``object(depth:building:)`` and
    /// ``array(depth:building:)``).
    mutating func skip(depth: Int) throws(JSONSyntaxError) {
        guard let byte = current else { throw fail("expected a JSON value, found the end of the text") }
        switch byte {
        case UInt8(ascii: "{"): _ = try object(depth: depth + 1, building: false)
        case UInt8(ascii: "["): _ = try array(depth: depth + 1, building: false)
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try number(converting: false)
        default: throw unexpected(byte)
        }
    }

    private func unexpected(_ byte: UInt8) -> JSONSyntaxError {
        fail(byte == 0 ? "NUL byte" : "unexpected character (NaN, Infinity and bare words are not JSON)")
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw fail("truncated literal") }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            throw fail("unexpected character (NaN, Infinity and bare words are not JSON)")
        }
        index += count
    }

    /// An object, its members built into the tree when `building`.
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
                let new = building ? keys.insert(key, among: members.lazy.map { $0.key }) : keys.insert(key, among: checkedKeys)
                if !new { throw JSONSyntaxError(reason: "duplicate key", offset: keyStart, problem: .duplicateKey) }
                if !building { checkedKeys.append(key) }
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw fail("expected ':' after an object key") }
            index += 1
            skipWhitespace()
            do {
                if building { members.append((key, try read(depth: depth))) } else { try skip(depth: depth) }
            } catch {
                throw locating(error, under: decodedKey(at: keyStart))
            }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1; skipWhitespace()
            case UInt8(ascii: "}"): index += 1; return .object(members)
            default: throw fail("expected ',' or '}' in an object")
            }
        }
    }

    /// An array, its items built into the tree when `building`.
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
            do {
                if building { items.append(try read(depth: depth)) } else { try skip(depth: depth) }
            } catch {
                throw locating(error, under: String(position))
            }
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
