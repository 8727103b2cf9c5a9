import Foundation
import SheetLogTestSupport
import SheetLogViewerTestSupport
import Testing

/// `serve --verbose` logs each request: method, path, status, duration; never the query.
@Suite("sheetlog-server serve --verbose")
struct VerboseLogTests {
    @Test("each request is one line on stderr with method, path, status and duration; query values stay out; quiet without --verbose")
    func logsRequests() async throws {
        let fixture = try await ViewerFixture.make(hostile: false)
        defer { fixture.remove() }
        for verbose in [true, false] {
            let server = try ServerProcess.start(executable: ServeBinaryTests.executable, database: fixture.path, extra: verbose ? ["--verbose"] : [])
            #expect(try await HTTP.get(try #require(URL(string: "api/devices/local/sessions?q=needle-in-query", relativeTo: server.url))).status == 200)
            #expect(try await HTTP.get(server.url.appendingPathComponent("api/devices/local/sessions/no-such-session/replay")).status == 404)
            let exit = try server.stop()
            let lines = exit.stderr.split(separator: "\n")
            let sessions = lines.filter { $0.contains("GET /api/devices/local/sessions ") }
            let missing = lines.filter { $0.contains("GET /api/devices/local/sessions/no-such-session/replay ") }
            if verbose {
                #expect(sessions.count == 1, "\(exit.stderr)")
                #expect(sessions.first?.contains(" 200 ") == true, "\(exit.stderr)")
                #expect(sessions.first?.contains(" ms") == true, "\(exit.stderr)")
                #expect(missing.first?.contains(" 404 ") == true, "\(exit.stderr)")
            } else {
                #expect(sessions.isEmpty && missing.isEmpty, "\(exit.stderr)")
            }
            #expect(!exit.stderr.contains("needle-in-query"))
        }
    }
}
