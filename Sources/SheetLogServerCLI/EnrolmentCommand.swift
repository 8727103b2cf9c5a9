import ArgumentParser
import Foundation
import SheetLogCore
import SheetLogPostgres

/// `sheetlog-server enrolment add|revoke|list`: the tokens with which apps enrol new device ids
/// (`POST /v1/enrol`) and receive their push tokens, without the operator's `device add` per install.
struct EnrolmentCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "enrolment",
        abstract: "Make, revoke or list enrolment tokens: with one, an app enrols a new device id and receives its push token.",
        subcommands: [Add.self, Revoke.self, List.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make an enrolment token and print it, once: only its SHA-256 is stored.",
            discussion: """
                The token (sle_ and 64 hex digits) is the only line on standard output. It enrols device ids the fleet has never \
                seen, each with a push token of its own; it pushes and reads nothing itself. Exit codes: 0, 1 a refused name or \
                an unreachable store, 2 usage.
                """)

        @OptionGroup var store: PostgresURLOption
        @Argument(help: "What the token is for (an app release, a customer): it is listed and revoked by this name.") var name: String
        @Option(help: ArgumentHelp("How many devices it may enrol in all (default: no limit).", valueName: "n")) var maxDevices: Int?
        @Option(help: ArgumentHelp(
            "When it stops enrolling: an ISO 8601 date or time (2026-06-30, 2026-06-30T18:00:00Z) or a duration from now (90m, 12h, 30d). Default: until revoked.",
            valueName: "when")) var expires: String?

        func validate() throws {
            if let maxDevices, maxDevices < 1 { throw ValidationError("--max-devices must be 1 or more") }
            if let expires {
                guard let at = EnrolmentCommand.instant(expires, now: Date()) else {
                    throw ValidationError("--expires must be an ISO 8601 date or time (2026-06-30, 2026-06-30T18:00:00Z) or a duration (90m, 12h, 30d)")
                }
                if at <= Date() { throw ValidationError("--expires must be in the future") }
            }
        }

        func run() async throws {
            let expiresAt = expires.flatMap { EnrolmentCommand.instant($0, now: Date()) }.map { Int64(($0.timeIntervalSince1970 * 1_000).rounded()) }
            let enrolments = try await PostgresEnrolments.open(url: store.url ?? "")
            defer { enrolments.close() }
            let token = try await enrolments.add(name: name, maxDevices: maxDevices, expiresAt: expiresAt)
            CommandIO.output(token + "\n")
            CommandIO.error("sheetlog-server: enrolment \(name): keep this token now; it is not shown again\n")
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Revoke every enrolment token of a name: it enrols nothing from now on.",
            discussion: "The devices it enrolled keep their push tokens (device revoke ID takes those). Exit codes: 0 revoked, 1 no token of that name to revoke or an unreachable store, 2 usage.")

        @OptionGroup var store: PostgresURLOption
        @Argument(help: "The enrolment token's name.") var name: String

        func run() async throws {
            let enrolments = try await PostgresEnrolments.open(url: store.url ?? "")
            defer { enrolments.close() }
            let revoked = try await enrolments.revoke(name: name)
            guard revoked > 0 else {
                throw SheetLogError(.notFound, "enrolment \(name) has no token to revoke", context: .init(operation: "enrolment revoke"))
            }
            CommandIO.output("revoked \(revoked) \(revoked == 1 ? "enrolment token" : "enrolment tokens") of \(name)\n")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the enrolment tokens (never the tokens themselves): name, when made, expiry, limit, devices enrolled, revocation.",
            discussion: "Exit codes: 0, 1 an unreachable store, 2 usage.")

        @OptionGroup var store: PostgresURLOption

        func run() async throws {
            let enrolments = try await PostgresEnrolments.open(url: store.url ?? "")
            defer { enrolments.close() }
            let records = try await enrolments.list()
            var lines = ["NAME\tCREATED\tEXPIRES\tMAX DEVICES\tENROLLED\tREVOKED"]
            for record in records {
                lines.append([
                    record.name, Self.date(record.createdAt), record.expiresAt.map(Self.date) ?? "-",
                    record.maxDevices.map(String.init) ?? "-", String(record.enrolled), record.revokedAt.map(Self.date) ?? "-",
                ].joined(separator: "\t"))
            }
            CommandIO.output(lines.joined(separator: "\n") + "\n")
        }

        static func date(_ milliseconds: Int64) -> String {
            Date(timeIntervalSince1970: Double(milliseconds) / 1_000).formatted(.iso8601)
        }
    }

    /// The instant `text` names: an ISO 8601 date (midnight UTC) or date and time, or a duration
    /// from `now` (`90m`, `12h`, `30d`, `45s`); nil for anything else.
    static func instant(_ text: String, now: Date) -> Date? {
        if let unit = text.last, let count = Int(text.dropLast()), count > 0 {
            let seconds: Double? = switch unit {
            case "s": 1
            case "m": 60
            case "h": 3_600
            case "d": 86_400
            default: nil
            }
            if let seconds { return now.addingTimeInterval(Double(count) * seconds) }
        }
        if let date = try? Date(text, strategy: .iso8601) { return date }
        if let day = try? Date(text, strategy: Date.ISO8601FormatStyle().year().month().day()) { return day }
        return nil
    }
}
