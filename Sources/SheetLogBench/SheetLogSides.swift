import BenchmarkHarness
import SheetLogCore

/// SheetLog's side of each figure: one closure per figure, each closure one run.
///
/// Every closure is nil until SheetLog's store, domain and CLI are wired in; a nil side makes its
/// figure run the baseline alone and print "pending" in the SheetLog column. To wire a figure, build
/// its closure in ``make(workload:settings:directory:)`` from the same workload the baseline uses.
struct SheetLogSides {
    /// One command → its events, projections and chain committed, synchronous=FULL; value: p50 µs.
    var durableAppend: (() throws -> Measurement)?
    /// The same with synchronous=NORMAL.
    var fastAppend: (() throws -> Measurement)?
    /// The workload as JSON Lines commands through the ingest path in batches; value: events/s.
    var ingest: (() throws -> Measurement)?
    /// Drop and rebuild all projections from the full log; value: seconds.
    var rebuild: (() throws -> Measurement)?
    /// State of the replay session at `version`; value: ms.
    var replay: ((_ version: Int) throws -> Measurement)?
    /// Open the file and list recoverable drafts at a log of `events` events; value: ms.
    var recovery: ((_ events: Int) throws -> Measurement)?
    /// Discarded dismissals of one route over one day at a log of `events` events; value: p50 µs.
    var auditQuery: ((_ events: Int) throws -> Measurement)?
    /// Bytes on disk per event, all tables and indexes, after a checkpoint.
    var size: (() throws -> Measurement)?

    /// The sides available in this build: none yet (the lead wires SheetLog in here).
    static func make(workload: Workload, settings: BenchSettings, directory: WorkDirectory) -> SheetLogSides {
        SheetLogSides()
    }
}
