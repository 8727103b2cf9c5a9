import Foundation
import GRDB
import Logging
import SheetLogCore
import SheetLogReliability
import SheetLogSQLite

/// A device's SheetLog file made the way an app makes it (the SQLite store with the sheet read
/// models), from the crash tiers' seeded workload of real sheet commands.
struct DeviceFile {
    let directory: URL
    let path: String

    /// A new file in a folder of its own holding the workload's appends `appends` (1 to 4 events each)
    /// over `sessions` sessions.
    static func make(seed: UInt64, appends: Range<Int>, sessions: Int = 3, name: String = "device.sqlite") async throws -> DeviceFile {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sheetlog-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = DeviceFile(directory: directory, path: directory.appendingPathComponent(name).path)
        try await file.append(seed: seed, appends: appends, sessions: sessions)
        return file
    }

    /// Appends the workload's appends `appends` (their event ids prefixed with `idPrefix` when given:
    /// the same sheet history under other ids, which is another history).
    func append(seed: UInt64, appends: Range<Int>, sessions: Int = 3, idPrefix: String? = nil) async throws {
        let workload = Workload(seed: seed, appendCount: appends.upperBound, sessionCount: sessions)
        let store = try SQLiteEventStore(path: path, configuration: .init(durability: .normal).keepingSheets())
        defer { try? store.close() }
        // Many planned appends per transaction: their expected versions follow one another.
        var pending: [StreamBatch] = []
        for planned in workload.appends[appends] {
            for batch in planned.batches {
                var batch = batch
                if let idPrefix {
                    batch = StreamBatch(
                        stream: batch.stream,
                        events: batch.events.map { event in
                            var event = event
                            event.eventID = idPrefix + event.eventID
                            return event
                        },
                        expected: batch.expected)
                }
                pending.append(batch)
            }
            if pending.count >= 500 {
                _ = try await store.append(pending)
                pending = []
            }
        }
        if !pending.isEmpty { _ = try await store.append(pending) }
    }

    /// A file not yet created (`device.sqlite`) in a folder of its own: for a test that writes it
    /// through the library.
    static func unwritten() throws -> DeviceFile {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sheetlog-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return DeviceFile(directory: directory, path: directory.appendingPathComponent("device.sqlite").path)
    }

    /// A copy of this file (checkpointed first, so the copy is whole) in a folder of its own.
    func copy() throws -> DeviceFile {
        try checkpoint()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sheetlog-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let copy = DeviceFile(directory: directory, path: directory.appendingPathComponent("device.sqlite").path)
        try FileManager.default.copyItem(atPath: path, toPath: copy.path)
        return copy
    }

    private func checkpoint() throws {
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        try queue.close()
    }

    /// Runs `sql` on the file with the append-only triggers dropped: what someone editing it by hand does.
    func tamper(_ body: (Database) throws -> Void) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            for trigger in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'events'") {
                try db.execute(sql: "DROP TRIGGER \(trigger)")
            }
            try body(db)
        }
        try queue.close()
    }

    /// Every event row of the file, read with SQLite alone.
    func rows() throws -> [EventRow] {
        let queue = try DatabaseQueue(path: path, configuration: { var c = Configuration(); c.readonly = true; return c }())
        defer { try? queue.close() }
        return try queue.read { db in
            try Row.fetchAll(db, sql: """
                SELECT position, event_id, stream, version, type, schema_version, CAST(payload AS BLOB) AS payload,
                       CAST(metadata AS BLOB) AS metadata, occurred_at, recorded_at, chain, chain_version
                FROM events ORDER BY position
                """).map { row in
                EventRow(
                    position: row["position"], eventID: row["event_id"], stream: row["stream"], version: row["version"], type: row["type"],
                    schemaVersion: row["schema_version"], payload: [UInt8](row["payload"] as Data),
                    metadata: (row["metadata"] as Data?).map { [UInt8]($0) }, occurredAt: row["occurred_at"], recordedAt: row["recorded_at"],
                    chain: [UInt8](row["chain"] as Data), chainVersion: row["chain_version"])
            }
        }
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}

/// One stored event, column by column, texts as their bytes.
struct EventRow: Hashable {
    var position: Int64
    var eventID: String
    var stream: String
    var version: Int64
    var type: String
    var schemaVersion: Int
    var payload: [UInt8]
    var metadata: [UInt8]?
    var occurredAt: Int64?
    var recordedAt: Int64
    var chain: [UInt8]
    var chainVersion: Int

    var chainHex: String { chain.map { String(format: "%02x", $0) }.joined() }
}
