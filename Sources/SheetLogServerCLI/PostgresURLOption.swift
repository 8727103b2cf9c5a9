import ArgumentParser
import Foundation
import SheetLogCore

/// `--postgres URL` alone (default `$SHEETLOG_POSTGRES`), for commands that take no device filter.
struct PostgresURLOption: ParsableArguments {
    @Option(help: ArgumentHelp("The fleet store's PostgreSQL URL (default $SHEETLOG_POSTGRES).", valueName: "url")) var postgres: String?

    func validate() throws {
        if url == nil { throw ValidationError("--postgres URL is required (or $SHEETLOG_POSTGRES)") }
    }

    var url: String? {
        if let postgres { return postgres }
        if let url = CommandIO.current.setting("SHEETLOG_POSTGRES") { return url }
        return nil
    }
}
