import BenchmarkHarness
import SheetLogCore
import Testing

@Suite("Workload")
struct WorkloadTests {
    @Test("the same seed gives the same log; another seed gives another")
    func deterministic() throws {
        let first = try Workload.generate(events: 3_000, seed: 7)
        let again = try Workload.generate(events: 3_000, seed: 7)
        let other = try Workload.generate(events: 3_000, seed: 8)
        #expect(first.events == again.events)
        #expect(first.dismissals == again.dismissals)
        #expect(first.events != other.events)
    }

    @Test("versions run 1, 2, 3 … per session, ids are unique and times never go back")
    func logShape() throws {
        let workload = try Workload.generate(events: 12_000, seed: 1)
        #expect(workload.events.count == 12_000)
        var versions: [String: Int64] = [:]
        for event in workload.events {
            #expect(event.version == (versions[event.stream] ?? 0) + 1)
            versions[event.stream] = event.version
        }
        #expect(Set(workload.events.map(\.eventID)).count == workload.events.count)
        #expect(zip(workload.events, workload.events.dropFirst()).allSatisfy { $0.occurredAt < $1.occurredAt })
        #expect(versions[workload.replayStream] == Int64(workload.replayLength))
        #expect(workload.replayLength == 6_000)
    }

    @Test("every payload and metadata is valid JSON and every session opens with present")
    func validJSON() throws {
        let workload = try Workload.generate(events: 5_000, seed: 3)
        let validator = JSONValidator(rejectsDuplicateKeys: true)
        for event in workload.events {
            try validator.validate(event.payload)
            try validator.validate(event.metadata)
            if event.version == 1 { #expect(event.type == "present") }
        }
        let types = Set(workload.events.map(\.type))
        #expect(types.isSuperset(of: ["present", "edit", "attemptDismiss", "confirmDiscard", "keepEditing", "save", "declineDraft"]))
    }

    @Test("launches decline, once each, drafts their own session let leave the screen by a dismissal")
    func launchesDeclineDrafts() throws {
        let workload = try Workload.generate(events: 20_000, seed: 5)
        var left: Set<String> = []
        var declined: Set<String> = []
        for event in workload.events where event.type == "attemptDismiss" || event.type == "declineDraft" {
            let presentation = event.payload.split(separator: "\"")[3]
            let key = "\(event.stream)/\(presentation)"
            if event.type == "attemptDismiss", !event.payload.contains("\"outcome\":\"blocked\"") { left.insert(key) }
            if event.type == "declineDraft" {
                #expect(left.contains(key))
                #expect(declined.insert(key).inserted)
            }
        }
        #expect(declined.count > 10)
    }

    @Test("dismissals point at their attemptDismiss event and discards name the fields lost")
    func dismissals() throws {
        let workload = try Workload.generate(events: 20_000, seed: 5)
        #expect(!workload.dismissals.isEmpty)
        for dismissal in workload.dismissals {
            let event = workload.events[Int(dismissal.position) - 1]
            #expect(event.type == "attemptDismiss")
            #expect(event.stream == dismissal.session)
            #expect(event.occurredAt == dismissal.occurredAt)
            #expect(event.payload.contains("\"outcome\":\"\(dismissal.outcome)\""))
            #expect((dismissal.resolution == "discarded") == (dismissal.discardedFields != nil))
        }
        #expect(workload.dismissals.contains { $0.resolution == "discarded" && $0.route == workload.auditQuery.route })
    }

    @Test("a session of about 5,000 events: 1M events would make about 200 sessions")
    func sessionCount() throws {
        let workload = try Workload.generate(events: 60_000, seed: 2)
        let sessions = Set(workload.events.map(\.stream)).count
        #expect(sessions == 11)  // the 10k replay session + 50k spread over 10 sessions
        #expect(workload.replayLength == Workload.replaySessionLength)
    }

    @Test("fewer than two events are refused")
    func tooSmall() {
        #expect { try Workload.generate(events: 1, seed: 1) } throws: { ($0 as? SheetLogError)?.code == .invalidInput }
    }
}
