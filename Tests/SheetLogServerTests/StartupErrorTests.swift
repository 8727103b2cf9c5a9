import Foundation
import SheetLogTestSupport
import SheetLogViewerTestSupport
import Testing

/// What `serve` says when it cannot start: one line naming the host or the address, exit 1.
@Suite("sheetlog-server serve startup errors")
struct StartupErrorTests {
    @Test("a host that does not resolve: \"cannot resolve host H\", exit 1")
    func unknownHost() async throws {
        let fixture = try await ViewerFixture.make(hostile: false)
        defer { fixture.remove() }
        let run = try await ProductBinary.runOffThePool(ServeBinaryTests.executable, ["serve", "--db", fixture.path, "--host", "999.1.1.1", "--port", "0"])
        #expect(run.status == 1)
        #expect(run.stderr == "sheetlog-server: cannot resolve host 999.1.1.1\n", "\(run.stderr)")
    }

    @Test("a port in use: \"cannot listen on H:P: address already in use\", exit 1")
    func portInUse() async throws {
        let fixture = try await ViewerFixture.make(hostile: false)
        defer { fixture.remove() }
        let first = try ServerProcess.start(executable: ServeBinaryTests.executable, database: fixture.path)
        let port = try #require(first.url.port)
        let second = try await ProductBinary.runOffThePool(ServeBinaryTests.executable, ["serve", "--db", fixture.path, "--port", String(port)])
        _ = try first.stop()
        #expect(second.status == 1)
        #expect(second.stderr == "sheetlog-server: cannot listen on 127.0.0.1:\(port): address already in use\n", "\(second.stderr)")
    }
}
