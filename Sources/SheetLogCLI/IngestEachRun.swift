import SheetLog
import SheetLogIngest

/// `ingest --each`: each line commits on its own and is acked right after its commit.
struct IngestEachRun {
    let global: GlobalOptions
    let decoder: IngestDecoder

    /// Records every good line and reports every bad one on stderr; returns how many were bad.
    ///
    /// Into a file that does not exist yet, the lines are recorded into a ``StagedDatabase`` until the
    /// first one appends events; that database is put in place before the line is acked, so lines
    /// that are all rejected leave no file behind.
    func run(_ reader: inout IngestLineReader) async throws -> Int {
        var database: SheetLogDatabase? = try SheetLogDatabase.fileNeedsCreating(at: global.databasePath) ? nil : try global.open()
        var staged: StagedDatabase?
        defer { staged?.discard() }
        var failures = 0
        while let raw = try reader.next() {
            if raw.isBlank { continue }
            do {
                let line = try decoder.decode(raw)
                var result: RecordResult
                if let database {
                    result = try await record(line, number: raw.number, into: database)
                } else {
                    let staging = try staged ?? StagedDatabase(target: global.databasePath, options: global.options)
                    staged = staging
                    result = try await record(line, number: raw.number, into: staging.database)
                    if !result.events.isEmpty {
                        staged = nil
                        let published = try staging.publish()
                        let opened = try global.open()
                        database = opened
                        if !published { result = try await record(line, number: raw.number, into: opened) }
                    }
                }
                for event in result.events { Terminal.writeLine(try JSONOutput.line(EventAck(event))) }
            } catch let error as SheetLogError where error.code == .busy {
                // Every later line would wait as long again, and may build on this one: stop here.
                // The acks printed so far say what is stored.
                throw error.atLine(raw.number)
            } catch let error as SheetLogError {
                failures += 1
                Terminal.writeError("sheetlog: \(error.description)")
            }
        }
        return failures
    }

    /// Checks the outcome the line claims, then records it on its own.
    private func record(_ line: IngestLine, number: Int, into database: SheetLogDatabase) async throws -> RecordResult {
        if line.expectedOutcome != nil {
            var outcomes = OutcomeCheck(database: database)
            _ = try await outcomes.check(line, number: number)
        }
        do {
            return try await database.record([line.envelope])[0]
        } catch let error as SheetLogError {
            throw error.context.line == nil ? error.atLine(number) : error
        }
    }
}
