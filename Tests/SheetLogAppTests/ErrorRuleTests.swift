import Foundation
import SheetLog
import Testing

/// An app tells refusals apart by `rule`, shows `localizedDescription`, and reaches its own key
/// provider's error: none of it by parsing strings, none of it printing a typed value.
@Suite struct ErrorRuleTests {
    private static let secret = "4111 1111 1111 1111"

    /// A coordinator on a new in-memory database, with an expense sheet typed into (the secret).
    private static func typedExpense() async throws -> SheetCoordinator {
        let coordinator = SheetCoordinator(database: try SheetLogDatabase.inMemory(), session: "window-1")
        #expect(await coordinator.present("expense-1", route: Route(name: "newExpense", group: "editor"), required: ["amount", "card"]))
        #expect(await coordinator.edit("card", to: secret))
        return coordinator
    }

    /// Runs `refused` on a fresh typed coordinator and returns the error it left.
    private static func refusal(
        _ refused: (SheetCoordinator) async -> Bool, after setup: (SheetCoordinator) async -> Void = { _ in }
    ) async throws -> SheetLogError {
        let coordinator = try await typedExpense()
        await setup(coordinator)
        #expect(await refused(coordinator) == false)
        return try #require(coordinator.lastError)
    }

    @Test func eachRuleHasACaseAnAppCanSwitchOn() async throws {
        var seen: [SheetLogError.Rule: SheetLogError] = [:]
        seen[.routeGroupTaken] = try await Self.refusal { await $0.present("profile-1", route: Route(name: "editProfile", group: "editor")) }
        seen[.requiredFieldEmpty] = try await Self.refusal { await $0.save() }
        seen[.presentationIDUsed] = try await Self.refusal(
            { await $0.present("expense-1", route: Route(name: "other")) },
            after: { _ = await $0.save(values: ["amount": "1", "card": "x"]) })
        seen[.sessionEnded] = try await Self.refusal({ await $0.present("p2", route: Route(name: "other")) }, after: { _ = await $0.endSession() })
        seen[.confirmationPending] = try await Self.refusal({ await $0.edit("amount", to: "2") }, after: { _ = await $0.attemptDismiss(source: .swipe) })
        seen[.saveNotOffered] = try await Self.refusal(
            { await $0.save(values: ["amount": "1", "card": "x"]) }, after: { _ = await $0.attemptDismiss(source: .cancelButton) })
        seen[.noConfirmationPending] = try await Self.refusal { await $0.confirmDiscard() }
        seen[.noSheetPresented] = try await Self.refusal(
            { await $0.edit("amount", to: "3") }, after: { _ = await $0.save(values: ["amount": "1", "card": "x"]) })
        for (rule, error) in seen {
            #expect(error.rule == rule, "\(error.message)")
            #expect(error.code == .ruleViolation)
            #expect(!error.localizedDescription.contains(Self.secret))
            #expect(error.localizedDescription == error.message, "LocalizedError: the message, not 'SheetLogError error 1'")
        }
        #expect(seen[.requiredFieldEmpty]?.context.field == "amount")
    }

    @Test func aRestoreOfADraftThatIsNotRecoverableSaysSo() async throws {
        let database = try SheetLogDatabase.inMemory()
        try await database.record(.present(presentation: "p1", route: Route(name: "note")), in: "old")
        try await database.record(.endSession, in: "old")
        do {
            try await database.restoreDraft(DraftReference(session: "old", presentation: "p1"), into: "new")
            Issue.record("a clean sheet was restored")
        } catch let error as SheetLogError {
            #expect(error.rule == .draftNotRecoverable)
        }
    }

    @Test func aKeyProvidersOwnErrorIsKeptButNotPrinted() async throws {
        struct KeychainLocked: Error, Sendable, Equatable { let status: Int32 }
        struct LockedKeychain: KeyProvider {
            func masterKey() throws -> MasterKey { throw KeychainLocked(status: -25308) }
        }
        let files = try AppFiles()
        var options = SheetLogDatabase.Options()
        options.keys = LockedKeychain()
        do {
            _ = try SheetLogDatabase.open(path: files.path("sealed.sqlite"), options: options)
            Issue.record("opened without a key")
        } catch let error as SheetLogError {
            #expect(error.code == .keyUnavailable)
            #expect(error.underlyingError as? KeychainLocked == KeychainLocked(status: -25308))
            #expect(!error.localizedDescription.contains("25308"))
        }
    }

    @Test func rulesHaveStableRawValues() {
        #expect(SheetLogError.Rule(rawValue: "routeGroupTaken") == .routeGroupTaken)
        #expect(Set(SheetLogError.Rule.allCases.map(\.rawValue)).count == SheetLogError.Rule.allCases.count)
    }
}
