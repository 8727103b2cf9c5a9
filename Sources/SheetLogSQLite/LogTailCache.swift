import SheetLogCore

/// What the store's last committed append left at the end of the log (position, chain, the
/// versions of the streams it appended to), and how to tell it still holds.
///
/// An append reads `PRAGMA data_version`, which changes when another connection commits, and the
/// connection's total change count, which moves with any other write through the store's own
/// connection. When both are as the last commit left them, the log's tail is the one cached, and
/// the append skips reading the last position, the last chain and its streams' versions (three
/// index lookups, about 34k instructions of a 355k-instruction append) and the sealing record
/// (5% of a fast append's samples). Any difference starts a
/// new ``LogEpoch`` and the append reads the log as it always did.
final class LogTailCache: Sendable {
    /// The log's end as the last committed append of the epoch left it.
    struct Tail {
        var dataVersion: Int64
        var totalChanges: Int
        var position: Int64
        var chain: [UInt8]
        var streamVersions: [String: Int64]
        /// The database's sealing record as the epoch's first append read it (nil: a plain log). It
        /// is written once, when a handle seals a new file: by another connection (a new
        /// `data_version`) or by this one (a new change count), either of which starts an epoch.
        var sealing: SealingRecord?
    }

    private struct State {
        var tail: Tail?
        var epoch: LogEpoch
    }

    /// Streams whose versions are kept; past it the map starts again (a lookup each is the fallback).
    static let streamCapacity = 4_096

    private static let lastStoreSerial = LockedBox<UInt64>(0)

    private let state: LockedBox<State>

    init() {
        let serial = Self.lastStoreSerial.withLock { last in
            last += 1
            return last
        }
        state = LockedBox(State(tail: nil, epoch: LogEpoch(store: serial, number: 0)))
    }

    /// The cached tail when nothing but this store's appends changed the database since it was
    /// stored, with the epoch it belongs to; otherwise nil and a new epoch.
    func tail(dataVersion: Int64, totalChanges: Int) -> (tail: Tail?, epoch: LogEpoch) {
        state.withLock { state in
            if let tail = state.tail, tail.dataVersion == dataVersion, tail.totalChanges == totalChanges {
                return (tail, state.epoch)
            }
            state.tail = nil
            state.epoch = LogEpoch(store: state.epoch.store, number: state.epoch.number + 1)
            return (nil, state.epoch)
        }
    }

    /// Records the tail an append of `epoch` committed; ignored when another epoch began meanwhile.
    func store(_ tail: Tail, epoch: LogEpoch) {
        state.withLock { state in
            guard state.epoch == epoch else { return }
            var tail = tail
            if tail.streamVersions.count > Self.streamCapacity { tail.streamVersions = [:] }
            state.tail = tail
        }
    }

    /// Forgets the tail (a COMMIT whose outcome is unknown): the next append reads the log.
    func invalidate() {
        state.withLock { state in
            state.tail = nil
            state.epoch = LogEpoch(store: state.epoch.store, number: state.epoch.number + 1)
        }
    }
}
