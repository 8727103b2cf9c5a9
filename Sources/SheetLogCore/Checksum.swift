import Crypto

/// SHA-256 digests as lowercase hex, for checksums that are stored or compared as text
/// (migration files, exported logs).
///
/// ```swift
/// let hex = Checksum.sha256Hex(Array("SELECT 1;".utf8))
/// ```
public enum Checksum {
    /// The SHA-256 digest of `bytes` as 64 lowercase hex digits.
    public static func sha256Hex(_ bytes: some Sequence<UInt8>) -> String {
        var hasher = SHA256()
        hasher.update(data: Array(bytes))
        return hex(Array(hasher.finalize()))
    }

    /// The SHA-256 digest of `text`'s UTF-8 bytes as 64 lowercase hex digits.
    public static func sha256Hex(_ text: String) -> String {
        sha256Hex(text.utf8)
    }

    /// `bytes` as lowercase hex, two digits per byte.
    public static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var result = [UInt8]()
        result.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            result.append(digits[Int(byte >> 4)])
            result.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The bytes of lowercase hex text (``hex(_:)``'s inverse); nil for an odd length or any other
    /// character, uppercase included: a chain has one spelling.
    public static func bytes(hex text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = nibble(digits[index]), let low = nibble(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
