import Foundation
import SheetLogDomain
import SheetLogStorage
import SheetLogStoreConformance
import Testing

/// The read models: written in the append's transaction, never without their events, and read back
/// by the facade's queries in the documented order.
extension BackendConformance {
    /// s: an expense swiped (blocked, alert), kept editing, then forced off screen by code; t: a
    /// note with a draft still on screen. One deciding append per command; positions 1…7. Returns
    /// the script, to decide further commands on the sessions as stored.
    @discardableResult
    static func sheetScenario(on backend: any SheetLogBackend) async throws -> SheetScript {
        var script = SheetScript()
        let commands: [(SheetCommand, String)] = [
            (.present(presentation: "p", route: Route(name: "newExpense")), "s"),
            (.edit(field: "amount", value: "5"), "s"),
            (.attemptDismiss(source: .swipe), "s"),
            (.keepEditing(), "s"),
            (.attemptDismiss(source: .programmatic), "s"),
            (.present(presentation: "q", route: Route(name: "note", group: "editor")), "t"),
            (.edit(field: "text", value: "x"), "t"),
        ]
        for (command, session) in commands {
            try await append([try script.batch(command, in: session)], to: backend)
        }
        return script
    }

    static func theReadModelsAreWrittenWithTheEvents(_ make: BackendFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let backend = fixture.backend
        try await sheetScenario(on: backend)

        let sessions = try await backend.sessions()
        #expect(sessions.map(\.session) == ["s", "t"])
        #expect(sessions.map(\.version) == [5, 2])
        #expect(sessions.map(\.stack) == [[], ["q"]])
        #expect(sessions.map(\.firstPosition) == [1, 6] && sessions.map(\.lastPosition) == [5, 7])
        #expect(sessions.allSatisfy { $0.status == .active })

        #expect(try await backend.presentedRoutes() == ["s": ["newExpense"], "t": ["note"]])

        let drafts = try await backend.recoverableDrafts()
        #expect(drafts.map(\.presentation) == ["p", "q"])
        #expect(drafts.map(\.reason) == [.abandoned, .open])
        #expect(drafts.map(\.values) == [["amount": "5"], ["text": "x"]])
        #expect(drafts.map(\.changedFields) == [["amount"], ["text"]])
        #expect(drafts.last?.route == Route(name: "note", group: "editor"))

        let dismissals = try await backend.dismissals(matching: AuditQuery(), .all)
        #expect(dismissals.map(\.position) == [3, 5])
        #expect(dismissals.map(\.source) == [.swipe, .programmatic])
        #expect(dismissals.map(\.outcome) == [.blocked, .forced])
        #expect(dismissals.map(\.resolution) == [.keptEditing, nil])
        #expect(dismissals.map(\.confirmation) == [true, false])
        #expect(dismissals.allSatisfy { $0.dirty && $0.changedFields == ["amount"] && $0.session == "s" })

        let stats = try await backend.statistics()
        #expect(stats.events == 7 && stats.sessions == 2)
        #expect(stats.eventsByType == ["present": 2, "edit": 2, "attemptDismiss": 2, "keepEditing": 1])
        #expect(stats.openDrafts == 1 && stats.recoverableDrafts == 2)
        #expect(stats.fileBytes > 0)
    }

    static func aRefusedAppendLeavesNoRows(_ make: BackendFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let backend = fixture.backend
        var script = SheetScript()
        let present = try script.batch(.present(presentation: "p", route: Route(name: "newExpense")), in: "s")
        var wrong = try script.batch(.present(presentation: "q", route: Route(name: "note")), in: "t")
        wrong.expected = .exact(3)
        await expectFailure(.wrongExpectedVersion) { try await append([present, wrong], to: backend) }
        try await expectEmpty(backend)
    }

    /// A type the domain does not know: appending it would leave an event without its rows.
    static func anEventTheProjectionsRefuseRollsTheAppendBack(_ make: BackendFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let backend = fixture.backend
        var script = SheetScript()
        let present = try script.batch(.present(presentation: "p", route: Route(name: "newExpense")), in: "s")
        let unknown = StreamBatch(
            stream: "t", events: [EventData(eventID: "x-1", type: "frobnicate", payload: "{}")], expected: .noStream)
        let error = await expectFailure(.undecodableEvent) { try await append([present, unknown], to: backend) }
        #expect(error?.context.stream == "t")
        try await expectEmpty(backend)
    }

