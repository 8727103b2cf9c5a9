/// The enums the projection tables store as their raw text, matched from SQLite's UTF-8 bytes.
///
/// An audit reads three of them per row; making a `String` of each and switching over it cost a
/// fifth of the row's conversion.
protocol StoredEnumText: RawRepresentable, CaseIterable where RawValue == String {}

extension StoredEnumText {
    /// The case whose raw value has exactly these bytes, nil for any other text.
    static func matching(_ bytes: UnsafeBufferPointer<UInt8>) -> Self? {
        allCases.first { $0.rawValue.utf8.elementsEqual(bytes) }
    }
}

extension DismissSource: StoredEnumText {}
extension DismissOutcome: StoredEnumText {}
extension DismissalRecord.Resolution: StoredEnumText {}
