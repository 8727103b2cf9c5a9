import SheetLogCore

/// The raw values of a string enum's cases as UTF-8 bytes, made once, for finding a case from
/// bytes SQLite hands out without making a `String` of them: ``index(of:)`` gives the case's index
/// in the array the table was made from.
///
/// Rebuild reads every event's type this way, an audit three enum columns per row: a `String`
/// each, or comparing each case's `rawValue.utf8` with the bytes (a fresh `allCases` and a generic
/// element-by-element walk per case, ~1,100 instructions), cost more than the rest of the row.
///
/// Not generic: a generic table, which the optimiser did not specialise across modules, looked
/// up runtime type metadata (of its tuples, then of its array of cases) on every call — half of
/// an audit query's row decoding. The raw values lie end to end in one array, with the end of each.
package struct RawValueTable: Sendable {
    /// Every raw value's UTF-8 bytes, one after the other.
    private let text: [UInt8]
    /// Where each raw value ends in `text`.
    private let ends: [Int]

    package init(_ rawValues: [String]) {
        var text: [UInt8] = []
        var ends: [Int] = []
        for rawValue in rawValues {
            text.append(contentsOf: rawValue.utf8)
            ends.append(text.count)
        }
        self.text = text
        self.ends = ends
    }

    /// The index of the raw value that is exactly `bytes`, compared by length then byte by byte; nil
    /// for any other text.
    package func index(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        text.withUnsafeBufferPointer { text in
            var start = 0
            for index in ends.indices {
                let end = ends[index]
                if end - start == bytes.count {
                    if bytes.isEmpty || ShortBytes.equal(text.baseAddress! + start, bytes.baseAddress!, count: bytes.count) { return index }
                }
                start = end
            }
            return nil
        }
    }
}
