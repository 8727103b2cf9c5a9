import GRDB
import SheetLogCore
import SheetLogDomain

/// A projection that can trust what it cached during the current ``LogEpoch``.
///
/// The store calls ``apply(_:in:epoch:decided:)`` instead of ``SQLiteProjection/apply(_:in:)``. A
/// projection that cached state at the commit of an earlier append may use it without checking
/// it against the log when the epoch it cached it in is `epoch`; `decided` holds the events as the
/// decider made them (by event id), folded without decoding their payloads.
package protocol EpochAwareProjection: SQLiteProjection {
    func apply(_ events: [RecordedEvent], in db: Database, epoch: LogEpoch, decided: [String: DecidedEvent]) throws
}
