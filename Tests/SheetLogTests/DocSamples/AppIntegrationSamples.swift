import Foundation
import SheetLog
import SheetLogTestSupport
import Testing

/// The Swift blocks of docs/app-integration.md that need no Apple framework, compiled and run.
@Suite @MainActor struct AppIntegrationSamples {
    // The same samples run in Tests/SheetLogAppTests under the main actor's default isolation;
    // here they compile under the ordinary (nonisolated) default.
    @Test func testingTheApp() async throws {
        // doc-sample: docs/app-integration.md
        let log = try SheetLogDatabase.inMemory()
        try await log.record(.present(presentation: "expense", route: Route(name: "newExpense")), in: "test-window")
        let result = try await log.record(.attemptDismiss(source: .swipe), in: "test-window")
        assert(result.state.stack.isEmpty)   // a clean draft is dismissed
        // end doc-sample
        #expect(result.state.stack.isEmpty)
    }

    @Test func pushingTheLog() async throws {
        let directory = try TemporaryDirectory()
        let log = try SheetLogDatabase.open(path: directory.url.appendingPathComponent("pushed.sqlite").path)
        let (installID, deviceToken) = ("install-1", "sld_token")
        // doc-sample: docs/app-integration.md
        let push = PushMonitor(try log.push(to: "https://collector.example.com", device: installID, token: deviceToken))
        // push.state is observable on the main actor: a view that shows it redraws as it changes.
        // Later, e.g. when the app goes to the background:
        push.cancel()   // push.state becomes .cancelled once the pusher has stopped
        // end doc-sample
        await #expect(throws: CancellationError.self) { try await push.task.result }
        #expect(push.task.state == .cancelled)
        try log.close()
    }

    @Test func pushingTheLogWithACallback() async throws {
        let directory = try TemporaryDirectory()
        let log = try SheetLogDatabase.open(path: directory.url.appendingPathComponent("pushed.sqlite").path)
        let (installID, deviceToken) = ("install-1", "sld_token")
        // doc-sample: docs/app-integration.md
        let push = try log.push(to: "https://collector.example.com", device: installID, token: deviceToken) { state in
            if case .stopped(let error) = state { print("push stopped:", error.message) }
        }
        // end doc-sample
        push.cancel()
        await #expect(throws: CancellationError.self) { try await push.result }
        #expect(push.state == .cancelled)
        try log.close()
    }

    @Test func openingTheCoordinatorAndReadingTheLog() async throws {
        let directory = try TemporaryDirectory()
        let databaseURL = directory.url.appendingPathComponent("sheets.sqlite")

        // doc-sample: docs/app-integration.md
        // One file for the app, e.g. in Application Support; WAL, synchronous=FULL by default.
        let log = try SheetLogDatabase.open(path: databaseURL.path)
        // One session per window, new at every launch.
        let coordinator = SheetCoordinator(database: log, session: "window-\(UUID().uuidString)")
        await coordinator.load()
        // end doc-sample

        #expect(coordinator.state.version == 0 && coordinator.session.hasPrefix("window-"))

        // doc-sample: docs/app-integration.md
        await coordinator.present("expense-\(UUID().uuidString)", route: Route(name: "newExpense", group: "editor"),
                                  required: ["amount"])
        await coordinator.edit("amount", to: "47.50")
        assert(coordinator.isDismissDisabled)                  // dirty: the swipe is locked
        await coordinator.attemptDismiss(source: .cancelButton)
        assert(coordinator.pendingConfirmation == PendingConfirmation(source: .cancelButton, offersSave: false))
        await coordinator.confirmDiscard()
        assert(coordinator.presentedSheet == nil)              // gone because the log says so
        // end doc-sample

        #expect(coordinator.presentedSheet == nil && coordinator.lastError == nil)
        #expect(try await log.dismissalsThatDiscardedUnsavedData().map(\.changedFields) == [["amount"]])

        // doc-sample: docs/app-integration.md
        let today = Calendar.current.startOfDay(for: Date())
        for swipe in try await log.audit(AuditQuery(source: .swipe, since: today)) {
            print(swipe.route, swipe.outcome, swipe.changedFields, swipe.resolution?.rawValue ?? "-", swipe.occurredDate ?? today)
        }
        for step in try await log.replay(coordinator.session) {
            print("v\(step.version)", step.sheetEvent.type, step.state.stackIDs)
        }
        let report = try await log.verify()
        assert(report.isHealthy)
        // end doc-sample

        #expect(report.isHealthy)
    }

    /// Two windows died with a draft each, of the same group and the same presentation id.
    private func twoDrafts() async throws -> (TemporaryDirectory, SheetLogDatabase) {
        let directory = try TemporaryDirectory()
        let path = directory.path()
        do {
            let earlier = try SheetLogDatabase.open(path: path, options: testOptions())
            for (window, amount) in [("window-a", "47.50"), ("window-b", "12.80")] {
                try await earlier.record(.present(presentation: "expense-1", route: Route(name: "newExpense", group: "editor"),
                                                  required: ["amount"]), in: window)
                try await earlier.record(.edit(field: "amount", value: .string(amount)), in: window)
            }
            try earlier.close()
        }
        return (directory, try SheetLogDatabase.open(path: path, options: testOptions()))
    }

