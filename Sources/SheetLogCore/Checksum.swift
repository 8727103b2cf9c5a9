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
}
