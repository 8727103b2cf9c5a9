import Foundation
import GRDB
import SheetLogCore
import SheetLogDomain

/// A sealed database's keys in this process: the master key, and each subject's data key once
/// unwrapped from `subject_keys` (migration 0010).
///
/// Invariant: a key is kept in memory only once the row it came from is committed, so no event is
/// ever sealed with a key whose row a rollback took away; and an event is sealed with a kept key
/// only within the store's ``LogEpoch`` in which it was kept, so no event is ever sealed with a key
/// another connection erased meanwhile (a new epoch empties the ring for writing). An erasure
/// through this ring forgets the key when it commits.
package final class SubjectKeyRing: Sendable {
    package let master: MasterKey
    /// The subject of this handle's new sessions whose first command names none; nil for the one
    /// the database recorded when it was created sealed.
    package let defaultSubject: String?
    /// Keys read, for opening values.
    private let opened = LockedBox<[String: DataKey]>([:])
    /// Keys an append read or wrote, for sealing, with the epoch they were kept in; kept apart from
    /// ``opened``, which a reader may fill from a snapshot older than an erasure.
    private let sealing = LockedBox<(epoch: LogEpoch?, keys: [String: DataKey])>((nil, [:]))
    /// Keys the write transaction in progress read or wrote, kept once it commits (dropped when it
    /// rolls back): its later events find them here instead of reading and unwrapping the row again,
    /// and the whole transaction registers one commit hook, not one per event (GRDB asks every hook
    /// about every statement: one per event made a 1,000-command ingest batch quadratic).
    private let uncommitted = LockedBox<Uncommitted?>(nil)

    private struct Uncommitted {
        let connection: ObjectIdentifier
        var keys: [String: DataKey] = [:]
        /// The epoch each key written or read for sealing was taken in.
        var sealingEpochs: [String: LogEpoch] = [:]
    }

    package init(master: MasterKey, defaultSubject: String? = nil) {
        self.master = master
        self.defaultSubject = defaultSubject
    }

    /// What `subject_keys` holds for a subject.
    package enum Stored {
        case none
        case erased
        case wrapped([UInt8])
    }

    package static func stored(_ subject: String, in db: Database) throws -> Stored {
        let statement = try db.cachedStatement(sql: "SELECT wrapped_key FROM subject_keys WHERE subject = ?")
        guard let row = try Row.fetchOne(statement, arguments: [subject]) else { return .none }
        guard let wrapped = row[0] as Data? else { return .erased }
        return .wrapped([UInt8](wrapped))
    }

    /// The subject's key as stored in `db`, read in the caller's transaction. Throws
    /// ``SheetLogError/Code/integrityViolation`` for a subject the database holds no key row for
    /// (its events name it, so the row was removed behind SheetLog's back), and
    /// ``SheetLogError/Code/wrongKey`` for a key that does not unwrap.
    ///
    /// `committed` says the connection reads committed rows only (a reader): the key is kept at once.
    package func key(for subject: String, in db: Database, committed: Bool = false) throws -> SubjectKey {
        if let key = opened.withLock({ $0[subject] }) {
            // A reader asks the row too: another connection (another process) may have erased
            // the subject since the key was kept, and its rows then hold no sealed values.
            guard committed, case .erased = try Self.stored(subject, in: db) else { return .available(key) }
            opened.withLock { $0[subject] = nil }
            return .erased
        }
        if !committed, let key = uncommittedKey(subject, in: db) { return .available(key) }
        switch try Self.stored(subject, in: db) {
        case .none:
            throw SubjectKeyRing.missingKeyRow(subject)
        case .erased:
            return .erased
        case .wrapped(let wrapped):
            let key = try unwrap(wrapped, subject: subject)
            if committed { opened.withLock { $0[subject] = key } } else { keepAfterCommit(key, for: subject, sealingIn: nil, in: db) }
            return .available(key)
        }
    }

    /// The key a new event of `subject` is sealed with: the stored one, or a new one stored wrapped
    /// in this transaction (committed with the event, or rolled back with it). Throws
    /// ``SheetLogError/Code/subjectErased`` for an erased subject.
    package func keyForWriting(_ subject: String, in db: Database, now: Int64, epoch: LogEpoch) throws -> DataKey {
        let kept = sealing.withLock { sealing in
            if sealing.epoch != epoch { sealing = (epoch, [:]) }
            return sealing.keys[subject]
        }
        if let kept { return kept }
        if let key = uncommittedKey(subject, sealingIn: epoch, in: db) { return key }
        switch try Self.stored(subject, in: db) {
        case .erased:
            throw SheetLogError.subjectErased(subject, session: nil, operation: "record")
        case .wrapped(let wrapped):
            let key = try unwrap(wrapped, subject: subject)
            keepAfterCommit(key, for: subject, sealingIn: epoch, in: db)
            return key
        case .none:
            let key = DataKey.random()
            try db.execute(
                sql: "INSERT INTO subject_keys (subject, wrapped_key, created_at) VALUES (?, ?, ?)",
                arguments: [subject, Data(master.wrap(key, subject: subject)), now])
            keepAfterCommit(key, for: subject, sealingIn: epoch, in: db)
            return key
        }
    }

    /// Forgets the subject's key once the transaction in which `db` erased it commits.
    package func forget(_ subject: String, afterCommitOf db: Database) {
        db.afterNextTransaction(onCommit: { [self] _ in
            opened.withLock { $0[subject] = nil }
            sealing.withLock { $0.keys[subject] = nil }
        })
    }

    /// Forgets every kept key: the next use reads each from the database again.
    package func forgetAll() {
        opened.withLock { $0.removeAll() }
        sealing.withLock { $0 = (nil, [:]) }
    }

    /// Keys answering from `db`, for a decode on the thread that holds it (an append's projection).
    package func keys(in db: Database) -> any SubjectKeys {
        ConnectionKeys(ring: self, db: db)
    }

    /// Every subject's key as stored now: for a rebuild, which opens events on another thread.
    package func snapshot(in db: Database) throws -> any SubjectKeys {
        var keys: [String: SubjectKey] = [:]
        let rows = try Row.fetchCursor(db, sql: "SELECT subject, wrapped_key FROM subject_keys")
        while let row = try rows.next() {
            let subject: String = row[0]
            if let wrapped = row[1] as Data? {
                keys[subject] = .available(try unwrap([UInt8](wrapped), subject: subject))
            } else {
                keys[subject] = .erased
            }
        }
        return SnapshotKeys(keys: keys)
    }


    /// The refusal of a subject whose events are sealed but whose key row is gone (removed behind
    /// SheetLog's back).
    static func missingKeyRow(_ subject: String) -> SheetLogError {
        SheetLogError(
            .integrityViolation, "subject \(subject) has sealed events but no key row in subject_keys",
            context: .init(operation: "open sealed value"))
    }

    /// A key lookup's errors as ``SheetLogError``s, for the codec's typed throws.
    static func typed(_ subject: String, _ lookup: () throws -> SubjectKey) throws(SheetLogError) -> SubjectKey {
        do {
            return try lookup()
        } catch let error as SheetLogError {
            throw error
        } catch let error as DatabaseError {
            throw SheetLogError.storage(error, operation: "open sealed value")
        } catch {
            throw SheetLogError(.storage, "cannot read the key of subject \(subject)", context: .init(operation: "open sealed value"))
        }
    }

    private func unwrap(_ wrapped: [UInt8], subject: String) throws -> DataKey {
        guard let key = master.unwrap(wrapped, subject: subject) else {
            throw SheetLogError(
                .wrongKey, "the key of subject \(subject) does not unwrap with the master key given (check \(master.check))",
                context: .init(operation: "open sealed value"))
        }
        return key
    }

    /// The key this connection's transaction in progress read or wrote for `subject`; for sealing,
    /// only one taken in `epoch`.
    private func uncommittedKey(_ subject: String, sealingIn epoch: LogEpoch? = nil, in db: Database) -> DataKey? {
        uncommitted.withLock { state in
            guard let state, state.connection == ObjectIdentifier(db) else { return nil }
            if let epoch, state.sealingEpochs[subject] != epoch { return nil }
            return state.keys[subject]
        }
    }

    /// Keeps the key once the write transaction that read or wrote its row commits — for opening,
    /// and for sealing in `epoch` when given — never when it rolls back (the row may go with it).
    private func keepAfterCommit(_ key: DataKey, for subject: String, sealingIn epoch: LogEpoch?, in db: Database) {
        let connection = ObjectIdentifier(db)
        let firstOfTransaction = uncommitted.withLock { state in
            let first = state?.connection != connection
            if first { state = Uncommitted(connection: connection) }
            state!.keys[subject] = key
            if let epoch { state!.sealingEpochs[subject] = epoch }
            return first
        }
        guard firstOfTransaction else { return }
        db.afterNextTransaction(
            onCommit: { [self] _ in
                guard let done = uncommitted.withLock({ state in defer { state = nil }; return state }) else { return }
                opened.withLock { opened in opened.merge(done.keys) { _, new in new } }
                sealing.withLock { sealing in
                    for (subject, epoch) in done.sealingEpochs where sealing.epoch == epoch { sealing.keys[subject] = done.keys[subject] }
                }
            },
            onRollback: { [self] _ in uncommitted.withLock { $0 = nil } })
    }
}

