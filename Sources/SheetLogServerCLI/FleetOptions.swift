import ArgumentParser
import Foundation
import SheetLog
import SheetLogFleet
import SheetLogPostgres

/// `--postgres URL [--device ID]` of the fleet's reading commands.
struct FleetOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The fleet store's PostgreSQL URL (default $SHEETLOG_POSTGRES).", valueName: "url")) var postgres: String?
    @Option(help: "Only this device (default: every device, in device order; replay needs one).") var device: String?

    func validate() throws {
        if url == nil { throw ValidationError("--postgres URL is required (or $SHEETLOG_POSTGRES)") }
    }

    var url: String? {
        if let postgres { return postgres }
        if let url = ProcessInfo.processInfo.environment["SHEETLOG_POSTGRES"], !url.isEmpty { return url }
        return nil
    }

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
