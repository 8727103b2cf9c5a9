import Foundation
import SheetLogCore

extension SQLiteEventStore {
    /// Opens the log in an existing file, as ``init(path:configuration:)`` does, but never creates one.
    ///
    /// For the commands that need a log to work on (verify, rebuild, recovery): a mistyped path must
    /// not become a new, empty and healthy log. Throws ``SheetLogError/Code/notFound`` ("no SheetLog
    /// database at PATH"), creating nothing, when nothing is at `path`, when the file is empty, and
    /// when it is an SQLite database without a SheetLog log (which is left unchanged).
    ///
    /// ```swift
    /// let store = try SQLiteEventStore(existingFileAt: "app.sqlite")
    /// ```
    public convenience init(existingFileAt path: String, configuration: Configuration = .init()) throws {
        if let problem = DatabaseFileProblem.find(at: path, writing: false) {
            throw problem.error(path: path, writing: false, context: .init(operation: "open"))
        }
        // It is opened to be written: a file that may not be is refused as such before it is read.
        if let problem = DatabaseFileProblem.unwritable(at: path) {
            throw problem.error(path: path, writing: true, context: .init(operation: "open"))
        }
        do {
            try Self.checkExistingFile(at: path, busyTimeout: configuration.busyTimeout, requireLog: true)
        } catch {
            throw SheetLogError.openingFile(error, path: path, writing: false)
        }
        try self.init(path: path, configuration: configuration)
    }

    /// True when nothing is at `path` yet and its folder lets a file be created there; false when a
    /// file is there. Throws what is wrong with the path otherwise: no such folder, a folder that
    /// may not be written, a directory at `path` …
    ///
    /// For a writer that creates the file only once it has something to write in it.
    public static func fileNeedsCreating(at path: String) throws -> Bool {
        guard let problem = DatabaseFileProblem.find(at: path, writing: true) else { return false }
        switch problem {
        case .missingFile:
            return true
        case .readOnlyFile, .readOnlyFolder, .readOnlySideFile:
            return false  // a file is there; opening it says what SQLite can and cannot do with it
        case .missingFolder, .notAFolder, .directory, .denied:
            throw problem.error(path: path, writing: true, context: .init(operation: "open"))
        }
    }
}
