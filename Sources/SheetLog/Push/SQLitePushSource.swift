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

    /// Throws ``SheetLogError/Code/pruned`` for a collector that never acknowledged what a prune
    /// removed (one enrolled after the prune): sent from its cursor, the log would reach the fleet
    /// starting in the middle, and the fleet would lack the pruned part for good.
    func pushCursor(collector: String, device: String) async throws -> (through: Int64, chain: [UInt8])? {
        let cursor = try await store.pushCursor(collector: collector, device: device)
        let acknowledged = cursor?.through ?? 0
        if let base = try await store.logBase(), base.cutPosition > acknowledged {
            let date = Date(timeIntervalSince1970: Double(base.prunedAt) / 1_000).formatted(.iso8601)
            throw SheetLogError(
                .pruned,
                "this log was pruned through position \(base.cutPosition) on \(date), and \(collector) has acknowledged it as device \(device) only through position \(acknowledged): the fleet would lack positions \(acknowledged + 1)-\(base.cutPosition). Push to the collector that received them before the prune",
                context: .init(position: base.cutPosition, operation: "push"))
        }
        return cursor
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
