import Foundation
import GRDB
import SheetLog
import SheetLogCore
import SheetLogSQLite
import SheetLogTestSupport
import Testing

/// The receipt of a command that appended nothing, tried as someone holding a sealed file without
/// its key would: it must not let a guessed value be tested, before or after the erasure.
@Suite("receipt fingerprints of a sealed log")
struct ReceiptFingerprintTests {
    /// A present, an edit of `amount`, and the same edit again under id `again`: it decides nothing,
    /// so the log keeps a receipt of it, fingerprinted over the value.
    static func commands(amount: String) -> [CommandEnvelope] {
        [
            CommandEnvelope(session: "s", command: .present(presentation: "p", route: .newExpense), id: "a", occurredAt: 1, subject: "ann"),
            CommandEnvelope(session: "s", command: .edit(field: "amount", value: .string(amount)), id: "b", occurredAt: 2),
            CommandEnvelope(session: "s", command: .edit(field: "amount", value: .string(amount)), id: "again", occurredAt: 3),
        ]
    }

    static func fingerprints(_ path: String) throws -> [String] {
        let queue = try DatabaseQueue(path: path, configuration: { var c = Configuration(); c.readonly = true; return c }())
        defer { try? queue.close() }
        return try queue.read { db in try String.fetchAll(db, sql: "SELECT fingerprint FROM command_receipts") }
    }

    /// The attack of the review: the fingerprint each candidate gets in a plain scratch file, made
    /// with SheetLog itself, looked for in the sealed file.
    static func keylessFingerprint(of candidate: String, in directory: TemporaryDirectory) async throws -> String {
        let path = directory.path("scratch-\(candidate).sqlite")
        let scratch = try SheetLogDatabase.open(path: path, options: testOptions())
        let results = try await scratch.record(commands(amount: candidate))
        #expect(results.map(\.events.isEmpty) == [false, false, true])
        return try #require(try fingerprints(path).first)
    }

    @Test("no candidate's keyless fingerprint is in a sealed file, before or after its subject is erased")
    func guessingTheErasedValue() async throws {
        let directory = try TemporaryDirectory("receipts")
        let path = directory.path("sealed.sqlite")
        let database = try SheetLogDatabase.open(path: path, options: SealedDatabaseTests.options(.generate()))
        try await database.record(Self.commands(amount: "4750"))
        let other = directory.path("other.sqlite")
        try await SheetLogDatabase.open(path: other, options: SealedDatabaseTests.options(.generate()))
            .record(Self.commands(amount: "4750"))

        let stored = try Self.fingerprints(path)
        #expect(stored.count == 1)
        #expect(stored != (try Self.fingerprints(other)), "two sealed files under other keys share no fingerprint")
        let candidates = ["0", "100", "4749", "4750", "4751", "9999"]
        var guesses: [String] = []
        for candidate in candidates { guesses.append(try await Self.keylessFingerprint(of: candidate, in: directory)) }
        #expect(Set(guesses).count == candidates.count)
        #expect(Set(guesses).isDisjoint(with: stored), "a keyless fingerprint of the value is stored")

        try await database.erase(subject: "ann", requestedBy: "privacy@example.com")
        let files = SealedDatabaseTests.fileBytes(path)
        for guess in guesses {
            #expect(files.range(of: Data(guess.utf8)) == nil, "a candidate's keyless fingerprint is in the erased file")
        }
    }

    @Test("in a sealed log a resend is recognised by its keyed fingerprint, other content is refused, from another handle too")
    func keyedResend() async throws {
        let directory = try TemporaryDirectory("receipts")
        let path = directory.path("sealed.sqlite")
        let master = MasterKey.generate()
        try await SheetLogDatabase.open(path: path, options: SealedDatabaseTests.options(master))
            .record(Self.commands(amount: "4750"))
        let reopened = try SheetLogDatabase.open(path: path, options: SealedDatabaseTests.options(master))
        let before = try await reopened.backend.readAll()
        #expect(try await reopened.record(Self.commands(amount: "4750")).allSatisfy(\.alreadyStored))
        let changed = CommandEnvelope(session: "s", command: .edit(field: "amount", value: "4751"), id: "again", occurredAt: 3)
        let error = await #expect(throws: SheetLogError.self) { try await reopened.record([changed]) }
        #expect(error?.code == .idempotencyConflict)
        #expect(error.map { !$0.description.contains("4751") } ?? true)
        #expect(try await reopened.backend.readAll() == before)
    }

