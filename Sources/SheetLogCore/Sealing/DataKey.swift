import Crypto
import Foundation

/// A subject's data key: the 256 random bits that seal every form value of the subject's sessions.
///
/// A database stores it only wrapped by the ``MasterKey`` (see ``MasterKey/wrap(_:subject:)``), and
/// erasing a subject deletes that wrapped copy: every value sealed with it becomes unreadable.
///
/// ```swift
/// let key = DataKey.random()
/// let sealed = ValueSeal.seal(Array("47.50".utf8), aad: position, with: key)
/// ```
public struct DataKey: Sendable {
    /// The key's length in bytes.
    public static let byteCount = 32

    /// The raw bits: wrapped for storage, and captured by the erasure tests to look for afterwards.
    package let material: [UInt8]
    /// AES-256-GCM's key, derived from ``material`` (HKDF-SHA256) so that the nonce key is another.
    /// Kept as bytes: `SymmetricKey` is not `Sendable`.
    private let sealingBytes: [UInt8]
    /// The HMAC key that derives each value's nonce from its position and bytes (see ``ValueSeal``).
    private let nonceBytes: [UInt8]

    var sealing: SymmetricKey { SymmetricKey(data: sealingBytes) }
    var nonces: SymmetricKey { SymmetricKey(data: nonceBytes) }

    /// A fresh key from the system's secure random generator.
    public static func random() -> DataKey {
        let key = SymmetricKey(size: .bits256)
        return DataKey(checkedMaterial: key.withUnsafeBytes { Array($0) })
    }

    /// The key whose bits are `material`; nil unless it is ``byteCount`` bytes long.
    package init?(material: [UInt8]) {
        guard material.count == Self.byteCount else { return nil }
        self.init(checkedMaterial: material)
    }

    private init(checkedMaterial material: [UInt8]) {
        self.material = material
        let input = SymmetricKey(data: material)
        sealingBytes = HKDF<SHA256>.deriveKey(inputKeyMaterial: input, info: Data("sheetlog value seal v1".utf8), outputByteCount: 32)
            .withUnsafeBytes { Array($0) }
        nonceBytes = HKDF<SHA256>.deriveKey(inputKeyMaterial: input, info: Data("sheetlog value nonce v1".utf8), outputByteCount: 32)
            .withUnsafeBytes { Array($0) }
    }
}
