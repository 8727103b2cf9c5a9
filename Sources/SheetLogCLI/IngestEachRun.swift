import Logging
import SheetLog
import SheetLogIngest

/// `ingest --each`: each line commits on its own and is answered right after, one JSON line per
/// input line (``IngestEachAnswer``).
struct IngestEachRun {
    let database: SheetLogDatabase
    let decoder: IngestDecoder
    /// The database's path, reopened for reading to look up the line a storage failure stopped at.
    let path: String

    /// Records every good line and answers every line; reports rejected ones on stderr too and
    /// returns how many there were.
    ///
    /// A storage failure that leaves the handle untrustworthy (``SheetLogError/leavesHandleUnusable``)
    /// ends the run at that line: the log's own rule is never to retry on the same handle, and every
    /// later line would fail the same way on a full disk.
    func run(_ reader: inout IngestLineReader) async throws -> Int {
        var rejected = 0
        while let raw = try reader.next() {
            if raw.isBlank {
                try answer(.blank(line: raw.number))
                continue
            }
            var lineID: String?
            do {
                let line = try decoder.decode(raw)
                lineID = line.id
                if line.expectedOutcome != nil {
                    var outcomes = OutcomeCheck(database: database)
                    _ = try await outcomes.check(line, number: raw.number)
                }
                let result: RecordResult
                do {
                    result = try await database.record([line.envelope])[0]
                } catch let error as SheetLogError {
                    throw error.context.line == nil ? error.atLine(raw.number) : error
                }
                try answer(result.events.isEmpty ? .unchanged(line: raw.number, id: line.id, result) : .recorded(line: raw.number, result))
            } catch let error as SheetLogError {
                rejected += 1
                Terminal.writeError("sheetlog: \(error.description)")
                guard error.leavesHandleUnusable else {
                    try answer(.rejected(line: raw.number, error, stop: nil))
                    continue
                }
                let stored = await storedAfterReopening(error, lineID: lineID)
                try answer(.rejected(line: raw.number, error, stop: .init(stored: stored)))
                Terminal.writeError(
                    "sheetlog: stopped at line \(raw.number): a handle is never trusted again after a storage failure; "
                        + "\(Self.stopSentence(error, stored: stored, lineID: lineID, line: raw.number)); lines after \(raw.number) were not read")
                break
            }
        }
        return rejected
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
            let reopened = try SheetLogDatabase.openForReading(path: path, options: .init(logger: Logger(label: "sheetlog")))
            return try await !reopened.store.events(withIDs: [id]).isEmpty
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
