import Foundation
import PostgresNIO
import SheetLogPostgresTestSupport
import Testing

/// The two ways of giving the fleet a gap-free order, measured side by side on the same cluster (a
/// printed figure, no timed assertion): why `events` numbers its rows under an advisory lock.
///
/// - advisory lock: every append takes `pg_advisory_xact_lock` and numbers its rows after the highest
///   committed `fleet_position`; appends commit one at a time, and readers read plainly.
/// - transaction-id horizon: appends number rows from a sequence and stamp `pg_current_xact_id()`
///   without waiting for each other; a reader takes only rows whose transaction is below
///   `pg_snapshot_xmin(pg_current_snapshot())` — a second column, a snapshot per read, numbers with
///   holes (rolled-back sequence values) and a reader that lags behind the oldest open transaction.
@Suite struct FleetPositionMeasureTests {
    @Test func advisoryLockAgainstTransactionIDHorizon() async throws {
        // A cluster of its own: the horizon is the cluster's oldest open transaction, and on the shared
        // cluster other tests' transactions held it back for over a minute in the whole suite.
        let cluster = try await PostgresCluster.dedicated()
        defer { cluster.stop() }
        let url = cluster.url(database: try await cluster.createDatabase())
        try await TestFleet.withConnection(url) { connection in
            for statement: PostgresQuery in [
                "CREATE TABLE locked (fleet_position bigint PRIMARY KEY, payload text NOT NULL)",
                "CREATE SEQUENCE horizon_sequence",
                """
                CREATE TABLE horizon (fleet_position bigint PRIMARY KEY DEFAULT nextval('horizon_sequence'),
                                      xact xid8 NOT NULL DEFAULT pg_current_xact_id(), payload text NOT NULL)
                """,
                "CREATE INDEX horizon_xact ON horizon (xact)",
            ] {
                try await connection.query(statement, logger: TestFleet.logger)
            }
        }
        let writers = 8, transactions = 8, rows = 10
        let locked = try await timeWriters(url: url, writers: writers, transactions: transactions) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(42)", logger: TestFleet.logger)
            try await connection.query("""
                INSERT INTO locked SELECT (SELECT coalesce(max(fleet_position), 0) FROM locked) + n, '{}'
                FROM generate_series(1, \(rows)) AS n
                """, logger: TestFleet.logger)
        }
        let horizon = try await timeWriters(url: url, writers: writers, transactions: transactions) { connection in
            try await connection.query(
                "INSERT INTO horizon (payload) SELECT '{}' FROM generate_series(1, \(rows))", logger: TestFleet.logger)
        }
        // The horizon is the cluster's oldest open transaction, in any database: while another
        // transaction is open, committed rows stay above it unseen (the reader lag the lock avoids).
        // They must all show once it has moved on.
        let deadline = ContinuousClock.now + .seconds(60)
        var visible: Int64 = 0
        while visible < Int64(writers * transactions * rows), ContinuousClock.now < deadline {
            visible = try await TestFleet.withConnection(url) { connection in
                let query: PostgresQuery = """
                    SELECT count(*) FROM horizon WHERE xact < pg_snapshot_xmin(pg_current_snapshot())
                    """
                for try await (count) in try await connection.query(query, logger: TestFleet.logger).decode(Int64.self) { return count }
                return 0
            }
            if visible < Int64(writers * transactions * rows) { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(visible == Int64(writers * transactions * rows))
        print("""
            fleet_position, \(writers) writers × \(transactions) transactions × \(rows) rows: \
            advisory lock \(locked) ms, transaction-id horizon \(horizon) ms (kept: advisory lock)
            """)
    }

    /// Milliseconds for `writers` connections to run `transactions` transactions of `body` each.
    private func timeWriters(
        url: String, writers: Int, transactions: Int, _ body: @escaping @Sendable (PostgresConnection) async throws -> Void
    ) async throws -> Int {
        let start = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<writers {
                group.addTask {
                    try await TestFleet.withConnection(url) { connection in
                        for _ in 0..<transactions {
                            try await connection.query("BEGIN", logger: TestFleet.logger)
                            try await body(connection)
                            try await connection.query("COMMIT", logger: TestFleet.logger)
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let elapsed = ContinuousClock.now - start
        return Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
    }
}
