import SheetLogDomain
import SheetLogStorage

/// The enums the projection tables store as their raw text, matched from SQLite's UTF-8 bytes.
///
/// An audit reads three of them per row; making a `String` of each and switching over it cost a
/// fifth of the row's conversion.
package protocol StoredEnumText: RawRepresentable, CaseIterable, Sendable where RawValue == String {
    /// Every case, in the order of ``storedTexts``, built once per type (`allCases` makes an array each time).
    static var storedCases: [Self] { get }
    /// The UTF-8 bytes of every case's raw value, built once per type.
    static var storedTexts: RawValueTable { get }
}

extension StoredEnumText {
    /// The case whose raw value has exactly these bytes, nil for any other text.
    package static func matching(_ bytes: UnsafeBufferPointer<UInt8>) -> Self? {
        storedTexts.index(of: bytes).map { storedCases[$0] }
    }
}

extension DismissSource: StoredEnumText {
    package static let storedCases = Array(allCases)
    package static let storedTexts = RawValueTable(storedCases.map(\.rawValue))
}

extension DismissOutcome: StoredEnumText {
    package static let storedCases = Array(allCases)
    package static let storedTexts = RawValueTable(storedCases.map(\.rawValue))
}

extension DismissalRecord.Resolution: StoredEnumText {
    package static let storedCases = Array(allCases)
    package static let storedTexts = RawValueTable(storedCases.map(\.rawValue))
}
