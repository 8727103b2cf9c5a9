import Foundation
import PropertyBased
import SheetLog
import SheetLogCore
import SheetLogDomain
import SheetLogTestSupport
import Testing

/// An erasure carried from one sealed database into another (`exportLog` → `record` / `erase`),
/// and an erasure's id, which makes giving it twice safe.
@Suite("erasure copied")
struct ErasureCopyTests {
    /// Records every entry into `copy`, in order, as `sheetlog ingest` does.
    static func copy(_ entries: [ExportedEntry], into copy: SheetLogDatabase) async throws -> (stored: Int, erased: [ErasureReport]) {
        var stored = 0
        var erased: [ErasureReport] = []
        for entry in entries {
            switch entry {
            case .base(let image): try await copy.installBase(image)
            case .command(let envelope): stored += try await copy.record([envelope]).filter(\.alreadyStored).count
            case .erasure(let erasure): erased.append(try await copy.erase(erasure))
            }
        }
        return (stored, erased)
    }

    @Test("the export holds the erasure where the log does; a sealed copy erases the subject there, once, and reads back the same")
    func erasureTravels() async throws {
        let directory = try TemporaryDirectory("erase-copy")
        let source = try SheetLogDatabase.open(path: directory.path("source.sqlite"), options: ErasureTests.options(MasterKey.generate()))
        try await ErasureTests.record(into: source)
        _ = try await source.erase(subject: "gone", requestedBy: "ticket 1234")
        try await source.record(.present(presentation: "p9", route: .newExpense), in: "kept-2", subject: "kept")
        try await source.record(.edit(field: "amount", value: "mk-after-3e1a"), in: "kept-2")

        let entries = try await source.exportLog()
        let erasures = entries.enumerated().compactMap { index, entry -> (Int, ErasureEnvelope)? in
            guard case .erasure(let erasure) = entry else { return nil }
            return (index, erasure)
        }
        #expect(erasures.count == 1)
        let (index, erasure) = try #require(erasures.first)
        #expect(erasure.subject == "gone" && erasure.requestedBy == "ticket 1234")
        #expect(index == entries.count - 3, "after every command of before, before the two after")
        let stored = try await source.backend.readStream("$erasures")
        #expect(erasure.id == stored.first?.eventID && erasure.occurredAt == stored.first?.occurredAt)
        #expect(try await source.exportCommands().count == entries.count - 1, "exportCommands leaves the erasure out")
        #expect(try await source.exportLog(session: "gone-1").last == .erasure(erasure), "a session's export carries its subject's erasure")
        #expect(try await source.exportLog(session: "kept-1").contains { if case .erasure = $0 { true } else { false } } == false)

        let copy = try SheetLogDatabase.open(path: directory.path("copy.sqlite"), options: ErasureTests.options(MasterKey.generate()))
        let first = try await Self.copy(entries, into: copy)
        #expect(first.stored == 0)
        #expect(first.erased.map(\.alreadyErased) == [false])
        #expect(first.erased.first?.eventID == erasure.id)
        #expect(try await copy.exportLog() == entries, "the same commands, ids, times, values ([erased] included) and erasure")
        #expect(try await copy.recoverableDrafts().map(\.session).sorted() == ["kept-1", "kept-2"], "the erased draft is not offered")
        let refused = await #expect(throws: SheetLogError.self) {
            try await copy.record(.present(presentation: "p1", route: .newExpense), in: "gone-2", subject: "gone")
        }
        #expect(refused?.code == .subjectErased)
        #expect(try await copy.verify().isHealthy)

