import CFaultVFS
import SheetLogCore

/// One injected I/O fault: which operation fails, as which OS error, once or from then on.
struct InjectedFault: CustomStringConvertible {
    var operation: FaultVFSOperation
    var kind: FaultVFSErrorKind
    var persistent: Bool
    /// The n-th operation of its kind, counted from when the fault is armed.
    var n: Int

    static func all(n: Int) -> [InjectedFault] {
        [FaultVFSOperation.write, .sync].flatMap { operation in
            [FaultVFSErrorKind.noSpace, .ioFailure].flatMap { kind in
                [false, true].map { InjectedFault(operation: operation, kind: kind, persistent: $0, n: n) }
            }
        }
    }

    func arm() {
        switch operation {
        case .write: faultvfs_fail_write(Int32(n), kind, persistent ? 1 : 0, 0)
        case .sync: faultvfs_fail_sync(Int32(n), kind, persistent ? 1 : 0, 0)
        }
    }

    var description: String {
        "\(operation == .write ? "write" : "sync") \(n) failing with \(kind == .noSpace ? "ENOSPC" : "EIO")\(persistent ? " persistently" : " once")"
    }

    /// Why `error` is not what this fault must surface as, nil when it is.
    ///
    /// A write fault reaches the caller as `.storageFull` (ENOSPC) or `.storage` (EIO), or, when
    /// the write belonged to COMMIT (in WAL mode every page write does), as `.commitOutcomeUnknown`
    /// carrying SQLite's code; a failed sync is always inside COMMIT, so always "unknown".
    func mismatch(_ error: any Error) -> String? {
        guard let error = error as? SheetLogError else { return "\(self) surfaced as an untyped \(type(of: error))" }
        let primary = error.context.sqliteCode.map { $0 & 0xFF }
        let expectedPrimary: Int32 = operation == .write && kind == .noSpace ? SQLITE_FULL : SQLITE_IOERR
        let expectedCodes: [SheetLogError.Code] = switch operation {
        case .write: [kind == .noSpace ? .storageFull : .storage, .commitOutcomeUnknown]
        case .sync: [.commitOutcomeUnknown]
        }
        if !expectedCodes.contains(error.code) || primary != expectedPrimary {
            return "\(self) surfaced as \(error.code) with SQLite code \(error.context.sqliteCode.map(String.init) ?? "none")"
        }
        return nil
    }
}
