import SheetLogDomain
import SheetLogStorage
import SheetLogStoreConformance
import Testing

/// The deciding append: the decision reads the log as committed, and what it returns is appended
/// whole — batches with their expected versions and limits, receipts — or not at all.
extension BackendConformance {
    static func theDecisionReadsTheLogAsCommitted(_ make: BackendFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let backend = fixture.backend
        var script = SheetScript()
        let present = try script.batch(.present(presentation: "p", route: Route(name: "newExpense")), in: "s")
        let first = try await backend.append { transaction in
            DecidedAppend(batches: [present], plan: try transaction.readStream("s", after: 0))
        }
        #expect(first.plan.isEmpty)
        #expect(first.result.events.map(\.version) == [1])
        #expect(!first.result.alreadyStored)

        let edit = try script.batch(.edit(field: "amount", value: "5"), in: "s")
        let second = try await backend.append { transaction in
            DecidedAppend(batches: [edit], plan: (
                try transaction.readStream("s", after: 0), try transaction.readStream("s", after: 1),
                try transaction.readStream("other", after: 0)))
        }
        #expect(second.plan.0 == first.result.events)
        #expect(second.plan.1.isEmpty && second.plan.2.isEmpty)
        #expect(second.result.events.map(\.version) == [2])
        #expect(zip(edit.events, second.result.events).allSatisfy { $0.hasSameContent(as: $1) })
        #expect(try await backend.readStream("s") == first.result.events + second.result.events)
    }

    static func nothingToAppendWritesNothing(_ make: BackendFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let backend = fixture.backend
        let nothing = try await backend.append { _ in DecidedAppend(batches: [], plan: "plan") }
        #expect(nothing.plan == "plan")
        #expect(nothing.result.events.isEmpty && !nothing.result.alreadyStored)
        // Batches without events append nothing either, whatever they expect.
        let empty = try await backend.append { _ in
            DecidedAppend(batches: [StreamBatch(stream: "s", events: [], expected: .exact(7))], plan: ())
        }
        #expect(empty.result.events.isEmpty)
        try await expectEmpty(backend)
    }

    static func aThrowingDecisionWritesNothing(_ make: BackendFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let backend = fixture.backend
        let error = await expectFailure(.ruleViolation) {
            try await backend.append { transaction -> DecidedAppend<Void> in
                _ = try transaction.readStream("s", after: 0)
                throw SheetLogError(.ruleViolation, "the decision refused", context: .init(stream: "s", operation: "check"))
            }
        }
        #expect(error?.message == "the decision refused")
        try await expectEmpty(backend)
    }

    static func batchesAreCheckedAgainstTheirExpectedVersions(_ make: BackendFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let backend = fixture.backend
        var script = SheetScript()
        try await append([try script.batch(.present(presentation: "p", route: Route(name: "newExpense")), in: "s")], to: backend)
        let before = try await backend.readAll()
        var stale = try script.batch(.edit(field: "amount", value: "5"), in: "s")
        stale.expected = .exact(0)
        let other = try script.batch(.present(presentation: "q", route: Route(name: "note")), in: "t")
        let receipt = CommandReceipt(
            commandID: "c-1", stream: "t", version: 0, command: "edit", fingerprint: String(repeating: "b", count: 64), occurredAt: 1)
        let passes = DecisionPasses()
        let error = await expectFailure(.wrongExpectedVersion) {
            try await backend.append { transaction in
                passes.record(transaction)
                return DecidedAppend(batches: [other, stale], receipts: [receipt], plan: ())
            }
        }
        #expect(error?.context.stream == "s")
        // The ids are looked up before the versions are checked, in the one pass that decides.
        #expect(passes.count == 1)
        #expect(try await backend.readAll() == before)
        #expect(try await backend.sessions().map(\.session) == ["s"])
        let probe = try await backend.append { transaction in DecidedAppend(batches: [], plan: try transaction.hasReceipt("c-1")) }
        #expect(!probe.plan)
    }

    static func inputLimitsAreChecked(_ make: BackendFactory) async throws {
        var script = SheetScript()
        let present = try script.batch(.present(presentation: "p", route: Route(name: "newExpense")), in: "s")
        let limit = present.events[0].payload.utf8.count + 16
        let fixture = try await make(limits: InputLimits(maxPayloadBytes: limit))
        defer { fixture.cleanup() }
        let backend = fixture.backend
        try await append([present], to: backend)
        let secret = "4111-SECRET-" + String(repeating: "x", count: limit)
        let tooLarge = try script.batch(.edit(field: "card", value: .string(secret)), in: "s")
        let error = await expectFailure(.payloadTooLarge) { try await append([tooLarge], to: backend) }
        #expect(error?.message.contains("4111-SECRET") == false, "an error message must never hold a form value")
        #expect(try await backend.lastPosition() == 1)
    }

