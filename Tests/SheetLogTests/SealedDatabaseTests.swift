import Foundation
import GRDB
import SheetLog
import SheetLogSQLite
import SheetLogTestSupport
import Testing

/// A sealed database seen from outside: the bytes of its files, what the app reads back, and what a
/// wrong key, a tampered value or another subject do.
@Suite("sealed databases")
struct SealedDatabaseTests {
    static func options(_ key: MasterKey?, subject: String = "default") -> SheetLogDatabase.Options {
        var options = testOptions()
        options.keys = key
        options.defaultSubject = subject
        return options
    }

    /// Markers no SQLite page holds by chance.
    static let markers = ["mk-amount-5f1e9a", "mk-note-c41d77", "mk-base-0be2d3", "mk-saved-9e83aa", "mk-payee-71cc02"]

    /// A session of every value-carrying command: present with a baseline, edits, a save, another
    /// present left dirty (a recoverable draft), and a restore of a draft into a new session.
    static func record(into database: SheetLogDatabase, subject: String? = nil) async throws {
        try await database.record(
            .present(presentation: "p1", route: .newExpense, baseline: ["category": .string(markers[2])]), in: "s1", subject: subject)
        try await database.record(.edit(field: "amount", value: .string(markers[0])), in: "s1")
        try await database.record(.edit(field: "note", value: .string(markers[1])), in: "s1")
        try await database.record(.save(values: ["amount": .string(markers[3])]), in: "s1")
        try await database.record(.present(presentation: "p2", route: .newFriend), in: "s1")
        try await database.record(.edit(field: "payee", value: .string(markers[4])), in: "s1")
        try await database.record(.endSession, in: "s1")
        try await database.record(.restoreDraft(from: DraftReference(session: "s1", presentation: "p2"), as: "p3"), in: "s2")
    }

    /// Every byte of the database and its `-wal` and `-shm`, as they are on disk now.
    static func fileBytes(_ path: String) -> Data {
        var bytes = Data()
        for suffix in ["", "-wal", "-shm"] { bytes += FileManager.default.contents(atPath: path + suffix) ?? Data() }
        return bytes
    }

    /// Every row of the log, the keys and the sealing, read through SQLite (a checkpoint may move
    /// bytes between the WAL and the file without changing a row).
    static func rows(_ path: String) throws -> [String] {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        return try queue.read { db in
            var rows: [String] = []
            for table in ["events", "subject_keys", "sealing", "presentations", "sessions", "sheetlog_migrations"] {
                rows += try Row.fetchAll(db, sql: "SELECT * FROM \(table)").map { "\(table): \($0)" }
            }
            return rows
        }
    }

    static func containsAny(_ bytes: Data, _ markers: [String]) -> [String] {
        markers.filter { bytes.range(of: Data($0.utf8)) != nil }
    }

    @Test("no value typed reaches the file, its WAL or its shm; a plain database with the same input holds them all")
    func noPlaintextOnDisk() async throws {
        let directory = try TemporaryDirectory("sealed")
        let sealedPath = directory.path("sealed.sqlite")
        let sealed = try SheetLogDatabase.open(path: sealedPath, options: Self.options(MasterKey.generate()))
        try await Self.record(into: sealed)
        #expect(Self.containsAny(Self.fileBytes(sealedPath), Self.markers) == [], "while open, WAL included")
        try sealed.close()
        #expect(Self.containsAny(Self.fileBytes(sealedPath), Self.markers) == [], "after the checkpoint at close")

        let plainPath = directory.path("plain.sqlite")
        let plain = try SheetLogDatabase.open(path: plainPath, options: testOptions())
        try await Self.record(into: plain)
        try plain.close()
        #expect(Self.containsAny(Self.fileBytes(plainPath), Self.markers) == Self.markers, "the control")
    }

