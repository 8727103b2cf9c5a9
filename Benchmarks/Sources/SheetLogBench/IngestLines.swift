import SheetLog
import SheetLogIngest

/// The workload's commands as lines of the `sheetlog ingest` format, and the ingest path that
/// records them: decode each line (``IngestDecoder``), then record ``batchSize`` commands per
/// call of the facade's batch `record` (decide, append, project in one transaction).
struct IngestLines: Sendable {
    /// Commands per transaction, as the baseline's 10k-row transactions.
    static let batchSize = 10_000

    /// One line per command, without its line break.
    let lines: [[UInt8]]

    var count: Int { lines.count }

    /// Writes every command as a line (with its id and time), outside any timing.
    init(_ commands: [CommandEnvelope]) throws {
        lines = try commands.map { envelope in
            let line = IngestLine(session: envelope.session, command: envelope.command, id: envelope.id,
                                  occurredAt: envelope.occurredAt)
            return Array(try IngestEncoder.encode(line).utf8)
        }
    }

    /// Decodes and records the first `count` lines into `database`; returns the events appended.
    func record(count: Int, into database: SheetLogDatabase) throws -> Int {
        let lines = self.lines
        return try AsyncBridge.run {
            let decoder = IngestDecoder(limits: database.options.limits)
            var appended = 0
            for start in stride(from: 0, to: count, by: Self.batchSize) {
                var envelopes: [CommandEnvelope] = []
                envelopes.reserveCapacity(Self.batchSize)
                for index in start..<min(start + Self.batchSize, count) {
                    let line = try decoder.decode(lines[index], line: index + 1)
                    envelopes.append(CommandEnvelope(session: line.session, command: line.command, id: line.id,
                                                     occurredAt: line.occurredAt))
                }
                for result in try await database.record(envelopes, states: .afterBatch) { appended += result.events.count }
            }
            return appended
        }
    }
}