    static func receiptsAreStoredWithTheAppend(_ make: BackendFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let backend = fixture.backend
        var script = SheetScript()
        let present = try script.batch(.present(presentation: "p", route: Route(name: "newExpense")), in: "s")
        let receipt = CommandReceipt(
            commandID: "c-1", stream: "s", version: 1, command: "edit", fingerprint: String(repeating: "c", count: 64), occurredAt: 5)
        fixture.clock.set(milliseconds: 9_000)
        let outcome = try await backend.append { transaction in
            DecidedAppend(batches: [present], receipts: [receipt], plan: (try transaction.hasReceipt("c-1"), try transaction.receipt("c-1")))
        }
        #expect(!outcome.plan.0 && outcome.plan.1 == nil)
        #expect(outcome.result.events.count == 1)
        // A receipt alone is a write too.
        let alone = CommandReceipt(
            commandID: "c-2", stream: "s", version: 1, command: "keepEditing", fingerprint: String(repeating: "d", count: 64),
            occurredAt: 6)
        let receiptOnly = try await backend.append { _ in DecidedAppend(batches: [], receipts: [alone], plan: ()) }
        #expect(receiptOnly.result.events.isEmpty && !receiptOnly.result.alreadyStored)

        var expected = receipt
        expected.recordedAt = 9_000
        let found = try await backend.append { transaction in
            DecidedAppend(batches: [], plan: (
                try transaction.hasReceipt("c-1"), try transaction.receipt("c-1"), try transaction.hasReceipt("c-2"),
                try transaction.hasReceipt("c-3"), try transaction.receipt("c-3")))
        }
        #expect(found.plan.0 && found.plan.1 == expected && found.plan.2)
        #expect(!found.plan.3 && found.plan.4 == nil)
        #expect(try await backend.lastPosition() == 1)
    }

    static func aRetryIsRecognisedByItsIDs(_ make: BackendFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let backend = fixture.backend
        var script = SheetScript()
        let present = try script.batch(.present(presentation: "p", route: Route(name: "newExpense")), in: "s")
        let first = try await append([present], to: backend)
        fixture.clock.advance(by: 1_000)

        // The retry still expects version 0: the ids decide, not the version.
        let passes = DecisionPasses()
        let retry = try await backend.append { transaction in
            passes.record(transaction)
            return DecidedAppend(batches: [present], plan: ())
        }
        #expect(retry.result.alreadyStored)
        #expect(retry.result.events == first.events)
        #expect(passes.count == 1, "decided once: the backend looked the ids up, it did not guess and decide again")
        #expect(try await backend.lastPosition() == 1)
        #expect(try await backend.sessions().map(\.version) == [1])
    }

    static func otherContentUnderAStoredIDConflicts(_ make: BackendFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let backend = fixture.backend
        var script = SheetScript()
        let present = try script.batch(.present(presentation: "p", route: Route(name: "newExpense")), in: "s")
        try await append([present], to: backend)
        let before = try await backend.readAll()
        var other = SheetScript()
        var changed = try other.batch(.present(presentation: "p", route: Route(name: "newFriend")), in: "s")
        changed.events[0].eventID = present.events[0].eventID
        let error = await expectFailure(.idempotencyConflict) { try await append([changed], to: backend) }
        #expect(error?.context.eventID == present.events[0].eventID)
        #expect(try await backend.readAll() == before)
    }

    static func aDecisionThatLookedItsIDsUpIsTrusted(_ make: BackendFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let backend = fixture.backend
        var script = SheetScript()
        let present = try script.batch(.present(presentation: "p", route: Route(name: "newExpense")), in: "s")
        let id = present.events[0].eventID
        let passes = DecisionPasses()
        let outcome = try await backend.append { transaction in
            passes.record(transaction)
            let probed = (try transaction.isStored(commandID: id), try transaction.hasReceipt(id))
            return DecidedAppend(batches: [present], plan: probed, idsLookedUp: true)
        }
        #expect(outcome.plan == (false, false))
        #expect(outcome.result.events.map(\.position) == [1] && !outcome.result.alreadyStored)
        // One pass on a backend whose reads are synchronous; one more where a read had to be loaded.
        #expect(passes.count <= 2)
        let seen = try await backend.append { transaction in DecidedAppend(batches: [], plan: try transaction.isStored(commandID: id)) }
        #expect(seen.plan)

        // A decision that says it looked its ids up and still holds a stored one (with other content):
        // the store's index refuses it, as a conflict, and nothing is written.
        let before = try await backend.readAll()
        var other = SheetScript()
        var reused = try other.batch(.present(presentation: "q", route: Route(name: "note")), in: "t")
        reused.events[0].eventID = id
        _ = await expectFailure(.idempotencyConflict) {
            try await backend.append { _ in DecidedAppend(batches: [reused], plan: (), idsLookedUp: true) }
        }
        #expect(try await backend.readAll() == before)
        #expect(try await backend.sessions().map(\.session) == ["s"])
    }

    static func theTransactionFindsEventsByID(_ make: BackendFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let backend = fixture.backend
        var script = SheetScript()
        try await append([try script.batch(.present(presentation: "p", route: Route(name: "newExpense")), in: "s")], to: backend)
        try await append([try script.batch(.edit(field: "amount", value: "5"), in: "s")], to: backend)
        let stored = try await backend.readAll()
        let found = try await backend.append { transaction in
            DecidedAppend(batches: [], plan: try transaction.events(withIDs: [stored[1].eventID, "never-stored", stored[0].eventID]))
        }
        #expect(found.plan == stored)
    }
}
