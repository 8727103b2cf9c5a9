import ArgumentParser
import Foundation
import SheetLog
import SheetLogFleet
import SheetLogPostgres

/// `--postgres URL [--device ID]` of the fleet's reading commands.
struct FleetOptions: ParsableArguments {
    @OptionGroup var store: PostgresURLOption
    @Option(help: "Only this device (default: every device, in device order; replay needs one).") var device: String?

    var url: String? { store.url }

    /// The devices to read (`--device`, else every device) and their databases, on one connection pool.
    /// ``SheetLogError/Code/notFound`` when `--device` names no device of the store.
    func databases(operation: String) async throws -> (fleet: PostgresFleetReader, devices: [(String, SheetLogDatabase)]) {
        let fleet = try await PostgresFleetReader.open(url: url ?? "")
        let chosen: [String]
        if let device {
            guard try await fleet.hasDevice(device) else {
                fleet.close()
                throw SheetLogError(.notFound, "no device \(device) in \(fleet.location)", context: .init(operation: operation))
            }
            chosen = [device]
        } else {
            chosen = try await fleet.devices().map(\.device)
        }
        return (fleet, try chosen.map { ($0, try SheetLogDatabase.openFleet(on: fleet, device: $0)) })
    }
}
