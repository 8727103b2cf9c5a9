import Foundation
import SheetLog

/// The database the demo records into, and how it is sealed.
///
/// The demo seals by default, to show what an app with a key gets: a database it creates is sealed
/// under a key file beside it (`sheetlog.key` for `sheetlog.sqlite`), made for the demo, or found
/// there from an earlier run. A key given with `--key-file` (or `$SHEETLOG_KEY_FILE`) is used as
/// given; `--plain` records into a plain database; a plain database from an earlier run stays plain.
struct DemoDatabase {
    enum Sealing: Equatable {
        /// Sealed under the demo's own key file, at this path.
        case demoKey(String)
        /// Sealed under the key file the options gave.
        case givenKey(String)
        case plain
    }

    let database: SheetLogDatabase
    let sealing: Sealing

    static func open(_ global: GlobalOptions, plain: Bool) throws -> DemoDatabase {
        let path = global.databasePath
        if plain {
            var options = global.options
            options.keys = nil
            return DemoDatabase(database: try SheetLogDatabase.open(path: path, options: options), sealing: .plain)
        }
        if let given = global.keyFilePath {
            let database = try global.open()
            return DemoDatabase(database: database, sealing: database.isSealed ? .givenKey(given) : .plain)
        }
        let keyPath = demoKeyPath(for: path)
        var options = global.options
        if try SheetLogDatabase.fileNeedsCreating(at: path) {
            try makeKeyUnlessPresent(at: keyPath)
        } else if !FileManager.default.fileExists(atPath: keyPath) {
            // A database from before demos were sealed, or one made with --plain: as it is.
            let database = try SheetLogDatabase.open(path: path, options: options)
            return DemoDatabase(database: database, sealing: database.isSealed ? .givenKey(keyPath) : .plain)
        }
        options.keys = KeyFile(path: keyPath)
        do {
            return DemoDatabase(database: try SheetLogDatabase.open(path: path, options: options), sealing: .demoKey(keyPath))
        } catch let error as SheetLogError where error.code == .notSealed {
            // A key file lies beside a plain database with events: the database stays plain.
            options.keys = nil
            return DemoDatabase(database: try SheetLogDatabase.open(path: path, options: options), sealing: .plain)
        }
    }

    /// `sheetlog.key` for `sheetlog.sqlite`; `NAME.key` beside any other `NAME`.
    static func demoKeyPath(for databasePath: String) -> String {
        let url = URL(fileURLWithPath: databasePath)
        let stem = url.pathExtension == "sqlite" ? url.deletingPathExtension().path : url.path
        let made = stem + ".key"
        // Keep a relative path relative, as the user wrote it (the transcript prints it).
        if !databasePath.hasPrefix("/") {
            let cwd = FileManager.default.currentDirectoryPath
            if made.hasPrefix(cwd + "/") { return "./" + made.dropFirst(cwd.count + 1) }
        }
        return made
    }

    /// Another demo starting at the same moment may make it first: its key is then the one.
    private static func makeKeyUnlessPresent(at path: String) throws {
        do {
            try MasterKey.generate().write(toNewFileAt: path)
        } catch where FileManager.default.fileExists(atPath: path) {
            return
        }
    }

    /// The transcript's lines about the sealing.
    var sentence: String {
        switch sealing {
        case .demoKey(let key):
            return """
                The database is sealed: every typed value is encrypted under the key in \(key), which the demo made
                beside it (a real key is kept apart from its database and its backups). The commands below need it:
                  export SHEETLOG_KEY_FILE=\(key)

                """
        case .givenKey(let key):
            return "The database is sealed: every typed value is encrypted under the key in \(key).\n"
        case .plain:
            return "The database is plain: values are stored as typed (a new database, without --plain, is sealed).\n"
        }
    }
}
