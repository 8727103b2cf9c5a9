import Foundation
import GRDB
import Testing
import SheetLog
import SheetLogSQLite
import SheetLogTestSupport

@Suite("verify and rebuild on a file")
struct VerifyTests {
    let directory: TemporaryDirectory
    let database: SheetLogDatabase

    init() async throws {
        directory = try TemporaryDirectory()
        database = try SheetLogDatabase.open(path: directory.path(), options: testOptions())
        try await database.record(.present(presentation: "p1", route: .newExpense), in: "s1")
        try await database.record(.edit(field: "amount", value: "1"), in: "s1")
        try await database.record(.attemptDismiss(source: .swipe), in: "s1")
        try await database.record(.present(presentation: "p1", route: .newFriend), in: "s2")
    }

    @Test("a healthy file passes every check")
    func healthy() async throws {
        let report = try await database.verify()
        #expect(report.isHealthy)
        #expect(report.firstFailure == nil)
        #expect(report.events == 4 && report.sessions == 2)
        #expect(report.checks.map(\.name) == ["integrity_check", "chain", "positions", "versions", "decoding", "projections", "subject-keys", "append-only"])
    }

    @Test("an edited payload is named at its position")
    func tamperedPayload() async throws {
        try await database.sqliteStore.writer.write { db in
            try db.execute(sql: "DROP TRIGGER events_refuse_update")
            try db.execute(sql: #"UPDATE events SET payload = '{"field":"amount","presentation":"p1","value":"999"}' WHERE position = 2"#)
        }
        let report = try await database.verify()
        #expect(!report.isHealthy)
        let failure = try #require(report.firstFailure)
        #expect(failure.name == "chain")
        #expect(failure.detail.contains("position 2"))
        #expect(!failure.detail.contains("999"))
        #expect(report.checks.first { $0.name == "projections" }?.passed == false)
    }

    @Test("a projection row out of step is named; rebuild then verify passes")
    func tamperedProjection() async throws {
        try await database.sqliteStore.writer.write { db in
            try db.execute(sql: "UPDATE presentations SET status = 'saved' WHERE session = 's1'")
        }
        let report = try await database.verify()
        #expect(report.firstFailure?.name == "projections")
        #expect(report.firstFailure?.detail.contains("presentations") == true)
        try await database.rebuildProjections()
        #expect(try await database.verify().isHealthy)
        #expect(try await database.recoverableDrafts().map(\.presentation) == ["p1"])
    }
}
