import Foundation
import PropertyBased
import SheetLog
import SheetLogReports
import SheetLogTestSupport
import Testing

/// `sheetlog replay --json` (and the viewer's replay API) is written straight into bytes; the
/// independent model is what it was before: the Encodable steps through `JSONEncoder`. Random
/// sessions with awkward field names, values, routes and every dismissal path must print the same
/// bytes both ways.
@Suite("replay report: written directly, byte for byte what JSONEncoder printed")
struct ReplayReportTests {
    /// Names that sort differently by bytes, case and digits; characters that need escaping or not.
    static let fields = ["amount", "Amount", "amount10", "amount9", "_note", "É", "a/b", "quote\"d", "back\\slash", "emoji😀", "e\u{301}"]
    static let values: [FieldValue] = [
        "", nil, true, false, 0, -0.0, 12, 13.5, -0.25, 0.1, 1e16, 1e-7, 9_007_199_254_740_992, 123_456_789.125, -1e300,
        "a/b", "line\nbreak", "tab\t", "quote\"", "back\\slash", "\u{7}bell", "é and e\u{301}", "\u{2028}", "😀",
    ]
    static let routes = [
        Route(name: "settings"), Route(name: "newExpense", group: "editor", params: ["itemID": "7", "B": "x/y", "a10": "", "a9": "\"q\""]),
        Route(name: "picker", group: "Picker"),
    ]

    @Test("random sessions: the direct writer equals the Encodable model through JSONEncoder")
    func randomSessions() async throws {
        // 20 sessions (0.6 s; 60 took 1.9 s); the soak runs 60.
        await propertyCheck(count: TestSize.cases(20, soak: 60), input: Gen.int(in: 0...999_999).array(of: 1...40)) { numbers in
            let database = try! SheetLogDatabase.inMemory()
            var state = SessionState(sessionID: "s")
            for (index, number) in numbers.enumerated() {
                var chooser = CommandChooser(number)
                let command = Self.command(&chooser, state: state, freshID: "p\(index)")
                guard let result = try? await database.record(command, in: "s", occurredAt: chooser.chance(10) ? nil : Int64(index) * 997) else { continue }
                state = result.state
            }
            guard state.version > 0 else { return }
            let steps = try! await database.replay("s")
            let direct = try! ReplayReport.json(steps)
            let model = try! JSONOutput.pretty(steps.map(EncodableReplayStep.init))
            if direct != model {
                let at = Self.firstDifference(direct, model)
                Issue.record("first difference at byte \(at): direct …\(Self.excerpt(direct, at))… model …\(Self.excerpt(model, at))…")
            }
        }
    }

    @Test("no steps: an empty array, as before")
    func empty() throws {
        #expect(try ReplayReport.json([]) == JSONOutput.pretty([EncodableReplayStep]()))
        #expect(try ReplayReport.json([]) == "[]")
    }

    @Test("the demo's sessions print what the model prints")
    func demoSessions() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("demo.sqlite").path
        let demo = try await InProcessCommand.run(.sheetlog, ["demo", "--plain", "--db", path])
        #expect(demo.status == 0, "\(demo.stderr)")
        let database = try SheetLogDatabase.openForReading(path: path)
        let sessions = try await database.sessions()
        #expect(sessions.count >= 3)
        for session in sessions {
            let steps = try await database.replay(session.session)
            #expect(try ReplayReport.json(steps) == JSONOutput.pretty(steps.map(EncodableReplayStep.init)), "\(session.session)")
        }
    }

    /// The chooser's command, with its edits and presents now and then made awkward.
    static func command(_ chooser: inout CommandChooser, state: SessionState, freshID: String) -> SheetCommand {
        let command = chooser.command(for: state, freshID: freshID, drafts: state.recoverableDrafts.map(\.reference))
        switch command {
        case .edit(_, _, let presentation) where chooser.chance(70):
            return .edit(field: chooser.pick(fields), value: chooser.pick(values), presentation: presentation)
        case .present(let presentation, _, _, let required, let guardMode) where chooser.chance(60):
            let baseline = Dictionary(uniqueKeysWithValues: fields.filter { _ in chooser.chance(25) }.map { ($0, chooser.pick(values)) })
            return .present(presentation: presentation, route: chooser.pick(routes), baseline: baseline, required: required, guard: guardMode)
        default:
            return command
        }
    }

    static func excerpt(_ text: String, _ offset: Int) -> String {
        String(decoding: Array(text.utf8)[max(0, offset - 60)..<min(text.utf8.count, offset + 60)], as: UTF8.self)
    }

    static func firstDifference(_ lhs: String, _ rhs: String) -> Int {
        zip(lhs.utf8, rhs.utf8).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(lhs.utf8.count, rhs.utf8.count)
    }
}
