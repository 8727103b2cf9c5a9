import ArgumentParser
import Foundation
import SheetLogCore
import SheetLogPostgres

/// `sheetlog-server token add|revoke --read NAME`: the tokens with which a person reads the fleet.
struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Make or revoke a reader token: it reads every device (the viewer's API and pages), values masked unless --reveal.",
        subcommands: [Add.self, Revoke.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a reader token and print it, once: only its SHA-256 is stored.",
            discussion: "The token (slr_ and 64 hex digits) is the only line on standard output. Exit codes: 0, 1 a refused name or an unreachable store, 2 usage.")

        @OptionGroup var store: PostgresURLOption
        @Option(help: ArgumentHelp("Who holds the token (a name to revoke it by).", valueName: "name")) var read: String
        @Flag(help: "Let the token reveal one session's form values at a time in the viewer (each reveal is recorded in the access log); without it, values stay masked.")
        var reveal = false

        func run() async throws {
            try await TokenCommand.add(reveal ? .revealer(read) : .reader(read), url: store.url)
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Revoke every reader token of a name (those that may reveal values too).",
            discussion: "Exit codes: 0 revoked, 1 no token of that name to revoke or an unreachable store, 2 usage.")

        @OptionGroup var store: PostgresURLOption
        @Option(help: ArgumentHelp("Whose tokens to revoke.", valueName: "name")) var read: String

        func run() async throws {
            try await TokenCommand.revoke(.reader(read), url: store.url)
        }
    }

    /// Prints a new token of `credential` on stdout, and on stderr that it is shown once.
    static func add(_ credential: FleetCredential, url: String?) async throws {
        let tokens = try await PostgresTokenStore.open(url: url ?? "")
        defer { tokens.close() }
        let token = try await tokens.add(credential)
        CommandIO.output(token + "\n")
        CommandIO.error("sheetlog-server: \(describe(credential)): keep this token now; it is not shown again\n")
    }

    static func revoke(_ credential: FleetCredential, url: String?) async throws {
        let tokens = try await PostgresTokenStore.open(url: url ?? "")
        defer { tokens.close() }
        let revoked = try await tokens.revoke(credential)
        guard revoked > 0 else {
            throw SheetLogError(.notFound, "\(describe(credential)) has no token to revoke", context: .init(operation: "token revoke"))
        }
        CommandIO.output("revoked \(revoked) \(revoked == 1 ? "token" : "tokens") of \(describe(credential))\n")
    }

    private static func describe(_ credential: FleetCredential) -> String {
        switch credential {
        case let .device(id): "device \(id)"
        case let .reader(name): "reader \(name)"
        case let .revealer(name): "reader \(name) (may reveal values)"
        }
    }
}
