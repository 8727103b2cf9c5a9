import BenchmarkHarness
import SheetLog

/// SheetLog's side of each figure: one closure per figure, each closure one run.
///
/// A nil side makes its figure run the baseline alone and print "pending" in the SheetLog
/// column; ``make(workload:settings:directory:log:)`` wires every figure to ``SheetLogSide``.
struct SheetLogSides {
    /// One command → its events, projections and chain committed, synchronous=FULL; value: p50 µs.
    var durableAppend: (() throws -> Measurement)?
    /// The same with synchronous=NORMAL.
    var fastAppend: (() throws -> Measurement)?
    /// 100 edits submitted at once, until all are committed at synchronous=FULL; value: ms.
    var burst: (() throws -> Measurement)?
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
    /// Durable append, ingest and rebuild on a sealed database (`sealed`) and on a plain one (`plain`).
    var sealed: SealedPairs
    /// The longest durable edit while a prune removes `events` old events (`pruning`), or with no
    /// prune; value: µs. Both sides are SheetLog's: the reference is the same typing, unpruned.
    var prunePause: (_ events: Int, _ pruning: Bool) throws -> Measurement

    /// The figures a sealed database repeats, each with its plain counterpart measured in the same run.
    struct SealedPairs {
        var durableAppend: (sealed: () throws -> Measurement, plain: () throws -> Measurement)
        var ingest: (sealed: () throws -> Measurement, plain: () throws -> Measurement)
        var rebuild: (sealed: () throws -> Measurement, plain: () throws -> Measurement)
    }

    /// Every figure's SheetLog side, on the same workload as the baseline's.
    static func make(
        workload: Workload, settings: BenchSettings, directory: WorkDirectory, log: @escaping (String) -> Void
    ) throws -> SheetLogSides {
        let side = try SheetLogSide(workload: workload, settings: settings, directory: directory, log: log)
        let sealed = side.sealed()
        return SheetLogSides(
            durableAppend: { try side.append(durability: .full) },
            fastAppend: { try side.append(durability: .normal) },
            burst: side.burst,
            ingest: side.ingestAll,
            rebuild: side.rebuild,
            replay: side.replay(version:),
            recovery: side.recovery(events:),
            auditQuery: side.auditQuery(events:),
            size: side.size,
            sealed: SealedPairs(
                durableAppend: ({ try sealed.append(durability: .full) }, { try side.append(durability: .full) }),
                ingest: (sealed.ingestAll, side.ingestAll),
                rebuild: (sealed.rebuild, side.rebuild)),
            prunePause: side.prunePause(events:pruning:))
    }
}
