import Foundation
import PostgresNIO
import SheetLogTestSupport
import Testing

/// A sealed device pushed to the collector: no value it typed reaches the fleet's tables, which a
/// plain device's push, the control, fills with them. Read through the test's own connection, every
/// row of every table cast to text.
@Suite struct SealedPushTests {
    /// Values the demo types (amounts, notes, names, categories).
    static let values = ["47.50", "Taxi to the airport", "Ada Lovelace", "Travel"]

    @Test(.timeLimit(.minutes(5)))
    func noValueOfASealedDeviceReachesTheFleetTablesAndAPlainOnesAllDo() async throws {
        let directory = try TemporaryDirectory("sealed-push")
        let key = directory.path("master.key")
        #expect(try await InProcessCommand.run(.sheetlog, ["keygen", key]).status == 0)
        for sealed in [true, false] {
            let file = directory.path(sealed ? "sealed.sqlite" : "plain.sqlite")
            let keyArguments = sealed ? ["--key-file", key] : []
            let demo = try await InProcessCommand.run(.sheetlog, ["--db", file] + keyArguments + ["demo"] + (sealed ? [] : ["--plain"]))
            #expect(demo.status == 0, "\(demo.stderr)")
            let fleet = try await FleetDatabase.fresh()
            let collector = try await CollectorProcess(fleet: fleet)
            let tokenFile = directory.path(sealed ? "sealed.token" : "plain.token")
            try Data((try await collector.token(for: "phone") + "\n").utf8).write(to: URL(fileURLWithPath: tokenFile))
            let push = try await InProcessCommand.run(
                .sheetlog, ["--db", file] + keyArguments + ["push", "--to", collector.url, "--device", "phone", "--token-file", tokenFile])
            #expect(push.status == 0, "\(push.stderr)")
            _ = try collector.stop()
            let text = try await Self.everyRow(of: fleet)
            #expect(text.contains("demo-expense"), "the pushed sessions are there")
            for value in Self.values {
                if sealed {
                    #expect(!text.contains(value), "\(value) in the fleet's tables")
                } else {
                    #expect(text.contains(value), "the control: a plain push stores \(value) as typed")
                }
            }
        }
    }

    /// Every row of every table of the fleet database, each cast to text, one per line.
    static func everyRow(of fleet: FleetDatabase) async throws -> String {
        try await fleet.withConnection { connection in
            var tables: [String] = []
            let names = try await connection.query(
                "SELECT tablename::text FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename", logger: FleetDatabase.logger)
            for try await name in names.decode(String.self) { tables.append(name) }
            var text = ""
            for table in tables {
                let rows = try await connection.query(
                    PostgresQuery(unsafeSQL: "SELECT t::text FROM \"\(table)\" t"), logger: FleetDatabase.logger)
                for try await row in rows.decode(String.self) { text += row + "\n" }
            }
            return text
        }
    }
}
