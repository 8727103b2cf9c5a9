import Foundation
import GRDB
import SheetLogSQLite
import SheetLogTestSupport

/// A small event with a JSON payload holding one field.
func event(_ id: String, type: String = "edit", field: String = "amount", value: String = "47.50") -> EventData {
    EventData(eventID: id, type: type, payload: #"{"field":"\#(field)","value":"\#(value)"}"#, occurredAt: 1_000)
}

/// A store in memory with a manual clock; with `sheets`, keeping the sheet read models.
func memoryStore(sheets: Bool = false) throws -> SQLiteEventStore {
    let configuration = SQLiteEventStore.Configuration(clock: ManualClock())
    return try SQLiteEventStore.inMemory(configuration: sheets ? configuration.keepingSheets() : configuration)
}

/// The value of a pragma, read on the store's writer connection.
func pragma(_ name: String, of store: SQLiteEventStore) throws -> String? {
    try store.writer.writeWithoutTransaction { db in try String.fetchOne(db, sql: "PRAGMA \(name)") }
}

/// The directory holding `Migrations/`, found from this file's path in the source tree.
var packageRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
