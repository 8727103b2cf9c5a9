import SheetLog
import SheetLogIngest

/// `ingest --each`: each line commits on its own and is acked right after its commit.
struct IngestEachRun {
    let database: SheetLogDatabase
    let decoder: IngestDecoder

    /// Records every good line and reports every bad one on stderr; returns how many were bad.
    func run(_ reader: inout IngestLineReader) async throws -> Int {
        var failures = 0
        while let raw = try reader.next() {
            if raw.isBlank { continue }
            do {
                let line = try decoder.decode(raw)
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
                for event in result.events { Terminal.writeLine(try JSONOutput.line(EventAck(event))) }
            } catch let error as SheetLogError {
                failures += 1
                Terminal.writeFailure("sheetlog: \(error.description)")
            }
        }
        return failures
    }
}
