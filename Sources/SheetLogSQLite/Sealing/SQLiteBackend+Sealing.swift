import Foundation
import GRDB
import SheetLogCore
import SheetLogStorage

/// What a caller that gives a master key asks of a database: sealed, with this key.
package struct SealingRequest: Sendable {
    package var master: MasterKey
    /// The subject of this handle's new sessions whose first command names none; recorded when the
    /// database is created sealed (as `default` when nil), used by handles that name none.
    package var defaultSubject: String?

    package init(master: MasterKey, defaultSubject: String?) {
        self.master = master
        self.defaultSubject = defaultSubject
    }
}

extension SQLiteBackend {
    /// Checks the file's sealing against the request, before anything of a command is written: a
    /// sealed file needs its own master key (``SheetLogError/Code/keyUnavailable``,
    /// ``SheetLogError/Code/wrongKey``); a new or empty file given a key becomes sealed; a plain
    /// file with events given a key is refused (``SheetLogError/Code/notSealed``), since its values
    /// were never sealed. A file opened for reading only is read as it is: a sealed one without a
    /// key too, every value withheld (ids, types, fields, routes, outcomes and times are in clear),
    /// but never with another key.
    static func settleSealing(of store: SQLiteEventStore, _ request: SealingRequest?) throws {
        let location = store.location
        if store.isReadOnly {
            let record = try store.readOnCallingThread { db in try SealingRecord.read(in: db) }
            guard let record, let request else { return }
            try record.requireMatching(request.master, at: location)
            return
        }
        let now = store.configuration.clock.nowMilliseconds()
        do {
            try store.writeOnCallingThread { db in
                if let record = try SealingRecord.read(in: db) {
                    guard let request else { throw SealingRecord.keyUnavailable(at: location) }
                    try record.requireMatching(request.master, at: location)
                    try zeroingFreedSpace(db)
                    return
                }
                guard let request else { return }
                try zeroingFreedSpace(db)
                try db.inTransaction(.immediate) {
                    // Read again under the write lock: two processes may be creating the file.
                    if let record = try SealingRecord.read(in: db) {
                        try record.requireMatching(request.master, at: location)
                        return .rollback
                    }
                    if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM events)") == true {
                        throw SealingRecord.notSealed(at: location)
                    }
                    try db.execute(
                        sql: "INSERT INTO sealing (id, key_check, default_subject, created_at) VALUES (1, ?, ?, ?)",
                        arguments: [request.master.check, request.defaultSubject ?? SealingRecord.unnamedDefaultSubject, now])
                    return .commit
                }
            }
        } catch {
            throw SheetLogError.wrapping(error, operation: "open")
        }
    }

    /// The refusals of ``settleSealing(of:_:)`` that an existing file's own rows decide (no key for a
    /// sealed file, another key, a key for a plain file with events), read through a read-only
    /// connection before the file is opened for writing: opening it for writing writes to it (the
    /// switch to WAL, GRDB's check of it), and a refused key must leave the file as it was. A new,
    /// empty or foreign file is left to the store to judge.
    static func refuseMismatchedKey(at path: String, _ request: SealingRequest?, busyTimeout: Duration) throws {
        let size = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
        guard size > 0 else { return }
        let connection: DatabaseQueue
        do {
            connection = try ReadOnlyConnection.open(path: path, busyTimeout: busyTimeout, label: "SheetLog.sealingCheck")
        } catch {
            return  // what cannot be read this way, the store names as it opens the file
        }
        defer { try? connection.close() }
        do {
            try connection.read { db in
                guard try db.tableExists("events") else { return }
                if let record = try SealingRecord.read(in: db) {
                    guard let request else { throw SealingRecord.keyUnavailable(at: path) }
                    try record.requireMatching(request.master, at: path)
                } else if request != nil, try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM events)") == true {
                    throw SealingRecord.notSealed(at: path)
                }
            }
        } catch let refusal as SheetLogError {
            throw refusal
        } catch {
            return  // busy, damaged: the store meets it again as it opens the file, and names it
        }
    }

    /// `secure_delete` on the writer of a sealed database: SQLite overwrites with zeros whatever it
    /// frees (an erased key's old cell, a page a split left behind), so an erased key's bytes are
    /// never left in a free page of the file.
    private static func zeroingFreedSpace(_ db: Database) throws {
        try db.execute(sql: "PRAGMA secure_delete = ON")
    }
}
