import Foundation
import PropertyBased
import SheetLog
import SheetLogTestSupport
import Testing

/// `sheetlog export --session S --self-contained [--redact]` as a support engineer runs it: the
/// export of one session of a database with several, ingested alone into a new database, replays
/// that session as the original does (steps, types, versions, outcomes, dialogs; values too unless
/// redacted, and then the pattern of equal and different values per field).
@Suite("export for a bug report: self-contained, redacted")
struct CLIBugReportExportTests {
    /// The values a redacted export must never hold (the chooser's typed strings and numbers).
    static let secretStrings = ["val-secret-1", "val-secret-2", "food"]
    static let secretNumbers: Set<Double> = [12, 13.5, -0.25]

    @Test("a session that began by restoring a draft: its plain export alone cannot be ingested, its self-contained one can")
    func restoredDraftSession() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let lines = [
            #"{"session":"s1","type":"present","presentation":"p3","route":{"name":"note"},"id":"c1","at":"2026-01-01T09:00:00.000Z"}"#,
            #"{"session":"s1","type":"edit","field":"text","value":"val-secret-1","id":"c2","at":"2026-01-01T09:00:01.000Z"}"#,
            #"{"session":"s1","type":"attemptDismiss","source":"programmatic","outcome":"forced","id":"c3","at":"2026-01-01T09:00:02.000Z"}"#,
            #"{"session":"s2","type":"restoreDraft","from":{"session":"s1","presentation":"p3"},"id":"c4","at":"2026-01-01T09:05:00.000Z"}"#,
            #"{"session":"s2","type":"attemptDismiss","source":"swipe","outcome":"blocked","id":"c5","at":"2026-01-01T09:05:01.000Z"}"#,
        ]
        #expect(try cli.ingest(lines).status == 0)
        let plain = try cli.run(["export", "--session", "s2"])
        #expect(plain.status == 0, "\(plain.stderr)")
        let fresh = try CLIHarness()
        defer { fresh.remove() }
        let refused = try fresh.run(["ingest", "-"], input: Data(plain.stdout.utf8))
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("presentation p3 does not exist in session s1"), "\(refused.stderr)")

        for redact in [false, true] {
            let export = try cli.run(["export", "--session", "s2", "--self-contained"] + (redact ? ["--redact"] : []))
            #expect(export.status == 0, "\(export.stderr)")
            #expect(export.stdout.split(separator: "\n").count == 5, "s1's commands up to the restore, then s2's")
            #expect(export.stdout.contains("val-secret-1") == !redact)
            let copy = try CLIHarness()
            defer { copy.remove() }
            let ingest = try copy.run(["ingest", "-"], input: Data(export.stdout.utf8))
            #expect(ingest.status == 0, "\(ingest.stderr)")
            try Self.expectSameReplay(session: "s2", original: cli, copy: copy, redacted: redact)
        }
    }

    @Test("--self-contained needs --session")
    func selfContainedNeedsSession() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let run = try cli.run(["export", "--self-contained"])
        #expect(run.status == 2, "\(run.status)")
        #expect(run.stderr.contains("--self-contained needs --session"), "\(run.stderr)")
    }

    @Test("random sessions, some beginning with a restore of an earlier session's draft: the copy replays as the original")
    func randomSessions() async throws {
        // 12 databases of 2 to 5 sessions each reach restores of restored drafts in about 10 s; the soak runs 60.
        // How many exports began with a restore, and how many of those brought two or more other sessions.
        let reached = LockedBox((restored: 0, chained: 0))
        await propertyCheck(count: TestSize.cases(12, soak: 60), input: Gen.int(in: 0...999_999).array(of: 2...90)) { numbers in
            do {
                let cli = try CLIHarness()
                defer { cli.remove() }
                let restored = try await Self.record(numbers, into: cli.database)
                let sessions = try await SheetLogDatabase.openForReading(path: cli.database).sessions().map(\.session)
                guard !sessions.isEmpty else { return }
                var chooser = CommandChooser(numbers[0])
                let session = restored.last ?? chooser.pick(sessions)
                for redact in [false, true] {
                    let export = try cli.run(["export", "--session", session, "--self-contained"] + (redact ? ["--redact"] : []))
                    #expect(export.status == 0, "\(export.stderr)")
                    if !redact && restored.last == session {
                        let others = Set(export.stdout.split(separator: "\n").compactMap { Self.object($0)?["session"] as? String }).subtracting([session])
                        reached.withLock { $0.restored += 1; if others.count >= 2 { $0.chained += 1 } }
                    }
                    let copy = try CLIHarness()
                    defer { copy.remove() }
                    let ingest = try copy.run(["ingest", "-"], input: Data(export.stdout.utf8))
                    #expect(ingest.status == 0, "\(session): \(ingest.stderr)")
                    try Self.expectSameReplay(session: session, original: cli, copy: copy, redacted: redact)
                    if redact { try Self.expectNoSecret(in: export.stdout) }
                }
            } catch {
                Issue.record(error)
            }
        }
        // Measured: 8 or 9 of the 12 exports began with a restore, 2 to 5 of them chained; none at all
        // would mean the generator no longer reaches the case this test is for.
        let counts = reached.withLock { $0 }
        #expect(counts.restored > 0, "no export began with a restore (\(counts.chained) chained)")
    }

    @Test("a sealed log: refused without its key, redacted or not; with it, values and subjects redacted, and the copy replays alike")
    func sealed() throws {
        let cli = try CLIHarness()
        defer { cli.remove() }
        let key = cli.directory.appendingPathComponent("demo.key").path
        #expect(try CLIHarness.run(["keygen", key]).status == 0)
        #expect(try cli.run(["--key-file", key, "demo"]).status == 0)
        // The demo's crash left its expense open: a new session restores it.
        let session = "bug"
        let restore = #"{"session":"bug","type":"restoreDraft","from":{"session":"demo-crash","presentation":"expense"},"presentation":"again"}"#
        let edit = #"{"session":"bug","type":"edit","field":"merchant","value":"Café Süd"}"#
        #expect(try cli.run(["--key-file", key, "ingest", "-"], input: Data((restore + "\n" + edit + "\n").utf8)).status == 0)
        for extra in [[], ["--redact"]] {
            let refused = try cli.run(["export", "--session", session, "--self-contained"] + extra)
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("--key-file"), "\(refused.stderr)")
        }
        let export = try cli.run(["--key-file", key, "export", "--session", session, "--self-contained", "--redact"])
        #expect(export.status == 0, "\(export.stderr)")
        for value in ["12.80", "Café Nord", "Café Süd"] {
            #expect(!export.stdout.contains(value), "\(value) in the redacted export")
        }
        let plain = try cli.run(["--key-file", key, "export", "--session", session, "--self-contained"])
        let subjects = Set(plain.stdout.split(separator: "\n").compactMap { Self.object($0)?["subject"] as? String })
        #expect(!subjects.isEmpty)
        for subject in subjects { #expect(!export.stdout.contains("\"\(subject)\""), "subject \(subject) in the redacted export") }
        let copy = try CLIHarness()
        defer { copy.remove() }
        let copyKey = copy.directory.appendingPathComponent("copy.key").path
        #expect(try CLIHarness.run(["keygen", copyKey]).status == 0)
        let ingest = try copy.run(["--key-file", copyKey, "ingest", "-"], input: Data(export.stdout.utf8))
        #expect(ingest.status == 0, "\(ingest.stderr)")
        try Self.expectSameReplay(
            session: session, original: cli, copy: copy, redacted: true, originalKey: ["--key-file", key], copyKey: ["--key-file", copyKey])
    }

    // MARK: - Recording

    /// Records 2 to 5 sessions of random commands into `path`, one after the other; each after the
    /// first begins, more often than not, by restoring a draft an earlier session left. Returns the
    /// sessions that began so.
    static func record(_ numbers: [Int], into path: String) async throws -> [String] {
        let database = try SheetLogDatabase.open(path: path)
        var chooser = CommandChooser(numbers[0])
        let count = 2 + chooser.below(4)
        let perSession = max(1, numbers.count / count)
        var restored: [String] = []
        var clock: Int64 = 1_770_000_000_000
        for index in 0..<count {
            let session = "s\(index)"
            var state = SessionState(sessionID: session)
            let drafts = try await database.recoverableDrafts().filter { $0.session != session }
            if !drafts.isEmpty && chooser.chance(75) {
                let draft = chooser.pick(drafts)
                clock += 1_000
                if let result = try? await database.record(
                    .restoreDraft(from: DraftReference(session: draft.session, presentation: draft.presentation), as: "r\(index)"),
                    in: session, occurredAt: clock) {
                    state = result.state
                    restored.append(session)
                }
            }
            for (step, number) in numbers.dropFirst(index * perSession).prefix(perSession).enumerated() {
                var each = CommandChooser(number)
                let command = each.command(for: state, freshID: "p\(index)-\(step)", drafts: state.recoverableDrafts.map(\.reference))
                clock += 1_000
                guard let result = try? await database.record(command, in: session, occurredAt: clock) else { continue }
                state = result.state
            }
        }
        return restored
    }

    // MARK: - Comparing

    /// `replay --json` of `session` in both: equal but for positions (and, redacted, for values, whose
    /// pattern per field must be the same).
    static func expectSameReplay(
        session: String, original: CLIHarness, copy: CLIHarness, redacted: Bool, originalKey: [String] = [], copyKey: [String] = []
    ) throws {
        let left = try original.run(originalKey + ["replay", session, "--json"])
        let right = try copy.run(copyKey + ["replay", session, "--json"])
        #expect(left.status == 0 && right.status == 0, "\(left.stderr) \(right.stderr)")
        let steps = try JSONDecoder().decode([JSON].self, from: Data(left.stdout.utf8))
        let copied = try JSONDecoder().decode([JSON].self, from: Data(right.stdout.utf8))
        #expect(steps.count == copied.count, "\(session): \(steps.count) steps, the copy \(copied.count)")
        var pattern = ValuePattern()
        for (index, (step, copiedStep)) in zip(steps, copied).enumerated() {
            let same = redacted
                ? pattern.match(step.removing("position"), copiedStep.removing("position"))
                : step.removing("position") == copiedStep.removing("position")
            #expect(same, "\(session) step \(index + 1) differs")
            if !same { return }
        }
        #expect(pattern.consistent, "\(session): a field's equal values differ in the copy, or different ones are equal")
    }

    /// No chooser string anywhere in the export's bytes, no chooser number where a value is.
    static func expectNoSecret(in export: String) throws {
        for secret in secretStrings { #expect(!export.contains(secret), "\(secret) in a redacted export") }
        for line in export.split(separator: "\n") {
            let json = try JSONDecoder().decode(JSON.self, from: Data(line.utf8))
            for value in json.formValues {
                if case .number(let number) = value { #expect(!secretNumbers.contains(number), "\(number) in a redacted export") }
            }
        }
    }

    static func object(_ line: Substring) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
    }
}
