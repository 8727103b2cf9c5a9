import SheetLog
import SheetLogIngest

/// The default ingest: every line decoded first, then all of them recorded in one transaction.
///
/// An input with `eraseSubject` lines (an export of a log with erasures) is recorded in parts: the
/// commands before an erasure in one transaction, the erasure in its own (it checkpoints the WAL
/// after its commit), then the next commands. A pruned log's export begins with its base (`base`,
/// `baseErasure` and `baseSession` lines): installed first, in a transaction of its own. Whether the database can erase is asked before
/// anything is recorded, so a plain database refuses the whole input.
struct IngestBatchRun {
    let decoder: IngestDecoder

    typealias Numbered<Line> = (number: Int, line: Line)

    /// Decodes every line of the input, before any database is opened or created.
    func decode(_ reader: inout IngestLineReader) throws -> [Numbered<IngestEntry>] {
        var lines: [Numbered<IngestEntry>] = []
        while let raw = try reader.next() {
            if raw.isBlank { continue }
            lines.append((raw.number, try decoder.decodeEntry(raw)))
        }
        return lines
    }

    /// Records `lines` into `database`: in one transaction, or in parts split at its erasures. A
    /// part refused after others were committed says which lines are stored, or, when `partsStay` is
    /// false (a new file staged by ``StagedDatabase``, dropped whole when the input is refused),
    /// that none is.
    func record(_ lines: [Numbered<IngestEntry>], into database: SheetLogDatabase, partsStay: Bool = true) async throws -> IngestSummary {
        var summary = IngestSummary(events: 0, lines: lines.count, alreadyStored: 0, sessions: [:])
        var commands: [Numbered<IngestLine>] = []
        var checkedErasable = false
        // A pruned log's base, checked whole before anything is written.
        let base = try IngestBaseLines(lines)
        // The last line of the parts committed so far.
        var storedThrough: Int?
        do {
            if let base {
                let installed: Bool
                do {
                    installed = try await database.installBase(base.image)
                } catch let error as SheetLogError {
                    throw error.atLine(base.line(of: error))
                }
                summary.base = .init(cutPosition: base.image.cutPosition, carriedSessions: base.image.sessions.count, installed: installed)
                if installed { storedThrough = base.lastLine } else { summary.alreadyStored += base.lineCount }
            }
            for (number, entry) in lines.dropFirst(base?.lineCount ?? 0) {
                switch entry {
                case .base:
                    throw IngestBaseLines.misplaced(line: number)
                case .command(let line):
                    commands.append((number, line))
                case .erasure(let erasure):
                    if !checkedErasable {
                        do { try await database.requireErasable() } catch let error as SheetLogError { throw error.atLine(number) }
                        checkedErasable = true
                    }
                    try await record(commands, into: database, summary: &summary)
                    commands.removeAll()
                    let report: ErasureReport
                    do {
                        report = try await database.erase(erasure.envelope)
                    } catch let error as SheetLogError {
                        throw error.atLine(number)
                    }
                    storedThrough = number
                    if report.alreadyErased {
                        summary.alreadyStored += 1
                    } else {
                        summary.events += 1  // its eraseSubject event, in the log's own $erasures stream
                        summary.erased = (summary.erased ?? []) + [erasure.subject]
                    }
                }
            }
            try await record(commands, into: database, summary: &summary)
        } catch var error as SheetLogError {
            if let storedThrough, partsStay {
                error.message += "; lines 1 to \(storedThrough) (the base or erasure ending at line \(storedThrough) and the lines before it) are stored and nothing after it: an input with a base or eraseSubject lines commits in parts"
            } else if storedThrough != nil {
                error.message += "; nothing is stored: the database did not exist, and an input refused in part leaves no file behind"
            }
            throw error
        }
        return summary
    }

    /// Records `lines` in one transaction (the outcomes they claim decided with them).
    private func record(_ lines: [Numbered<IngestLine>], into database: SheetLogDatabase, summary: inout IngestSummary) async throws {
        if lines.isEmpty { return }
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
        for result in results {
            if result.alreadyStored {
                summary.alreadyStored += 1
                continue
            }
            summary.events += result.events.count
            for event in result.events { summary.sessions[event.stream, default: 0] += 1 }
        }
    }
}

extension IngestLine {
    /// The facade's envelope for the line, its claimed outcome a precondition the decider checks.
    var envelope: CommandEnvelope {
        CommandEnvelope(session: session, command: command, id: id, occurredAt: occurredAt, subject: subject, expectedOutcome: expectedOutcome)
    }
}

extension IngestErasure {
    /// The facade's erasure for the line.
    var envelope: ErasureEnvelope {
        ErasureEnvelope(subject: subject, requestedBy: requestedBy, id: id, occurredAt: occurredAt)
    }
}
