import Crypto
import Foundation

/// A subject's data key as a device shares it with the fleet collector: wrapped for the collector's
/// public key, so that only the collector's private key opens it.
///
/// X25519 key agreement between a fresh ephemeral key and the collector's key, HKDF-SHA256 over the
/// shared secret (salt: both public keys; info: the device and subject), and AES-256-GCM over the
/// key's 32 bytes, authenticating the device and subject: a shared key moved to another device's or
/// subject's row does not open.
///
/// ```swift
/// let shared = SharedSubjectKey.wrap(key, subject: "user-42", device: "ipad-7", for: collectorPublicKey)
/// try collectorKey.open(shared, device: "ipad-7")   // the same DataKey
/// ```
public struct SharedSubjectKey: Sendable, Hashable {
    public var subject: String
    /// The ephemeral X25519 public key (32 bytes).
    public var ephemeralPublicKey: [UInt8]
    /// AES-GCM's nonce ‖ ciphertext ‖ tag (60 bytes).
    public var sealedKey: [UInt8]

    public init(subject: String, ephemeralPublicKey: [UInt8], sealedKey: [UInt8]) {
        self.subject = subject
        self.ephemeralPublicKey = ephemeralPublicKey
        self.sealedKey = sealedKey
    }

    /// The sealed key's length.
    public static let sealedKeyCount = 12 + DataKey.byteCount + 16

    /// `key` of `subject`, wrapped by `device` for the collector whose public key is `recipient`.
    public static func wrap(_ key: DataKey, subject: String, device: String, for recipient: CollectorPublicKey) -> SharedSubjectKey {
        let ephemeral = Curve25519.KeyAgreement.PrivateKey()
        let ephemeralPublic = Array(ephemeral.publicKey.rawRepresentation)
        // The recipient's bytes were checked to be a public key when it was made.
        let collector = try! Curve25519.KeyAgreement.PublicKey(rawRepresentation: recipient.bytes)
        let secret = try! ephemeral.sharedSecretFromKeyAgreement(with: collector)
        let wrapping = wrappingKey(secret, ephemeral: ephemeralPublic, recipient: recipient.bytes, device: device, subject: subject)
        let box = try! AES.GCM.seal(key.material, using: wrapping, authenticating: binding(device: device, subject: subject))
        return SharedSubjectKey(subject: subject, ephemeralPublicKey: ephemeralPublic, sealedKey: Array(box.combined!))
    }

    static func wrappingKey(_ secret: SharedSecret, ephemeral: [UInt8], recipient: [UInt8], device: String, subject: String) -> SymmetricKey {
        secret.hkdfDerivedSymmetricKey(
            using: SHA256.self, salt: ephemeral + recipient, sharedInfo: binding(device: device, subject: subject), outputByteCount: 32)
    }

    /// What a shared key is bound to: the scheme, the device and the subject, each length-prefixed.
    static func binding(device: String, subject: String) -> [UInt8] {
        var bytes = Array("sheetlog shared key v1".utf8)
        for part in [device, subject] {
            ValueSeal.appendLength(part.utf8.count, to: &bytes)
            bytes += Array(part.utf8)
        }
        return bytes
    }

    static func doesNotOpen(_ subject: String, device: String) -> SheetLogError {
        SheetLogError(
            .wrongKey,
            "the key device \(device) shared for subject \(subject) does not open with this collector's key: it was wrapped for another collector key, another device or subject, or altered",
            context: .init(operation: "open shared key"))
    }
}