        let positions = try await copy.lastPosition()
        let second = try await Self.copy(entries, into: copy)
        #expect(second.stored == entries.count - 1, "every command is already stored")
        #expect(second.erased.map(\.alreadyErased) == [true])
        #expect(try await copy.lastPosition() == positions, "the same input again appends nothing")
    }

    @Test("an erasure id: the same erasure again changes nothing; another subject, requester or event under it is refused")
    func erasureID() async throws {
        let directory = try TemporaryDirectory("erase-id")
        let path = directory.path()
        let database = try SheetLogDatabase.open(path: path, options: ErasureTests.options(MasterKey.generate()))
        try await ErasureTests.record(into: database)
        let at: Int64 = 1_767_225_600_000
        let erased = try await database.erase(subject: "gone", requestedBy: "t-1", id: "er-1", occurredAt: at)
        #expect(erased.eventID == "er-1" && !erased.alreadyErased)
        let stored = try await database.events(withIDs: ["er-1"])
        #expect(stored.map(\.occurredAt) == [at])
        let rows = try SealedDatabaseTests.rows(path)

        let again = try await database.erase(subject: "gone", requestedBy: "t-1", id: "er-1", occurredAt: at)
        #expect(again.alreadyErased && again.eventID == nil)
        let presentID = try #require(try await database.replay("kept-1").first?.event.eventID)
        let conflicts: [(subject: String, requestedBy: String, id: String, names: String)] = [
            ("kept", "t-1", "er-1", "subject"),
            ("gone", "t-2", "er-1", "requester"),
            ("kept", "t-1", presentID, "present event of kept-1"),
        ]
        for conflict in conflicts {
            let refused = await #expect(throws: SheetLogError.self) {
                try await database.erase(subject: conflict.subject, requestedBy: conflict.requestedBy, id: conflict.id)
            }
            #expect(refused?.code == .idempotencyConflict, "\(conflict)")
            #expect(refused?.message.contains(conflict.names) == true, "\(String(describing: refused?.message))")
        }
        let continuation = await #expect(throws: SheetLogError.self) { try await database.erase(subject: "kept", requestedBy: "test", id: "er#2") }
        #expect(continuation?.code == .invalidInput)
        #expect(try SealedDatabaseTests.rows(path) == rows, "nothing written")
        #expect(try await database.replay("kept-1").last?.state.ended == true, "kept is not erased")
        #expect(try await database.recoverableDrafts().map(\.session) == ["kept-1"])
    }
}

