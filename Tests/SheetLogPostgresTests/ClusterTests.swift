import Foundation
import SheetLogPostgresTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

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

    #if os(Linux)
    /// A server started while the test process holds other descriptors (the pipes and sockets of the
    /// binaries other tests run at that moment) must not inherit them: a server holding a pipe's
    /// write end kept that pipe's reader from ever reading its end, and Foundation's `Process` from
    /// ever seeing its child exit, so a whole test run hung at its start.
    @Test func theServerInheritsNoDescriptorOfTheTestProcess() async throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        var held = stat()
        #expect(fstat(ends[1], &held) == 0)

        let cluster = try await PostgresCluster.dedicated()
        defer { cluster.stop() }
        let postmaster = try String(contentsOf: cluster.directory.appendingPathComponent("data/postmaster.pid"), encoding: .utf8)
            .split(separator: "\n")[0]
        let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(postmaster)/fd")
        #expect(!descriptors.isEmpty)
        let inherited = descriptors.filter { descriptor in
            var target = stat()
            return stat("/proc/\(postmaster)/fd/\(descriptor)", &target) == 0 && target.st_ino == held.st_ino && target.st_dev == held.st_dev
        }
        #expect(inherited.isEmpty, "the server (pid \(postmaster)) holds the test's pipe as descriptors \(inherited)")
    }
    #endif
}
