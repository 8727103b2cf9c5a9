import Foundation
import SheetLogCore
import SheetLogPush
import SheetLogSQLite

/// A device's SQLite log as a ``PushSource``: its events, its `push_cursors` (migration 0009), and
/// its subscription to wake a following pusher when the app appends.
struct SQLitePushSource: PushSource {
    let store: SQLiteEventStore

    func events(after position: Int64, limit: Int) async throws -> [RecordedEvent] {
        try await store.readAll(after: position, through: nil, limit: limit, types: nil)
    }

    func lastPosition() async throws -> Int64 {
        try await store.lastPosition()
    }

    func pushCursor(collector: String, device: String) async throws -> (through: Int64, chain: [UInt8])? {
        try await store.pushCursor(collector: collector, device: device)
    }

    func pruneCut() async throws -> (position: Int64, prunedAt: Int64)? {
        try await store.logBase().map { ($0.cutPosition, $0.prunedAt) }
    }

    func acknowledgePush(collector: String, device: String, through: Int64, chain: [UInt8], at milliseconds: Int64) async throws {
        try await store.acknowledgePush(collector: collector, device: device, through: through, chain: chain, at: milliseconds)
    }

    func waitForEvents(after position: Int64) async throws {
        // Appends through this store wake the subscription at once; another process's are polled.
        for try await _ in store.subscribe(after: position) { return }
        try Task.checkCancellation()
    }
}
