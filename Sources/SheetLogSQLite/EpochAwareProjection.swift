import GRDB
import SheetLogCore
import SheetLogDomain
import SheetLogProjections

/// A projection that can trust what it cached during the current ``LogEpoch``.
///
/// The store calls ``apply(_:in:epoch:rows:)`` instead of ``SQLiteProjection/apply(_:in:)``. A
/// projection that cached state at the commit of an earlier append may use it without checking
/// it against the log when the epoch it cached it in is `epoch`; `rows`, when the decision computed
/// them, are the sheet rows of `events`, written as they are.
package protocol EpochAwareProjection: SQLiteProjection {
    func apply(
        _ events: [RecordedEvent], in db: Database, epoch: LogEpoch, rows: ProjectionChange?
    ) throws
}
