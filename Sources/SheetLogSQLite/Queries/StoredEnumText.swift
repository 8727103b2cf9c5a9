import SheetLogDomain
import SheetLogStorage

/// The enums the projection tables store as their raw text, matched from SQLite's UTF-8 bytes.
///
/// An audit reads three of them per row; making a `String` of each and switching over it cost a
/// fifth of the row's conversion.
package protocol StoredEnumText: RawRepresentable, CaseIterable, Sendable where RawValue == String {
    /// Every case with the UTF-8 bytes of its raw value, built once per type.
    static var storedTexts: RawValueBytes<Self> { get }
}

extension StoredEnumText {
    /// The case whose raw value has exactly these bytes, nil for any other text.
    package static func matching(_ bytes: UnsafeBufferPointer<UInt8>) -> Self? {
        storedTexts.matching(bytes)
    }
}

extension DismissSource: StoredEnumText {
    package static let storedTexts = RawValueBytes<DismissSource>()
}

extension DismissOutcome: StoredEnumText {
    package static let storedTexts = RawValueBytes<DismissOutcome>()
}

extension DismissalRecord.Resolution: StoredEnumText {
    package static let storedTexts = RawValueBytes<DismissalRecord.Resolution>()
}
