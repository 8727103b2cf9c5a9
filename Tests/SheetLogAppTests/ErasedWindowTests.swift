import Foundation
import SheetLog
import Testing

/// A person asks for their data to be erased while a window of theirs is open (account deletion
/// in the app, or from another process): the window closes, on the record, and says why; nobody
/// else's window notices.
@Suite struct ErasedWindowTests {
    private static let key = MasterKey.generate()

    private static func open(_ path: String) throws -> SheetLogDatabase {
        var options = SheetLogDatabase.Options()
        options.keys = key
        return try SheetLogDatabase.open(path: path, options: options)
    }

    /// Ada's window: a list sheet under a locked editor whose discard alert is up; Bob's window
    /// types on beside it.
    private static func openWindows(in database: SheetLogDatabase) async throws -> (ada: SheetCoordinator, bob: SheetCoordinator) {
        let ada = SheetCoordinator(database: database, session: "window-ada", subject: "ada")
        let bob = SheetCoordinator(database: database, session: "window-bob", subject: "bob")
        #expect(await ada.present("list", route: Route(name: "expenses", group: "browse")))
        #expect(await ada.present("editor", route: Route(name: "newExpense", group: "editor"), required: ["amount"], guard: .always))
        #expect(await ada.edit("amount", to: "47.50"))
        #expect(await ada.edit("notes", to: "dinner with Lovelace"))
        #expect(await ada.attemptDismiss(source: .swipe))
        #expect(ada.pendingConfirmation?.offersSave == true)
        #expect(await bob.present("editor", route: Route(name: "newExpense", group: "editor")))
        #expect(await bob.edit("amount", to: "12.00"))
        return (ada, bob)
    }

    @Test(arguments: [ErasedFrom.sameHandle, .anotherHandle])
    func anErasedPersonsOpenWindowClosesOnTheRecordAndSaysWhy(erasedFrom: ErasedFrom) async throws {
        let files = try AppFiles()
        let path = files.path("expenses.sqlite")
        let database = try Self.open(path)
        let (ada, bob) = try await Self.openWindows(in: database)
        let versionBefore = ada.state.version

        let eraser = erasedFrom == .sameHandle ? database : try Self.open(path)
        let report = try await eraser.erase(subject: "ada", requestedBy: "account deleted in the app")
        #expect(report.closedSessions == ["window-ada"])
        #expect(report.sessions == 1)

        // The closing is recorded in Ada's session, before the erasure: Keep Editing on the alert
        // that was up, each sheet forced off the screen from the top, the session ended.
        let steps = try await database.replay("window-ada")
        let closing = steps.filter { $0.version > versionBefore }
        #expect(closing.map(\.sheetEvent.type) == [.keepEditing, .attemptDismiss, .attemptDismiss, .endSession])
        #expect(closing.allSatisfy { $0.event.position < report.position! }, "closed before the key went")
        let forced = try await database.audit(AuditQuery(session: "window-ada", source: .programmatic))
        #expect(forced.map(\.presentation) == ["editor", "list"])
        #expect(forced.map(\.outcome) == [.forced, .dismissed], "the dirty locked editor is forced, the clean list dismissed")
        #expect(try await database.draftsForcedOffScreen(AuditQuery(session: "window-ada")).map(\.presentation) == ["editor"])

        // The window's next command, Cancel included, is refused for the erasure, and the window
        // shows the session as the erasure left it: nothing on screen, ended.
        #expect(await ada.attemptDismiss(source: .cancelButton) == false)
        let error = try #require(ada.lastError)
        #expect(error.code == .subjectErased)
        #expect(ada.presentedSheet == nil && ada.stack.isEmpty && ada.state.ended)
        #expect(ada.pendingConfirmation == nil && !ada.isDismissDisabled)
        for text in [error.description, error.localizedDescription, "\(error.context)"] {
            #expect(!text.contains("47.50") && !text.contains("Lovelace"), "an error never prints a value")
        }
        #expect(error.description.contains("window-ada") && error.description.contains("erased"))
        #expect(await ada.edit("amount", to: "48.00") == false)
        #expect(ada.lastError?.code == .subjectErased)

        // Bob never noticed.
        #expect(await bob.edit("amount", to: "13.00"))
        #expect(bob.values["amount"] == "13.00")
        #expect(try await database.recoverableDrafts().allSatisfy { $0.session != "window-ada" })
        let verification = try await database.verify()
        #expect(verification.isHealthy, "\(verification.firstFailure.map { "\($0.name): \($0.detail)" } ?? "")")
        if erasedFrom == .anotherHandle { try eraser.close() }
    }

    @Test func aWindowThatLoadsAfterAnErasureShowsItClosed() async throws {
        let files = try AppFiles()
        let path = files.path("relaunch.sqlite")
        let database = try Self.open(path)
        _ = try await Self.openWindows(in: database)
        try await database.erase(subject: "ada", requestedBy: "ticket 7")
        // A later launch shows Ada's window as the erasure left it, and refuses its commands.
        let relaunched = SheetCoordinator(database: database, session: "window-ada", subject: "ada")
        #expect(await relaunched.load())
        #expect(relaunched.state.ended && relaunched.stack.isEmpty)
        #expect(await relaunched.present("editor-2", route: Route(name: "newExpense")) == false)
        #expect(relaunched.lastError?.code == .subjectErased)
        // A new window of an erased person is refused before anything is sealed under its key.
        let fresh = SheetCoordinator(database: database, session: "window-ada-2", subject: "ada")
        #expect(await fresh.present("editor", route: Route(name: "newExpense")) == false)
        #expect(fresh.lastError?.code == .subjectErased)
        #expect(try await database.state(of: "window-ada-2").version == 0)
    }

    @Test func erasingTwiceClosesOnceAndEndedSessionsAreLeftAsTheyWere() async throws {
        let files = try AppFiles()
        let database = try Self.open(files.path("twice.sqlite"))
        let (ada, _) = try await Self.openWindows(in: database)
        let earlier = SheetCoordinator(database: database, session: "window-ada-earlier", subject: "ada")
        #expect(await earlier.present("editor", route: Route(name: "newExpense")))
        #expect(await earlier.endSession())
        let endedVersion = try await database.state(of: "window-ada-earlier").version

        let first = try await database.erase(subject: "ada", requestedBy: "ticket 8")
        #expect(first.closedSessions == ["window-ada"] && first.sessions == 2)
        let closedVersion = try await database.state(of: "window-ada").version
        let second = try await database.erase(subject: "ada", requestedBy: "ticket 8")
        #expect(second.alreadyErased && second.closedSessions.isEmpty && second.position == nil)
        #expect(try await database.state(of: "window-ada").version == closedVersion)
        #expect(try await database.state(of: "window-ada-earlier").version == endedVersion)
        _ = ada
    }

    enum ErasedFrom: String, CustomTestStringConvertible, Sendable {
        case sameHandle, anotherHandle
        var testDescription: String { rawValue }
    }
}
