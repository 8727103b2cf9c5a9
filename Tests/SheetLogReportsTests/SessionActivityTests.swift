import PropertyBased
import SheetLog
import SheetLogReports
import SheetLogTestSupport
import Testing

/// The viewer's session list counts presentations and lists routes from the read models; the model
/// here reads the same facts from the log itself: every `present` event of every session replayed.
@Suite("session activity: presentations and routes as the log's present events say")
struct SessionActivityTests {
    @Test("random sessions with restores across them: the counts and routes equal the log's")
    func randomSessions() async {
        // 15 sessions of up to 60 steps (1.2 s; 40 took 3.2 s); the soak runs 40.
        await propertyCheck(count: TestSize.cases(15, soak: 40), input: Gen.int(in: 0...999_999).array(of: 1...60)) { numbers in
            let database = try! SheetLogDatabase.inMemory()
            let sessions = ["s1", "s2", "s3"]
            var states: [String: SessionState] = [:]
            for (index, number) in numbers.enumerated() {
                var chooser = CommandChooser(number)
                let session = chooser.pick(sessions)
                let state = states[session] ?? SessionState(sessionID: session)
                let drafts = (try? await database.recoverableDrafts().map(\.reference)) ?? []
                let command = chooser.command(for: state, freshID: "p\(index)", drafts: drafts)
                guard let result = try? await database.record(command, in: session) else { continue }
                states[session] = result.state
            }
            let activity = try! await database.sessionActivity()
            #expect(activity.map(\.session) == (try! await database.sessions()).map(\.session))
            for row in activity {
                let presented = try! await database.replay(row.session).compactMap { step -> String? in
                    guard case .present(let payload) = step.sheetEvent.kind else { return nil }
                    return payload.route.name
                }
                #expect(row.presentations == presented.count, "\(row.session)")
                #expect(row.routes == Set(presented), "\(row.session)")
                #expect(row.events == Int64(try! await database.replay(row.session).count), "\(row.session)")
            }
        }
    }
}