    @Test("after the erasure a resend is still answered as stored (its content can be compared no more), and nothing is written")
    func resendAfterErasure() async throws {
        let directory = try TemporaryDirectory("receipts")
        let path = directory.path("sealed.sqlite")
        let master = MasterKey.generate()
        let database = try SheetLogDatabase.open(path: path, options: SealedDatabaseTests.options(master))
        try await database.record(Self.commands(amount: "4750"))
        try await database.erase(subject: "ann", requestedBy: "privacy@example.com")
        let before = try await database.backend.readAll()
        let reopened = try SheetLogDatabase.open(path: path, options: SealedDatabaseTests.options(master))
        let resend = CommandEnvelope(session: "s", command: .edit(field: "amount", value: "4750"), id: "again", occurredAt: 3)
        #expect(try await reopened.record([resend])[0].alreadyStored)
        let moved = CommandEnvelope(session: "t", command: .edit(field: "amount", value: "4750"), id: "again", occurredAt: 3)
        let error = await #expect(throws: SheetLogError.self) { try await reopened.record([moved]) }
        #expect(error?.code == .idempotencyConflict)
        #expect(try await reopened.backend.readAll() == before)
    }
}

/// A sealed file whose receipts were written before migration 0011, with the keyless fingerprint.
@Suite("receipts written before keyed fingerprints")
struct LegacyReceiptFingerprintTests {
    @Test("migration 0011 removes a sealed file's keyless fingerprints; a resend is still recognised, a moved id still refused")
    func migrationRemovesKeylessFingerprints() async throws {
        let directory = try TemporaryDirectory("receipts")
        let path = directory.path("sealed.sqlite")
        let master = MasterKey.generate()
        let database = try SheetLogDatabase.open(path: path, options: SealedDatabaseTests.options(master))
        try await database.record(ReceiptFingerprintTests.commands(amount: "4750"))
        try database.close()
        let keyless = try await ReceiptFingerprintTests.keylessFingerprint(of: "4750", in: directory)

        // As the build before 0011 left it: the keyless fingerprint, migrations up to 0010.
        let queue = try DatabaseQueue(path: path)
        try await queue.write { db in
            try db.execute(sql: "DROP TRIGGER command_receipts_refuse_update")
            try db.execute(sql: "UPDATE command_receipts SET fingerprint = ?", arguments: [keyless])
            try db.execute(sql: """
                CREATE TRIGGER command_receipts_refuse_update BEFORE UPDATE ON command_receipts
                BEGIN SELECT RAISE(ABORT, 'command_receipts is append-only: receipts are never updated'); END
                """)
            try db.execute(sql: "DELETE FROM sheetlog_migrations WHERE number > 10")
            try db.execute(sql: "DROP TABLE erasure_counts")  // 0014's, which that build had not
            try db.execute(sql: "DROP TABLE base_sessions")  // 0015's, likewise
        }
        try queue.close()
        #expect(SealedDatabaseTests.fileBytes(path).range(of: Data(keyless.utf8)) != nil)

        let migrated = try SheetLogDatabase.open(path: path, options: SealedDatabaseTests.options(master))
        #expect(try ReceiptFingerprintTests.fingerprints(path) == [String(repeating: "0", count: 64)])
        let before = try await migrated.backend.readAll()
        #expect(try await migrated.record(ReceiptFingerprintTests.commands(amount: "4750")).allSatisfy(\.alreadyStored))
        let moved = CommandEnvelope(session: "s", command: .keepEditing(), id: "again", occurredAt: 3)
        let error = await #expect(throws: SheetLogError.self) { try await migrated.record([moved]) }
        #expect(error?.code == .idempotencyConflict)
        #expect(try await migrated.backend.readAll() == before)
        try migrated.close()
        #expect(SealedDatabaseTests.fileBytes(path).range(of: Data(keyless.utf8)) == nil, "the keyless fingerprint is left in a page")
    }

    @Test("a plain file keeps its fingerprints through migration 0011")
    func plainFileKeepsFingerprints() async throws {
        let directory = try TemporaryDirectory("receipts")
        let keyless = try await ReceiptFingerprintTests.keylessFingerprint(of: "4750", in: directory)
        let path = directory.path("scratch-4750.sqlite")
        let queue = try DatabaseQueue(path: path)
        try await queue.write { db in
            try db.execute(sql: "DELETE FROM sheetlog_migrations WHERE number > 10")
            try db.execute(sql: "DROP TABLE erasure_counts")  // 0014's, which that build had not
            try db.execute(sql: "DROP TABLE base_sessions")  // 0015's, likewise
        }
        try queue.close()
        let reopened = try SheetLogDatabase.open(path: path, options: testOptions())
        #expect(try ReceiptFingerprintTests.fingerprints(path) == [keyless])
        let changed = CommandEnvelope(session: "s", command: .edit(field: "amount", value: "4751"), id: "again", occurredAt: 3)
        let error = await #expect(throws: SheetLogError.self) { try await reopened.record([changed]) }
        #expect(error?.code == .idempotencyConflict)
    }
}
