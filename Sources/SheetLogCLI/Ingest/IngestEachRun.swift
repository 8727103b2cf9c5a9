import Logging
import SheetLog
import SheetLogIngest
import SheetLogReports

/// `ingest --each`: each line commits on its own and is answered right after, one JSON line per
/// input line (``IngestEachAnswer``).
struct IngestEachRun {
    let global: GlobalOptions
    let decoder: IngestDecoder

    /// The database's path, reopened for reading to look up the line a storage failure stopped at.
    private var path: String { global.databasePath }

    /// Records every good line and answers every line; reports rejected ones on stderr too and
    /// returns how many there were.
    ///
    /// Lines that arrived together (already read into the input's buffer) are submitted together
    /// and share a commit (group commit); each is still all or nothing on its own, and is answered,
    /// in input order, only after the COMMIT that stored it. A line the run would have to wait for is
    /// never waited for while an earlier line is unanswered, so an interactive client that waits
    /// for each answer before it writes the next line is answered at once.
    ///
    /// A storage failure that leaves the handle untrustworthy (``SheetLogError/leavesHandleUnusable``)
    /// ends the run at that line: the log's own rule is never to retry on the same handle, and every
    /// later line would fail the same way on a full disk.
    ///
    /// Into a file that does not exist yet, the lines are recorded one by one into a
    /// ``StagedDatabase`` until the first one appends events; that database is put in place before
    /// the line is answered, so lines that are all rejected leave no file behind.
    func run(_ reader: inout IngestLineReader) async throws -> Int {
        var rejected = 0
        var database: SheetLogDatabase? = try SheetLogDatabase.fileNeedsCreating(at: path) ? nil : try global.open()
        var staged: StagedDatabase?
        defer { staged?.discard() }
        while let first = try reader.next() {
            guard let database else {
                database = try await recordStaged(first, staged: &staged, rejected: &rejected)
                continue
            }
            var lines = [first]
            while lines.count < Self.linesPerGroup, reader.hasBufferedLine, let next = try reader.next() {
                lines.append(next)
            }
            var stop = false
            var pending: [PendingLine] = []
            group: for raw in lines {
                if raw.isBlank {
                    pending.append(.answered(.blank(line: raw.number)))
                    continue
                }
                let entry: IngestEntry
                do {
                    entry = try decoder.decodeEntry(raw)
                } catch {
                    pending.append(.refused(number: raw.number, error.context.line == nil ? error.atLine(raw.number) : error, id: nil))
                    continue
                }
                let line: IngestLine
                switch entry {
                case .command(let command):
                    line = command
                case .erasure(let erasure):
                    // An erasure comes after the lines before it (answered first) and before those after it.
                    stop = try await answer(&pending, in: database, rejected: &rejected)
                    if stop { break group }
                    stop = try await erase(erasure, number: raw.number, in: database, rejected: &rejected)
                    if stop { break group }
                    continue group
                case .base(let part):
                    pending.append(.refused(number: raw.number, IngestBaseLines.notEach(part).atLine(raw.number), id: nil))
                    continue group
                }
                pending.append(await submit(line, number: raw.number, to: database))
            }
            if !stop { stop = try await answer(&pending, in: database, rejected: &rejected) }
            if stop { break }
        }
        return rejected
    }

