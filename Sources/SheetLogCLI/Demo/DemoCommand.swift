import ArgumentParser
import SheetLog

/// `sheetlog demo`: records the example flows, then shows what replay, audit and recover say.
struct DemoCommand: AsyncParsableCommand, GlobalOptionsCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Record six example flows into the database, then show them through replay, audit and recover.",
        discussion: """
            Ids and times are fixed: running the demo again adds nothing and prints the same. A database the \
            demo creates is sealed under a key file beside it (sheetlog.key for sheetlog.sqlite), made for the \
            demo unless --key-file (or $SHEETLOG_KEY_FILE) gives one; --plain records into a plain database.
            """)
    static let databaseAction = "write to"

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Record into a plain database (values stored as typed) instead of a sealed one.")
    var plain = false

    func validate() throws {
        if plain, global.keyFilePath != nil { throw ValidationError("--plain records without a key: leave out --key-file (and $SHEETLOG_KEY_FILE)") }
    }

    func run() async throws {
        let demo = try DemoDatabase.open(global, plain: plain)
        let database = demo.database
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
        Terminal.write(try await transcript(demo, refusals: refusals))
    }

    private func transcript(_ demo: DemoDatabase, refusals: [String: String]) async throws -> String {
        let database = demo.database
        var output = """
            SheetLog demo: \(DemoFlows.flows.count) example flows are in \(global.databasePath).
            \(demo.sentence)Each part below is headed by the command that shows it; run them yourself.
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
