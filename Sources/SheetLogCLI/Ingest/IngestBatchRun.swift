import SheetLog
import SheetLogIngest

/// The default ingest: every line decoded first, then all of them recorded in one transaction.
struct IngestBatchRun {
    let decoder: IngestDecoder

    /// Decodes every line of the input, before any database is opened or created.
    func decode(_ reader: inout IngestLineReader) throws -> [(number: Int, line: IngestLine)] {
        var lines: [(number: Int, line: IngestLine)] = []
        while let raw = try reader.next() {
            if raw.isBlank { continue }
            lines.append((raw.number, try decoder.decode(raw)))
        }
        return lines
    }

    /// Records `lines` into `database` in one transaction (checking the outcomes they claim first).
    func record(_ lines: [(number: Int, line: IngestLine)], into database: SheetLogDatabase) async throws -> IngestSummary {
        // Only lines up to the last one that claims an outcome need the simulation.
        if let last = lines.lastIndex(where: { $0.line.expectedOutcome != nil }) {
            var outcomes = OutcomeCheck(database: database)
            for (number, line) in lines[...last] {
                guard try await outcomes.check(line, number: number) else { break }
            }
        }
        let envelopes = lines.map { $0.line.envelope }
        let results: [RecordResult]
        do {
            results = try await database.record(envelopes, states: .afterBatch)
        } catch var error as SheetLogError {
            if let index = error.context.line, lines.count > 1, lines.indices.contains(index - 1) {
                error.context.line = lines[index - 1].number
            } else if lines.count == 1 {
                error.context.line = lines[0].number
            }
            throw error
        }
        var summary = IngestSummary(events: 0, lines: lines.count, alreadyStored: 0, sessions: [:])
        for result in results {
            if result.alreadyStored {
                summary.alreadyStored += 1
                continue
            }
            summary.events += result.events.count
            for event in result.events { summary.sessions[event.stream, default: 0] += 1 }
        }
        return summary
    }
}

extension IngestLine {
    /// The facade's envelope for the line (the claimed outcome is checked separately).
    var envelope: CommandEnvelope {
        CommandEnvelope(session: session, command: command, id: id, occurredAt: occurredAt, subject: subject)
    }
}
