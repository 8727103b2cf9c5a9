import Foundation
import GRDB
import SheetLogCore

extension SQLiteEventStore {
    /// How far `collector` acknowledged storing this log as `device` (`push_cursors`, migration
    /// 0009): the position and that event's chain; nil when it never acknowledged anything.
    @concurrent
    public func pushCursor(collector: String, device: String) async throws -> (through: Int64, chain: [UInt8])? {
        try await reading("push cursor") { db in
            let row = try Row.fetchOne(
                db, sql: "SELECT acknowledged_through, chain FROM push_cursors WHERE collector = ? AND device = ?",
                arguments: [collector, device])
            return row.map { (through: $0[0] as Int64, chain: [UInt8]($0[1] as Data)) }
        }
    }

    /// The chain of the event at `position`; nil when the log holds no such event.
    @concurrent
    public func chain(at position: Int64) async throws -> [UInt8]? {
        try await reading("chain") { db in
            try Data.fetchOne(db.cachedStatement(sql: "SELECT chain FROM events WHERE position = ?"), arguments: [position]).map { [UInt8]($0) }
        }
    }

    /// Moves `collector`'s cursor for `device` to `through`, in one transaction that first checks
    /// the collector's word against the log: the event at `through` must exist here and its chain
    /// must be `chain`. Never moves a cursor back (an older acknowledgement changes nothing).
    ///
    /// Throws ``SheetLogError/Code/historyMismatch`` when the collector stores another history
    /// (another chain, or a position this file does not hold; nothing is moved), and
    /// ``SheetLogError/Code/readOnly`` on a store opened for reading.
    @concurrent
    public func acknowledgePush(collector: String, device: String, through: Int64, chain: [UInt8], at milliseconds: Int64) async throws {
        try refuseWriteIfReadOnly("acknowledging a push")
        do {
            try writeOnCallingThread { db in
                try db.inTransaction(.immediate) {
                    guard let local = try Data.fetchOne(db, sql: "SELECT chain FROM events WHERE position = ?", arguments: [through]) else {
                        throw SheetLogError(
                            .historyMismatch,
                            "the collector says it stores this log through position \(through), which this file does not hold: it holds another device's log, or a longer copy of this one",
                            context: .init(position: through, operation: "push"))
                    }
                    guard [UInt8](local) == chain else {
                        throw SheetLogError(
                            .historyMismatch,
                            "the collector's chain at position \(through) is not this file's: it stores another history of this device; nothing was acknowledged",
                            context: .init(position: through, operation: "push"))
                    }
                    try db.execute(
                        sql: """
                            INSERT INTO push_cursors (collector, device, acknowledged_through, chain, acknowledged_at) VALUES (?, ?, ?, ?, ?)
                            ON CONFLICT (collector, device) DO UPDATE SET
                                acknowledged_through = excluded.acknowledged_through, chain = excluded.chain, acknowledged_at = excluded.acknowledged_at
                            WHERE excluded.acknowledged_through > push_cursors.acknowledged_through
                            """,
                        arguments: [collector, device, through, Data(chain), milliseconds])
                    return .commit
                }
            }
        } catch let error as SheetLogError {
            throw error
        } catch {
            throw SheetLogError.wrapping(error, operation: "acknowledging a push", context: .init(position: through))
        }
    }
}
