import PropertyBased
import SheetLogDomain
import Testing
import SheetLogTestSupport

/// A reader without the values (the fleet without a subject's key) folds the same events with
/// every value withheld (`.withheld`). Compared with the fold of the real values,
/// over random command sequences: the structure stays — every dirty draft is dirty and recoverable
/// there too, each dismissal attempt sees exactly the changed fields it recorded, and every sheet
/// ends in the same status and alert. Only an edit that puts a field's baseline value back can
/// read as a change there (values cannot be compared).
@Suite("folds without the values keep the structure")
struct UnreadableValuesPropertyTests {
    @Test("masked and plain folds agree on dirtiness (masked errs towards dirty), attempts, statuses and alerts")
    func maskedFoldKeepsTheStructure() async {
        // 120 sequences (0.2 s; 400 took 0.6 s) meet masked and plain folds of every command; the soak runs 400.
        await propertyCheck(count: TestSize.cases(120, soak: 400), input: SheetDeciderPropertyTests.sequences) { numbers in
            for (id, log) in Self.sessionLogs(numbers) {
                var plain = SessionState(sessionID: id), masked = SessionState(sessionID: id)
                for (index, event) in log.enumerated() {
                    plain.apply(event)
                    masked.apply(Self.masked(event))
                    if case .attemptDismiss(let attempt) = event.kind {
                        #expect(masked.presentations[attempt.presentation]?.changedFields == attempt.changedFields, "event \(index)")
                        #expect(masked.presentations[attempt.presentation]?.isDirty == attempt.dirty, "event \(index)")
                    }
                    Self.expectKeepsStructure(plain, masked, at: index)
                }
            }
        }
    }

    @Test("without an attempt, an edit back to the baseline reads as a change; an attempt then tells it is none")
    func anEditBackToTheBaselineIsAChangeUntilAnAttempt() {
        var masked = SessionState(sessionID: "s")
        masked.apply(Self.masked(SheetEvent(occurredAt: 1, .present(.init(presentation: "p", route: Route(name: "r"), baseline: ["a": "1"])))))
        #expect(masked.presentations["p"]!.isDirty == false)
        masked.apply(Self.masked(SheetEvent(occurredAt: 2, .edit(.init(presentation: "p", field: "a", value: "2")))))
        masked.apply(Self.masked(SheetEvent(occurredAt: 3, .edit(.init(presentation: "p", field: "a", value: "1")))))
        #expect(masked.presentations["p"]!.changedFields == ["a"])
        masked.apply(SheetEvent(occurredAt: 4, .attemptDismiss(.init(
            presentation: "p", source: .swipe, outcome: .dismissed, dirty: false, changedFields: [], confirmation: false, offersSave: nil, popped: true))))
        #expect(masked.presentations["p"]!.status == .dismissed)
        #expect(!masked.presentations["p"]!.isRecoverable)
    }

    @Test("a save that drops a field reads as a change of it")
    func aSaveThatDropsAFieldChangesIt() {
        var plain = SessionState(sessionID: "s"), masked = SessionState(sessionID: "s")
        for event in [
            SheetEvent(occurredAt: 1, .present(.init(presentation: "p", route: Route(name: "r"), baseline: ["a": "1", "b": "2"]))),
            SheetEvent(occurredAt: 2, .save(.init(presentation: "p", values: ["b": "2"]))),
        ] {
            plain.apply(event)
            masked.apply(Self.masked(event))
        }
        #expect(plain.presentations["p"]!.changedFields == ["a"], "the control")
        #expect(Set(masked.presentations["p"]!.changedFields).isSuperset(of: ["a"]))
    }

    @Test("events that record their changes (sealed since RecordedChanges) fold without their values exactly as with them")
    func recordedChangesFoldExactly() async {
        await propertyCheck(count: TestSize.cases(120, soak: 400), input: SheetDeciderPropertyTests.sequences) { numbers in
            for (id, log) in Self.sessionLogs(numbers) {
                var plain = SessionState(sessionID: id), masked = SessionState(sessionID: id)
                for (index, event) in log.enumerated() {
                    var recorded = Self.masked(event)
                    // Decided as the recording does: against the state the event folds into.
                    recorded.seals = EventSeals(eventID: "e\(index)", version: Int64(index + 1), recorded: plain.recordedChanges(of: event.kind))
                    plain.apply(event)
                    masked.apply(recorded)
                    #expect(plain.stackIDs == masked.stackIDs)
                    for (presentation, sheet) in plain.presentations {
                        let other = masked.presentations[presentation]
                        #expect(other?.changedFields == sheet.changedFields, "event \(index): \(presentation)")
                        #expect(other?.isDirty == sheet.isDirty, "event \(index): \(presentation)")
                        #expect(other?.isRecoverable == sheet.isRecoverable, "event \(index): \(presentation)")
                        #expect(other?.status == sheet.status, "event \(index): \(presentation)")
                        #expect(other?.lastEditAt == sheet.lastEditAt, "event \(index): \(presentation)")
                        #expect(other?.pendingConfirmation == sheet.pendingConfirmation, "event \(index): \(presentation)")
                    }
                }
            }
        }
    }