    /// Records one line into the staged new database and answers it; returns the database at the
    /// target once a line appended events (the staged one put in place, or one another process
    /// created meanwhile, into which the line is then recorded).
    private func recordStaged(_ raw: IngestRawLine, staged: inout StagedDatabase?, rejected: inout Int) async throws -> SheetLogDatabase? {
        if raw.isBlank {
            try answer(.blank(line: raw.number))
            return nil
        }
        do {
            let line: IngestLine
            switch try decoder.decodeEntry(raw) {
            case .command(let command): line = command
            case .erasure(let erasure): throw Self.nothingToErase(erasure, in: path)
            case .base(let part): throw IngestBaseLines.notEach(part)
            }
            let staging = try staged ?? StagedDatabase(target: path, options: global.options)
            staged = staging
            var result = try await record(line, number: raw.number, into: staging.database)
            guard !result.events.isEmpty else {
                try answer(.unchanged(line: raw.number, id: line.id, result))
                return nil
            }
            staged = nil
            let published = try staging.publish()
            let opened = try global.open()
            if !published { result = try await record(line, number: raw.number, into: opened) }
            try answer(result.events.isEmpty ? .unchanged(line: raw.number, id: line.id, result) : .recorded(line: raw.number, result))
            return opened
        } catch let error as SheetLogError {
            let error = error.context.line == nil ? error.atLine(raw.number) : error
            if error.code == .busy {
                // Answered like any line the run stops at (nothing of it is stored: BEGIN never
                // got the lock), then the run ends with exit 3.
                try answer(.rejected(line: raw.number, error, stop: .init(stored: false)))
                throw error
            }
            rejected += 1
            Terminal.writeFailure("sheetlog: \(error.description)")
            try answer(.rejected(line: raw.number, error, stop: nil))
            return nil
        }
    }

    /// Records the line on its own (its claimed outcome decided with it).
    private func record(_ line: IngestLine, number: Int, into database: SheetLogDatabase) async throws -> RecordResult {
        do {
            return try await database.record([line.envelope])[0]
        } catch let error as SheetLogError {
            throw error.context.line == nil ? error.atLine(number) : error
        }
    }

    /// Erases the line's subject and answers the line; true when its failure stops the run. A
    /// failure is the line's answer and stops the run as a command's does.
    private func erase(_ erasure: IngestErasure, number: Int, in database: SheetLogDatabase, rejected: inout Int) async throws -> Bool {
        do {
            try answer(.erased(line: number, try await database.erase(erasure.envelope)))
            return false
        } catch let error as SheetLogError {
            return try await answerFailure(error.atLine(number), line: number, id: erasure.id, rejected: &rejected)
        }
    }

    /// Why an erasure cannot be the first line into a database that does not exist yet.
    private static func nothingToErase(_ erasure: IngestErasure, in path: String) -> SheetLogError {
        SheetLogError(
            .notFound, "subject \(erasure.subject) has no key in \(path): the database does not exist yet, so no session of it was recorded there",
            context: .init(eventType: IngestErasure.type, operation: "erase"))
    }

    /// At most this many lines are submitted before their answers are written.
    static let linesPerGroup = 256

    /// A line on its way: its answer is known, or its ticket will give it.
    fileprivate enum PendingLine {
        case answered(IngestEachAnswer)
        case refused(number: Int, SheetLogError, id: String?)
        case submitted(number: Int, id: String?, RecordTicket)
    }

    /// Submits one decoded line (its claimed outcome decided with it), without waiting for its commit.
    private func submit(_ line: IngestLine, number: Int, to database: SheetLogDatabase) async -> PendingLine {
        do {
            return .submitted(number: number, id: line.id, try database.submit([line.envelope], states: .afterEachCommand))
        } catch let error as SheetLogError {
            return .refused(number: number, error.context.line == nil ? error.atLine(number) : error, id: line.id)
        } catch {
            return .refused(number: number, SheetLogError(.storage, "line \(number) failed with an error of type \(type(of: error))",
                                                          context: .init(operation: "ingest", line: number)), id: line.id)
        }
    }

