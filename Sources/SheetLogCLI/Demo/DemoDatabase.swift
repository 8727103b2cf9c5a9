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
    /// The database's path when `--db` named it: the printed commands need it too.
    var namedDatabase: String?

    static func open(_ global: GlobalOptions, plain: Bool) throws -> DemoDatabase {
        var demo = try opening(global, plain: plain)
        demo.namedDatabase = global.database
        return demo
    }

    private static func opening(_ global: GlobalOptions, plain: Bool) throws -> DemoDatabase {
        let path = global.databasePath
        if plain {
            var options = global.options
            options.keys = nil
            do {
                return DemoDatabase(database: try SheetLogDatabase.open(path: path, options: options), sealing: .plain)
            } catch let error as SheetLogError where error.code == .keyUnavailable {
                throw SheetLogError(
                    .keyUnavailable, "\(path) is sealed: --plain applies to a new database only; run the demo with its key (--key-file)",
                    context: error.context)
            }
        }
        if let given = global.keyFilePath {
            let database = try global.open()
            return DemoDatabase(database: database, sealing: database.isSealed ? .givenKey(given) : .plain)
        }
        let keyPath = demoKeyPath(for: path)
        var options = global.options
        if try SheetLogDatabase.fileNeedsCreating(at: path) || isEmptyFile(path) {
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

    /// An empty file is no database yet: the demo makes it one, sealed, as it would a new one.
    private static func isEmptyFile(_ path: String) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue == 0
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

    /// The transcript's lines about the sealing, and the environment the printed commands need.
    var sentence: String {
        var exports: [String] = []
        if let namedDatabase { exports.append("  export SHEETLOG_DB=\(namedDatabase)") }
        let text: String
        switch sealing {
        case .demoKey(let key):
            exports.append("  export SHEETLOG_KEY_FILE=\(key)")
            text = """
                The database is sealed: every typed value is encrypted under the key in \(key), which the demo keeps
                beside it (a real key is kept apart from its database and its backups).
                """
        case .givenKey(let key):
            exports.append("  export SHEETLOG_KEY_FILE=\(key)")
            text = "The database is sealed: every typed value is encrypted under the key in \(key)."
        case .plain:
            text = "The database is plain: values are stored as typed (a new database, without --plain, is sealed)."
        }
        guard !exports.isEmpty else { return text + "\n" }
        return text + "\nThe commands below need \(exports.count == 1 ? "it" : "them"):\n" + exports.joined(separator: "\n") + "\n"
    }
}
