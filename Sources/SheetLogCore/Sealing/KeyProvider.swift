import Foundation

/// Hands a database its ``MasterKey`` when it opens: from the Keychain, a key file, a secrets
/// service. SheetLog asks once per open and keeps the key in memory only.
///
/// ```swift
/// struct KeychainKeys: KeyProvider {
///     func masterKey() throws -> MasterKey { try loadFromKeychain() }
/// }
/// let database = try SheetLogDatabase.open(path: path, keys: KeychainKeys())
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
    /// not empty; nil for neither. Both command-line tools read the variable through this.
    package static func path(given: String?) -> String? {
        if let given { return given }
        guard let fromEnvironment = ProcessInfo.processInfo.environment["SHEETLOG_KEY_FILE"], !fromEnvironment.isEmpty else { return nil }
        return fromEnvironment
    }
}
