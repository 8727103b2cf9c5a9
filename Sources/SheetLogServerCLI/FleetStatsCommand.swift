import ArgumentParser
import Foundation
import SheetLog
import SheetLogReports
import SheetLogCore

/// `sheetlog-server stats --postgres URL [--device ID] [--json]`: `sheetlog stats` per device, in device order.
struct FleetStatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats", abstract: "Show each device's statistics (or one's) as `sheetlog stats` shows a file's.")

    @OptionGroup var fleetOptions: FleetOptions
    @Flag(help: "Print the statistics as JSON (with --device one object, else an array), each with its \"device\".") var json = false

    func run() async throws {
        let (fleet, databases) = try await fleetOptions.databases(operation: "stats")
        defer { fleet.close() }
        var objects: [DeviceJSON<Statistics>] = []
        var text = ""
        for (device, database) in databases {
            let stats = try await database.stats()
            objects.append(DeviceJSON(device: device, stats))
            text += "device \(device)\n" + StatisticsText.human(stats)
        }
        if json {
            text = (fleetOptions.device == nil ? try JSONOutput.pretty(objects) : try JSONOutput.pretty(objects[0])) + "\n"
        }
        CommandIO.output(text)
    }
}
