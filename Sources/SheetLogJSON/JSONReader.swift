#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one JSON reader of the package: a cursor over UTF-8 bytes that reads RFC 8259 JSON into a
/// ``JSONValue``, or only checks it, with the strictness of its ``JSONReadingOptions``.
///
/// Every number must be one a `Double` holds exactly (see ``JSONNumberText``). Errors are
/// ``JSONSyntaxError``s: a reason and a byte offset, never a piece of the text.
///
/// Its methods are also the building blocks of the fast paths that read a layout the package's
/// own writer produced (the domain's canonical payloads): ``accept(_:)``, ``string()``,
/// ``string(after:)``, ``number(converting:)``, so that strings and numbers mean the same on every path.
///
/// ```swift
/// var reader = JSONReader(bytes: buffer, options: .stored)
/// let value = try reader.document()
/// ```
package struct JSONReader {
    package let bytes: UnsafeBufferPointer<UInt8>
    package let options: JSONReadingOptions
    /// The offset of the next byte to read.
    package var index = 0

    package init(bytes: UnsafeBufferPointer<UInt8>, options: JSONReadingOptions) {
        self.bytes = bytes
        self.options = options
    }

    /// The byte at ``index``; nil at the end.
    package var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Reads the whole text as one JSON value, whitespace around it allowed.
    package mutating func document() throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        let value = try read(depth: 0)
        try end()
        return value
    }

    /// Checks that the whole text is one acceptable JSON value, building nothing (and, unless
    /// repeated keys are refused, allocating nothing).
    package mutating func validateDocument() throws(JSONSyntaxError) {
        skipWhitespace()
        try skip(depth: 0)
        try end()
    }

    private mutating func end() throws(JSONSyntaxError) {
        skipWhitespace()
        if index != bytes.count { throw fail("unexpected text after the JSON value") }
    }

    func fail(_ reason: String) -> JSONSyntaxError { JSONSyntaxError(reason: reason, offset: index) }

    package mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// Consumes `literal` when the bytes at ``index`` spell it; leaves the index alone otherwise.
    package mutating func accept(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - index >= count, memcmp(bytes.baseAddress! + index, literal.utf8Start, count) == 0 else {
            return false
        }
        index += count
        return true
    }
}
