import Foundation

extension SheetLogDatabase {
    /// The data-protection class of the database file and its `-wal` and `-shm` companions on iOS,
    /// tvOS, watchOS and visionOS (where the system encrypts files with a key tied to the passcode).
    ///
    /// The log holds what people type, so it should be protected; but a class that locks the file
    /// while the device is locked also stops the app from recording, or from recovering drafts,
    /// when it runs in the background on a locked device (a background refresh, a relaunch after
    /// an OS kill): SQLite then fails with `SQLITE_IOERR` or `SQLITE_AUTH`. Hence the default,
    /// ``completeUntilFirstUserAuthentication``: encrypted until the first unlock after a reboot,
    /// readable afterwards.
    ///
    /// ```swift
    /// var options = SheetLogDatabase.Options()
    /// options.fileProtection = .completeUnlessOpen   // stricter; the app must open the log while unlocked
    /// ```
    ///
    /// On macOS and Linux, files have no protection class: the setting is accepted and does nothing
    /// (use FileVault and file permissions there).
    public enum FileProtection: String, Sendable, Hashable, CaseIterable {
        /// Readable only while the device is unlocked. Recording or recovering in the background on a
        /// locked device fails, and an open connection loses access ten seconds after locking.
        case complete
        /// Files created while locked can still be written, and an open file stays readable; a file
        /// closed while locked cannot be opened again until the next unlock.
        case completeUnlessOpen
        /// Readable from the first unlock after a reboot on (the default): background launches and
        /// recovery work, and the file is encrypted at rest on a device that was not unlocked since.
        case completeUntilFirstUserAuthentication
        /// No protection class beyond the device's own encryption.
        case none

        /// The database file and its WAL companions that exist at `path`: what a protection class is
        /// applied to when a database opens (SQLite creates `-wal` and `-shm` at open, and deletes
        /// them when the last connection closes, so every open applies it again).
        static func files(ofDatabaseAt path: String) -> [String] {
            ["", "-wal", "-shm"].map { path + $0 }.filter { FileManager.default.fileExists(atPath: $0) }
        }

        /// Sets this class on the database at `path` and its companions. A no-op on macOS and Linux.
        func apply(toDatabaseAt path: String) throws {
            #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
            for file in Self.files(ofDatabaseAt: path) {
                do {
                    try FileManager.default.setAttributes([.protectionKey: protectionType], ofItemAtPath: file)
                } catch {
                    throw SheetLogError(
                        .storage, "cannot set the file protection \(rawValue) on \(file)", context: .init(operation: "open"),
                        underlyingError: error)
                }
            }
            #endif
        }

        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        private var protectionType: FileProtectionType {
            switch self {
            case .complete: return .complete
            case .completeUnlessOpen: return .completeUnlessOpen
            case .completeUntilFirstUserAuthentication: return .completeUntilFirstUserAuthentication
            case .none: return .none
            }
        }
        #endif
    }
}
