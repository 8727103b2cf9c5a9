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
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw Self.unavailable("cannot read the key file \(path): \(String(cString: strerror(errno)))")
        }
        if status.st_mode & 0o077 != 0 {
            throw Self.unavailable(
                "the key file \(path) can be read by other users (mode \(String(status.st_mode & 0o777, radix: 8))): chmod 600 it")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Self.unavailable("cannot read the key file \(path)")
        }
        let lines = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        guard lines.count == 2, lines[0] == Self.fileHeader, let bytes = Checksum.bytes(hex: lines[1]), let key = MasterKey(bytes: bytes) else {
            throw Self.unavailable("\(path) is not a SheetLog key file (make one with sheetlog keygen)")
        }
        self = key
    }

    /// Writes the key to a new file readable by its owner only (mode 0600); throws
    /// ``SheetLogError/Code/keyUnavailable`` when something is at `path` already: a key file is
    /// never overwritten, since the data it wraps would be lost with it.
    public func write(toNewFileAt path: String) throws(SheetLogError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else {
            let reason = errno == EEXIST ? "a file is there already; a key file is never overwritten" : String(cString: strerror(errno))
            throw Self.unavailable("cannot write the key file \(path): \(reason)")
        }
        defer { close(descriptor) }
        let text = Array("\(Self.fileHeader)\n\(Checksum.hex(bytes))\n".utf8)
        let written = text.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
        guard written == text.count, fsync(descriptor) == 0 else {
            throw Self.unavailable("cannot write the key file \(path): \(String(cString: strerror(errno)))")
        }
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

    private static func unavailable(_ message: String) -> SheetLogError {
        SheetLogError(.keyUnavailable, message, context: .init(operation: "key"))
    }
}
