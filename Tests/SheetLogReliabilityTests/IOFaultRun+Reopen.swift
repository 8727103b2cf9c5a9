import CFaultVFS
import Foundation
import SheetLogReliability
import SheetLogSQLite

extension IOFaultRun {
    /// A file left by a power loss in the middle of the sixth append: five acknowledged appends in
    /// the WAL, not yet checkpointed, and a torn tail.
    func crashedTemplate() async throws -> (path: String, acks: [AckLine]) {
        let path = directory.path("crashed-template.sqlite")
        let store = try FaultyStore.open(path)
        var acks: [AckLine] = []
        for append in acknowledgedAppends {
            acks.append(AckLine(index: append.index, stored: try await store.append(append.batches).events))
        }
        faultvfs_crash_on(.write, 2, 99, .random, 0)
        _ = try? await store.append(appendUnderFault.batches)
        FaultyStore.closeAndRestart(store)
        try? FileManager.default.removeItem(atPath: path + "-shm")  // a restart rebuilds the wal-index from the WAL
        return (path, acks)
    }

    /// Writes and syncs of the restart: open, one append, close.
    func operationsOfRestart(from template: String) async throws -> (writes: Int, syncs: Int) {
        let path = try copy(template)
        defer { remove(path) }
        defer { faultvfs_reset() }
        return try await FaultyStore.operations { _ = try await restart(path) }
    }

    /// The fault hits the restart after the crash; whatever fails must fail with a typed error,
    /// and the five acknowledged appends must still be there afterwards.
    func faultDuringRestart(_ fault: InjectedFault, template: (path: String, acks: [AckLine])) async throws -> Outcome {
        let path = try copy(template.path)
        defer { remove(path) }
        fault.arm()
        var problems: [String] = []
        var acks = template.acks
        var surfaced: SheetLogError.Code?
        do {
            acks.append(try await restart(path))
        } catch {
            if !(error is SheetLogError) { problems.append("\(fault) during the restart surfaced as an untyped \(type(of: error))") }
            surfaced = (error as? SheetLogError)?.code ?? .storage
        }
        faultvfs_clear_faults()
        faultvfs_reset()
        let violations = await KillRun.check(path: path, workload: workload, acks: acks, attempted: appendUnderFault.index + 1)
        return Outcome(problems: problems + violations.map { "\(fault) during the restart: \($0)" }, surfaced: surfaced)
    }

    /// Opens the crashed file, appends the sixth append again (the app resending it), closes.
    private func restart(_ path: String) async throws -> AckLine {
        let store = try FaultyStore.open(path)
        let result = try await store.append(appendUnderFault.batches)
        do {
            try store.releaseConnections()
        } catch {
            throw SheetLogError(.storage, "closing the database at \(path) failed with an error of type \(type(of: error))")
        }
        return AckLine(index: appendUnderFault.index, stored: result.events)
    }

    private func copy(_ template: String) throws -> String {
        let path = directory.path("restart-\(UUID().uuidString).sqlite")
        for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: template + suffix) {
            try FileManager.default.copyItem(atPath: template + suffix, toPath: path + suffix)
        }
        return path
    }
}
