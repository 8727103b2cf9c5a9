import BenchmarkHarness
import SheetLogCore

/// The figures, one function each, taking SheetLog's side and the baseline's side as closures.
///
/// The targets are issue 35's table: durable append p50 ≤ 1.3, fast append p50 ≤ 3, ingest ≥ 0.6,
/// rebuild ≤ 4, audit query at the full size ≤ 2, sealed against plain (ingest ≥ 0.8, rebuild ≤ 1.3,
/// durable append ≤ 1.15), `sheetlog ingest` of a file ≤ 2 and `ingest --each` ≤ 1.3 of their
/// baselines. The other figures keep the targets of the issues that set them.
extension FigureRunner {
    func durableAppend(sheetLog: Side?, baseline: Side) throws -> [Figure] {
        try figures(
            name: FigureName.durableAppend.title, unit: .microseconds,
            sheetLogDoes: "one command → events, projections and chain committed, synchronous=FULL",
            baselineDoes: "one-row INSERT committed (BEGIN; INSERT; COMMIT), synchronous=FULL",
            sheetLog: sheetLog, baseline: baseline, metrics: [(.value, .atMost(1.3)), (.percentile(99), nil)])
    }

    func fastAppend(sheetLog: Side?, baseline: Side) throws -> [Figure] {
        try figures(
            name: FigureName.fastAppend.title, unit: .microseconds,
            sheetLogDoes: "one command → events, projections and chain committed, synchronous=NORMAL",
            baselineDoes: "one-row INSERT committed, synchronous=NORMAL",
            sheetLog: sheetLog, baseline: baseline, metrics: [(.value, .atMost(3)), (.percentile(99), nil)])
    }

    func burst(sheetLog: Side?, baseline: Side) throws -> [Figure] {
        try figures(
            name: FigureName.burst.title, unit: .milliseconds,
            sheetLogDoes: "100 edits of one session submitted at once (as a coordinator does), until all are committed, synchronous=FULL",
            baselineDoes: "100 one-row INSERTs, each committed on its own, synchronous=FULL",
            sheetLog: sheetLog, baseline: baseline, metrics: [(.value, .atMost(0.3))])
    }

    func ingestFile(lines: Int, sheetLog: Side?, baseline: Side) throws -> [Figure] {
        let size = BenchSettings.sizeLabel(lines)
        return try figures(
            name: FigureName.ingestFile.title, unit: .milliseconds,
            sheetLogDoes: "the sheetlog binary: `sheetlog ingest FILE` of \(size) workload lines, start to exit, synchronous=FULL",
            baselineDoes: "the sqlite3 shell: the same \(size) events inserted in one transaction, start to exit, synchronous=FULL",
            sheetLog: sheetLog, baseline: baseline, metrics: [(.value, .atMost(2))])
    }

    func ingestEach(sheetLog: Side?, baseline: Side) throws -> [Figure] {
        try figures(
            name: FigureName.ingestEach.title, unit: .microseconds,
            sheetLogDoes: "the sheetlog binary: \(CommandLineSides.eachLines) lines, each written after the previous answer was read, until its answer, synchronous=FULL",
            baselineDoes: "SQLite's C library: \(CommandLineSides.eachLines) one-row INSERTs of the same events, each committed on its own, synchronous=FULL",
            sheetLog: sheetLog, baseline: baseline, metrics: [(.value, .atMost(1.3)), (.percentile(99), nil)])
    }

    /// Issue 37's "never holding the write lock long enough to delay a keystroke by more than a few
    /// milliseconds": the longest durable edit while a prune removes a backlog in its steps, against
    /// the longest of as many edits with no prune. No target in the ratio: the figure states the pause.
    func prunePause(events: Int, sheetLog: Side?, baseline: Side) throws -> [Figure] {
        let size = BenchSettings.sizeLabel(events)
        return try figures(
            name: FigureName.prunePause.title, unit: .microseconds,
            sheetLogDoes: "the longest of the edits typed one at a time (each awaited, synchronous=FULL) while prune(before:) removes \(size) events of finished sessions in its steps",
            baselineDoes: "the longest of as many edits into the same file, no prune running",
            sheetLog: sheetLog, baseline: baseline, metrics: [(.value, nil), (.percentile(99), nil)])
    }

    func ingest(sheetLog: Side?, baseline: Side) throws -> [Figure] {
        let size = BenchSettings.sizeLabel(settings.events)
        return try figures(
            name: FigureName.ingest.title, unit: .eventsPerSecond,
            sheetLogDoes: "\(size) commands of JSON Lines through the ingest path in batches",
            baselineDoes: "\(size) pre-built rows inserted in 10k-row transactions, synchronous=NORMAL",
            sheetLog: sheetLog, baseline: baseline, metrics: [(.value, .atLeast(0.6))])
    }

