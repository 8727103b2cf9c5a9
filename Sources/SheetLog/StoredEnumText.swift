import Foundation

/// The enums the projection tables store as their raw text, matched from SQLite's UTF-8 bytes.
///
/// An audit reads three of them per row. Making a `String` of each cost a fifth of the row's
/// conversion, and comparing each case's `rawValue.utf8` with the bytes (a fresh `allCases`
/// array and a generic element-by-element walk per case) still cost about 1,100 instructions a
/// column: the cases' bytes are kept once per type and compared by length, then `memcmp`.
package protocol StoredEnumText: RawRepresentable, CaseIterable, Sendable where RawValue == String {
    /// Every case with the UTF-8 bytes of its raw value, built once per type.
    static var storedTexts: StoredEnumTexts<Self> { get }
}

extension StoredEnumText {
    /// The case whose raw value has exactly these bytes, nil for any other text.
    package static func matching(_ bytes: UnsafeBufferPointer<UInt8>) -> Self? {
        storedTexts.matching(bytes)
    }
}

/// The raw values of an enum's cases as byte arrays, for ``StoredEnumText/matching(_:)``.
package struct StoredEnumTexts<Value: RawRepresentable & CaseIterable & Sendable>: Sendable where Value.RawValue == String {
    private let entries: [(bytes: [UInt8], value: Value)]

    package init() {
        entries = Value.allCases.map { (Array($0.rawValue.utf8), $0) }
    }

    package func matching(_ bytes: UnsafeBufferPointer<UInt8>) -> Value? {
        guard let base = bytes.baseAddress else { return nil }
        for entry in entries where entry.bytes.count == bytes.count {
            let equal = entry.bytes.withUnsafeBufferPointer { memcmp($0.baseAddress!, base, bytes.count) == 0 }
            if equal { return entry.value }
        }
        return nil
    }
}

extension DismissSource: StoredEnumText {
    package static let storedTexts = StoredEnumTexts<DismissSource>()
}

extension DismissOutcome: StoredEnumText {
    package static let storedTexts = StoredEnumTexts<DismissOutcome>()
}

extension DismissalRecord.Resolution: StoredEnumText {
    package static let storedTexts = StoredEnumTexts<DismissalRecord.Resolution>()
}
