import ArgumentParser
import Foundation
import SheetLogCore
import SheetLogPostgres

/// `sheetlog-server device add|revoke ID`: the tokens with which a device pushes its log.
struct DeviceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "device",
        abstract: "Make or revoke the token with which a device pushes its own log to the collector.",
        subcommands: [Add.self, Revoke.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a token for a device and print it, once: only its SHA-256 is stored.",
            discussion: "The token (sld_ and 64 hex digits) is the only line on standard output. It pushes this device's log and nothing else. Exit codes: 0, 1 a refused id or an unreachable store, 2 usage.")

        @OptionGroup var store: PostgresURLOption
        @Argument(help: "The device (app install) id.") var device: String

        func run() async throws {
            try await TokenCommand.add(.device(device), url: store.url)
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Revoke every token of a device: its pushes are refused from now on.",
            discussion: "Exit codes: 0 revoked, 1 no token of that device to revoke or an unreachable store, 2 usage.")

        @OptionGroup var store: PostgresURLOption
        @Argument(help: "The device (app install) id.") var device: String

        func run() async throws {
            try await TokenCommand.revoke(.device(device), url: store.url)
        }
    }
}
