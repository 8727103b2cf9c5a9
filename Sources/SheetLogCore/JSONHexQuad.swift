/// The four hex digits of a JSON `\uXXXX` escape, for both JSON readers of the package (Core's
/// validating scanner and the domain's payload parser), each of which words its own errors.
package enum JSONHexQuad {
    /// The value of the four hex digits at `offset` (case-insensitive), nil when one of them is not
    /// a hex digit. The caller has checked that four bytes remain.
    package static func value(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt32? {
        var value: UInt32 = 0
        for byte in bytes[offset..<offset + 4] {
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
            value = value << 4 | digit
        }
        return value
    }
}
