import Foundation
import SheetLog
import SheetLogTestSupport
import Testing

/// Stands in for the app's Keychain wrapper in docs/privacy.md's example: one key per test process.
/// The same sample compiles under the main actor's default isolation in Tests/SheetLogAppTests.
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

/// The Swift blocks of docs/privacy.md, compiled and run.
@Suite struct PrivacySamples {
    @Test func openingASealedDatabaseWithAKeyProvider() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("sealed.sqlite")
        let currentUserID = "user-42"

        // doc-sample: docs/privacy.md
        var options = SheetLogDatabase.Options()
        options.keys = KeychainKeys()
        options.defaultSubject = currentUserID
        let database = try SheetLogDatabase.open(path: url.path, options: options)
        try await database.record(.present(presentation: "expense-1", route: Route(name: "newExpense")),
                                  in: "window-1", subject: currentUserID)
        // end doc-sample

        #expect(try await database.state(of: "window-1").presentations["expense-1"] != nil)
        try database.close()
        let bytes = ["", "-wal"].reduce(into: Data()) { $0 += FileManager.default.contents(atPath: url.path + $1) ?? Data() }
        #expect(bytes.range(of: Data(#""subject":"user-42""#.utf8)) != nil, "the subject is in clear")
        #expect(throws: SheetLogError.self) { try SheetLogDatabase.open(path: url.path) }
    }

    /// A sealed in-memory database holding user-42's expense form with an amount typed.
    static func sealedDatabaseWithOneForm() async throws -> SheetLogDatabase {
        var options = SheetLogDatabase.Options()
        options.keys = MasterKey.generate()
        let database = try SheetLogDatabase.inMemory(options: options)
        try await database.record(
            .present(presentation: "expense-1", route: Route(name: "newExpense"), baseline: ["amount": "47.50"]),
            in: "window-1", subject: "user-42")
        return database
    }

    @Test func sharingKeysWithTheCollector() async throws {
        let database = try await Self.sealedDatabaseWithOneForm()
        let collector = CollectorKey.generate()
        let collectorPublicKey = collector.publicKey

        // doc-sample: Sources/SheetLog/Database/SheetLogDatabase+ShareKeys.swift
        let keys = try await database.sharedKeys(for: collectorPublicKey, device: "ipad-7")
        // end doc-sample

        #expect(keys.map(\.subject) == ["user-42"])
        #expect(try collector.open(keys[0], device: "ipad-7").material.count == 32)
        #expect(try await database.sharedKeys(for: collectorPublicKey, device: "ipad-7", except: ["user-42"]).isEmpty)
    }

    @Test func erasingASubject() async throws {
        let database = try await Self.sealedDatabaseWithOneForm()

        // doc-sample: Sources/SheetLog/Database/SheetLogDatabase+Erase.swift
        let report = try await database.erase(subject: "user-42", requestedBy: "ticket 1234")
        print(report.sessions)   // the sessions whose values now read as [erased]
        // end doc-sample

        #expect(report.sessions == 1)
        #expect(try await database.state(of: "window-1").presentations["expense-1"]?.baseline == ["amount": .erased])
    }

    @Test func copyingALogWithItsErasures() async throws {
        var options = SheetLogDatabase.Options()
        options.keys = MasterKey.generate()
        let database = try SheetLogDatabase.inMemory(options: options)
        try await database.record(.present(presentation: "expense-1", route: Route(name: "newExpense")), in: "window-1", subject: "user-42")
        _ = try await database.erase(subject: "user-42", requestedBy: "test")
        var copyOptions = SheetLogDatabase.Options()
        copyOptions.keys = MasterKey.generate()
        let copy = try SheetLogDatabase.inMemory(options: copyOptions)

        // doc-sample: Sources/SheetLog/Database/ExportedEntry.swift
        for entry in try await database.exportLog() {
            switch entry {
            case .base(let image): try await copy.installBase(image)
            case .command(let envelope): try await copy.record([envelope])
            case .erasure(let erasure): try await copy.erase(erasure)
            }
        }
        // end doc-sample

        #expect(try await copy.exportLog() == (try await database.exportLog()))
        let refused = await #expect(throws: SheetLogError.self) {
            try await copy.record(.present(presentation: "expense-2", route: Route(name: "newExpense")), in: "window-2", subject: "user-42")
        }
        #expect(refused?.code == .subjectErased)
    }
}
