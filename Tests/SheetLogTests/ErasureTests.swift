import Foundation
import GRDB
import SheetLog
import SheetLogCore
import SheetLogSQLite
import SheetLogTestSupport
import Testing

/// `erase(subject:)` seen from outside: the bytes of the files afterwards, what every reader shows,
/// what still works, and what a second handle on the same file does.
@Suite("erasure")
struct ErasureTests {
    static func options(_ key: MasterKey) -> SheetLogDatabase.Options {
        SealedDatabaseTests.options(key)
    }

    /// Subject `gone` and subject `kept`, each with a session of every value-carrying command, a
    /// recoverable draft, and a dismissal that discarded unsaved data.
    static func record(into database: SheetLogDatabase) async throws {
        for (subject, mark) in [("gone", "g"), ("kept", "k")] {
            let session = "\(subject)-1"
            try await database.record(
                .present(presentation: "p1", route: .newExpense, baseline: ["category": .string("mk-\(mark)-base-0be2")]),
                in: session, subject: subject)
            try await database.record(.edit(field: "amount", value: .string("mk-\(mark)-amount-5f1e")), in: session)
            try await database.record(.save(values: ["amount": .string("mk-\(mark)-saved-9e83")]), in: session)
            try await database.record(.present(presentation: "p2", route: .newFriend), in: session)
            try await database.record(.edit(field: "payee", value: .string("mk-\(mark)-payee-71cc")), in: session)
            try await database.record(.attemptDismiss(source: .swipe), in: session)
            try await database.record(.confirmDiscard(), in: session)
            try await database.record(.present(presentation: "p3", route: .newFriend), in: session)
            try await database.record(.edit(field: "payee", value: .string("mk-\(mark)-draft-c41d")), in: session)
            try await database.record(.endSession, in: session)
        }
    }

