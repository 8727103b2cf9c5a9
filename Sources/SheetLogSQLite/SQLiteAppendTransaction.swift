import GRDB
import SheetLogCore
import SheetLogStorage

/// The log as stored, read inside the store's `BEGIN IMMEDIATE` append transaction: SQLite's
/// ``AppendTransaction``.
package struct SQLiteAppendTransaction: AppendTransaction {
    let db: Database
    package let mark: LogMark
    /// This handle's keys; nil when it was opened without a master key.
    let ring: SubjectKeyRing?
    let clock: any SheetLogClock
    /// Where the database is, for errors.
    let location: String
    /// The database's sealing record, read in this transaction or kept from the log tail's epoch.
    let sealingRecord: SealingRecord?

    package func sealing() throws -> (any AppendSealing)? {
        guard let record = sealingRecord else { return nil }
        guard let ring else { throw SealingRecord.keyUnavailable(at: location) }
        try record.requireMatching(ring.master, at: location)
        // This handle's default (an app sets the signed-in person at each launch) wins over the one
        // recorded at creation, which is only the default of handles that name none.
        return SQLiteAppendSealing(db: db, ring: ring, defaultSubject: ring.defaultSubject ?? record.defaultSubject, now: clock.nowMilliseconds(),
            epoch: mark.epoch)
    }

    package func base(of session: String) throws -> SessionBase? {
        try SQLiteEventStore.base(of: session, in: db, migrated: true)
    }

    package func readStream(_ stream: String, after version: Int64) throws -> [RecordedEvent] {
        try SQLiteEventStore.readStream(in: db, stream, after: version, through: nil, limit: -1, descending: false)
    }

    package func events(withIDs ids: [String]) throws -> [RecordedEvent] {
        try SQLiteEventStore.events(in: db, withIDs: Array(Set(ids.filter(SQLiteEventStore.canBeStored))))
    }

    /// Two index probes (`event_id`, the receipts' key) in one statement, without building a row.
    package func isStored(commandID: String) throws -> Bool {
        guard SQLiteEventStore.canBeStored(commandID) else { return false }
        let probe = try db.cachedStatement(sql: """
            SELECT EXISTS (SELECT 1 FROM events WHERE event_id = ?1) OR EXISTS (SELECT 1 FROM command_receipts WHERE command_id = ?1)
            """)
        return try probe.fetchValue(Bool.self) { $0.bind(commandID) } ?? false
    }

    /// One probe of the receipts' primary key, without building a row.
    package func hasReceipt(_ commandID: String) throws -> Bool {
        guard SQLiteEventStore.canBeStored(commandID) else { return false }
        let probe = try db.cachedStatement(sql: "SELECT 1 FROM command_receipts WHERE command_id = ?")
        return try probe.fetchValue(Int64.self) { $0.bind(commandID) } != nil
    }

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