    @Test("state, replay, recovery and export read the values back, also after reopening with the key")
    func readsBack() async throws {
        let directory = try TemporaryDirectory("sealed")
        let path = directory.path()
        let key = MasterKey.generate()
        var database = try SheetLogDatabase.open(path: path, options: Self.options(key))
        try await Self.record(into: database)
        for round in 0..<2 {
            let s2 = try await database.state(of: "s2")
            #expect(s2.presentations["p3"]?.values == ["payee": .string(Self.markers[4])], "round \(round)")
            let steps = try await database.replay("s1")
            #expect(steps[1].sheetEvent.kind == .edit(.init(presentation: "p1", field: "amount", value: .string(Self.markers[0]))))
            #expect(steps[0].state.presentations["p1"]?.baseline == ["category": .string(Self.markers[2])])
            let drafts = try await database.recoverableDrafts()
            #expect(drafts.map(\.values) == [["payee": .string(Self.markers[4])]])
            let exported = try await database.exportCommands()
            #expect(exported.first?.subject == "default")
            #expect(exported.contains { $0.command == .edit(field: "note", value: .string(Self.markers[1]), presentation: "p1") })
            let report = try await database.verify()
            #expect(report.isHealthy, "\(String(describing: report.firstFailure))")
            try database.close()
            database = try SheetLogDatabase.openExisting(path: path, options: Self.options(key))
        }
        try await database.rebuildProjections()
        #expect(try await database.verify().isHealthy)
        #expect(try await database.recoverableDrafts().map(\.values) == [["payee": .string(Self.markers[4])]])
    }

    @Test("rows written edit by edit, values changing back and forth, are the rows a rebuild writes, byte for byte")
    func rowsAsRebuilt() async throws {
        let directory = try TemporaryDirectory("sealed")
        let path = directory.path()
        let database = try SheetLogDatabase.open(path: path, options: Self.options(MasterKey.generate()))
        var random = SplitMix64(seed: 17)
        for session in ["s1", "s2"] {
            try await database.record(
                .present(presentation: "p1", route: .newExpense, baseline: ["amount": "1", "note": "a"]), in: session, subject: session)
            for step in 0..<60 {
                if step == 30 { try await database.record(.present(presentation: "p2", route: .newFriend), in: session) }
                let field = random.pick(["amount", "note", "payee"])
                try await database.record(.edit(field: field, value: random.pick(["1", "2", "a", "", nil, 3])), in: session)
            }
        }
        let written = try Self.rows(path).filter { $0.hasPrefix("presentations:") }
        #expect(written.count == 4)
        try await database.rebuildProjections()
        #expect(try Self.rows(path).filter { $0.hasPrefix("presentations:") } == written)
    }

    @Test("a wrong master key, or none, is refused in one line and writes nothing")
    func wrongOrMissingKey() async throws {
        let directory = try TemporaryDirectory("sealed")
        let path = directory.path()
        let database = try SheetLogDatabase.open(path: path, options: Self.options(MasterKey.generate()))
        try await Self.record(into: database)
        try database.close()
        let before = try Self.rows(path)
        // Byte for byte: opening for writing switched to WAL and let GRDB create and drop a table
        // before the key was checked, so a refused open changed the file's header and pages.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))

        let other = MasterKey.generate()
        for open in [SheetLogDatabase.open, SheetLogDatabase.openExisting, SheetLogDatabase.openForReading] {
            let wrong = #expect(throws: SheetLogError.self) { try open(path, Self.options(other)) }
            #expect(wrong?.code == .wrongKey)
            #expect(wrong?.message.contains(other.check) == true)
            #expect(wrong?.message.contains("\n") == false)
        }
        for open in [SheetLogDatabase.open, SheetLogDatabase.openExisting] {
            // A writer needs the key; a reader reads without it, every value withheld (below).
            let missing = #expect(throws: SheetLogError.self) { try open(path, testOptions()) }
            #expect(missing?.code == .keyUnavailable)
            #expect(missing?.message == "\(path) is sealed: give its master key (--key-file FILE or SHEETLOG_KEY_FILE)")
        }
        #expect(try Self.rows(path) == before)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes, "a refused open changed the file")
    }

