import Foundation
import SheetLog

extension GlobalOptions {
    /// Opens the database for a command that writes to an existing log only (verify, rebuild,
    /// restoring or declining a draft): a missing file is refused as the reading commands refuse
    /// it, instead of an empty database being created and reported on.
    func openExisting() throws -> SheetLogDatabase {
        guard FileManager.default.fileExists(atPath: databasePath) else {
            throw SheetLogError(.notFound, "there is no database at \(databasePath)", context: .init(operation: "opening"))
        }
        return try open()
    }
}
