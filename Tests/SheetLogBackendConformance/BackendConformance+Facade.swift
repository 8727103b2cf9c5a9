import SheetLog
import SheetLogStorage
import Testing

/// The facade on the backend: `SheetLogDatabase` holds nothing but the backend, so these are the
/// design's flows as an app records them, on whatever storage the backend is.
extension BackendConformance {
    static func theFacadeRecordsThroughTheBackend(_ make: BackendFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        fixture.clock.set(milliseconds: 1_000)
        let database = SheetLogDatabase(backend: fixture.backend, options: .init(clock: fixture.clock), path: nil)
        try await database.record(.present(presentation: "e", route: Route(name: "newExpense")), in: "w", id: "cmd-1")
        try await database.record(.edit(field: "amount", value: "47.50"), in: "w", id: "cmd-2")
        let swipe = try await database.record(.attemptDismiss(source: .swipe), in: "w", id: "cmd-3")
        #expect(swipe.state.top?.pendingConfirmation == PendingConfirmation(source: .swipe, offersSave: true))

        // A resent command is recognised by its id and appends nothing.
        let resend = try await database.record(.edit(field: "amount", value: "47.50"), in: "w", id: "cmd-2")
        #expect(resend.alreadyStored && resend.events.map(\.version) == [2])
        // A rejected command appends nothing.
        await #expect(throws: SheetLogError.self) { try await database.record(.edit(field: "amount", value: "1"), in: "w") }
        try await database.record(.keepEditing(), in: "w", id: "cmd-4")
        // An edit that changes nothing appends nothing, and leaves a receipt that recognises its resend.
        let unchanged = try await database.record(.edit(field: "amount", value: "47.50"), in: "w", id: "cmd-5")
        #expect(unchanged.events.isEmpty && !unchanged.alreadyStored)
        let unchangedAgain = try await database.record(.edit(field: "amount", value: "47.50"), in: "w", id: "cmd-5")
        #expect(unchangedAgain.alreadyStored)

        #expect(try await database.replay("w").map(\.event.type) == ["present", "edit", "attemptDismiss", "keepEditing"])
        #expect(try await database.state(of: "w").top?.values["amount"] == "47.50")
        #expect(try await database.recoverableDrafts().map(\.presentation) == ["e"])
        #expect(try await database.audit().map(\.resolution) == [.keptEditing])
        #expect(try await database.sessions().map(\.version) == [4])
        #expect(try await database.stats().events == 4)
        #expect(try await database.verify().isHealthy)
    }

    /// Another writer appends to a session the facade has cached: the next command is decided on
    /// the session as stored, not on the cache.
    static func theFacadeDecidesOnTheSessionAsStored(_ make: BackendFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let database = SheetLogDatabase(backend: fixture.backend, options: .init(clock: fixture.clock), path: nil)
        try await database.record(.present(presentation: "e", route: Route(name: "newExpense")), in: "w")
        var script = SheetScript()
        _ = try script.batch(.present(presentation: "e", route: Route(name: "newExpense")), in: "w")
        let edit = try script.batch(.edit(field: "amount", value: "5"), in: "w")
        if let openAnother = fixture.openAnother {
            let other = try await openAnother()
            try await append([edit], to: other)
            try other.close()
        } else {
            try await append([edit], to: fixture.backend)
        }

        // Clean as the facade last saw it, the sheet would be dismissed; dirty as stored, it is
        // blocked and asks.
        let swipe = try await database.record(.attemptDismiss(source: .swipe), in: "w")
        #expect(swipe.state.version == 3)
        #expect(swipe.state.top?.id == "e")
        #expect(swipe.state.top?.pendingConfirmation == PendingConfirmation(source: .swipe, offersSave: true))
        #expect(try await database.audit().map(\.outcome) == [.blocked])
    }
}
