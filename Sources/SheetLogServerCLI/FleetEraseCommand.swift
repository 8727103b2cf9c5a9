import ArgumentParser
import Foundation
import SheetLogCore
import SheetLogPostgres

/// `sheetlog-server erase --subject S --requested-by T [--device D]`: deletes the collector's copies of a subject's key.
struct FleetEraseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "erase",
        abstract: "Erase a subject on the collector: the keys devices shared for it are deleted, and later shares of it are refused.",
        discussion: """
            Without --device, the subject is erased on every device. The shared keys' rows are deleted \
            and the table rewritten (VACUUM FULL), and the erasure is recorded (subject_erasures), so \
            that the subject's sealed values read as [erased] in the viewer, also when revealed, and a \
            device sharing its key again is refused. The events stay: their values were sealed, and the \
            audit never held values. Erasing again changes nothing and says when it was erased. This \
            does not erase the devices' own files: run sheetlog erase there (its pushed eraseSubject \
            event also deletes the collector's copy). Exit codes: 0, 1 a refused subject or an \
            unreachable store, 2 usage.
            """)

    @OptionGroup var store: PostgresURLOption
    @Option(help: ArgumentHelp("The subject to erase.", valueName: "subject")) var subject: String
    @Option(help: ArgumentHelp("Erase it on this device only (default: every device).", valueName: "id")) var device: String?
    @Option(help: ArgumentHelp("Who asked for the erasure (a ticket, an operator), kept in subject_erasures.", valueName: "text"))
    var requestedBy: String

    func validate() throws {
        if requestedBy.isEmpty {
            throw ValidationError("--requested-by must not be empty: who asked for the erasure (a ticket, an operator) is part of its record in subject_erasures")
        }
    }

    func run() async throws {
        for (value, what) in [(subject, "subject"), (device ?? "-", "device id")] {
            if let problem = NameCharacters.identifierProblem(in: value, limit: InputLimits.default.maxIdentifierBytes) {
                throw SheetLogError(.invalidInput, "erase: the \(what) \(problem)", context: .init(operation: "erase"))
            }
        }
        if let problem = NameCharacters.identifierProblem(in: requestedBy, limit: InputLimits.default.maxIdentifierBytes) {
            throw SheetLogError(.invalidInput, "erase: the requester \(problem)", context: .init(operation: "erase"))
        }
        let fleet = try await PostgresFleetReader.open(url: store.url ?? "")
        defer { fleet.close() }
        if let device, try await !fleet.hasDevice(device) {
            // A mistyped device would leave the real one's key in place while the operator thinks it erased.
            throw SheetLogError(
                .notFound, "no device \(device) in the fleet store \(fleet.location): nothing erased (without --device, every device)",
                context: .init(operation: "erase"))
        }
        let erasure = try await PostgresSharedKeys.on(fleet).erase(subject: subject, device: device, requestedBy: requestedBy)
        let scope = device.map { "on device \($0)" } ?? "on every device"
        if let erasedBefore = erasure.erasedBefore {
            let at = Date(timeIntervalSince1970: Double(erasedBefore.at) / 1_000).ISO8601Format()
            let earlierScope = erasedBefore.device.map { "on device \($0)" } ?? "on every device"
            CommandIO.output("subject \(subject) was erased \(earlierScope) before, at \(at): nothing changed\n")
            return
        }
        let keys = erasure.keysDeleted == 1 ? "1 shared key" : "\(erasure.keysDeleted) shared keys"
        CommandIO.output("erased subject \(subject) \(scope) on the collector: \(keys) deleted; later shares of its key are refused\n")
    }
}
