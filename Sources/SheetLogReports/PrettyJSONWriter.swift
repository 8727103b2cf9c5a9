import SheetLogJSON

/// Writes JSON laid out exactly as ``JSONOutput/pretty(_:)`` prints it — `JSONEncoder`'s
/// `[.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]` with empty containers compacted to `[]`
/// and `{}` — straight into bytes, for reports too large to go through `Encodable`.
///
/// Strings and numbers go through ``JSONWriter`` (its escapes and its one number rule); the caller
/// writes an object's keys in sorted order (``value(_:)`` sorts a tree's keys itself). A 10,000-event
/// replay is about 4 MB of JSON; through `JSONEncoder` it took seconds, which is what this writer is for.
///
/// ```swift
/// var writer = PrettyJSONWriter()
/// writer.beginObject()
/// writer.key("a"); writer.integer(1)
/// writer.key("b"); writer.beginArray(); writer.endArray()
/// writer.endObject()
/// writer.text  // "{\n  \"a\" : 1,\n  \"b\" : []\n}"
/// ```
package struct PrettyJSONWriter {
    private var writer: JSONWriter
    /// For each open container, whether it has a member yet.
    private var filled: [Bool] = []

    package init(capacity: Int = 0) {
        writer = JSONWriter(capacity: capacity)
    }

    package var text: String { writer.text }

    package var isStrictlyValid: Bool { writer.isStrictlyValid }

    package mutating func beginObject() { open("{") }

    package mutating func endObject() { close("}") }

    package mutating func beginArray() { open("[") }

    package mutating func endArray() { close("]") }

    /// An object member's key (`"key" : `) on a line of its own.
    package mutating func key(_ name: String) {
        newMember()
        writer.string(name)
        writer.raw(" : ")
    }

    /// Starts an array element on a line of its own; the element's value follows.
    package mutating func element() { newMember() }

    package mutating func string(_ text: String) { writer.string(text) }

    package mutating func number(_ number: Double) { writer.number(number) }

    package mutating func integer(_ number: Int64) { writer.integer(number) }

    package mutating func bool(_ flag: Bool) { writer.bool(flag) }

    package mutating func null() { writer.null() }

    /// A tree, its objects' keys sorted (a repeated key written once per occurrence, in order).
    package mutating func value(_ value: JSONValue) {
        switch value {
        case .object(let members):
            beginObject()
            // Stable: a repeated key keeps its order. Keys compare by their UTF-8 bytes, as JSONEncoder's.
            for member in members.enumerated().sorted(by: { lhs, rhs in
                lhs.element.key == rhs.element.key
                    ? lhs.offset < rhs.offset : JSONWriter.keyPrecedes(lhs.element.key, rhs.element.key)
            }) {
                key(member.element.key)
                self.value(member.element.value)
            }
            endObject()
        case .array(let elements):
            beginArray()
            for element in elements {
                self.element()
                self.value(element)
            }
            endArray()
        case .string(let text): string(text)
        case .number(let number): self.number(number)
        case .bool(let flag): bool(flag)
        case .null: null()
        }
    }

    private mutating func open(_ bracket: StaticString) {
        writer.raw(bracket)
        filled.append(false)
    }

    private mutating func close(_ bracket: StaticString) {
        if filled.removeLast() { lineBreak() }
        writer.raw(bracket)
    }

    private mutating func newMember() {
        if filled[filled.count - 1] { writer.raw(",") }
        filled[filled.count - 1] = true
        lineBreak()
    }

    /// A line break and the indentation of the innermost open container's members' level.
    private mutating func lineBreak() {
        writer.raw("\n")
        for _ in 0..<filled.count { writer.raw("  ") }
    }
}
