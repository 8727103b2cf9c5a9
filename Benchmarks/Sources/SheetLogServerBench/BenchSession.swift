import Foundation
import SheetLog

/// The session the viewer's figures read: one long session of expense forms, each presented,
/// typed into, swiped at (blocked), kept, typed into again and saved, with idle gaps between forms.
enum BenchSession {
    static let id = "bench-session"
    /// The short session the long one's timeline is compared with.
    static let shortID = "bench-short"
    static let shortEvents = 100

    /// Records a session `id` of exactly `events` events into the SheetLog file at `path`.
    static func record(events: Int, into path: String, id: String = id) async throws {
        let database = try SheetLogDatabase.open(path: path)
        var clock: Int64 = 1_767_258_000_000
        var commands: [CommandEnvelope] = []
        var form = 0
        func add(_ command: SheetCommand, after gap: Int64) {
            clock += gap
            commands.append(CommandEnvelope(session: id, command: command, id: "\(id)-\(commands.count + 1)", occurredAt: clock))
        }
        while commands.count < events {
            form += 1
            add(.present(presentation: "expense-\(form)", route: Route(name: "newExpense", group: "editor"), required: ["amount"]), after: 5_000)
            for (field, value) in [("amount", "4\(form % 10).50"), ("category", "Travel"), ("merchant", "Café \(form)"), ("notes", "Taxi \(form)"), ("date", "2026-01-0\(form % 9 + 1)"), ("project", "P-\(form)")] {
                add(.edit(field: field, value: .string(value)), after: 400)
            }
            add(.attemptDismiss(source: .swipe), after: 900)
            add(.keepEditing(), after: 700)
            add(.edit(field: "notes", value: .string("Taxi to the airport \(form)")), after: 400)
            add(.edit(field: "amount", value: .number(Double(form % 90) + 10.25)), after: 400)
            add(.save(), after: 600)
        }
        // Every command above appends one event: cut at exactly `events`.
        commands = Array(commands.prefix(events))
        for start in stride(from: 0, to: commands.count, by: 1_000) {
            _ = try await database.record(Array(commands[start..<min(start + 1_000, commands.count)]), states: .afterBatch)
        }
        try database.close()
    }
}
