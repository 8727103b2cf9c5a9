import Foundation

/// The raw values of a string enum's cases as UTF-8 bytes, made once, for finding a case from
/// bytes SQLite hands out without making a `String` of them.
///
/// Rebuild reads every event's type this way, an audit three enum columns per row: a `String`
/// each, or comparing each case's `rawValue.utf8` with the bytes (a fresh `allCases` and a generic
/// element-by-element walk per case, ~1,100 instructions), cost more than the rest of the row.
package struct RawValueBytes<Value: RawRepresentable & CaseIterable & Sendable>: Sendable where Value.RawValue == String {
    private let entries: [(bytes: [UInt8], value: Value)]

    package init() {
        entries = Value.allCases.map { (Array($0.rawValue.utf8), $0) }
    }

    /// The case whose raw value is exactly `bytes`, compared by length then `memcmp`; nil for any other text.
    package func matching(_ bytes: UnsafeBufferPointer<UInt8>) -> Value? {
        for entry in entries where entry.bytes.count == bytes.count {
            if bytes.isEmpty { return entry.value }
            let equal = entry.bytes.withUnsafeBufferPointer { memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }
            if equal { return entry.value }
        }
        return nil
    }
}
