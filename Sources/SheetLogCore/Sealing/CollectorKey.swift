import Crypto

/// The fleet collector's key pair (X25519): devices wrap their subjects' data keys for its public
/// key (``SharedSubjectKey``), and only the collector, holding the private key, opens them.
///
/// The private key lives in a key file outside the fleet store (`sheetlog-server collector-key
/// FILE`, mode 0600), so the store's tables and backups alone open nothing. The public key is 64 hex
/// digits: the collector serves it to devices (`GET /v1/collector-key`), and a device may pin it.
///
/// ```swift
/// let collector = CollectorKey.generate()
/// try collector.write(toNewFileAt: "collector.key")
/// let shared = SharedSubjectKey.wrap(key, subject: "user-42", device: "ipad-7", for: collector.publicKey)
/// let opened = try collector.open(shared, device: "ipad-7")
/// ```
public struct CollectorKey: Sendable {
    static let fileHeader = "sheetlog collector key v1"

    /// Kept as bytes: CryptoKit's keys are not `Sendable` everywhere.
    private let privateBytes: [UInt8]
    public let publicKey: CollectorPublicKey

    var privateKey: Curve25519.KeyAgreement.PrivateKey {
        // The bytes came from a private key: they always make one again.
        try! Curve25519.KeyAgreement.PrivateKey(rawRepresentation: privateBytes)
    }

    /// A fresh key pair from the system's secure random generator.
    public static func generate() -> CollectorKey {
        CollectorKey(Curve25519.KeyAgreement.PrivateKey())
    }

    private init(_ key: Curve25519.KeyAgreement.PrivateKey) {
        privateBytes = Array(key.rawRepresentation)
        publicKey = CollectorPublicKey(bytes: Array(key.publicKey.rawRepresentation))!
    }

    /// Reads a key file written by ``write(toNewFileAt:)`` (`sheetlog-server collector-key`); throws
    /// ``SheetLogError/Code/keyUnavailable`` as ``MasterKey/init(contentsOfFile:)`` does.
    public init(contentsOfFile path: String) throws(SheetLogError) {
        let bytes = try KeyFileFormat.read(path, header: Self.fileHeader, kind: "SheetLog collector key file", maker: "sheetlog-server collector-key")
        guard let key = try? Curve25519.KeyAgreement.PrivateKey(rawRepresentation: bytes) else {
            throw KeyFileFormat.unavailable("\(path) is not a SheetLog collector key file (make one with sheetlog-server collector-key)")
        }
        self.init(key)
    }

    /// Writes the private key to a new file readable by its owner only (mode 0600); never overwrites.
    public func write(toNewFileAt path: String) throws(SheetLogError) {
        try KeyFileFormat.write(privateBytes, header: Self.fileHeader, toNewFileAt: path)
    }

    /// The data key `shared` carries, which `device` wrapped for this collector. Throws
    /// ``SheetLogError/Code/wrongKey`` when it does not open: wrapped for another collector, for
    /// another device or subject, or altered.
    public func open(_ shared: SharedSubjectKey, device: String) throws(SheetLogError) -> DataKey {
        guard let ephemeral = try? Curve25519.KeyAgreement.PublicKey(rawRepresentation: shared.ephemeralPublicKey),
              let secret = try? privateKey.sharedSecretFromKeyAgreement(with: ephemeral),
              let box = try? AES.GCM.SealedBox(combined: shared.sealedKey)
        else { throw SharedSubjectKey.doesNotOpen(shared.subject, device: device) }
        let key = SharedSubjectKey.wrappingKey(secret, ephemeral: shared.ephemeralPublicKey, recipient: publicKey.bytes, device: device, subject: shared.subject)
        guard let material = try? AES.GCM.open(box, using: key, authenticating: SharedSubjectKey.binding(device: device, subject: shared.subject)),
              let dataKey = DataKey(material: Array(material))
        else { throw SharedSubjectKey.doesNotOpen(shared.subject, device: device) }
        return dataKey
    }
}

/// The collector's public key: 32 bytes, written as 64 hex digits.
public struct CollectorPublicKey: Sendable, Hashable, CustomStringConvertible {
    public let bytes: [UInt8]

    /// Nil unless `bytes` is an X25519 public key (32 bytes).
    public init?(bytes: [UInt8]) {
        guard bytes.count == 32, (try? Curve25519.KeyAgreement.PublicKey(rawRepresentation: bytes)) != nil else { return nil }
        self.bytes = bytes
    }

    /// Nil unless `hex` is 64 hex digits.
    public init?(hex: String) {
        guard let bytes = Checksum.bytes(hex: hex) else { return nil }
        self.init(bytes: bytes)
    }

    /// The 64 hex digits.
    public var description: String { Checksum.hex(bytes) }
}