    @Test("a plain database with events is not turned sealed by a key; an empty one is")
    func plainStaysPlain() async throws {
        let directory = try TemporaryDirectory("sealed")
        let path = directory.path()
        let plain = try SheetLogDatabase.open(path: path, options: testOptions())
        try await plain.record(.present(presentation: "p1", route: .newExpense), in: "s1")
        try plain.close()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let refused = #expect(throws: SheetLogError.self) { try SheetLogDatabase.open(path: path, options: Self.options(MasterKey.generate())) }
        #expect(refused?.code == .notSealed)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes, "a refused key changed the plain file")
        let reader = try SheetLogDatabase.openForReading(path: path, options: Self.options(MasterKey.generate()))
        #expect(try await reader.state(of: "s1").presentations["p1"] != nil, "a reader reads a plain file as it is")

        let emptyPath = directory.path("empty.sqlite")
        try SheetLogDatabase.open(path: emptyPath, options: testOptions()).close()
        let key = MasterKey.generate()
        let sealed = try SheetLogDatabase.open(path: emptyPath, options: Self.options(key))
        try await sealed.record(.present(presentation: "p1", route: .newExpense, baseline: ["a": "mk-empty-3a9b"]), in: "s1")
        try sealed.close()
        #expect(Self.containsAny(Self.fileBytes(emptyPath), ["mk-empty-3a9b"]) == [])
        #expect(throws: SheetLogError.self) { try SheetLogDatabase.open(path: emptyPath, options: testOptions()) }
    }

