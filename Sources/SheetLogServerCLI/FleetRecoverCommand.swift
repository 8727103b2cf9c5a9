import ArgumentParser
import Foundation
import SheetLog
import SheetLogReports
import SheetLogCore

/// `sheetlog-server recover [list] --postgres URL [--device ID] [--json]`: `sheetlog recover`'s listing
/// over the fleet store, each draft with its device.
///
/// Only the listing: restoring or declining a draft appends to the device's log, and the fleet's copy of
/// it is written by `import` alone (an event appended here would fork it from the device's file).
struct FleetRecoverCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recover",
        abstract: "List the recoverable drafts of every device of a fleet store (or of one), as `sheetlog recover` does.",
        subcommands: [FleetListDraftsCommand.self],
        defaultSubcommand: FleetListDraftsCommand.self)
}

/// `sheetlog-server recover [list] --postgres URL [--device ID] [--json]`
struct FleetListDraftsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List recoverable drafts (the default), by device, then as `sheetlog recover` orders them.",
        discussion: "A draft is open when it was still on screen when the log stopped, abandoned when it left the screen dirty.")

    @OptionGroup var fleetOptions: FleetOptions

    @Flag(help: "Print a JSON array; each object has a \"device\" key.")
    var json = false

    func run() async throws {
        let (fleet, databases) = try await fleetOptions.databases(operation: "recover")
        defer { fleet.close() }
        var drafts: [RecoverableDraft] = []
        var devices: [String] = []
        var text = ""
        for (device, database) in databases {
            let found = try await database.recoverableDrafts()
            drafts += found
            devices += Array(repeating: device, count: found.count)
            text += "device \(device)\n" + DraftsText.human(found)
        }
        let output = json ? try DraftsReport.json(drafts, devices: devices) + "\n" : text
        CommandIO.output(output)
    }
}
