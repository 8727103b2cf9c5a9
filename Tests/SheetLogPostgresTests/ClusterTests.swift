import SheetLogPostgresTestSupport
import Testing

/// The throwaway cluster the PostgreSQL tests run on.
@Suite struct ClusterTests {
    @Test func theClusterServesFreshDatabasesThroughPsql() async throws {
        let cluster = try await PostgresCluster.shared()
        let first = try await cluster.createDatabase()
        let second = try await cluster.createDatabase()
        #expect(first != second)
        #expect(try await cluster.psql("SELECT current_database()", database: first) == first)
        #expect(try await cluster.psql("SHOW server_version_num", database: second).hasPrefix("15"))
        // The socket lives in the cluster's own directory, and the server listens on loopback only.
        #expect(try await cluster.psql("SHOW unix_socket_directories") == cluster.directory.path)
        #expect(try await cluster.psql("SHOW listen_addresses") == "127.0.0.1")
    }
}