    @Test("each session keeps the subject of its first command; another subject is refused; the default fills in")
    func subjects() async throws {
        let database = try SheetLogDatabase.inMemory(options: Self.options(MasterKey.generate(), subject: "device-owner"))
        try await database.record(.present(presentation: "p1", route: .newExpense), in: "s1", subject: "user-1")
        try await database.record(.edit(field: "amount", value: "1"), in: "s1", subject: "user-1")
        let moved = await #expect(throws: SheetLogError.self) {
            try await database.record(.edit(field: "amount", value: "2"), in: "s1", subject: "user-2")
        }
        #expect(moved?.code == .ruleViolation)
        #expect(moved?.message == "session s1 belongs to subject user-1; a command cannot move it to subject user-2")
        try await database.record(.present(presentation: "q1", route: .newExpense), in: "s2")
        try await database.record(.restoreDraft(from: DraftReference(session: "s1", presentation: "p1"), as: "p9"), in: "s3")
        let subjects = try await database.sqliteStore.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT stream, json_extract(payload, '$.subject') FROM events WHERE version = 1 ORDER BY stream")
                .map { "\($0[0] as String)=\($0[1] as String)" }
        }
        #expect(subjects == ["s1=user-1", "s2=device-owner", "s3=user-1"])
        let keyRows = try await database.sqliteStore.writer.read { db in try String.fetchAll(db, sql: "SELECT subject FROM subject_keys ORDER BY subject") }
        #expect(keyRows == ["device-owner", "user-1"])
        #expect(try await database.state(of: "s1").presentations["p1"]?.values == ["amount": "1"])
    }

    @Test("a resent command is recognised in a sealed database: same bytes, nothing appended")
    func resendIsRecognised() async throws {
        let database = try SheetLogDatabase.inMemory(options: Self.options(MasterKey.generate()))
        let commands = [
            CommandEnvelope(session: "s1", command: .present(presentation: "p1", route: .newExpense, baseline: ["a": "x"]), id: "c1", occurredAt: 1),
            CommandEnvelope(session: "s1", command: .edit(field: "a", value: "secret-y"), id: "c2", occurredAt: 2),
        ]
        try await database.record(commands)
        let again = try await database.record(commands)
        #expect(again.allSatisfy { $0.alreadyStored })
        #expect(try await database.sqliteStore.readAll().count == 2)
        let conflict = await #expect(throws: SheetLogError.self) {
            try await database.record([CommandEnvelope(session: "s1", command: .edit(field: "a", value: "other"), id: "c2", occurredAt: 2)])
        }
        #expect(conflict?.code == .idempotencyConflict)
        #expect(conflict?.message.contains("secret-y") == false)
    }

    @Test("a draft a sealed database accepts can be saved: an edit that would make the sealed save too large is refused, naming its field")
    func sealedSizesAreCounted() async throws {
        let directory = try TemporaryDirectory("sealed")
        let sealed = try SheetLogDatabase.open(path: directory.path("sealed.sqlite"), options: Self.options(.generate()))
        let plain = try SheetLogDatabase.open(path: directory.path("plain.sqlite"), options: Self.options(nil))
        for database in [sealed, plain] {
            try await database.record(.present(presentation: "p", route: .newExpense), in: "s")
            try await database.record(.edit(field: "b", value: .string(String(repeating: "y", count: 30_000))), in: "s")
        }
        // Before, the sealed save of both fields took 80,194 bytes and the store refused it, naming no field.
        let second = SheetCommand.edit(field: "c", value: .string(String(repeating: "z", count: 30_000)))
        let refused = await #expect(throws: SheetLogError.self) { try await sealed.record(second, in: "s") }
        #expect(refused?.code == .payloadTooLarge)
        #expect(refused?.context.field == "c", "\(refused?.message ?? "")")
        try await sealed.record(.save(), in: "s")
        try await plain.record(second, in: "s")
        try await plain.record(.save(), in: "s")
        #expect(try await sealed.state(of: "s").presentations["p"]?.status == .saved)
    }

    @Test("a sealed value swapped between two fields or two events is refused on read, naming the position")
    func tampering() async throws {
        let directory = try TemporaryDirectory("sealed")
        let path = directory.path()
        let key = MasterKey.generate()
        let database = try SheetLogDatabase.open(path: path, options: Self.options(key))
        try await database.record(.present(presentation: "p1", route: .newExpense), in: "s1")
        try await database.record(.save(values: ["amount": "10.00", "note": "lunch"]), in: "s1")
        try await database.record(.present(presentation: "p2", route: .newExpense), in: "s1")
        try await database.record(.edit(field: "amount", value: "1.00"), in: "s1")
        try await database.record(.edit(field: "amount", value: "999.00"), in: "s1")
        try await database.sqliteStore.writer.write { db in
            try db.execute(sql: "DROP TRIGGER events_refuse_update")
            // Between two fields of one event (the save at version 2)…
            try db.execute(sql: """
                UPDATE events SET payload = json_set(payload, '$.values.amount', json_extract(payload, '$.values.note'),
                                                              '$.values.note', json_extract(payload, '$.values.amount'))
                WHERE stream = 's1' AND version = 2
                """)
            // …and between two events (version 4's value into version 5).
            try db.execute(sql: """
                UPDATE events SET payload = json_set(payload, '$.value',
                    (SELECT json_extract(payload, '$.value') FROM events WHERE stream = 's1' AND version = 4))
                WHERE stream = 's1' AND version = 5
                """)
        }
        let replay = await #expect(throws: SheetLogError.self) { try await database.replay("s1") }
        #expect(replay?.code == .integrityViolation)
        #expect(replay?.context.position == 2)
        #expect(replay?.message.hasPrefix("save event at position 2 in stream s1 has a sealed value in field") == true)
        #expect(replay?.message.contains("10.00") == false)
        try await database.sqliteStore.writer.write { db in
            try db.execute(sql: """
                UPDATE events SET payload = json_set(payload, '$.values.amount', json_extract(payload, '$.values.note'),
                                                              '$.values.note', json_extract(payload, '$.values.amount'))
                WHERE stream = 's1' AND version = 2
                """)
        }
        let moved = await #expect(throws: SheetLogError.self) { try await database.replay("s1") }
        #expect(moved?.context.position == 5)
        #expect(moved?.message.contains("999.00") == false)
        #expect(moved?.message.contains("1.00") == false)
        // verify reports the moved value as findings, as it reports a changed clear byte, and
        // does not stop with the read's error.
        let report = try await database.verify()
        #expect(!report.isHealthy)
        let failed = report.checks.filter { !$0.passed }.map(\.name)
        #expect(failed.contains("chain") && failed.contains("decoding") && failed.contains("projections") && failed.contains("append-only"), "\(failed)")
        let decoding = try #require(report.checks.first { $0.name == "decoding" })
        #expect(decoding.detail.hasPrefix("edit event at position 5 in stream s1 has a sealed value"), "\(decoding.detail)")
        #expect(!report.checks.contains { $0.detail.contains("999.00") || $0.detail.contains("1.00") })
    }

    @Test("many tasks recording into one sealed database at once: one key per subject, every value reads back")
    func concurrentRecording() async throws {
        let directory = try TemporaryDirectory("sealed")
        let database = try SheetLogDatabase.open(path: directory.path(), options: Self.options(MasterKey.generate()))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<24 {
                group.addTask {
                    let session = "s\(task)"
                    try await database.record(.present(presentation: "p", route: .newExpense), in: session, subject: "user-\(task % 3)")
                    for edit in 0..<10 {
                        try await database.record(.edit(field: "f\(edit % 4)", value: .string("t\(task)-e\(edit)")), in: session)
                    }
                }
            }
            try await group.waitForAll()
        }
        let subjects = try await database.sqliteStore.writer.read { db in try String.fetchAll(db, sql: "SELECT subject FROM subject_keys ORDER BY subject") }
        #expect(subjects == ["user-0", "user-1", "user-2"])
        for task in 0..<24 {
            let values = try await database.state(of: "s\(task)").presentations["p"]?.values
            #expect(values == ["f0": .string("t\(task)-e8"), "f1": .string("t\(task)-e9"), "f2": .string("t\(task)-e6"), "f3": .string("t\(task)-e7")])
        }
        #expect(try await database.verify().isHealthy)
    }

    @Test("a copy opened for reading only reads back with its key, withholds every value without it, and stays byte for byte")
    func readOnlyCopyWithItsKey() async throws {
        let directory = try TemporaryDirectory("sealed")
        let path = directory.path()
        let key = MasterKey.generate()
        let database = try SheetLogDatabase.open(path: path, options: Self.options(key))
        try await Self.record(into: database)
        try database.close()
        let copy = directory.path("copy.sqlite")
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        let before = try Data(contentsOf: URL(fileURLWithPath: copy))

        let reader = try SheetLogDatabase.openForReading(path: copy, options: Self.options(key))
        #expect(try await reader.state(of: "s2").presentations["p3"]?.values == ["payee": .string(Self.markers[4])])
        #expect(try await reader.recoverableDrafts().map(\.values) == [["payee": .string(Self.markers[4])]])
        #expect(try await reader.verify().isHealthy)
        let refused = await #expect(throws: SheetLogError.self) { try await reader.erase(subject: "default", requestedBy: "test") }
        #expect(refused?.code == .readOnly)
        try reader.close()
        let keyless = try SheetLogDatabase.openForReading(path: copy, options: testOptions())
        #expect(try await keyless.state(of: "s2").presentations["p3"]?.values == ["payee": .withheld])
        let drafts = try await keyless.recoverableDrafts()
        #expect(drafts.map(\.reference) == (try await SheetLogDatabase.openForReading(path: copy, options: Self.options(key)).recoverableDrafts().map(\.reference)))
        #expect(drafts.map(\.values) == [["payee": .withheld]])
        let report = try await keyless.verify()
        #expect(report.isHealthy)
        #expect(report.checks.filter(\.skipped).map(\.name) == ["projections"])
        let export = await #expect(throws: SheetLogError.self) { try await keyless.exportLog() }
        #expect(export?.code == .keyUnavailable)
        try keyless.close()
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == before)
    }
}
