import Foundation
import SheetLog
import Testing

/// Two people use one install, one after the other (sign out, sign in): each window is sealed under
/// its own person's key, and erasing one person never blocks the other.
@Suite struct SubjectPerSessionTests {
    private static let key = MasterKey.generate()

    private static func open(_ path: String, signedIn person: String?) throws -> SheetLogDatabase {
        var options = SheetLogDatabase.Options()
        options.keys = key
        options.defaultSubject = person
        return try SheetLogDatabase.open(path: path, options: options)
    }

    @Test func theDefaultSubjectOfEachLaunchAppliesToItsNewSessions() async throws {
        let files = try AppFiles()
        let path = files.path("drafts.sqlite")
        // Launch 1: Ada is signed in.
        var database = try Self.open(path, signedIn: "ada")
        try await database.record(.present(presentation: "e1", route: Route(name: "newExpense"), baseline: ["amount": "1"]), in: "launch1-window")
        try database.close()
        // Launch 2: Bob is signed in; Ada's window keeps her key.
        database = try Self.open(path, signedIn: "bob")
        try await database.record(.present(presentation: "e2", route: Route(name: "newExpense"), baseline: ["amount": "2"]), in: "launch2-window")
        try await database.record(.edit(field: "amount", value: "3"), in: "launch1-window")

        let bobErased = try await database.erase(subject: "bob", requestedBy: "ticket-1")
        #expect(bobErased.sessions == 1)
        #expect(try await database.state(of: "launch1-window").top?.values["amount"] == "3", "Ada's values are hers, still readable")

        let adaErased = try await database.erase(subject: "ada", requestedBy: "ticket-2")
        #expect(adaErased.sessions == 1)
        // Launch 3: Cleo signs in after both were erased: her windows work.
        try database.close()
        database = try Self.open(path, signedIn: "cleo")
        let coordinator = SheetCoordinator(database: database, session: "launch3-window")
        #expect(await coordinator.present("e3", route: Route(name: "newExpense")))
        #expect(await coordinator.edit("amount", to: "9"))
    }

    @Test func aCoordinatorSealsItsWindowUnderItsOwnSubject() async throws {
        let files = try AppFiles()
        let database = try Self.open(files.path("two-people.sqlite"), signedIn: nil)
        let ada = SheetCoordinator(database: database, session: "window-ada", subject: "ada")
        let bob = SheetCoordinator(database: database, session: "window-bob", subject: "bob")
        #expect(await ada.present("e1", route: Route(name: "newExpense", group: "a")))
        #expect(await bob.present("e1", route: Route(name: "newExpense", group: "b")))
        #expect(await ada.edit("amount", to: "47.50"))
        #expect(await bob.edit("amount", to: "12.00"))
        let report = try await database.erase(subject: "bob", requestedBy: "bob's request")
        #expect(report.sessions == 1)
        #expect(await ada.edit("amount", to: "48.00"), "erasing Bob never blocks Ada")
        #expect(ada.values["amount"] == "48.00")
    }
}
