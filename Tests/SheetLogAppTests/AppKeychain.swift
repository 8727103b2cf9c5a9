import Foundation
import SheetLog

// This target is an app: the main actor is its default isolation, and it sees only `SheetLog`'s
// public API. What it declares without `nonisolated` is main-actor only, as in an Xcode 26 app.

/// Stands in for the app's Keychain wrapper (SecItemCopyMatching on Apple platforms): one key per
/// test process. `nonisolated`, as the wrapper of a real app must be, for the key provider below.
nonisolated enum AppKeychain {
    enum Failure: Error { case damaged }
    private static let key = (0..<32).map { _ in UInt8.random(in: .min ... .max) }
    static func bytes(forKey name: String) throws -> [UInt8] { key }
}

// doc-sample: docs/privacy.md
/// The app's Keychain read (SecItemCopyMatching behind `AppKeychain`). `nonisolated`, because
/// SheetLog asks for the key on the thread that opens the database: in an app whose default
/// isolation is the main actor (Xcode 26's new projects), a function without it is main-actor only
/// and `masterKey()` below could not call it. Keychain calls are safe on any thread.
nonisolated func loadMasterKeyFromKeychain() throws -> MasterKey {
    guard let key = MasterKey(bytes: try AppKeychain.bytes(forKey: "sheetlog-master-key")) else {
        throw AppKeychain.Failure.damaged  // not 32 bytes
    }
    return key
}

struct KeychainKeys: KeyProvider {
    func masterKey() throws -> MasterKey { try loadMasterKeyFromKeychain() }
}
// end doc-sample

/// A folder of its own under the system's temporary directory, removed when dropped.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("sheetlog-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    deinit { try? FileManager.default.removeItem(at: url) }
}
