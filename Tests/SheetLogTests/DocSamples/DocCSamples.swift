import Foundation
import SheetLog
import SheetLogTestSupport
import Testing

/// The examples of the facade's DocC comments (Sources/SheetLog), compiled and run in one story.
@Suite @MainActor struct DocCSamples {
    @Test func thePushExample() async throws {
        let directory = try TemporaryDirectory()
        let database = try SheetLogDatabase.open(path: directory.url.appendingPathComponent("pushed.sqlite").path)
        let (installID, token) = ("install-1", "sld_token")
        // doc-sample: Sources/SheetLog/Push/SheetLogDatabase+Push.swift
        let push = try database.push(to: "https://collector.example.com", device: installID, token: token)
        // later: push.state, push.cancel()
        // end doc-sample
        // An empty log: the pusher waits for events, sending nothing, until cancelled.
        try await Task.sleep(for: .milliseconds(100))
        #expect(push.state == .idle(acknowledgedThrough: 0))
        push.cancel()
        await #expect(throws: CancellationError.self) { try await push.result }
        try database.close()
    }

    @Test func theFacadeExamples() async throws {
        let directory = try TemporaryDirectory()
        let databaseURL = directory.url.appendingPathComponent("sheets.sqlite")

        // doc-sample: Sources/SheetLog/Database/SheetLogDatabase.swift
        let database = try SheetLogDatabase.open(path: databaseURL.path)
        try await database.record(.present(presentation: "expense-1", route: Route(name: "newExpense")), in: "window-1")
        try await database.record(.edit(field: "amount", value: "47.50"), in: "window-1")
        let state = try await database.state(of: "window-1")
        assert(state.top?.isDirty == true)
        // end doc-sample
        #expect(state.top?.isDirty == true)

        do {
            // doc-sample: Sources/SheetLog/Recording/RecordResult.swift
            let result = try await database.record(.edit(field: "amount", value: "47.50"), in: "window-1")
            print(result.events.map(\.position), result.state.top?.isDirty ?? false)
            // end doc-sample
            #expect(result.events.isEmpty && result.state.top?.isDirty == true)
        }

        // doc-sample: Sources/SheetLog/Recording/CommandEnvelope.swift
        let envelope = CommandEnvelope(session: "window-1", command: .edit(field: "amount", value: "47.50"),
                                       id: "cmd-42", occurredAt: 1_767_225_600_000)
        try await database.record([envelope])
        // end doc-sample

        let envelopes = [CommandEnvelope(session: "window-1", command: .attemptDismiss(source: .cancelButton)),
                         CommandEnvelope(session: "window-1", command: .confirmDiscard())]
        // doc-sample: Sources/SheetLog/Recording/ResultStates.swift
        // Bulk ingest reads only the events: no per-command copy of the session's state.
        let results = try await database.record(envelopes, states: .afterBatch)
        // end doc-sample
        #expect(results.map(\.events.count) == [1, 1] && results[0].state.top == nil)

        // doc-sample: Sources/SheetLog/Database/ReplayStep.swift
        for step in try await database.replay("window-1") {
            print(step.version, step.sheetEvent.type, step.occurredDate ?? .distantPast, step.state.stackIDs)
        }
        // end doc-sample

        // doc-sample: Sources/SheetLogStorage/DismissalRecord.swift
        for record in try await database.dismissalsThatDiscardedUnsavedData() {
            print(record.session, record.route, record.source, record.changedFields, record.occurredDate ?? .distantPast)
        }
        // end doc-sample

        // doc-sample: Sources/SheetLogStorage/AuditQuery.swift
        let startOfDay = Calendar.current.startOfDay(for: Date())
        let swipes = try await database.audit(AuditQuery(route: "newExpense", source: .swipe, since: startOfDay))
        print("\(swipes.count) swipes on new expenses today")
        // end doc-sample
        #expect(swipes.isEmpty)

        // doc-sample: Sources/SheetLogStorage/SessionSummary.swift
        for summary in try await database.sessions() where summary.status == .active && !summary.stack.isEmpty {
            print(summary.session, summary.stack, summary.lastEventDate ?? .distantPast)
        }
        // end doc-sample

        // doc-sample: Sources/SheetLogStorage/Statistics.swift
        let stats = try await database.stats()
        print("\(stats.events) events, \(stats.recoverableDrafts) drafts to recover, \(Int(stats.bytesPerEvent)) bytes an event")
        // end doc-sample

        // doc-sample: Sources/SheetLogStorage/VerificationReport.swift
        let report = try await database.verify()
        if let failure = report.firstFailure { print("\(failure.name): \(failure.detail)") }
        // end doc-sample
        #expect(report.isHealthy)

        // doc-sample: Sources/SheetLog/Dates/SheetLogDatabase+Dates.swift
        try await database.record(.endSession, in: "window-1", at: Date())
        // end doc-sample
        #expect(try await database.state(of: "window-1").ended)
    }

    @Test func theSessionRecorderExample() async throws {
        let database = try SheetLogDatabase.inMemory(options: testOptions())
        // doc-sample: Sources/SheetLog/Recording/SessionRecorder.swift
        let window = database.session("window-1")
        try await window.record(.present(presentation: "expense-1", route: Route(name: "newExpense")))
        try await window.record(.attemptDismiss(source: .swipe))
        let state = try await window.state()
        assert(state.top == nil)  // a clean sheet: the swipe dismissed it
        // end doc-sample
        #expect(state.top == nil && state.version == 2)
    }

    @Test func theCoordinatorAndOptionsExamples() async throws {
        // doc-sample: Sources/SheetLog/Database/SheetLogDatabase+Options.swift
        var options = SheetLogDatabase.Options()
        options.metadata = ["appVersion": "2.3.1", "device": "iPhone15,2"]
        options.durability = .normal
        // end doc-sample
        let log = try SheetLogDatabase.inMemory(options: options)

        // doc-sample: Sources/SheetLog/Coordinator/SheetCoordinator.swift
        let coordinator = SheetCoordinator(database: log, session: "window-\(UUID().uuidString)")
        await coordinator.present("expense-1", route: Route(name: "newExpense", group: "editor"), required: ["amount"])
        await coordinator.edit("amount", to: "47.50")
        await coordinator.attemptDismiss(source: .swipe)   // blocked: the alert asks Save / Discard / Keep Editing
        assert(coordinator.pendingConfirmation?.offersSave == true)
        // end doc-sample
        #expect(coordinator.pendingConfirmation == PendingConfirmation(source: .swipe, offersSave: true))
    }

    @Test func theFileProtectionExample() throws {
        // doc-sample: Sources/SheetLog/Platform/FileProtection.swift
        var options = SheetLogDatabase.Options()
        options.fileProtection = .completeUnlessOpen   // stricter; the app must open the log while unlocked
        // end doc-sample
        #expect(SheetLogDatabase.Options().fileProtection == .completeUntilFirstUserAuthentication)
        let database = try SheetLogDatabase.inMemory(options: options)
        #expect(database.options.fileProtection == .completeUnlessOpen)
    }
}
