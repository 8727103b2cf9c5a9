import SheetLogCore

/// Where a batch of events the device chained itself comes from, for
/// ``PostgresEventStore/storeChained(_:from:_:)``: what its refusals say.
enum ChainedBatchOrigin: Sendable {
    /// A batch the device pushed to the collector (``PostgresEventStore/storePushed(_:)``).
    case push
    /// A batch of a device's file, read by ``PostgresEventStore/importLog(from:batchSize:)`` after
    /// the whole file's chain was verified: a refusal here means the file changed meanwhile.
    case importedFile
}

extension ChainedBatchOrigin {
    func broken(_ position: Int64, _ why: String) -> SheetLogError {
        switch self {
        case .push:
            SheetLogError(
                .integrityViolation, "the pushed batch breaks the integrity chain at position \(position): \(why); nothing was stored",
                context: .init(position: position, operation: "push"))
        case .importedFile:
            SheetLogError(
                .integrityViolation,
                "the log to import changed while it was imported: its chain breaks at position \(position) (\(why)); events before it are stored",
                context: .init(position: position, operation: "import"))
        }
    }

    func notConsecutive(_ position: Int64, after previous: Int64) -> SheetLogError {
        switch self {
        case .push:
            SheetLogError(
                .invalidInput, "a pushed batch's position \(position) does not follow \(previous)",
                context: .init(position: position, operation: "push"))
        case .importedFile:
            SheetLogError(
                .integrityViolation,
                "the log to import changed while it was imported: it has no event at position \(previous + 1); events before it are stored",
                context: .init(position: previous + 1, operation: "import"))
        }
    }
}
