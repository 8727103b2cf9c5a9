import SheetLogCore

/// The strings of one text column read row after row, reusing the previous row's `String` when the
/// bytes are the same: an audit's rows share their route and group (a query by route, all of them)
/// and, in runs, their session, and making a `String` of each (length, copy, UTF-8 validation,
/// allocation) was most of what was left of decoding a row.
struct RepeatedText {
    private var last: String?

    /// The column's text as a `String`, invalid UTF-8 repaired as `String(decoding:as:)` does.
    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        if let last, last.utf8.count == bytes.count,
           last.utf8.withContiguousStorageIfAvailable({ bytes.isEmpty || ShortBytes.equal($0.baseAddress!, bytes.baseAddress!, count: bytes.count) }) == true
        {
            return last
        }
        let made = String(decoding: bytes, as: UTF8.self)
        last = made
        return made
    }
}
