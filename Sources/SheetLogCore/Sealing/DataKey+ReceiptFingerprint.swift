import Crypto
import Foundation

extension DataKey {
    /// HMAC-SHA256 (hex) of `content` under a key derived from this one (HKDF-SHA256, its own label):
    /// what a sealed log stores of a command that appended nothing (`command_receipts.fingerprint`).
    ///
    /// Keyed so that nobody without the subject's key can test a guessed value against it, and so that
    /// erasing the subject makes it useless like the subject's sealed values; the same command gives
    /// different fingerprints in two logs, or under two subjects.
    package func receiptFingerprint(_ content: [UInt8]) -> String {
        let key = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: material), info: Data("sheetlog receipt fingerprint v1".utf8),
            outputByteCount: 32)
        return Checksum.hex(Array(HMAC<SHA256>.authenticationCode(for: content, using: key)))
    }
}
