import Foundation

extension SheetEventType {
    /// The type names' UTF-8 bytes, in ``allCases`` order, made once.
    private static let names: [(type: SheetEventType, bytes: [UInt8])] = allCases.map { ($0, Array($0.rawValue.utf8)) }

    /// The type whose name is exactly `utf8`; nil for any other text.
    ///
    /// Rebuild reads the type of every event from SQLite's bytes: matching them by length and
    /// content spares a `String` per event.
    package init?(utf8: UnsafeBufferPointer<UInt8>) {
        for name in Self.names where name.bytes.count == utf8.count {
            let equal = name.bytes.withUnsafeBufferPointer { bytes in
                utf8.isEmpty || memcmp(bytes.baseAddress!, utf8.baseAddress!, utf8.count) == 0
            }
            if equal {
                self = name.type
                return
            }
        }
        return nil
    }
}
