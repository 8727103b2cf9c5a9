import Foundation
import SheetLogServer
import Testing

/// Ids in a path or in `session=` follow the ingest rule: no control or bidi formatting character.
@Suite("ids with control or bidi characters in the URL")
struct ControlCharacterPathTests {
    @Test("refused with 400 naming the parameter, not looked up (no \"no session …\" echoing the character)",
          arguments: [
            ("/api/devices/local/sessions/%00/replay", "session", "U+0000"),
            ("/api/devices/local/sessions/a%E2%80%AEb/replay", "session", "U+202E"),
            ("/api/devices/l%1Bocal/sessions", "device", "U+001B"),
            ("/api/devices/local/replay?session=%07", "session", "U+0007"),
          ])
    func refused(uri: String, parameter: String, codePoint: String) async throws {
        let fixture = try await SharedFixture.fixture()
        let answer = try await withViewer(try fixture.reader()) { try await $0.get(uri) }
        #expect(answer.status == .badRequest, "\(answer.body)")
        let error = try answer.error()
        #expect(error.code == "invalidInput")
        #expect(error.message.contains(parameter), "\(error.message)")
        #expect(error.message.contains(codePoint), "\(error.message)")
        #expect(!error.message.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{202E}" })
    }
}
