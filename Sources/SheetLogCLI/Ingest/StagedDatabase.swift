import Foundation
import SheetLog

/// A new database for `ingest`, built in a hidden file beside the one asked for and put in its
/// place only once it holds events: an input that is rejected in full leaves no file behind.
///
/// It is put in place with a hard link (`link(2)`), which never replaces a file: when another
/// process created the database in the meantime (an app and its extension at first launch), the
/// staged file is dropped and the caller records into that database instead.
///
/// ```swift
/// let staged = try StagedDatabase(target: "app.sqlite", options: options)
/// let result = try await staged.database.record(commands)
/// if try !staged.publish() { /* record into app.sqlite, which someone else created */ }
/// ```
final class StagedDatabase {
    /// The file asked for.
    let target: String
    /// The hidden file the database is built in, in the target's folder.
    let path: String
    let database: SheetLogDatabase
    private var closed = false

    init(target: String, options: SheetLogDatabase.Options) throws {
        self.target = target
        let folder = (target as NSString).deletingLastPathComponent
        // The process id in the name tells a later ingest whether the staging process still runs.
        let name = Self.prefix(of: target) + "\(getpid())-\(UUID().uuidString)"
        path = folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
        Self.removeAbandoned(beside: target)
        do {
            database = try SheetLogDatabase.open(path: path, options: options)
        } catch {
            Self.removeFiles(of: path)
            throw error
        }
    }

    /// Puts the staged database at the target and removes the staged name. False, with the staged
    /// file removed, when it could not: a file is at the target already (another process created it),
    /// or the file system has no hard links. The caller then records into the target itself.
    func publish() throws -> Bool {
        // Removed whatever happens, a failed close included: a staged file is never left behind.
        defer { Self.removeFiles(of: path) }
        try close()
        // The last connection checkpointed the WAL into the file and removed it. A WAL still there
        // would hold commits the file lacks: the file alone must not be put in place.
        if let walSize = (try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? NSNumber,
           walSize.intValue > 0 {
            return false
        }
        guard link(path, target) == 0 else { return false }
        Self.syncFolder(of: target)
        return true
    }

    /// `error` as the caller should see it: a message that names the staged file names the target.
    func namingTarget(_ error: any Error) -> any Error {
        guard var located = error as? SheetLogError, located.message.contains(path) else { return error }
        located.message = located.message.replacingOccurrences(of: path, with: target)
        return located
    }

    /// Closes and removes the staged database; the target is left as it is.
    func discard() {
        try? close()
        Self.removeFiles(of: path)
    }

    private func close() throws {
        if closed { return }
        closed = true
        try database.close()
    }

    private static func removeFiles(of path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    }

    /// The start of every staged file's name for `target`: `.NAME.sheetlog-new-`.
    static func prefix(of target: String) -> String {
        ".\((target as NSString).lastPathComponent).sheetlog-new-"
    }

    /// Removes the staged files of ingests of `target` that were killed before they ended: those
    /// whose process id (`.NAME.sheetlog-new-PID-UUID`) names no running process. In a plain
    /// database they hold typed values that no command would reach otherwise. A name without a
    /// process id (an older SheetLog's) or with a running one is left alone: that ingest may be live.
    static func removeAbandoned(beside target: String) {
        let folder = (target as NSString).deletingLastPathComponent
        let prefix = prefix(of: target)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder) else { return }
        var abandoned = Set<String>()
        for name in names where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            guard let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[..<dash]), pid > 0 else { continue }
            guard kill(pid, 0) == -1 && errno == ESRCH else { continue }
            // The staged file's own name: the part before any -wal, -shm or -journal.
            var base = name
            for suffix in ["-wal", "-shm", "-journal"] where base.hasSuffix(suffix) { base.removeLast(suffix.count) }
            abandoned.insert(base)
        }
        for name in abandoned {
            removeFiles(of: folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name))
        }
    }

    /// Makes the new name durable: a file's own fsync does not cover its directory entry.
    private static func syncFolder(of path: String) {
        let folder = (path as NSString).deletingLastPathComponent
        let descriptor = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        Foundation.close(descriptor)
    }
}
