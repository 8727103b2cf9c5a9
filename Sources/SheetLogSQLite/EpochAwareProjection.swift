import GRDB
import SheetLogCore

/// A projection that can trust what it cached during the current ``LogEpoch``.
///
/// The store calls ``apply(_:in:epoch:)`` instead of ``SQLiteProjection/apply(_:in:)``. A
/// projection that cached state at the commit of an earlier append may use it without checking
/// it against the log when the epoch it cached it in is `epoch`.
package protocol EpochAwareProjection: SQLiteProjection {
    func apply(_ events: [RecordedEvent], in db: Database, epoch: LogEpoch) throws
}
