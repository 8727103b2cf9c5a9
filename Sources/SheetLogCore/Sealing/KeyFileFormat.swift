import Foundation

/// A key file: a header line naming what it holds, then 64 hex digits; readable by its owner only.
///
/// What the master key (``MasterKey``) and the collector's key (``CollectorKey``) are kept in. A key
/// file readable by other users is refused, as ssh refuses such a private key, and one is never
/// overwritten, since what it unlocks would be lost with it.
///
/// ```swift
/// try KeyFileFormat.write(bytes, header: "sheetlog master key v1", toNewFileAt: "sheetlog.key")
/// let again = try KeyFileFormat.read("sheetlog.key", header: "sheetlog master key v1", kind: "SheetLog key file", maker: "sheetlog keygen")
/// ```
enum KeyFileFormat {
    /// The 32 bytes of the key file at `path`. Throws ``SheetLogError/Code/keyUnavailable`` when it
    /// cannot be read, is not a key file of `header` (a `kind`), or can be read by other users: the
    /// message names the path and `maker` (the command that writes one), never the key.
    static func read(_ path: String, header: String, kind: String, maker: String) throws(SheetLogError) -> [UInt8] {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw unavailable("cannot read the key file \(path): \(String(cString: strerror(errno)))")
        }
        if status.st_mode & S_IFMT != S_IFREG {
            throw unavailable("\(path) is \(status.st_mode & S_IFMT == S_IFDIR ? "a directory" : "not a regular file"), not a \(kind) (make one with \(maker))")
        }
        if status.st_mode & 0o077 != 0 {
            throw unavailable("the key file \(path) can be read by other users (mode \(String(status.st_mode & 0o777, radix: 8))): chmod 600 it")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw unavailable("cannot read the key file \(path)")
        }
        let lines = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        guard lines.count == 2, lines[0] == header, let bytes = Checksum.bytes(hex: lines[1]), bytes.count == 32 else {
            throw unavailable("\(path) is not a \(kind) (make one with \(maker))")
        }
        return bytes
    }

    /// Writes `bytes` under `header` to a new file readable by its owner only (mode 0600); throws
    /// ``SheetLogError/Code/keyUnavailable`` when something is at `path` already.
    ///
    /// Written whole to a temporary file beside it, then linked into place (`link(2)` never replaces
    /// a file): another process that finds the file finds it complete, and of two processes writing
    /// one path at once exactly one succeeds.
    static func write(_ bytes: [UInt8], header: String, toNewFileAt path: String) throws(SheetLogError) {
        if access(path, F_OK) == 0 { throw alreadyThere(path) }
        let text = Array("\(header)\n\(Checksum.hex(bytes))\n".utf8)
        let temporary = "\(path).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        defer { unlink(temporary) }
        try create(temporary, holding: text, for: path)
        if link(temporary, path) == 0 { return }
        guard errno != EEXIST else { throw alreadyThere(path) }
        // A file system without hard links: created in place, never over an existing file.
        try create(path, holding: text, for: path)
    }

    /// Creates `file` (never over an existing one), mode 0600, holding `text` on disk (fsync);
    /// errors name `path`, the key file being written.
    private static func create(_ file: String, holding text: [UInt8], for path: String) throws(SheetLogError) {
        let descriptor = open(file, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else {
            throw errno == EEXIST ? alreadyThere(path) : unavailable("cannot write the key file \(path): \(String(cString: strerror(errno)))")
        }
        let written = text.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
        let synced = written == text.count && fsync(descriptor) == 0
        let failure = errno
        close(descriptor)
        guard synced else { throw unavailable("cannot write the key file \(path): \(String(cString: strerror(failure)))") }
    }

    private static func alreadyThere(_ path: String) -> SheetLogError {
        unavailable("cannot write the key file \(path): a file is there already; a key file is never overwritten")
    }

    static func unavailable(_ message: String) -> SheetLogError {
        SheetLogError(.keyUnavailable, message, context: .init(operation: "key"))
    }
}
