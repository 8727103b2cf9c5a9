import Foundation
import SheetLogBackendConformance
import SheetLogSQLite
import Testing

/// Every backend the backend conformance suite runs against.
enum BackendKind: String, CaseIterable, CustomTestStringConvertible {
    case sqliteMemory
    case sqliteFile

    var testDescription: String { rawValue }

    /// Fresh, empty backends of this kind, on a `ManualClock`.
    var factory: BackendFactory {
        BackendFactory { limits in
            let clock = ManualClock()
            let configuration = SQLiteEventStore.Configuration(limits: limits, clock: clock)
            switch self {
            case .sqliteMemory:
                return BackendFixture(backend: try SQLiteBackend.inMemory(configuration: configuration), clock: clock)
            case .sqliteFile:
                let directory = FileManager.default.temporaryDirectory
                    .appendingPathComponent("sheetlog-backend-conformance-\(UUID().uuidString)", isDirectory: true)
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                let path = directory.appendingPathComponent("log.sqlite").path
                return BackendFixture(
                    backend: try SQLiteBackend.open(path: path, configuration: configuration), clock: clock,
                    openAnother: { try SQLiteBackend.open(path: path, configuration: configuration) },
                    remove: { try? FileManager.default.removeItem(at: directory) })
            }
        }
    }
}
