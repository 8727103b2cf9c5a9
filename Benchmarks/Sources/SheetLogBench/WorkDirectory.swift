import Foundation
import SheetLogCore

/// The directory the benchmark's temporary databases live in; each database is deleted after its run.
final class WorkDirectory {
    let url: URL
    private var counter = 0

    init(path: String?) throws(SheetLogError) {
        url = path.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("sheetlog-bench-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw SheetLogError(.storage, "The benchmark's work directory \(url.path) could not be created.",
                                context: SheetLogError.Context(operation: "work directory"))
        }
    }

    /// A path for a new database named after `purpose`, unique within this run.
    func newDatabasePath(_ purpose: String) -> String {
        counter += 1
        return url.appendingPathComponent("\(purpose)-\(counter).sqlite").path
    }

    /// Deletes a database and its WAL and shared-memory files.
    func removeDatabase(at path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    /// Deletes the whole directory.
    func removeAll() {
        try? FileManager.default.removeItem(at: url)
    }
}
