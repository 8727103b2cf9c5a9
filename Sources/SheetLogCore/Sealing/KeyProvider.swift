import Foundation

/// Hands a database its ``MasterKey`` when it opens: from the Keychain, a key file, a secrets
/// service. SheetLog asks once per open, synchronously on the thread that opens, and keeps the key
/// in memory only.
///
/// The protocol is `Sendable`, so a conforming type's `masterKey()` is nonisolated, also in an app
/// whose default isolation is the main actor: what it calls must be callable from any thread (a
/// `nonisolated` Keychain helper; Keychain calls are thread-safe).
///
/// ```swift
/// struct KeychainKeys: KeyProvider {
///     func masterKey() throws -> MasterKey { try loadMasterKeyFromKeychain() }  // a nonisolated helper
/// }
/// var options = SheetLogDatabase.Options()
/// options.keys = KeychainKeys()
/// let database = try SheetLogDatabase.open(path: path, options: options)
/// ```
public protocol KeyProvider: Sendable {
    func masterKey() throws -> MasterKey
}

extension MasterKey: KeyProvider {
    public func masterKey() -> MasterKey { self }
}

/// A ``KeyProvider`` that reads a key file (see ``MasterKey/init(contentsOfFile:)``).
public struct KeyFile: KeyProvider {
    public var path: String

    public init(path: String) {
        self.path = path
    }

    public func masterKey() throws -> MasterKey {
        try MasterKey(contentsOfFile: path)
    }

    /// The key file a command uses: the path it was given, else `$SHEETLOG_KEY_FILE` when set and
    /// not empty; nil for neither. Both command-line tools read the variable through this (`sheetlog`
    /// from the environment of its run, which a test running it in process gives).
    package static func path(given: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let given { return given }
        guard let fromEnvironment = environment["SHEETLOG_KEY_FILE"], !fromEnvironment.isEmpty else { return nil }
        return fromEnvironment
    }
}
