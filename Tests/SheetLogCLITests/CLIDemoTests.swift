import Foundation
import Testing

@Suite("sheetlog demo")
struct CLIDemoTests {
    @Test func demoIsIdempotentAndPrintsTheSame() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let first = try cli.run(["demo"])
        #expect(first.status == 0, "\(first.stderr)")
        let events = try StoredLog(path: cli.database).events()
        let second = try cli.run(["demo"])
        #expect(second.status == 0)
        #expect(second.stdout == first.stdout)
        #expect(try StoredLog(path: cli.database).events() == events)
    }

    @Test func demoShowsEachPartUnderTheCommandThatShowsIt() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let output = try cli.run(["demo"]).stdout
        for heading in ["demo-expense", "demo-cancel", "demo-friend", "demo-editor", "demo-stack", "demo-crash"] {
            #expect(output.contains("\n$ sheetlog replay \(heading)\n"))
        }
        #expect(output.contains("\n$ sheetlog audit\n"))
        #expect(output.contains("\n$ sheetlog recover\n"))
        #expect(output.contains("sheetlog: present: route group editor is already in the stack"))
        #expect(output.contains("attemptDismiss item by cancelButton -> blocked"))
        #expect(output.contains("demo-crash  expense       newExpense  open"))
    }

    @Test func demoUsesTheEnvironmentsDatabase() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let path = cli.directory.appendingPathComponent("env.sqlite").path
        let run = try CLIHarness.run(["demo"], environment: ["SHEETLOG_DB": path])
        #expect(run.status == 0)
        #expect(run.stdout.contains("are in \(path)."))
        #expect(try StoredLog(path: path).eventCount() == 23)
    }
}
