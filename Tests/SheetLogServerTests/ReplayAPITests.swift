import Foundation
import HummingbirdTesting
import SheetLogServer
import Testing

@Suite("GET /api/devices/{device}/sessions/{session}/replay")
struct ReplayAPITests {
    @Test("each step with position, version, type, at, event and state; ?at stops at that version", arguments: Transport.allCases)
    func replaysASession(transport: Transport) async throws {
        let fixture = try await SharedFixture.fixture()
        try await withViewer(try fixture.reader(), transport.setup) { client async throws in
            let all = try await client.get("/api/devices/local/sessions/demo-expense/replay")
            #expect(all.status == .ok)
            let steps = try #require(try all.json() as? [[String: Any]])
            #expect(steps.map { $0["type"] as? String } == ["present", "edit", "edit", "edit", "attemptDismiss", "confirmDiscard"])
            #expect(Set(steps[0].keys) == ["position", "version", "type", "at", "event", "state"])
            let fifth = try #require(steps[4]["state"] as? [String: Any])
            let top = try #require((fifth["stack"] as? [[String: Any]])?.last)
            let confirmation = try #require(top["pendingConfirmation"] as? [String: Any])
            #expect(confirmation["offersSave"] as? Bool == true)
            #expect(confirmation["source"] as? String == "swipe")

            let three = try await client.get("/api/devices/local/sessions/demo-expense/replay?at=3")
            #expect(try (three.json() as? [[String: Any]])?.map { $0["version"] as? Int } == [1, 2, 3])
            // A time: the state as it was then, the last event at or before it (v3 at 09:00:02).
            for at in ["2026-01-01T09:00:02.999Z", "2026-01-01T09:00:02Z", "2026-01-01T10:00:02.5%2B01:00"] {
                let then = try await client.get("/api/devices/local/sessions/demo-expense/replay?at=\(at)")
                #expect(try (then.json() as? [[String: Any]])?.map { $0["version"] as? Int } == [1, 2, 3], "\(at)")
            }
            let later = try await client.get("/api/devices/local/sessions/demo-expense/replay?at=2026-01-02T00:00:00Z")
            #expect(try (later.json() as? [[String: Any]])?.count == 6)
        }
    }

    @Test("a session id holding markup, slashes or spaces is one percent-encoded segment")
    func percentEncodedSession() async throws {
        let fixture = try await SharedFixture.fixture()
        let answer = try await withViewer(try fixture.reader()) { client async throws in
            try await client.get("/api/devices/local/sessions/\(ViewerPaths.segment(ViewerFixture.hostileSession))/replay")
        }
        #expect(answer.status == .ok)
        let steps = try #require(try answer.json() as? [[String: Any]])
        #expect((steps.first?["state"] as? [String: Any])?["session"] as? String == ViewerFixture.hostileSession)
    }

    @Test("errors: unknown session or device 404, past the end 404, a bad version 400 naming at", arguments: [
        ("/api/devices/local/sessions/no-such-session/replay", 404, "notFound", "no session no-such-session"),
        ("/api/devices/phone/sessions/demo-expense/replay", 404, "notFound", "no device phone"),
        ("/api/devices/local/sessions/demo-expense/replay?at=7", 404, "notFound", "session demo-expense has 6 versions; version 7 is past its end"),
        ("/api/devices/local/sessions/demo-expense/replay?at=0", 400, "invalidInput", "parameter at must be a version of 1 or more or an ISO-8601 time such as 2026-01-01T09:30:00.000Z"),
        ("/api/devices/local/sessions/demo-expense/replay?at=2.5", 400, "invalidInput", "parameter at must be a version of 1 or more or an ISO-8601 time such as 2026-01-01T09:30:00.000Z"),
        ("/api/devices/local/sessions/demo-expense/replay?at=99999999999999999999", 400, "invalidInput", "parameter at must be a version of 1 or more or an ISO-8601 time such as 2026-01-01T09:30:00.000Z"),
        ("/api/devices/local/sessions/demo-expense/replay?at=yesterday", 400, "invalidInput", "parameter at must be a version of 1 or more or an ISO-8601 time such as 2026-01-01T09:30:00.000Z"),
        ("/api/devices/local/sessions/demo-expense/replay?at=2026-01-01T08:59:59Z", 404, "notFound",
         "session demo-expense has no event at or before 2026-01-01T08:59:59.000Z (its first is at 2026-01-01T09:00:00.000Z)"),
        ("/api/devices/local/sessions/demo-expense/replay?v=3", 400, "invalidInput", "unknown parameter v; this path takes at"),
        ("/api/devices/local/sessions/%E0%A4/replay", 400, "invalidInput", "the session in the path is not valid percent-encoded UTF-8"),
    ])
    func refusesWhatIsNotThere(uri: String, status: Int, code: String, message: String) async throws {
        let fixture = try await SharedFixture.fixture()
        let answer = try await withViewer(try fixture.reader()) { try await $0.get(uri) }
        #expect(answer.status.code == status)
        let error = try answer.error()
        #expect(error.code == code)
        #expect(error.message == message)
    }
}
