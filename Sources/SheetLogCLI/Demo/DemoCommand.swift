import ArgumentParser
import SheetLog

/// `sheetlog demo`: records the example flows, then shows what replay, audit and recover say.
struct DemoCommand: AsyncParsableCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Record six example flows into the database, then show them through replay, audit and recover.",
        discussion: "Ids and times are fixed: running the demo again adds nothing and prints the same.")
    static let databaseAction = "write to"

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let database = try global.open()
        var refusals: [String: String] = [:]
        for flow in DemoFlows.flows {
            try await database.record(flow.commands)
            if let refused = flow.refused {
                do {
                    try await database.record([refused])
                } catch let error as SheetLogError where error.code == .ruleViolation {
                    refusals[flow.session] = error.message
                }
            }
        }
        Terminal.write(try await transcript(database, refusals: refusals))
    }

    private func transcript(_ database: SheetLogDatabase, refusals: [String: String]) async throws -> String {
        var output = """
            SheetLog demo: \(DemoFlows.flows.count) example flows are in \(global.databasePath).
            Each part below is headed by the command that shows it; run them yourself.
            (Ids and times are fixed, so running the demo again adds nothing.)

            """
        for (number, flow) in DemoFlows.flows.enumerated() {
            output += "\n\(number + 1). \(flow.title)\n"
            if let refusal = refusals[flow.session] {
                output += "   Presenting a second editor is refused, and nothing is recorded:\n"
                output += "   sheetlog: \(refusal)\n"
            }
            output += "\n$ sheetlog replay \(flow.session)\n"
            output += ReplayView.human(try await database.replay(flow.session))
        }
        output += "\nEvery dismissal attempt, with what happened to the draft (field names only):\n"
        output += "\n$ sheetlog audit\n" + AuditView.human(try await database.audit())
        output += "\nDrafts that a relaunch would offer to restore:\n"
        output += "\n$ sheetlog recover\n" + RecoverView.human(try await database.recoverableDrafts())
        output += """

            Next: restore the crashed draft into a new session, every field as it was:
              sheetlog recover restore demo-crash expense --into demo-relaunch
              sheetlog replay demo-relaunch

            """
        return output
    }
}
