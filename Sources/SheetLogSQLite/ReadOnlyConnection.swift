import Foundation
import GRDB
import SheetLogCore

/// Opens a connection that only reads a database file, also a copy in a read-only folder or a
/// read-only file (what an auditor is handed).
///
/// SQLite reads a WAL database through its `-shm` file, which it creates beside the file when it is
/// missing; a read-only folder forbids that and SQLite refuses even to read (`attempt to write a
/// readonly database`). When no WAL holds anything the file lacks — no `-wal` file, or an empty one —
/// the file alone is the whole database, and it is opened `immutable` (SQLite's URI parameter): no
/// `-shm`, no lock, nothing written. A copy that has a `-wal` and a `-shm` beside it is read through
/// them as SQLite does for any read-only `-shm`. A copy with a `-wal` but no `-shm` cannot be read
/// in place, and the error says what to do.
enum ReadOnlyConnection {
    static func open(path: String, busyTimeout: Duration, label: String) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = label
        configuration.busyMode = .timeout(busyTimeout.timeInterval)
        do {
            return try probed(DatabaseQueue(path: path, configuration: configuration))
        } catch let error as DatabaseError
            where error.resultCode == .SQLITE_READONLY || error.resultCode == .SQLITE_CANTOPEN {
            guard walHoldsFrames(path) else {
                do {
                    return try probed(DatabaseQueue(path: immutableURI(path), configuration: configuration))
                } catch is DatabaseError {
                    throw error  // the first refusal says more about the file than the second
                }
            }
            if FileManager.default.fileExists(atPath: path + "-shm") { throw error }
            throw SheetLogError(
                .storage,
                "cannot read \(path) in place: its write-ahead log \(path)-wal holds commits the file lacks, and SQLite reads that log only through \(path)-shm, which it may not create in \(DatabaseFileProblem.folder(of: path)); copy \(path) and \(path)-wal into a folder you may write, and run the command on the copy",
                context: .init(operation: "opening for reading", sqliteCode: error.extendedResultCode.rawValue))
        }
    }

    /// The queue once a first read went through: SQLite opens the WAL and `-shm` at the first read.
    private static func probed(_ queue: DatabaseQueue) throws -> DatabaseQueue {
        do {
            _ = try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") }
            return queue
        } catch {
            try? queue.close()
            throw error
        }
    }

    private static func walHoldsFrames(_ path: String) -> Bool {
        let size = (try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? NSNumber
        return (size?.intValue ?? 0) > 0
    }

    /// `file:///absolute/path?immutable=1`, with the characters a URI gives a meaning to escaped.
    static func immutableURI(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var escaped = ""
        for character in absolute.unicodeScalars {
            switch character {
            case "%": escaped += "%25"
            case "?": escaped += "%3F"
            case "#": escaped += "%23"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return "file://" + escaped + "?immutable=1"
    }
}
