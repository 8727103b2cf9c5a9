import Foundation
import PropertyBased
import SheetLog
import SheetLogCore
import SheetLogDomain
import SheetLogTestSupport
import Testing

/// Random sessions of two people, one of them erased: each of the erased person's open sessions is
/// closed as a model of the rules written here says (not the decider's own closing), before the
/// erasure's event, and nobody else's session changes.
@Suite("erasure closes open sessions, over random sessions")
struct ErasureClosingPropertyTests {
    static let sequences = Gen.int(in: 0...999_999).array(of: 1...30)
    static let sessions = ["gone-a": "gone", "gone-b": "gone", "kept-a": "kept"]

    /// The closing an app would do by hand, from the DESIGN's table: Keep Editing on an alert that
    /// is up, then every sheet top down by code (forced when locked and dirty, else dismissed),
    /// then the end; nothing for an ended session.
    static func expectedClosing(of state: SessionState) -> [String] {
        if state.ended { return [] }
        var expected: [String] = []
        if state.top?.pendingConfirmation != nil { expected.append("keepEditing") }
        for presentation in state.stack.reversed() {
            let forced = presentation.isDismissDisabled && presentation.isDirty
            expected.append("attemptDismiss \(presentation.id) \(forced ? "forced" : "dismissed")")
        }
        expected.append("endSession")
        return expected
    }

    static func described(_ events: [RecordedEvent], keys: any SubjectKeys) throws -> [String] {
        try events.map { recorded in
            let event = try SheetEventCodec.decode(recorded, keys: keys)
            if case .attemptDismiss(let payload) = event.kind { return "attemptDismiss \(payload.presentation) \(payload.outcome)" }
            return recorded.type
        }
    }

    @Test("each open session of the erased subject is closed as the model says, and the others are untouched")
    func closesAsTheModelSays() async throws {
        let directory = try TemporaryDirectory("erase-closing-property")
        var round = 0
        // 10 sequences (2.5 s; 30 took 7.6 s, each a sealed file and an erasure); the soak runs 30.
        await propertyCheck(count: TestSize.cases(10, soak: 30), input: Self.sequences) { numbers in
            round += 1
            let clock = ManualClock()
            var options = ErasureTests.options(MasterKey.generate())
            options.clock = clock
            let database = try SheetLogDatabase.open(path: directory.path("log-\(round).sqlite"), options: options)
            defer { try? database.close() }
            var nextID = 0
            let names = Self.sessions.keys.sorted()
            for number in numbers {
                var chooser = CommandChooser(number)
                let session = names[chooser.below(names.count)]
                nextID += 1
                let command = chooser.command(for: try await database.state(of: session), freshID: "p\(nextID)", drafts: [])
                do {
                    try await database.record(command, in: session, subject: Self.sessions[session])
                } catch let error as SheetLogError where [.ruleViolation, .invalidInput, .payloadTooLarge].contains(error.code) {
                    continue
                }
            }
            var before: [String: SessionState] = [:]
            for session in names { before[session] = try await database.state(of: session) }
            guard before.values.contains(where: { $0.version > 0 && $0.sessionID.hasPrefix("gone") }) else { return }

            // The erasure at a millisecond of its own, as a wall clock gives it: the app's commands
            // all share the manual clock's one millisecond.
            clock.advance(by: 1)
            let report = try await database.erase(subject: "gone", requestedBy: "property")
            // What the log tells afterwards (`erasures()`, by the rule of `ErasureClosing`) is what the erasure reported.
            let listed = try await database.erasures()
            #expect(listed.map(\.closedSessions) == [report.closedSessions], "\(numbers)")
            #expect(listed.map(\.sessions) == [report.sessions] && listed.map(\.position) == [report.position], "\(numbers)")
            let open = names.filter { $0.hasPrefix("gone") && before[$0]!.version > 0 && !before[$0]!.ended }
            #expect(report.closedSessions.sorted() == open, "\(numbers)")
            for session in names {
                let old = before[session]!
                let appended = try await database.backend.readStream(session).filter { $0.version > old.version }
                let now = try await database.state(of: session)
                if session.hasPrefix("gone") && old.version > 0 {
                    #expect(try Self.described(appended, keys: database.backend.subjectKeys) == Self.expectedClosing(of: old), "\(session) of \(numbers)")
                    #expect(appended.allSatisfy { $0.position < report.position! })
                    // A session the app ended keeps the stack it ended with (its history, values now erased); an open one is emptied.
                    #expect(now.ended && (old.ended ? now.version == old.version && now.stackIDs == old.stackIDs : now.stackIDs.isEmpty), "\(session) of \(numbers)")
                } else {
                    #expect(appended.isEmpty && now == old, "\(session) is not the erased subject's: untouched")
                }
            }
            let verification = try await database.verify()
            #expect(verification.isHealthy, "\(verification.firstFailure.map { "\($0.name): \($0.detail)" } ?? "") for \(numbers)")
        }
    }
}