    /// Answers the pending lines in order; true when a storage failure stopped the run.
    private func answer(_ pending: inout [PendingLine], in database: SheetLogDatabase, rejected: inout Int) async throws -> Bool {
        defer { pending.removeAll() }
        for (index, line) in pending.enumerated() {
            let outcome: Result<(Int, RecordResult, String?), SheetLogError>
            switch line {
            case .answered(let answer):
                try self.answer(answer)
                continue
            case .refused(_, let error, _):
                outcome = .failure(error)
            case let .submitted(number, id, ticket):
                do {
                    outcome = .success((number, try await database.complete(ticket)[0], id))
                } catch let error as SheetLogError {
                    outcome = .failure(error.context.line == nil ? error.atLine(number) : error)
                }
            }
            switch outcome {
            case let .success((number, result, id)):
                try answer(result.events.isEmpty ? .unchanged(line: number, id: id, result) : .recorded(line: number, result))
            case let .failure(error):
                let (number, lineID) = line.numberAndID
                let stop: Bool
                do {
                    stop = try await answerFailure(error, line: number, id: lineID, rejected: &rejected)
                } catch {
                    await settle(pending[(index + 1)...], in: database)
                    throw error
                }
                if stop {
                    await settle(pending[(index + 1)...], in: database)
                    return true
                }
            }
        }
        return false
    }

    /// Answers a line that failed; true when the failure stops the run there. A busy database
    /// throws after the answer: every later line would wait as long again, and may build on this
    /// one (exit 3, the line answered as not stored: BEGIN never got the lock).
    private func answerFailure(_ error: SheetLogError, line number: Int, id lineID: String?, rejected: inout Int) async throws -> Bool {
        if error.code == .busy {
            try answer(.rejected(line: number, error, stop: .init(stored: false)))
            throw error
        }
        rejected += 1
        Terminal.writeFailure("sheetlog: \(error.description)")
        guard error.leavesHandleUnusable else {
            try answer(.rejected(line: number, error, stop: nil))
            return false
        }
        let stored = await storedAfterReopening(error, lineID: lineID)
        try answer(.rejected(line: number, error, stop: .init(stored: stored)))
        Terminal.writeError(
            "sheetlog: stopped at line \(number): a handle is never trusted again after a storage failure; "
                + "\(Self.stopSentence(error, stored: stored, lineID: lineID, line: number)); lines after \(number) were not recorded")
        return true
    }

    /// Waits for the tickets of lines a stop leaves unanswered: a ticket may hold the lead of the
    /// next group, and the queue refuses every request after an unknown COMMIT.
    private func settle(_ lines: ArraySlice<PendingLine>, in database: SheetLogDatabase) async {
        for case let .submitted(_, _, ticket) in lines { _ = try? await database.complete(ticket) }
    }

    private func answer(_ answer: IngestEachAnswer) throws(SheetLogError) {
        Terminal.writeLine(try JSONOutput.line(answer))
    }

    /// Whether the failed line is stored: nothing is before COMMIT; after a failed COMMIT its first
    /// event id is looked up through a new, read-only handle (nil when that is impossible).
    private func storedAfterReopening(_ error: SheetLogError, lineID: String?) async -> Bool? {
        guard error.code == .commitOutcomeUnknown else { return false }
        guard let id = error.context.eventID ?? lineID else { return nil }
        do {
            let reopened = try SheetLogDatabase.openForReading(path: path, options: global.options)
            return try await !reopened.events(withIDs: [id]).isEmpty
        } catch {
            return nil
        }
    }

    /// What is known of the line a run stopped at, for the sentence on stderr.
    private static func stopSentence(_ error: SheetLogError, stored: Bool?, lineID: String?, line: Int) -> String {
        let id = (error.context.eventID ?? lineID).map { "event id \($0)" } ?? "its event id"
        switch stored {
        case true?:
            return "line \(line) is stored (\(id) found after reopening the database)"
        case false? where error.code == .commitOutcomeUnknown:
            return "line \(line) is not stored (\(id) not found after reopening the database)"
        case false?:
            return "line \(line) is not stored (it failed before COMMIT)"
        case nil:
            return "the outcome of line \(line) is unknown: reopen the database and look \(id) up"
        }
    }
}

extension IngestEachRun.PendingLine {
    /// The input line's number, and the id it gave (nil when it gave none, or was not decoded).
    fileprivate var numberAndID: (Int, String?) {
        switch self {
        case .answered: return (0, nil)  // never asked: an answered line has no outcome to wait for
        case let .refused(number, _, id): return (number, id)
        case let .submitted(number, id, _): return (number, id)
        }
    }
}
