import ArgumentParser
import Foundation
import SheetLog
import SheetLogReports
import SheetLogCore

/// `sheetlog-server rebuild --postgres URL [--device ID] [--json]`: `sheetlog rebuild` per device, in
/// device order; each device's read-model rows are written again from its events in one transaction.
struct FleetRebuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rebuild",
        abstract: "Re-create each device's projections (sessions, presentations, dismissals) from its log, as `sheetlog rebuild` does for a file.")

    @OptionGroup var fleetOptions: FleetOptions
    @Flag(help: "Print the result as JSON on one line: with --device one object, else an array, each with its \"device\".") var json = false

    func run() async throws {
        let (fleet, databases) = try await fleetOptions.databases(operation: "rebuild")
        defer { fleet.close() }
        var objects: [DeviceJSON<RebuildReport>] = []
        for (device, database) in databases {
            try await database.rebuildProjections()
            let events = try await database.lastPosition()
            objects.append(DeviceJSON(device: device, RebuildReport()))
            // Said as each device is done: a failure later leaves the devices before it rebuilt.
            if !json { CommandIO.output("device \(device)\n" + RebuildReport.human(lastPosition: events)) }
        }
        if json {
            let line = fleetOptions.device == nil ? try JSONOutput.line(objects) : try JSONOutput.line(objects[0])
            CommandIO.output(line + "\n")
        }
    }
}
