/// Byte comparisons of the short texts a row holds (enum names, ids, field-name lists).
package enum ShortBytes {
    /// Whether `count` bytes at `lhs` and `rhs` are equal: a plain loop, since a call to `memcmp`
    /// for ten bytes was a tenth of decoding an audit row.
    @inlinable
    package static func equal(_ lhs: UnsafePointer<UInt8>, _ rhs: UnsafePointer<UInt8>, count: Int) -> Bool {
        var index = 0
        while index + 8 <= count {
            if UnsafeRawPointer(lhs + index).loadUnaligned(as: UInt64.self) != UnsafeRawPointer(rhs + index).loadUnaligned(as: UInt64.self) { return false }
            index += 8
        }
        while index < count {
            if lhs[index] != rhs[index] { return false }
            index += 1
        }
        return true
    }
}
