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
    private let derived: DerivedKeys

    /// AES-256-GCM's key, derived from ``material`` (HKDF-SHA256) so that the nonce key is another.
    var sealing: SymmetricKey { derived.sealing }
    /// An HMAC-SHA256 that has absorbed the nonce key's pads: each value's nonce continues a copy of
    /// it (see ``ValueSeal``), which skips the key schedule that `HMAC(key:)` repeats on every call
    /// (measured: 3.6 µs a nonce from a new HMAC, 1.7 µs from a copy).
    var nonceMAC: HMAC<SHA256> { derived.nonceMAC }

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
        derived = DerivedKeys(material: material)
    }
}

/// The keys derived from one ``DataKey``, made once per key instead of once per value.
///
/// `@unchecked Sendable`: swift-crypto's `SymmetricKey` and `HMAC` are not marked `Sendable`, but both
/// are values this box never mutates; a copy of `nonceMAC` that is updated copies its hash state
/// first (copy on write), so threads sealing with one key at once never share a mutable state.
private final class DerivedKeys: @unchecked Sendable {
    let sealing: SymmetricKey
    let nonceMAC: HMAC<SHA256>

    init(material: [UInt8]) {
        let input = SymmetricKey(data: material)
        sealing = HKDF<SHA256>.deriveKey(inputKeyMaterial: input, info: Data("sheetlog value seal v1".utf8), outputByteCount: 32)
        let nonces = HKDF<SHA256>.deriveKey(inputKeyMaterial: input, info: Data("sheetlog value nonce v1".utf8), outputByteCount: 32)
        nonceMAC = HMAC<SHA256>(key: nonces)
    }
}
