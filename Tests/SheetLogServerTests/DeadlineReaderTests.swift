import Foundation
import SheetLog
import SheetLogReports
import SheetLogServer
import Synchronization
import Testing

/// The fleet viewer's reads under a deadline: a read that never ends (a statement postgres-nio lost
/// on a closed connection, which ignores its cancellation) is answered 503 at the deadline, so no
/// request outlives it and the server's graceful stop never waits for one.
@Suite("reads under a deadline")
struct DeadlineReaderTests {
    /// A reader whose every read waits, ignoring its cancellation, until the test lets it go.
    final class StuckReader: SheetLogReader {
        private let waiting = Mutex<[CheckedContinuation<Void, Never>]>([])
        private let released = Mutex(false)

        private func stuck() async {
            await withCheckedContinuation { continuation in
                let resumeNow = released.withLock { $0 }
                if resumeNow { continuation.resume() } else { waiting.withLock { $0.append(continuation) } }
            }
        }

        func release() {
            released.withLock { $0 = true }
            for continuation in waiting.withLock({ list in defer { list = [] }; return list }) { continuation.resume() }
        }

        func devices() async throws -> [String] { await stuck(); return [] }
        func sessions(device: String) async throws -> [SessionActivity] { await stuck(); return [] }
        func sessions(matching query: SessionQuery) async throws -> [DeviceSessionActivity] { await stuck(); return [] }
        func replay(device: String, session: String, through version: Int64?) async throws -> [ReplayStep] { await stuck(); return [] }
        func revealedReplay(device: String, session: String, through version: Int64?) async throws -> [ReplayStep] { await stuck(); return [] }
        func audit(device: String, query: AuditQuery) async throws -> [DismissalRecord] { await stuck(); return [] }
        func drafts(device: String) async throws -> [RecoverableDraft] { await stuck(); return [] }
        func stats(device: String) async throws -> Statistics { await stuck(); throw CancellationError() }
        func logBase(device: String) async throws -> LogBase? { await stuck(); return nil }
        func erasures(device: String) async throws -> [ErasureRecord] { await stuck(); return [] }
        func version(device: String, position: Int64) async throws -> Int64? { await stuck(); return nil }
        func export(device: String, session: String, options: ExportOptions) async throws -> [ExportedEntry] { await stuck(); return [] }
        func version(device: String, session: String, at point: ReplayPoint) async throws -> Int64 { await stuck(); return 1 }
        func moment(device: String, session: String, at point: ReplayPoint?) async throws -> ReplayMoment { await stuck(); throw CancellationError() }
        func revealedMoment(device: String, session: String, at point: ReplayPoint?) async throws -> ReplayMoment { await stuck(); throw CancellationError() }
        func events(device: String, session: String) async throws -> [(event: RecordedEvent, sheetEvent: SheetEvent)] { await stuck(); return [] }
        func carriedBase(device: String, session: String) async throws -> ReplayBase? { await stuck(); return nil }
    }

    @Test("a read that never ends is answered 503 connectionFailed at the deadline", .timeLimit(.minutes(5)), arguments: Transport.allCases)
    func aStuckReadIs503AtTheDeadline(transport: Transport) async throws {
        let stuck = StuckReader()
        defer { stuck.release() }
        try await withViewer(DeadlineReader(stuck, limit: .seconds(1)), transport.setup) { client in
            for path in ["/api/devices", "/api/devices/phone/sessions"] {
                let answer = try await client.get(path)
                #expect(answer.status == .serviceUnavailable, "\(path): \(answer.body)")
                let error = try answer.error()
                #expect(error.code == "connectionFailed")
                #expect(error.message.hasPrefix("the fleet store did not answer ") && error.message.hasSuffix(" within 1 s"), "\(error.message)")
            }
        }
    }

    // Through the router: what passes through is the reader's answer, not the transport's.
    @Test("a read that answers in time passes through unchanged", arguments: [Transport.router])
    func anAnsweredReadPassesThrough(transport: Transport) async throws {
        let fixture = try await SharedFixture.fixture()
        let reader = try fixture.reader()
        let direct = try await withViewer(reader, transport.setup) { client in try await client.get("/api/devices/local/sessions") }
        let bounded = try await withViewer(DeadlineReader(reader, limit: .seconds(30)), transport.setup) { client in
            try await client.get("/api/devices/local/sessions")
        }
        #expect(bounded.status == .ok)
        #expect(bounded.body == direct.body)
    }
}
