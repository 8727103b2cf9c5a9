import CFaultVFS
import Foundation
import SheetLogReliability
import SheetLogSQLite
import SheetLogTestSupport

/// I/O-fault experiments: a store writing through faultvfs meets an injected fault; the error must
/// be typed, and the file reopened through the unix VFS must check out, the unknown outcome being
/// resolved there by event ids, never by retrying on the failed handle.
struct IOFaultRun {
    static let acknowledgedBefore = 5

    let directory: TemporaryDirectory
    let workload: Workload

    init(directory: TemporaryDirectory, seed: UInt64) {
        self.directory = directory
        workload = Workload(seed: seed, appendCount: Self.acknowledgedBefore + 12)
    }

    var acknowledgedAppends: ArraySlice<PlannedAppend> { workload.appends.prefix(Self.acknowledgedBefore) }
    var appendUnderFault: PlannedAppend { workload.appends[Self.acknowledgedBefore] }

    /// Writes and syncs of the append under fault.
    func operationsOfOneAppend() async throws -> (writes: Int, syncs: Int) {
        let path = directory.path("calibrate-append.sqlite")
        let store = try FaultyStore.open(path)
        defer { FaultyStore.closeAndRestart(store) }
        for append in acknowledgedAppends { _ = try await store.append(append.batches) }
        return try await FaultyStore.operations { _ = try await store.append(appendUnderFault.batches) }
    }

    /// What one injected fault led to.
    struct Outcome {
        /// Everything that broke a rule, empty when sound.
        var problems: [String]
        /// The error code the caller saw, nil when the operation reported success.
        var surfaced: SheetLogError.Code?
    }

    /// The fault hits the append after five acknowledged ones.
    func faultInsideAppend(_ fault: InjectedFault, crashAfterwards: Bool) async throws -> Outcome {
        let path = directory.path("fault-\(UUID().uuidString).sqlite")
        defer { remove(path) }
        let store = try FaultyStore.open(path)
        var acks: [AckLine] = []
        for append in acknowledgedAppends {
            acks.append(AckLine(index: append.index, stored: try await store.append(append.batches).events))
        }
        fault.arm()
        var problems: [String] = []
        var failedBeforeCommit = false
        var surfaced: SheetLogError.Code?
        do {
            _ = try await store.append(appendUnderFault.batches)
            if faultvfs_counters().failedWrites + faultvfs_counters().failedSyncs > 0 {
                problems.append("\(fault) fired but the append reported success")
            }
            acks.append(AckLine(index: appendUnderFault.index, stored: try await store.events(withIDs: appendUnderFault.eventIDs)))
        } catch {
            if let mismatch = fault.mismatch(error) { problems.append(mismatch) }
            surfaced = (error as? SheetLogError)?.code ?? .storage
            failedBeforeCommit = (error as? SheetLogError)?.code != .commitOutcomeUnknown
        }
        faultvfs_clear_faults()
        // After a failed fsync the unsynced data may or may not reach the disk: model both.
        if crashAfterwards { faultvfs_crash(UInt64(fault.n), .random) }
        FaultyStore.closeAndRestart(store)
        if failedBeforeCommit, try await storedCount(of: appendUnderFault, at: path) > 0 {
            problems.append("\(fault) failed the append before COMMIT, yet its events are stored")
        }
        let violations = await KillRun.check(path: path, workload: workload, acks: acks, attempted: appendUnderFault.index + 1)
        return Outcome(problems: problems + violations.map { "\(fault): \($0)" }, surfaced: surfaced)
    }

    /// How many of the append's events a fresh store finds: the only way an unknown outcome is resolved.
    func storedCount(of append: PlannedAppend, at path: String) async throws -> Int {
        let store = try SQLiteEventStore(path: path, configuration: FaultyStore.configuration())
        defer { try? store.releaseConnections() }
        return try await store.events(withIDs: append.eventIDs).count
    }

    func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}