    func rebuild(sheetLog: Side?, baseline: Side) throws -> [Figure] {
        let size = BenchSettings.sizeLabel(settings.events)
        return try figures(
            name: FigureName.rebuild.title, unit: .seconds,
            sheetLogDoes: "drop and rebuild all projections from a \(size)-event log",
            baselineDoes: "scan \(size) rows in position order and parse every payload in C",
            sheetLog: sheetLog, baseline: baseline, metrics: [(.value, .atMost(4))])
    }

    /// Two figures: the replay session at its last version and at its middle one.
    func replay(sheetLog: ((Int) throws -> Measurement)?, baseline: @escaping (Int) throws -> Measurement,
                sessionLength: Int) throws -> [Figure] {
        try [("last", sessionLength), ("middle", sessionLength / 2)].flatMap { label, version in
            try figures(
                name: "\(FigureName.replay.title) (\(label) version)", unit: .milliseconds,
                sheetLogDoes: "state of a \(sessionLength)-event session at version \(version)",
                baselineDoes: "read its \(version) rows by the (stream, version) index and parse them in C",
                sheetLog: sheetLog.map { side in { try side(version) } }, baseline: { try baseline(version) },
                metrics: [(.value, .atMost(6))])
        }
    }

    /// SheetLog only: how opening and listing drafts grows from the small log to the large one.
    func recovery(sheetLog: ((Int) throws -> Measurement)?) throws -> [Figure] {
        [try scaling(name: FigureName.recovery.title, unit: .milliseconds,
                     does: "open the file and list recoverable drafts", side: sheetLog, target: .atMost(1.5))]
    }

    /// The query against the baseline at both sizes, then how each side grows from small to large.
    func auditQuery(sheetLog: ((Int) throws -> Measurement)?, baseline: @escaping (Int) throws -> Measurement,
                    describeRows: (Int) throws -> String) throws -> [Figure] {
        var result: [Figure] = []
        for events in [settings.smallEvents, settings.events] {
            result += try figures(
                name: "\(FigureName.audit.title) at \(BenchSettings.sizeLabel(events))", unit: .microseconds,
                sheetLogDoes: "discarded dismissals of one route over one day",
                baselineDoes: "one indexed SELECT on a table of the dismissal columns (\(try describeRows(events)))",
                sheetLog: sheetLog.map { side in { try side(events) } }, baseline: { try baseline(events) },
                metrics: [(.value, .atMost(events == settings.events ? 2 : 3))])
        }
        result.append(try scaling(name: "\(FigureName.audit.title) growth", unit: .microseconds,
                                  does: "SheetLog's audit query p50", side: sheetLog, target: .atMost(2)))
        result.append(try scaling(name: "\(FigureName.audit.title) growth (baseline)", unit: .microseconds,
                                  does: "the baseline's indexed SELECT p50", side: baseline, target: nil))
        return result
    }

    func size(sheetLog: Side?, baseline: Side) throws -> [Figure] {
        try figures(
            name: FigureName.size.title, unit: .bytesPerEvent,
            sheetLogDoes: "bytes on disk per event, all tables and indexes, after a checkpoint",
            baselineDoes: "bytes on disk per event of the events table after a checkpoint",
            sheetLog: sheetLog, baseline: baseline, metrics: [(.value, .atMost(2))])
    }

    /// Durable append, ingest and rebuild on a sealed database against the same on a plain one: what
    /// sealing every value costs. The baseline column is SheetLog on a plain database here.
    func sealed(_ pairs: SheetLogSides.SealedPairs) throws -> [Figure] {
        let title = FigureName.sealed.title
        let size = BenchSettings.sizeLabel(settings.events)
        return try figures(
            name: "\(title) durable append", unit: .microseconds,
            sheetLogDoes: "one command → events, projections and chain committed, synchronous=FULL, every value sealed",
            baselineDoes: "the same on a plain database (SheetLog, not raw SQLite)",
            sheetLog: pairs.durableAppend.sealed, baseline: pairs.durableAppend.plain, metrics: [(.value, .atMost(1.15))])
        + figures(
            name: "\(title) ingest", unit: .eventsPerSecond,
            sheetLogDoes: "\(size) commands of JSON Lines through the ingest path into a sealed database",
            baselineDoes: "the same into a plain database (SheetLog)",
            sheetLog: pairs.ingest.sealed, baseline: pairs.ingest.plain, metrics: [(.value, .atLeast(0.8))])
        + figures(
            name: "\(title) rebuild", unit: .seconds,
            sheetLogDoes: "drop and rebuild all projections from a sealed \(size)-event log (every value opened and sealed again)",
            baselineDoes: "the same from a plain log (SheetLog)",
            sheetLog: pairs.rebuild.sealed, baseline: pairs.rebuild.plain, metrics: [(.value, .atMost(1.3))])
    }
}