    /// The subject's key as stored (wrapped) and as it seals (raw): the bytes erasure must remove.
    static func keyBytes(of subject: String, in path: String, master: MasterKey) throws -> [Data] {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        let wrapped = try #require(try queue.read { db in
            try Data.fetchOne(db, sql: "SELECT wrapped_key FROM subject_keys WHERE subject = ?", arguments: [subject])
        })
        let raw = try #require(master.unwrap([UInt8](wrapped), subject: subject))
        return [wrapped, Data(raw.material)]
    }

    static func holds(_ bytes: [Data], in path: String) -> Bool {
        let files = SealedDatabaseTests.fileBytes(path)
        return bytes.contains { files.range(of: $0) != nil }
    }

    @Test("the key leaves the file, its WAL and its shm; the subject reads as [erased], the other subject as it was")
    func eraseOneSubject() async throws {
        let directory = try TemporaryDirectory("erase")
        let path = directory.path()
        let master = MasterKey.generate()
        var database = try SheetLogDatabase.open(path: path, options: Self.options(master))
        try await Self.record(into: database)
        let gone = try Self.keyBytes(of: "gone", in: path, master: master)
        let kept = try Self.keyBytes(of: "kept", in: path, master: master)
        #expect(Self.holds([gone[0]], in: path), "the control: the wrapped key is on disk before")
        let auditBefore = try await database.dismissalsThatDiscardedUnsavedData()
        let keptBefore = try await database.replay("kept-1").map(\.sheetEvent)

        let report = try await database.erase(subject: "gone", requestedBy: "ticket 1234")
        #expect(report.alreadyErased == false)
        #expect(report.sessions == 1)
        #expect(report.walCheckpointed)
        #expect(report.position == (try await database.lastPosition()))
        #expect(!Self.holds(gone, in: path), "no byte of the erased key, wrapped or raw, in the file, -wal or -shm")
        #expect(Self.holds([kept[0]], in: path), "the other subject's key stays")

        for round in 0..<2 {
            let steps = try await database.replay("gone-1")
            #expect(steps[1].sheetEvent.kind == .edit(.init(presentation: "p1", field: "amount", value: .erased)), "round \(round)")
            #expect(steps[0].state.presentations["p1"]?.baseline == ["category": .erased])
            #expect(try await database.state(of: "gone-1").presentations.values.allSatisfy { $0.values.values.allSatisfy { $0 == .erased } })
            #expect(try await database.replay("kept-1").map(\.sheetEvent) == keptBefore)
            let drafts = try await database.recoverableDrafts()
            #expect(drafts.map(\.session) == ["kept-1"], "the erased drafts are no longer offered")
            #expect(drafts.first?.values == ["payee": .string("mk-k-draft-c41d")])
            let exported = try await database.exportCommands(session: "gone-1")
            #expect(exported.contains {
                guard case let .edit("amount", .string(value), "p1") = $0.command else { return false }
                return value.hasPrefix("[erased ")
            }, "an erased edit is exported as a stand-in: \(exported.map(\.command))")
            #expect(try await database.exportCommands().allSatisfy { $0.session != "$erasures" })
            #expect(try await database.dismissalsThatDiscardedUnsavedData() == auditBefore, "the audit never held values")
            let verified = try await database.verify()
            #expect(verified.isHealthy, "\(String(describing: verified.firstFailure))")
            #expect(verified.sessions == 2, "the log's own $erasures stream is no session")
            #expect(try await database.stats().sessions == 2)
            try database.close()
            database = try SheetLogDatabase.openExisting(path: path, options: Self.options(master))
        }
        try await database.rebuildProjections()
        #expect(try await database.verify().isHealthy)
        #expect(try await database.recoverableDrafts().map(\.session) == ["kept-1"])
        #expect(try await database.dismissalsThatDiscardedUnsavedData() == auditBefore)
        let erasure = try await database.backend.readStream("$erasures")
        #expect(erasure.map(\.type) == ["eraseSubject"])
        #expect(erasure.first?.payload == #"{"requestedBy":"ticket 1234","subject":"gone"}"#)
        try database.close()
        #expect(!Self.holds(gone, in: path))
    }

    @Test("stats counts the drafts recovery offers: not an erased subject's")
    func statsCountsNoErasedDraft() async throws {
        let directory = try TemporaryDirectory("erase-stats")
        let database = try SheetLogDatabase.open(path: directory.path(), options: Self.options(MasterKey.generate()))
        defer { try? database.close() }
        try await Self.record(into: database)
        for session in ["gone-2", "kept-2"] {
            try await database.record(.present(presentation: "q", route: .newFriend), in: session, subject: String(session.prefix(4)))
            try await database.record(.edit(field: "payee", value: .string("mk-q")), in: session)
        }
        let before = try await database.stats()
        #expect(before.recoverableDrafts == 4, "the control: \(before)")
        _ = try await database.erase(subject: "gone", requestedBy: "ticket 77")
        // Erased, `{}` against `{"payee": "[erased]"}` still reads as dirty in the rows: stats must not count them.
        let after = try await database.stats()
        let offered = try await database.recoverableDrafts()
        #expect(offered.map(\.session).sorted() == ["kept-1", "kept-2"])
        #expect(after.recoverableDrafts == offered.count, "\(after)")
        #expect(after.openDrafts == offered.filter { $0.reason == .open }.count, "\(after)")
    }

    @Test("verify checks the keys against the log's erasures: an erasure without its event, a key put back after one")
    func verifyChecksKeysAgainstErasures() async throws {
        let directory = try TemporaryDirectory("erase-verify")
        let path = directory.path()
        let master = MasterKey.generate()
        let database = try SheetLogDatabase.open(path: path, options: Self.options(master))
        try await Self.record(into: database)
        let goneKey = try Self.keyBytes(of: "gone", in: path, master: master)[0]
        _ = try await database.erase(subject: "gone", requestedBy: "ticket 5")
        let healthy = try await database.verify()
        #expect(healthy.checks.first { $0.name == "subject-keys" }?.detail == "1 subject key(s) held, 1 erased, as the log's erasures say")
        #expect(healthy.isHealthy)
        try database.close()

        func tampered(_ sql: String, _ arguments: StatementArguments) async throws -> VerificationReport.Check? {
            let copy = directory.path("copy-\(UUID().uuidString).sqlite")
            try FileManager.default.copyItem(atPath: path, toPath: copy)
            let queue = try DatabaseQueue(path: copy)
            try await queue.write { db in try db.execute(sql: sql, arguments: arguments) }
            try queue.close()
            let opened = try SheetLogDatabase.openExisting(path: copy, options: Self.options(master))
            defer { try? opened.close() }
            return try await opened.verify().checks.first { $0.name == "subject-keys" }
        }
        let silent = try await tampered("UPDATE subject_keys SET wrapped_key = NULL, erased_at = 1 WHERE subject = 'kept'", [])
        #expect(silent?.passed == false)
        #expect(silent?.detail == "subject kept's key is erased, but no eraseSubject event records it")
        let putBack = try await tampered("UPDATE subject_keys SET wrapped_key = ?, erased_at = NULL WHERE subject = 'gone'", [goneKey])
        #expect(putBack?.passed == false)
        #expect(putBack?.detail == "subject gone was erased by an eraseSubject event, but its key is back")
    }

    @Test("erasing twice changes nothing and says when; the erased subject takes no more commands")
    func eraseTwice() async throws {
        let directory = try TemporaryDirectory("erase")
        let path = directory.path()
        let clock = ManualClock()
        var options = Self.options(MasterKey.generate())
        options.clock = clock
        let database = try SheetLogDatabase.open(path: path, options: options)
        try await Self.record(into: database)
        for subject in ["gone", "kept"] {
            try await database.record(.present(presentation: "p1", route: .newExpense), in: "\(subject)-open", subject: subject)
        }
        clock.advance(by: 5_000)
        let first = try await database.erase(subject: "gone", requestedBy: "test")
        let rows = try SealedDatabaseTests.rows(path)
        clock.advance(by: 5_000)
        let second = try await database.erase(subject: "gone", requestedBy: "again")
        #expect(second.alreadyErased)
        #expect(second.erasedAt == first.erasedAt)
        #expect(second.position == nil)
        #expect(second.sessions == 2)
        #expect(try SealedDatabaseTests.rows(path) == rows, "nothing written")

        for command in [SheetCommand.edit(field: "amount", value: "1"), .present(presentation: "p9", route: .newFriend)] {
            let refused = await #expect(throws: SheetLogError.self) { try await database.record(command, in: "gone-open") }
            #expect(refused?.code == .subjectErased, "\(String(describing: refused))")
        }
        let newSession = await #expect(throws: SheetLogError.self) {
            try await database.record(.present(presentation: "p1", route: .newExpense), in: "gone-2", subject: "gone")
        }
        #expect(newSession?.code == .subjectErased)
        #expect(try SealedDatabaseTests.rows(path) == rows, "the refused commands wrote nothing")
        try await database.record(.edit(field: "amount", value: "2"), in: "kept-open")
    }

    @Test("a command resent by id after its subject was erased is answered as stored, whatever its values; another command under its id is a conflict; nothing changes")
    func resendAfterErasure() async throws {
        let directory = try TemporaryDirectory("erase")
        let path = directory.path()
        let database = try SheetLogDatabase.open(path: path, options: Self.options(MasterKey.generate()))
        let commands: [(SheetCommand, String)] = [
            (.present(presentation: "p1", route: .newExpense, baseline: ["amount": "12"]), "c-1"),
            (.edit(field: "amount", value: "13"), "c-2"),
            (.save(values: ["amount": "13"]), "c-3"),
        ]
        var stored: [[RecordedEvent]] = []
        for (command, id) in commands { stored.append(try await database.record(command, in: "s", id: id, subject: "gone").events) }
        try await database.erase(subject: "gone", requestedBy: "test")
        let rows = try SealedDatabaseTests.rows(path)
        // The retry of an app that never heard the answer (its values), and a copy's (`[erased]`).
        let erasedValues: [SheetCommand] = [
            .present(presentation: "p1", route: .newExpense, baseline: ["amount": .erased]), .edit(field: "amount", value: .erased),
            .save(values: ["amount": .erased]),
        ]
        for resend in [commands.map(\.0), erasedValues] {
            for ((command, id), original) in zip(zip(resend, commands.map(\.1)), stored) {
                let result = try await database.record(command, in: "s", id: id)
                #expect(result.alreadyStored)
                #expect(result.events.map(\.eventID) == original.map(\.eventID))
            }
        }
        let conflicts: [(SheetCommand, String, String)] = [
            (.edit(field: "note", value: "13"), "c-2", "field"),
            (.present(presentation: "p1", route: .newExpense, baseline: ["amount": "12", "note": "x"]), "c-1", "baseline"),
            (.endSession, "c-3", "command"),
        ]
        for (command, id, field) in conflicts {
            let refused = await #expect(throws: SheetLogError.self) { try await database.record(command, in: "s", id: id) }
            #expect(refused?.code == .idempotencyConflict, "\(String(describing: refused))")
            #expect(refused?.context.field == field)
            #expect(refused?.message.contains("13") == false, "never a value")
        }
        let new = await #expect(throws: SheetLogError.self) {
            try await database.record(.present(presentation: "p2", route: .newExpense), in: "s", id: "c-4")
        }
        #expect(new?.code == .subjectErased)
        #expect(try SealedDatabaseTests.rows(path) == rows, "the resends wrote nothing")
    }

    @Test("a reader elsewhere holding the WAL back: erase reports it after one busy timeout; the next erase settles it")
    func readerHoldsTheCheckpointBack() async throws {
        let directory = try TemporaryDirectory("erase")
        let path = directory.path()
        let master = MasterKey.generate()
        var options = Self.options(master)
        options.busyTimeout = .seconds(2)
        let database = try SheetLogDatabase.open(path: path, options: options)
        try await Self.record(into: database)
        let key = try Self.keyBytes(of: "gone", in: path, master: master)
        // Another connection, as another process would be, in the middle of a read.
        let reader = try DatabaseQueue(path: path)
        let holding = AsyncStream<Void>.makeStream()
        let release = AsyncStream<Void>.makeStream()
        let held = Task {
            try await reader.read { db in
                _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM events")
                holding.continuation.yield()
                // Blocks this connection's queue, not the test: released below.
                let semaphore = DispatchSemaphore(value: 0)
                Task { for await _ in release.stream { break }; semaphore.signal() }
                semaphore.wait()
            }
        }
        for await _ in holding.stream { break }
        let started = ContinuousClock.now
        let report = try await database.erase(subject: "gone", requestedBy: "test")
        let took = ContinuousClock.now - started
        #expect(!report.walCheckpointed, "the reader's snapshot needs the WAL's frames")
        // One busy timeout (2 s), not one per try: twenty tries took 40 s and more.
        #expect(took < .seconds(20), "\(took)")
        release.continuation.yield()
        try await held.value
        try reader.close()
        let again = try await database.erase(subject: "gone", requestedBy: "test")
        #expect(again.alreadyErased && again.walCheckpointed)
        try database.close()
        #expect(!Self.holds(key, in: path), "no copy of the key in the file, its WAL or its shm")
    }

    @Test("the log's own $erasures stream is no session: record, replay, state and export refuse it by that rule")
    func theErasuresStreamIsNoSession() async throws {
        let directory = try TemporaryDirectory("erase")
        let path = directory.path()
        let database = try SheetLogDatabase.open(path: path, options: Self.options(MasterKey.generate()))
        try await Self.record(into: database)
        try await database.erase(subject: "gone", requestedBy: "test")
        let rows = try SealedDatabaseTests.rows(path)
        let rule = "the session id starts with $, which is kept for the log's own streams (such as $erasures)"
        let refusals: [(String, () async throws -> Void)] = [
            ("present", { try await database.record(.present(presentation: "p", route: .newExpense), in: "$erasures") }),
            ("edit", { try await database.record(.edit(field: "amount", value: "1"), in: "$erasures") }),
            ("replay", { _ = try await database.replay("$erasures") }),
            ("state", { _ = try await database.state(of: "$erasures") }),
            ("state(at:)", { _ = try await database.state(of: "$erasures", at: 1) }),
            ("export", { _ = try await database.exportCommands(session: "$erasures") }),
        ]
        for (operation, call) in refusals {
            let refused = await #expect(throws: SheetLogError.self, "\(operation)") { try await call() }
            #expect(refused?.code == .invalidInput, "\(operation): \(String(describing: refused))")
            #expect(refused?.message == "\(operation): \(rule)", "\(String(describing: refused?.message))")
        }
        #expect(try SealedDatabaseTests.rows(path) == rows, "nothing written")
    }

    @Test("a plain database cannot erase; an unknown or malformed subject is refused; nothing changes")
    func refusals() async throws {
        let directory = try TemporaryDirectory("erase")
        let plainPath = directory.path("plain.sqlite")
        let plain = try SheetLogDatabase.open(path: plainPath, options: testOptions())
        try await plain.record(.present(presentation: "p1", route: .newExpense), in: "s1")
        let plainRows = try SealedDatabaseTests.rows(plainPath)
        let notSealed = await #expect(throws: SheetLogError.self) { try await plain.erase(subject: "default", requestedBy: "test") }
        #expect(notSealed?.code == .notSealed)
        #expect(notSealed?.message.hasPrefix("\(plainPath) holds a plain log: its values were never sealed, so no key can erase them") == true)
        #expect(try SealedDatabaseTests.rows(plainPath) == plainRows)

        let sealedPath = directory.path("sealed.sqlite")
        let sealed = try SheetLogDatabase.open(path: sealedPath, options: Self.options(MasterKey.generate()))
        try await sealed.record(.present(presentation: "p1", route: .newExpense, baseline: ["a": "b"]), in: "s1", subject: "user-1")
        let rows = try SealedDatabaseTests.rows(sealedPath)
        let unknown = await #expect(throws: SheetLogError.self) { try await sealed.erase(subject: "user-2", requestedBy: "test") }
        #expect(unknown?.code == .notFound)
        #expect(unknown?.message == "subject user-2 has no key in this database: no session of it was recorded here")
        for bad in ["", "user\u{1B}[2J"] {
            let malformed = await #expect(throws: SheetLogError.self) { try await sealed.erase(subject: bad, requestedBy: "test") }
            #expect(malformed?.code == .invalidInput)
        }
        // Who asked is part of the record: a new erasure must name them.
        let nobody = await #expect(throws: SheetLogError.self) { try await sealed.erase(subject: "user-1", requestedBy: "") }
        #expect(nobody?.code == .invalidInput)
        #expect(nobody?.message.contains("the requester is empty") == true)
        #expect(try SealedDatabaseTests.rows(sealedPath) == rows)
        let reserved = await #expect(throws: SheetLogError.self) {
            try await sealed.record(.present(presentation: "p1", route: .newExpense), in: "$erasures")
        }
        #expect(reserved?.code == .invalidInput)
        #expect(reserved?.message.contains("starts with $") == true)
    }

    @Test("a second handle that sealed with the key before never seals with it after another erased it")
    func anotherHandleErases() async throws {
        let directory = try TemporaryDirectory("erase")
        let path = directory.path()
        let master = MasterKey.generate()
        let writer = try SheetLogDatabase.open(path: path, options: Self.options(master))
        defer { try? writer.close() }
        try await writer.record(.present(presentation: "p1", route: .newExpense), in: "s1", subject: "user-1")
        try await writer.record(.edit(field: "amount", value: "1"), in: "s1")
        let other = try SheetLogDatabase.open(path: path, options: Self.options(master))
        _ = try await other.erase(subject: "user-1", requestedBy: "test")
        try other.close()
        let refused = await #expect(throws: SheetLogError.self) {
            try await writer.record(.edit(field: "amount", value: "mk-after-erase"), in: "s1")
        }
        #expect(refused?.code == .subjectErased)
        let stored = try await writer.backend.readStream("s1")
        let erasedAt = try #require(try await writer.backend.readStream("$erasures").first?.position)
        #expect(stored.map(\.type) == ["present", "edit", "attemptDismiss", "endSession"], "the erasure closed the session; nothing after it")
        #expect(stored.allSatisfy { $0.position < erasedAt }, "nothing sealed with the erased key")
    }

    @Test("many tasks recording while a subject is erased: every command is either stored before it or refused")
    func eraseUnderConcurrentRecording() async throws {
        let directory = try TemporaryDirectory("erase")
        let path = directory.path()
        let database = try SheetLogDatabase.open(path: path, options: Self.options(MasterKey.generate()))
        for task in 0..<8 {
            try await database.record(.present(presentation: "p", route: .newExpense), in: "s\(task)", subject: "user-\(task % 2)")
        }
        let refusals = try await withThrowingTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var refused = 0
                    for edit in 0..<20 {
                        do {
                            try await database.record(.edit(field: "f", value: .string("v\(edit)")), in: "s\(task)")
                        } catch let error as SheetLogError where error.code == .subjectErased {
                            refused += 1
                        }
                    }
                    return refused
                }
            }
            group.addTask {
                try await Task.sleep(for: .milliseconds(5))
                _ = try await database.erase(subject: "user-0", requestedBy: "test")
                return 0
            }
            return try await group.reduce(0, +)
        }
        let erasedAt = try #require(try await database.backend.readStream("$erasures").first?.position)
        for task in stride(from: 0, to: 8, by: 2) {
            let events = try await database.backend.readStream("s\(task)")
            #expect(events.allSatisfy { $0.position < erasedAt }, "no event of the erased subject after its erasure")
        }
        #expect(refusals == (0..<8).filter { $0 % 2 == 0 }.count * 20 - (try await Self.editsStored(inSessions: [0, 2, 4, 6], database)))
        for task in stride(from: 1, to: 8, by: 2) {
            #expect(try await database.backend.readStream("s\(task)").count == 21)
        }
        #expect(try await database.verify().isHealthy)
    }

    static func editsStored(inSessions tasks: [Int], _ database: SheetLogDatabase) async throws -> Int {
        var count = 0
        for task in tasks { count += try await database.backend.readStream("s\(task)").filter { $0.type == "edit" }.count }
        return count
    }
}