/// Drafts that move between sessions of an erased subject: found by an adversarial trial.
@Suite("erasure copied, across restores")
struct ErasureCopyRestoreTests {
    /// Records `commands` (session, command) into a sealed source under `subject` (pruned through
    /// its end before the one at `prunedBefore`), erases it, copies the export into a fresh sealed
    /// database and compares what both hold.
    static func copyAfterErasing(_ subject: String, _ commands: [(String, SheetCommand)], prunedBefore: Int? = nil) async throws {
        let directory = try TemporaryDirectory("erase-copy-restore")
        let source = try SheetLogDatabase.open(path: directory.path("source.sqlite"), options: ErasureTests.options(MasterKey.generate()))
        for (index, (session, command)) in commands.enumerated() {
            if index == prunedBefore { #expect(try await source.prune(before: Date().addingTimeInterval(86_400)).carriedSessions > 0) }
            // Before the test clock's now, where the erasure's own events are: a kept event at or before
            // the cut's last time reads to the copy as a resend of a pruned command.
            try await source.record(command, in: session, id: "c\(index)", occurredAt: 1_767_225_000_000 + Int64(index), subject: subject)
        }
        try await source.erase(subject: subject, requestedBy: "test")
        let entries = try await source.exportLog()
        let copy = try SheetLogDatabase.open(path: directory.path("copy.sqlite"), options: ErasureTests.options(MasterKey.generate()))
        _ = try await ErasureCopyTests.copy(entries, into: copy)
        #expect(try await copy.lastPosition() == (try await source.lastPosition()), "no event lost")
        #expect(try await copy.exportLog() == entries)
        for session in Set(commands.map(\.0)) {
            let original = try ErasureCopyPropertyTests.structure(of: try await source.backend.readStream(session), keys: source.backend.subjectKeys)
            let copied = try ErasureCopyPropertyTests.structure(of: try await copy.backend.readStream(session), keys: copy.backend.subjectKeys)
            #expect(copied == original, "session \(session)")
        }
        #expect(try await copy.dismissalsThatDiscardedUnsavedData() == (try await source.dismissalsThatDiscardedUnsavedData()))
    }

    @Test("an edit of a restored draft never gets the stand-in of an edit in the draft's old session")
    func standInsAreUniqueAcrossSessions() async throws {
        try await Self.copyAfterErasing("carol", [
            ("c1", .present(presentation: "n1", route: Route(name: "n"))),
            ("c1", .edit(field: "f", value: "mk-C-1")),
            ("c1", .attemptDismiss(source: .programmatic)),
            ("c2", .restoreDraft(from: DraftReference(session: "c1", presentation: "n1"), as: "n1r")),
            ("c2", .edit(field: "f", value: "mk-C-2")),
            ("c2", .attemptDismiss(source: .swipe)),
        ])
    }

    @Test("a field back at its baseline in a draft restored elsewhere: the attempt there tells, and the copy agrees")
    func revertSeenInTheSessionItWasRestoredInto() async throws {
        try await Self.copyAfterErasing("dave", [
            ("d1", .present(presentation: "m1", route: Route(name: "n"), baseline: ["f": "A", "g": "G"])),
            ("d1", .edit(field: "f", value: "X")),
            ("d1", .edit(field: "f", value: "A")),
            ("d1", .edit(field: "g", value: "Y")),
            ("d1", .endSession),
            ("d2", .restoreDraft(from: DraftReference(session: "d1", presentation: "m1"), as: "m1r")),
            ("d2", .attemptDismiss(source: .swipe)),
            ("d2", .confirmDiscard()),
        ])
    }

    /// The base held an erased subject's carried values as erased markers, which a restore refuses to
    /// record: the copy refused the restore of e1's draft ("holds a value read as erased").
    @Test("drafts the base carries, restored or typed back to the baseline after the cut, their subject erased after that")
    func carriedDraftsAfterTheCut() async throws {
        try await Self.copyAfterErasing("erin", [
            ("e1", .present(presentation: "p1", route: Route(name: "n"), baseline: ["title": "Desk", "price": 30])),
            ("e1", .edit(field: "amount", value: "12")),
            ("e1", .edit(field: "title", value: "Floor")),
            ("e1", .edit(field: "title", value: "Desk")),
            ("e3", .present(presentation: "p3", route: Route(name: "n"), baseline: ["title": "Chair"])),
            ("e3", .edit(field: "title", value: "Stool")),
            ("e2", .restoreDraft(from: DraftReference(session: "e1", presentation: "p1"), as: "p1r")),
            ("e2", .edit(field: "amount", value: "13")),
            ("e2", .attemptDismiss(source: .swipe)),
            ("e2", .keepEditing()),
            ("e3", .edit(field: "title", value: "Chair")),
            ("e3", .attemptDismiss(source: .swipe)),
        ], prunedBefore: 6)
    }

    @Test("a draft is restored only into a session of its own subject; refused, nothing is written")
    func restoreIntoAnotherSubjectIsRefused() async throws {
        let directory = try TemporaryDirectory("erase-restore-subject")
        let path = directory.path()
        let database = try SheetLogDatabase.open(path: path, options: ErasureTests.options(MasterKey.generate()))
        try await database.record(.present(presentation: "m", route: Route(name: "n"), baseline: ["f": "B0"]), in: "h2", subject: "hal")
        try await database.record(.edit(field: "f", value: "mk-hal-7d1e"), in: "h2")
        try await database.record(.attemptDismiss(source: .programmatic), in: "h2")
        try await database.record(.present(presentation: "k", route: Route(name: "k")), in: "i2", subject: "ida")
        let rows = try SealedDatabaseTests.rows(path)
        let draft = DraftReference(session: "h2", presentation: "m")
        for (session, subject) in [("i2", nil), ("i3", "ida")] as [(String, String?)] {
            let refused = await #expect(throws: SheetLogError.self) {
                try await database.record(.restoreDraft(from: draft), in: session, subject: subject)
            }
            #expect(refused?.code == .ruleViolation, "\(String(describing: refused))")
            #expect(refused?.message.contains("restored only into a session of its own subject") == true)
            #expect(refused?.message.contains("mk-hal") == false)
        }
        #expect(try SealedDatabaseTests.rows(path) == rows, "nothing written")
        try await database.record(.restoreDraft(from: draft), in: "h3")
        #expect(try await database.state(of: "h3").presentations["m"]?.values["f"] == "mk-hal-7d1e", "into a new session it takes the draft's subject")
        try await database.erase(subject: "hal", requestedBy: "test")
        #expect(try await database.state(of: "h3").presentations["m"]?.values["f"] == .erased, "and erasing hal reaches it there")
    }
}

/// Random sessions of one subject, erased, copied through the export: the copy decides every
/// command as the original did. A differential test against the original log.
@Suite("erasure copied, over random sessions")
struct ErasureCopyPropertyTests {
    static let sequences = Gen.int(in: 0...999_999).array(of: 1...40)

