import Foundation
import SheetLogCore

/// What the file system says is wrong with a database path, found with `stat` and `access`.
///
/// SQLite's own words for these cases are `unable to open database file`, `disk I/O error` (for a
/// directory) or `attempt to write a readonly database`, which name neither the path nor the cause.
/// The store asks this after SQLite refused to open a file, to say what is wrong with which path,
/// and before opening for reading, to refuse a missing file without creating it.
enum DatabaseFileProblem: Equatable {
    /// The folder exists, the file does not.
    case missingFile
    /// The folder the file would be in does not exist.
    case missingFolder(String)
    /// A part of the path names a file where a folder should be.
    case notAFolder(String)
    /// The path names a directory.
    case directory
    /// The file or a folder on the way cannot be read or entered (the reason's words).
    case denied(String)
    /// The file can be read but not written (the reason's words).
    case readOnlyFile(String)
    /// The file's folder cannot be written, and SQLite must create the `-wal` and `-shm` files there.
    case readOnlyFolder(String)
    /// The file's `-wal` or `-shm` (the path) exists and cannot be written (the reason's words): made by
    /// another user's process, say, as a read by another user leaves them.
    case readOnlySideFile(String, String)

    /// What stops `path` from being read (or, with `writing`, written) as a database file; nil when
    /// the file system shows nothing wrong. `readOnlyFolder` is only looked for with `writing`.
    static func find(at path: String, writing: Bool) -> DatabaseFileProblem? {
        var info = stat()
        guard stat(path, &info) == 0 else { return missingOrDenied(path, error: errno, writing: writing) }
        if (info.st_mode & S_IFMT) == S_IFDIR { return .directory }
        if access(path, R_OK) != 0 { return .denied(FileSystemReason.text(for: errno)) }
        guard writing else { return nil }
        if let unwritable = unwritable(at: path) { return unwritable }
        let folder = folder(of: path)
        if access(folder, W_OK) != 0 { return .readOnlyFolder(folder) }
        return nil
    }

    /// What stops an existing database file at `path` from being written, found without SQLite: the
    /// file itself, or a `-wal` or `-shm` beside it, is not writable by this process. SQLite opens such
    /// a file read-only without a word (or fails at the first write), so a writer asks first.
    static func unwritable(at path: String) -> DatabaseFileProblem? {
        // Only a regular file: what else is at a path (nothing, a directory) is found by find(at:writing:).
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        if access(path, W_OK) != 0 {
            let error = errno
            return error == ENOENT ? nil : .readOnlyFile(FileSystemReason.text(for: error))
        }
        for side in [path + "-wal", path + "-shm"] where access(side, F_OK) == 0 && access(side, W_OK) != 0 {
            return .readOnlySideFile(side, FileSystemReason.text(for: errno))
        }
        return nil
    }

    private static func missingOrDenied(_ path: String, error: Int32, writing: Bool) -> DatabaseFileProblem {
        guard error == ENOENT || error == ENOTDIR else { return .denied(FileSystemReason.text(for: error)) }
        let folder = folder(of: path)
        var info = stat()
        if stat(folder, &info) != 0 {
            let folderError = errno
            if folderError == EACCES { return .denied(FileSystemReason.text(for: folderError)) }
            // The first part of the path that exists but is a file, or else the folder as named.
            return folderError == ENOTDIR ? .notAFolder(firstFileOnTheWay(to: folder) ?? folder) : .missingFolder(folder)
        }
        if (info.st_mode & S_IFMT) != S_IFDIR { return .notAFolder(folder) }
        if writing, access(folder, W_OK | X_OK) != 0 { return .denied(FileSystemReason.text(for: errno)) }
        return .missingFile
    }

    /// True when the file is not there (as opposed to there but unusable).
    var meansNoFile: Bool {
        switch self {
        case .missingFile, .missingFolder, .notAFolder: return true
        case .directory, .denied, .readOnlyFile, .readOnlyFolder, .readOnlySideFile: return false
        }
    }

    /// The error SheetLog reports for this problem with `path`.
    func error(path: String, writing: Bool, context: SheetLogError.Context) -> SheetLogError {
        switch self {
        case .missingFile:
            return SheetLogError(.notFound, "no SheetLog database at \(path)", context: context)
        case .missingFolder(let folder):
            return SheetLogError(
                writing ? .storage : .notFound,
                writing ? "cannot create \(path): no such folder: \(folder)" : "no SheetLog database at \(path): no such folder: \(folder)",
                context: context)
        case .notAFolder(let part):
            return SheetLogError(
                writing ? .storage : .notFound,
                "\(writing ? "cannot create" : "no SheetLog database at") \(path): \(part) is a file, not a folder", context: context)
        case .directory:
            return SheetLogError(.storage, "\(path) is a directory, not a database file", context: context)
        case .denied(let reason):
            return SheetLogError(.storage, "cannot open \(path): \(reason)", context: context)
        case .readOnlyFile(let reason):
            return SheetLogError(.storage, "cannot write to \(path): \(reason) (the file is read-only)", context: context)
        case .readOnlySideFile(let side, let reason):
            return SheetLogError(
                .storage,
                "cannot write to \(path): \(side) may not be written by this user (\(reason)), and SQLite writes it with the database; another user's process may have made it",
                context: context)
        case .readOnlyFolder(let folder):
            return SheetLogError(
                .storage,
                "cannot write to \(path): its folder \(folder) is read-only, and SQLite must create \(path)-wal and \(path)-shm there",
                context: context)
        }
    }

    /// The folder `path` is in: `.` for a bare file name.
    static func folder(of path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    private static func firstFileOnTheWay(to folder: String) -> String? {
        var part = ""
        for component in (folder as NSString).pathComponents {
            part = part.isEmpty ? component : (part as NSString).appendingPathComponent(component)
            var info = stat()
            if stat(part, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR { return part }
        }
        return nil
    }
}
