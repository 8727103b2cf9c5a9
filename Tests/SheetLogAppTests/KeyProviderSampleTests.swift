import Foundation
import SheetLog
import Testing

/// docs/privacy.md's Keychain sample as an app compiles it: the key provider is called off the main
/// actor (the database opens on a task of the global executor here) and on it.
@Suite struct KeyProviderSampleTests {
    @Test func aSealedDatabaseOpensWithTheKeychainProvider() async throws {
        let folder = try TemporaryFolder()
        let url = folder.url.appendingPathComponent("sealed.sqlite")
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
        #expect(throws: SheetLogError.self, "a sealed file does not open without its key") { try SheetLogDatabase.open(path: url.path) }

        // The provider is asked wherever the app opens the database: here off the main actor.
        let reopened = try await Task.detached {
            try SheetLogDatabase.open(path: url.path, options: options)
        }.value
        #expect(try await reopened.state(of: "window-1").presentations["expense-1"] != nil)
        try reopened.close()
    }

    @Test func aKeyReadOnTheMainActorIsAProviderToo() async throws {
        let folder = try TemporaryFolder()
        var options = SheetLogDatabase.Options()
        options.keys = try loadMasterKeyFromKeychain()
        let database = try SheetLogDatabase.open(path: folder.path("sealed.sqlite"), options: options)
        try await database.record(.present(presentation: "expense-1", route: Route(name: "newExpense")), in: "window-1")
        try database.close()
        options.keys = KeychainKeys()
        #expect(throws: Never.self, "the same key, through the provider") { try SheetLogDatabase.open(path: folder.path("sealed.sqlite"), options: options).close() }
    }
}
