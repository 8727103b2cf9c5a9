import Foundation
import GRDB
import SheetLog
import SheetLogSQLite
import SheetLogIngest

/// An in-memory database holding every scenario's setup, and the in-process equivalent of
/// `sheetlog ingest` in its default mode: decode every line, then record them all in one transaction.
final class BadInputFixture: Sendable {
    let database: SheetLogDatabase
    let decoder = IngestDecoder()

    init() async throws {
        database = try SheetLogDatabase.inMemory()
        try await ingest(LineScenario.allSetupLines.map { Array($0.utf8) })
    }

    func snapshot() async throws -> DatabaseSnapshot {
        try await (database.backend as! SQLiteBackend).store.writer.read(DatabaseSnapshot.init)
    }

    /// Decodes every line, then records them all at once; an error names the 1-based input line.
    @discardableResult
    func ingest(_ lines: [[UInt8]]) async throws -> [RecordResult] {
        var decoded: [IngestLine] = []
        for (index, bytes) in lines.enumerated() {
            decoded.append(try decoder.decode(bytes, line: index + 1))
        }
        return try await database.record(decoded.map(\.envelope))
    }

    /// Filler lines that would change the database if a rejected batch were half committed.
    static func fillers(_ count: Int, from first: Int) -> [[UInt8]] {
        (first..<first + count).map { index in
            Array(#"{"session":"filler","type":"present","presentation":"f\#(index)","route":{"name":"r\#(index)"}}"#.utf8)
        }
    }
}

extension IngestLine {
    var envelope: CommandEnvelope { CommandEnvelope(session: session, command: command, id: id, occurredAt: occurredAt) }
}
