import Foundation
import SheetLog
import SheetLogReports
import SheetLogServer
import Synchronization
import Testing

/// Replays that occupy their thread (as JSON and HTML building does) must not starve light requests.
@Suite("heavy requests leave light ones answered")
struct HeavyRequestTests {
    /// The fixture's reader whose replay holds its thread until the test releases it (or 120 s pass: in the whole suite,
    /// other tests load the machine, and a clean-clone run saw the light requests take over 30 s).
    final class HoggingReader: SheetLogReader, @unchecked Sendable {
        let inner: SQLiteFileReader
        let release = DispatchSemaphore(value: 0)
        let entered = Atomic<Int>(0)
        let timedOut = Atomic<Int>(0)

        init(inner: SQLiteFileReader) { self.inner = inner }

        func revealedReplay(device: String, session: String, through version: Int64?) async throws -> [ReplayStep] {
            try await replay(device: device, session: session, through: version)
        }

        /// Holds the calling thread until released: the replay API's read and the timeline page's.
        private func hold() {
            entered.add(1, ordering: .sequentiallyConsistent)
            if release.wait(timeout: .now() + 120) == .timedOut { timedOut.add(1, ordering: .sequentiallyConsistent) }
        }

        func replay(device: String, session: String, through version: Int64?) async throws -> [ReplayStep] {
            hold()
            return try await inner.replay(device: device, session: session, through: version)
        }

        func events(device: String, session: String) async throws -> [(event: RecordedEvent, sheetEvent: SheetEvent)] {
            hold()
            return try await inner.events(device: device, session: session)
        }

        func carriedBase(device: String, session: String) async throws -> ReplayBase? {
            try await inner.carriedBase(device: device, session: session)
        }

        func moment(device: String, session: String, at point: ReplayPoint?) async throws -> ReplayMoment {
            try await inner.moment(device: device, session: session, at: point)
        }

        func revealedMoment(device: String, session: String, at point: ReplayPoint?) async throws -> ReplayMoment {
            try await inner.revealedMoment(device: device, session: session, at: point)
        }

        func devices() async throws -> [String] { try await inner.devices() }
        func sessions(device: String) async throws -> [SessionActivity] { try await inner.sessions(device: device) }
        func sessions(matching query: SessionQuery) async throws -> [DeviceSessionActivity] { try await inner.sessions(matching: query) }
        func audit(device: String, query: AuditQuery) async throws -> [DismissalRecord] { try await inner.audit(device: device, query: query) }
        func drafts(device: String) async throws -> [RecoverableDraft] { try await inner.drafts(device: device) }
        func stats(device: String) async throws -> Statistics { try await inner.stats(device: device) }
        func logBase(device: String) async throws -> LogBase? { try await inner.logBase(device: device) }
        func erasures(device: String) async throws -> [ErasureRecord] { try await inner.erasures(device: device) }
        func version(device: String, position: Int64) async throws -> Int64? { try await inner.version(device: device, position: position) }
        func export(device: String, session: String, options: ExportOptions) async throws -> [ExportedEntry] {
            try await inner.export(device: device, session: session, options: options)
        }
        func version(device: String, session: String, at point: ReplayPoint) async throws -> Int64 {
            try await inner.version(device: device, session: session, at: point)
        }
    }

    @Test("with more replays in progress than the machine has cores, /stats and /sessions answer before any replay is released")
    func lightRequestsAnswered() async throws {
        let fixture = try await SharedFixture.fixture()
        let reader = HoggingReader(inner: try fixture.reader())
        let heavy = ProcessInfo.processInfo.activeProcessorCount + 2
        try await withViewer(reader) { client in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<heavy {
                    let path = index.isMultiple(of: 2) ? "/api/devices/local/sessions/demo-expense/replay" : "/devices/local/sessions/demo-expense?v=2"
                    group.addTask {
                        let answer = try await client.get(path)
                        #expect(answer.status == .ok)
                    }
                }
                while reader.entered.load(ordering: .sequentiallyConsistent) == 0 { try await Task.sleep(for: .milliseconds(10)) }
                let stats = try await client.get("/api/devices/local/stats")
                let sessions = try await client.get("/api/devices/local/sessions")
                #expect(stats.status == .ok)
                #expect(sessions.status == .ok)
                // Answered while every replay still held its thread: none had to give up waiting.
                #expect(reader.timedOut.load(ordering: .sequentiallyConsistent) == 0)
                for _ in 0..<heavy { reader.release.signal() }
                try await group.waitForAll()
            }
        }
    }
}
