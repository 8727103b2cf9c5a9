import Foundation
import SheetLogServer
import Testing

/// A path that takes no query parameters says so when given one.
@Suite("paths without parameters")
struct NoParameterPathTests {
    @Test("an unknown parameter on a path that takes none: \"this path takes no parameters\"",
          arguments: ["/api/devices/local/stats?x=1", "/api/devices/local/drafts?x=1", "/api/devices?x=1"])
    func saysNoParameters(uri: String) async throws {
        let fixture = try await SharedFixture.fixture()
        let answer = try await withViewer(try fixture.reader()) { try await $0.get(uri) }
        #expect(answer.status == .badRequest)
        #expect(try answer.error().message == "unknown parameter x; this path takes no parameters")
    }
}