    @Test func severalWindowsGetEveryDraftBack() async throws {
        let (directory, log) = try await twoDrafts()
        defer { withExtendedLifetime(directory) {} }
        var opened: [String] = []
        func openWindow(session: String) { opened.append(session) }

        // doc-sample: docs/app-integration.md
        // At launch: every draft comes back, each in a new window (session) of its own.
        for draft in try await log.recoverableDrafts() {
            let session = "window-\(UUID().uuidString)"
            try await log.restoreDraft(draft.reference, into: session)   // every field as it was
            openWindow(session: session)                                 // the app's scene with a coordinator for it
        }
        // end doc-sample

        #expect(opened.count == 2)
        // The old drafts are answered; the restored sheets, dirty and on screen, are the ones a crash would now leave.
        #expect(try await log.recoverableDrafts().allSatisfy { !["window-a", "window-b"].contains($0.session) })
        #expect(try await RestoredDrafts.amounts(in: log, besides: ["window-a", "window-b"]) == ["12.80", "47.50"])
    }

    @Test func oneWindowGetsTheDraftsBackOneAtATime() async throws {
        let (directory, log) = try await twoDrafts()
        defer { withExtendedLifetime(directory) {} }
        let coordinator = SheetCoordinator(database: log, session: "window-c")

        var amounts: [FieldValue?] = []
        for _ in 0..<3 {
            try await restoreNextDraft(into: coordinator)
            guard coordinator.presentedSheet != nil else { break }
            #expect(coordinator.isDismissDisabled && coordinator.presentedSheet?.restoredFrom != nil)
            amounts.append(coordinator.values["amount"])
            #expect(await coordinator.save())
        }
        #expect(amounts == ["12.80", "47.50"])
        #expect(try await log.recoverableDrafts().isEmpty)
    }
    @Test func formValuesInSwift() async throws {
        let coordinator = SheetCoordinator(database: try SheetLogDatabase.inMemory(), session: "window-1")
        await coordinator.present("expense-1", route: Route(name: "newExpense"))
        let (amountText, guestCount, isReimbursable) = ("47.50", 3, true)
        // doc-sample: docs/app-integration.md
        await coordinator.edit("amount", to: amountText)          // a String from a TextField
        await coordinator.edit("guests", to: guestCount)          // an Int from a Stepper
        await coordinator.edit("reimbursable", to: isReimbursable) // a Bool from a Toggle
        let amount = coordinator.values["amount"]?.stringValue ?? ""
        // end doc-sample
        #expect(amount == "47.50")
        #expect(coordinator.values == ["amount": "47.50", "guests": 3, "reimbursable": true])
    }

    @Test func switchingOnARefusal() async throws {
        let coordinator = SheetCoordinator(database: try SheetLogDatabase.inMemory(), session: "window-1")
        await coordinator.present("expense-1", route: Route(name: "newExpense"), required: ["amount"])
        var highlighted: String?
        func highlight(field: String?) { highlighted = field }
        func retryWhenActive() { Issue.record("not suspended") }
        func showFailure(_ text: String) { Issue.record("unexpected: \(text)") }
        // doc-sample: docs/app-integration.md
        if await coordinator.save() == false, let error = coordinator.lastError {
            switch (error.code, error.rule) {
            case (.ruleViolation, .requiredFieldEmpty?): highlight(field: error.context.field)
            case (.ruleViolation, .saveNotOffered?): break    // the alert came from Cancel: Discard or Keep Editing
            case (.suspended, _): retryWhenActive()
            default: showFailure(error.localizedDescription)
            }
        }
        // end doc-sample
        #expect(highlighted == "amount")
    }
}

// doc-sample: docs/app-integration.md
/// Brings back the most recent draft, if any, while the window shows no sheet: at launch, and
/// again each time the user has saved or discarded the one before.
@MainActor
func restoreNextDraft(into coordinator: SheetCoordinator) async throws {
    guard coordinator.presentedSheet == nil,
          let draft = try await coordinator.database.recoverableDrafts().last else { return }
    try await coordinator.database.restoreDraft(draft.reference, into: coordinator.session,
                                                as: "restored-\(UUID().uuidString)")
    await coordinator.load()
}
// end doc-sample

// Compiled under the ordinary (nonisolated) default here and under the main actor's in
// Tests/SheetLogAppTests; run against a real collector by EnrolmentTests (SheetLogImportTests).
// doc-sample: docs/app-integration.md
/// Pushes under the id the app holds, and under a newly enrolled one once that id is spent.
@MainActor
func pushOrEnrol(_ log: SheetLogDatabase, collector: String, credential: DeviceEnrolment,
                 enrolmentToken: String) async throws -> DeviceEnrolment {
    let push = try log.push(to: collector, device: credential.device, token: credential.token, follow: false)
    do {
        _ = try await push.result
        return credential
    } catch let error as SheetLogError where error.code == .historyMismatch {
        // A new id each time: an id is enrolled once, and a failed call may have enrolled it.
        let enrolled = try await SheetLogDatabase.enrol(at: collector, enrolmentToken: enrolmentToken,
                                                        device: "install-\(UUID().uuidString)")
        // Keep enrolled.device and enrolled.token (the Keychain) before pushing: the token is shown once.
        _ = try await log.push(to: collector, device: enrolled.device, token: enrolled.token, follow: false).result
        return enrolled
    }
}
// end doc-sample