    /// The audit trail of the facade's tests: s1 an expense swiped then discarded at 1_000…; s2 a
    /// composer forced off screen at 2_000; s3 a `never` sheet dismissed dirty at 3_000, a help
    /// sheet cancelled clean at 3_100.
    static func auditQueriesFilterInLogOrder(_ make: BackendFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let backend = fixture.backend
        var script = SheetScript()
        let commands: [(SheetCommand, String, Int64)] = [
            (.present(presentation: "e", route: Route(name: "newExpense")), "s1", 900),
            (.edit(field: "amount", value: "5"), "s1", 950),
            (.attemptDismiss(source: .swipe), "s1", 1_000),
            (.confirmDiscard(), "s1", 1_010),
            (.present(presentation: "c", route: Route(name: "composer", group: "editor")), "s2", 1_900),
            (.edit(field: "body", value: "hi"), "s2", 1_950),
            (.attemptDismiss(source: .programmatic), "s2", 2_000),
            (.present(presentation: "n", route: Route(name: "note"), guard: .never), "s3", 2_900),
            (.edit(field: "text", value: "x"), "s3", 2_950),
            (.attemptDismiss(source: .swipe), "s3", 3_000),
            (.present(presentation: "h", route: Route(name: "help")), "s3", 3_050),
            (.attemptDismiss(source: .cancelButton), "s3", 3_100),
        ]
        // In one deciding append, as a group commit writes them.
        let batches = try commands.map { command, session, time in try script.batch(command, in: session, at: time) }
        try await append(batches, to: backend)

        func presentations(_ query: AuditQuery, _ selection: DismissalSelection = .all) async throws -> [String] {
            try await backend.dismissals(matching: query, selection).map(\.presentation)
        }
        #expect(try await presentations(AuditQuery()) == ["e", "c", "n", "h"])
        #expect(try await presentations(AuditQuery(session: "s3")) == ["n", "h"])
        #expect(try await presentations(AuditQuery(route: "newExpense")) == ["e"])
        #expect(try await presentations(AuditQuery(group: "editor")) == ["c"])
        #expect(try await presentations(AuditQuery(source: .swipe)) == ["e", "n"])
        #expect(try await presentations(AuditQuery(outcome: .forced)) == ["c"])
        #expect(try await presentations(AuditQuery(outcome: .dismissed)) == ["n", "h"])
        #expect(try await presentations(AuditQuery(resolution: .discarded)) == ["e"])
        #expect(try await presentations(AuditQuery(since: Date(timeIntervalSince1970: 2))) == ["c", "n", "h"])
        #expect(try await presentations(AuditQuery(until: Date(timeIntervalSince1970: 2))) == ["e"])
        #expect(try await presentations(AuditQuery(since: Date(timeIntervalSince1970: 1.5), until: Date(timeIntervalSince1970: 3.05))) == ["c", "n"])
        #expect(try await presentations(AuditQuery(limit: 2)) == ["e", "c"])
        #expect(try await presentations(AuditQuery(limit: 0)) == [])
        #expect(try await presentations(AuditQuery(session: "s3", source: .cancelButton)) == ["h"])
        #expect(try await presentations(AuditQuery(), .discardedUnsavedData) == ["e"])
        #expect(try await presentations(AuditQuery(), .forcedOffScreen) == ["c", "n"])
        #expect(try await presentations(AuditQuery(session: "s2"), .forcedOffScreen) == ["c"])

        let first = try #require(try await backend.dismissals(matching: AuditQuery(limit: 1), .all).first)
        #expect(first.position == 3 && first.session == "s1" && first.route == "newExpense" && first.group == "newExpense")
        #expect(first.source == .swipe && first.outcome == .blocked && first.dirty && first.changedFields == ["amount"])
        #expect(first.confirmation && first.offersSave)
        #expect(first.resolution == .discarded && first.occurredAt == 1_000 && first.resolvedAt == 1_010)
        #expect(try await backend.recoverableDrafts().map(\.presentation) == ["c", "n"])
    }
}
