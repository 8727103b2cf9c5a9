import Foundation
import GRDB
import PostgresNIO
import Testing

/// The read models an import writes are the device's own: every row of `sessions`, `presentations`
/// and `dismissals` equals the file's, column for column, read back with SQL on both sides (not
/// through the code that wrote them). Small batches cut sessions and dismissals in two, so a
/// dismissal is resolved in a later batch than the one that inserted it.
@Suite struct ImportedReadModelTests {
    /// Each table's key, which orders its rows on both sides.
    static let tables: [(name: String, key: String)] = [
        ("sessions", "session"), ("presentations", "session, presentation"), ("dismissals", "position"),
    ]

    @Test(arguments: [5_000, 37])
    func everyReadModelRowEqualsTheFilesRow(batchSize: Int) async throws {
        let file = try await ImportTests.large.value
        let fleet = try await FleetDatabase.fresh()
        _ = try await ImportTests.importFile(file, into: fleet, device: "tablet", batchSize: batchSize)

        for difference in try await Self.differences(file, fleet, device: "tablet") {
            Issue.record("batches of \(batchSize): \(difference)")
        }
        let resolvedLater = try await fleet.count(
            "SELECT count(*) FROM dismissals WHERE device = $1 AND resolved_position IS NOT NULL AND (position - 1) / 37 <> (resolved_position - 1) / 37",
            device: "tablet")
        #expect(resolvedLater > 0, "the workload has dismissals resolved in a later batch of 37")
    }

    /// How the device's stored read-model rows differ from the file's (empty when they are equal).
    static func differences(_ file: DeviceFile, _ fleet: FleetDatabase, device: String) async throws -> [String] {
        let queue = try DatabaseQueue(path: file.path, configuration: { var c = Configuration(); c.readonly = true; return c }())
        var differences: [String] = []
        for table in tables {
            let columns = try await queue.read { db in try db.columns(in: table.name).map(\.name) }
            let theirs = try await queue.read { db in
                try Row.fetchAll(db, sql: "SELECT \(columns.map { "CAST(\($0) AS TEXT)" }.joined(separator: ", ")) FROM \(table.name) ORDER BY \(table.key)")
                    .map { row in (0..<row.count).map { row[$0] as String? } }
            }
            let ours = try await fleet.table(table.name, columns: columns, device: device, orderBy: table.key)
            if theirs.isEmpty { differences.append("\(table.name) is empty in the file: the workload should fill it") }
            if ours.count != theirs.count { differences.append("\(table.name): \(ours.count) rows stored, \(theirs.count) in the file") }
            if let differing = zip(ours, theirs).first(where: { $0 != $1 }) {
                differences.append("\(table.name): stored \(differing.0) vs file \(differing.1)")
            }
        }
        return differences
    }
}

extension FleetDatabase {
    /// The device's rows of `table`, each column as text (booleans as 0/1, as SQLite stores them).
    func table(_ table: String, columns: [String], device: String, orderBy key: String) async throws -> [[String?]] {
        try await withConnection { connection in
            let booleans = try await connection.query(
                "SELECT column_name::text FROM information_schema.columns WHERE table_name = \(table) AND data_type = 'boolean'",
                logger: Self.logger)
            var boolean: Set<String> = []
            for try await (name) in booleans.decode(String.self) { boolean.insert(name) }
            // Aliased: ORDER BY would take an output column named like a table column first (text order).
            let list = columns.enumerated().map { index, name in
                (boolean.contains(name) ? "\(name)::int::text" : "\(name)::text") + " AS c\(index)"
            }.joined(separator: ", ")
            var binds = PostgresBindings()
            binds.append(device)
            let rows = try await connection.query(
                PostgresQuery(unsafeSQL: "SELECT \(list) FROM \(table) WHERE device = $1 ORDER BY \(key)", binds: binds), logger: Self.logger)
            var result: [[String?]] = []
            for try await row in rows {
                result.append(try row.map { try $0.decode(String?.self) })
            }
            return result
        }
    }
}
