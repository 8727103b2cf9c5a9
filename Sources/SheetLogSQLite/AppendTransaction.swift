import GRDB
import SheetLogCore

/// The log as stored, read under an append's write lock by a caller that decides what to append.
///
/// The facade decides commands here rather than before the append: no other connection can commit
/// between the reads and the inserts, so no decision — an append, "nothing to append", or a
/// rejection — is ever made on a session as it was before another process wrote to it, and no
/// append can fail for a version race.
///
/// ```swift
/// let outcome = try store.append { transaction in
///     let events = try transaction.readStream("session-1", after: 0)
///     return DecidedAppend(batches: [StreamBatch(stream: "session-1", events: next(events),
///                                                expected: .exact(Int64(events.count)))], plan: ())
/// }
/// ```
package struct AppendTransaction {
    let db: Database
    /// Where the log stood when the transaction began (see ``LogMark``).
    package let mark: LogMark
    /// False in the first pass, which appends without looking event ids up; the store runs the
    /// decision again with true when that pass is refused or the decision throws ``AppendNeedsIDLookup``.
    package let lookingUpIDs: Bool

    /// The events of `stream` after `version`, ascending.
    package func readStream(_ stream: String, after version: Int64) throws -> [RecordedEvent] {
        try SQLiteEventStore.readStream(in: db, stream, after: version, through: nil, limit: -1, descending: false)
    }

    /// The stored events with these ids, in position order.
    package func events(withIDs ids: [String]) throws -> [RecordedEvent] {
        try SQLiteEventStore.events(in: db, withIDs: Array(Set(ids.filter(SQLiteEventStore.canBeStored))))
    }

    /// Whether a receipt is stored under `commandID`: one probe of the receipts' primary key, without
    /// building a row (every command of a bulk ingest carries its own id and is probed once).
    package func hasReceipt(_ commandID: String) throws -> Bool {
        guard SQLiteEventStore.canBeStored(commandID) else { return false }
        let probe = try db.cachedStatement(sql: "SELECT 1 FROM command_receipts WHERE command_id = ?")
        return try probe.fetchValue(Int64.self) { $0.bind(commandID) } != nil
    }

    /// The receipt stored under `commandID`, nil when there is none.
    package func receipt(_ commandID: String) throws -> CommandReceipt? {
        guard SQLiteEventStore.canBeStored(commandID) else { return nil }
        let statement = try db.cachedStatement(sql: """
            SELECT command_id, stream, version, command, fingerprint, occurred_at, recorded_at
            FROM command_receipts WHERE command_id = ?
            """)
        return try Row.fetchOne(statement, arguments: [commandID]).map { row in
            CommandReceipt(commandID: row[0], stream: row[1], version: row[2], command: row[3], fingerprint: row[4],
                           occurredAt: row[5], recordedAt: row[6])
        }
    }
}

/// What a decision made in an ``AppendTransaction`` appends: event batches, receipts of commands
/// that appended nothing, and the caller's own plan, handed back once the transaction ended.
package struct DecidedAppend<Plan> {
    package var batches: [StreamBatch]
    package var receipts: [CommandReceipt]
    package var plan: Plan
    /// True when the caller already checked the batches against the store's ``InputLimits``
    /// (before taking the write lock); the store checks them otherwise.
    package var validated: Bool
    /// True when every payload and metadata text was written by the package's own JSON writer and
    /// found strictly valid as written: the store checks everything else, but does not read that
    /// JSON again. Never true for JSON a caller supplied.
    package var jsonWrittenStrictlyValid: Bool

    package init(
        batches: [StreamBatch], receipts: [CommandReceipt] = [], plan: Plan, validated: Bool = false,
        jsonWrittenStrictlyValid: Bool = false
    ) {
        self.batches = batches
        self.receipts = receipts
        self.plan = plan
        self.validated = validated
        self.jsonWrittenStrictlyValid = jsonWrittenStrictlyValid
    }
}

/// What an append decided in its transaction did, once that transaction ended.
package struct DecidedAppendOutcome<Plan> {
    package var result: AppendResult
    package var plan: Plan
    /// Where the log stands after the transaction: the mark the next append begins at when nothing
    /// else writes in between.
    package var mark: LogMark
}

/// Thrown by a decision in the first pass of an append (``AppendTransaction/lookingUpIDs`` false)
/// when it cannot be trusted without looking ids up: the store rolls back and decides again with them.
package struct AppendNeedsIDLookup: Error {
    package init() {}
}
