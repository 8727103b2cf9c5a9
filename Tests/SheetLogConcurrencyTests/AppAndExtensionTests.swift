import Foundation
import SheetLog
import Testing

/// An app (a long-lived `SheetLogDatabase` in this process) and its extension (`sheetlog ingest`, a
/// second process) write one session in turns; every decision of the app must be the one the
/// stored session calls for, checked against a model that only knows the rule: an edit appends an
/// event exactly when it changes the field's stored value.
@Suite("an app and its extension writing one session")
struct AppAndExtensionTests {
    @Test("the app's edits are decided on the session as the extension left it")
    func appDecidesOnTheStoredSession() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sheetlog-ext-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("log.sqlite").path
        let app = try SheetLogDatabase.open(path: path, options: .init(durability: .normal))
        try await app.record(.present(presentation: "p", route: Route(name: "note")), in: "s")

        var stored: String? = nil  // the model: the field's value as stored
        var version: Int64 = 1
        var generator = SystemRandomNumberGenerator()
        let values = ["a", "b"]
        for round in 0..<24 {
            let value = values.randomElement(using: &generator)!
            if Bool.random(using: &generator) {
                let line = #"{"session":"s","type":"edit","field":"f","value":"\#(value)","at":"2026-01-01T09:00:00.000Z"}"#
                let input = directory.appendingPathComponent("round\(round).jsonl")
                try Data((line + "\n").utf8).write(to: input)
                let run = try ChildProcess(["--db", path, "ingest", input.path]).wait()
                #expect(run.status == 0, "\(run.stderr)")
            } else {
                let result = try await app.record(.edit(field: "f", value: .string(value)), in: "s")
                #expect(result.events.isEmpty == (stored == value), "round \(round): edit to \(value) with \(stored ?? "nothing") stored")
                #expect(result.state.top?.values["f"] == .string(value))
            }
            if stored != value { version += 1 }
            stored = value
            #expect(try await app.backend.streamVersion("s") == version, "round \(round)")
        }
        #expect(try await app.state(of: "s").top?.values["f"] == stored.map(FieldValue.string))
        #expect(try await app.verify().isHealthy)
    }
}