    /// What erasure leaves of a session's events, and what the copy must match: type,
    /// presentation, and every decision an attempt recorded.
    static func structure(of events: [RecordedEvent], keys: any SubjectKeys) throws -> [String] {
        try events.map { recorded in
            let event = try SheetEventCodec.decode(recorded, keys: keys)
            var text = "\(recorded.eventID) \(recorded.type) \(event.presentation ?? "-")"
            if case .attemptDismiss(let payload) = event.kind {
                text += " \(payload.outcome) dirty=\(payload.dirty) \(payload.changedFields) \(payload.confirmation) \(payload.popped)"
            }
            return text
        }
    }

    /// Pruned, the base carries the subject's open drafts across the cut (a random point), and right
    /// after it one of them is restored when there is one; the commands after it edit and dismiss them.
    @Test("a copy of an erased subject's sessions appends the same events, with the same decisions, and exports the same",
          arguments: [false, true])
    func copyDecidesAlike(pruned: Bool) async throws {
        let directory = try TemporaryDirectory("erase-copy-property")
        var round = 0
        // 12 sequences (2.7 s; 40 took 9.1 s, each two sealed files, an erasure and a copy); the soak runs 40.
        await propertyCheck(count: TestSize.cases(12, soak: 40), input: Self.sequences) { numbers in
            round += 1
            try await Self.check(numbers, prunedAfter: pruned ? numbers[0] % numbers.count : nil, in: directory, round: round)
        }
    }

    /// Records the commands `numbers` choose into sessions a and b of subject `gone` (pruned through
    /// its end after `prunedAfter` of them), erases the subject, copies the export into a fresh sealed
    /// database and compares both.
    private static func check(_ numbers: [Int], prunedAfter: Int?, in directory: TemporaryDirectory, round: Int) async throws {
        let source = try SheetLogDatabase.open(
            path: directory.path("source-\(round).sqlite"), options: ErasureTests.options(MasterKey.generate()))
        var nextID = 0
        var now: Int64 = 1_767_225_600_000
        for (index, number) in numbers.enumerated() {
            if index == prunedAfter { _ = try await source.prune(before: Date().addingTimeInterval(86_400)) }
            var chooser = CommandChooser(number)
            var session = chooser.chance(80) ? "a" : "b"
            nextID += 1
            now += Int64(1 + chooser.below(5_000))
            let drafts = try await source.recoverableDrafts().map(\.reference)
            var command = chooser.command(for: try await source.state(of: session), freshID: "p\(nextID)", drafts: drafts)
            // Right after the cut, a draft the base carries is restored when there is one.
            if index == prunedAfter, let carried = drafts.first {
                (session, command) = (carried.session, .restoreDraft(from: carried, as: "p\(nextID)"))
            }
            do {
                try await source.record(command, in: session, id: "c\(nextID)", occurredAt: now, subject: "gone")
            } catch let error as SheetLogError where [.ruleViolation, .invalidInput, .payloadTooLarge, .pruned].contains(error.code) {
                // Refused, as the original's own command was (a session the prune removed whole: pruned).
                continue
            }
        }
        guard try await source.lastPosition() > 0 else { return }
        _ = try await source.erase(subject: "gone", requestedBy: "test")
        let entries = try await source.exportLog()

        let copy = try SheetLogDatabase.open(
            path: directory.path("copy-\(round).sqlite"), options: ErasureTests.options(MasterKey.generate()))
        _ = try await ErasureCopyTests.copy(entries, into: copy)
        #expect(try await copy.exportLog() == entries)
        for session in ["a", "b"] {
            let original = try Self.structure(of: try await source.backend.readStream(session), keys: source.backend.subjectKeys)
            let copied = try Self.structure(of: try await copy.backend.readStream(session), keys: copy.backend.subjectKeys)
            #expect(copied == original, "session \(session) of \(numbers), pruned after \(prunedAfter.map(String.init) ?? "none")")
        }
        #expect(try await copy.dismissalsThatDiscardedUnsavedData() == (try await source.dismissalsThatDiscardedUnsavedData()))
        #expect(try await copy.recoverableDrafts().map(\.reference) == (try await source.recoverableDrafts().map(\.reference)))
        try source.close()
        try copy.close()
    }
}