    @Test("an edit back to the baseline, recorded as such, reads clean without the values; a save of the draft as typed keeps its draft time")
    func recordedEditBackToTheBaseline() {
        var plain = SessionState(sessionID: "s"), masked = SessionState(sessionID: "s")
        for (index, event) in [
            SheetEvent(occurredAt: 1, .present(.init(presentation: "p", route: Route(name: "r"), baseline: ["a": "1"]))),
            SheetEvent(occurredAt: 2, .edit(.init(presentation: "p", field: "a", value: "2"))),
            SheetEvent(occurredAt: 3, .edit(.init(presentation: "p", field: "a", value: "1"))),
            SheetEvent(occurredAt: 4, .edit(.init(presentation: "p", field: "b", value: ""))),
            SheetEvent(occurredAt: 5, .save(.init(presentation: "p", values: ["a": "1", "b": ""]))),
        ].enumerated() {
            var recorded = Self.masked(event)
            recorded.seals = EventSeals(eventID: "e\(index)", version: Int64(index + 1), recorded: plain.recordedChanges(of: event.kind))
            plain.apply(event)
            masked.apply(recorded)
            if index == 1 { #expect(masked.presentations["p"]!.changedFields == ["a"]) }
            if index >= 2 { #expect(!masked.presentations["p"]!.isDirty, "event \(index)") }
        }
        #expect(masked.presentations["p"]!.lastEditAt == 4)
        #expect(plain.presentations["p"]!.lastEditAt == 4, "the control")
    }

    /// The log of each session the model's random command sequence `numbers` decided.
    static func sessionLogs(_ numbers: [Int]) -> [(id: String, log: [SheetEvent])] {
        var last: SessionsModel?
        SessionsModel.run(numbers) { model, _ in last = model }
        guard let model = last else { return [] }
        return SessionsModel.sessionIDs.map { ($0, model.logs[$0]!) }
    }

    static func expectKeepsStructure(_ plain: SessionState, _ masked: SessionState, at index: Int) {
        #expect(plain.stackIDs == masked.stackIDs)
        for (id, sheet) in plain.presentations {
            guard let other = masked.presentations[id] else {
                Issue.record("event \(index): \(id) missing from the masked fold")
                continue
            }
            #expect(other.status == sheet.status, "event \(index): \(id)")
            #expect(other.pendingConfirmation == sheet.pendingConfirmation, "event \(index): \(id)")
            #expect(Set(sheet.changedFields).isSubset(of: Set(other.changedFields)), "event \(index): \(id)")
            if sheet.isDirty { #expect(other.isDirty && other.isDismissDisabled == sheet.isDismissDisabled, "event \(index): \(id)") }
            if sheet.isRecoverable { #expect(other.isRecoverable, "event \(index): \(id)") }
        }
    }

    /// `event` as a reader without its subject's key reads it: every value `.withheld`.
    static func masked(_ event: SheetEvent) -> SheetEvent {
        func hidden(_ values: [String: FieldValue]) -> [String: FieldValue] { values.mapValues { _ in .withheld } }
        var copy = event
        switch event.kind {
        case .present(var payload):
            payload.baseline = hidden(payload.baseline)
            payload.values = payload.values.map(hidden)
            copy.kind = .present(payload)
        case .edit(var payload):
            payload.value = .withheld
            copy.kind = .edit(payload)
        case .save(var payload):
            payload.values = hidden(payload.values)
            copy.kind = .save(payload)
        case .attemptDismiss, .confirmDiscard, .keepEditing, .saveFailed, .restoreDraft, .declineDraft, .endSession:
            break
        }
        return copy
    }
}