/// ``SubjectKeyRing`` keys read through one connection, used only on the thread that holds it,
/// during the call that made it (hence `@unchecked`: `Database` is not `Sendable`).
private struct ConnectionKeys: SubjectKeys, @unchecked Sendable {
    let ring: SubjectKeyRing
    let db: Database

    func key(for subject: String) throws(SheetLogError) -> SubjectKey {
        try SubjectKeyRing.typed(subject) { try ring.key(for: subject, in: db) }
    }
}

/// ``SubjectKeyRing`` keys read through a store's readers: the facade's replay, state and export.
package struct StoreKeys: SubjectKeys {
    let ring: SubjectKeyRing
    let store: SQLiteEventStore

    package init(ring: SubjectKeyRing, store: SQLiteEventStore) {
        self.ring = ring
        self.store = store
    }

    package func key(for subject: String) throws(SheetLogError) -> SubjectKey {
        try SubjectKeyRing.typed(subject) {
            try store.readOnCallingThread { db in try ring.key(for: subject, in: db, committed: true) }
        }
    }
}

/// Keys read once, answering without the database.
private struct SnapshotKeys: SubjectKeys {
    let keys: [String: SubjectKey]

    func key(for subject: String) throws(SheetLogError) -> SubjectKey {
        guard let key = keys[subject] else {
            throw SubjectKeyRing.missingKeyRow(subject)
        }
        return key
    }
}
