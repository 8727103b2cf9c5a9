import Crypto
import Foundation

/// The key that wraps every subject's ``DataKey``: it never enters the database. The app keeps it
/// (the Keychain on Apple platforms) and hands it over through a ``KeyProvider``; the CLI reads it
/// from a key file (``init(contentsOfFile:)``).
///
/// A database records the key's ``check`` — an HMAC of a fixed label, which reveals nothing of the
/// key — so that opening it with another key fails at once, before anything is written.
///
/// ```swift
/// let master = MasterKey.generate()
/// try master.write(toNewFileAt: "sheetlog.key")    // mode 0600, refuses to overwrite
/// let again = try MasterKey(contentsOfFile: "sheetlog.key")
/// assert(again.check == master.check)
/// ```
public struct MasterKey: Sendable {
    /// The first line of a key file; the second holds the key as 64 hex digits.
    static let fileHeader = "sheetlog master key v1"

    /// Kept as bytes: `SymmetricKey` is not `Sendable`.
    private let bytes: [UInt8]
    var key: SymmetricKey { SymmetricKey(data: bytes) }
    /// 16 hex digits that tell keys apart without revealing them: what a database stores.
    public let check: String

    /// A fresh key from the system's secure random generator.
    public static func generate() -> MasterKey {
        MasterKey(key: SymmetricKey(size: .bits256))
    }

    /// The key whose 32 bytes are `bytes`; nil for another length.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 32 else { return nil }
        self.init(key: SymmetricKey(data: bytes))
    }

    init(key: SymmetricKey) {
        bytes = key.withUnsafeBytes { Array($0) }
        let mac = HMAC<SHA256>.authenticationCode(for: Array("sheetlog master key check v1".utf8), using: key)
        check = Checksum.hex(Array(Array(mac).prefix(8)))
    }

    /// Reads a key file written by ``write(toNewFileAt:)`` (or `sheetlog keygen`).
    ///
    /// Throws ``SheetLogError/Code/keyUnavailable`` when the file cannot be read, is not a key file,
    /// or can be read by other users (as ssh refuses such a private key): the message names the
    /// path, never the key.
    public init(contentsOfFile path: String) throws(SheetLogError) {
        let bytes = try KeyFileFormat.read(path, header: Self.fileHeader, kind: "SheetLog key file", maker: "sheetlog keygen")
        self.init(key: SymmetricKey(data: bytes))
    }

    /// Writes the key to a new file readable by its owner only (mode 0600); throws
    /// ``SheetLogError/Code/keyUnavailable`` when something is at `path` already: a key file is
    /// never overwritten, since the data it wraps would be lost with it.
    public func write(toNewFileAt path: String) throws(SheetLogError) {
        try KeyFileFormat.write(bytes, header: Self.fileHeader, toNewFileAt: path)
    }

    /// `key` sealed for storage, bound to its subject: a wrapped key copied to another subject's row
    /// does not unwrap.
    package func wrap(_ key: DataKey, subject: String) -> [UInt8] {
        let box = try! AES.GCM.seal(key.material, using: self.key, authenticating: Self.wrapAAD(subject))
        return Array(box.combined!)
    }

    /// The subject's data key from its wrapped bytes; nil when they do not unwrap under this key.
    package func unwrap(_ wrapped: [UInt8], subject: String) -> DataKey? {
        guard let box = try? AES.GCM.SealedBox(combined: wrapped),
              let material = try? AES.GCM.open(box, using: key, authenticating: Self.wrapAAD(subject))
        else { return nil }
        return DataKey(material: Array(material))
    }

    private static func wrapAAD(_ subject: String) -> [UInt8] {
        Array("sheetlog subject key v1\u{0}\(subject)".utf8)
    }
}
