import PropertyBased
import SheetLogDomain
import Testing
import SheetLogTestSupport

/// Properties of the decider over random command sequences (two sessions, up to 60 steps each).
@Suite("decider properties")
struct SheetDeciderPropertyTests {
    static let sequences = Gen.int(in: 0...999_999).array(of: 1...60)
    /// 150 sequences of up to 60 steps per property (0.2–0.5 s each; 500 took 0.5–1.5 s): each
    /// reaches every command and alert, and `Scripts/soak.sh` runs 500.
    static let cases = TestSize.cases(150, soak: 500)

    @Test("folding every event decided so far gives the live state, whose structure holds")
    func foldEqualsLiveState() async {
        await propertyCheck(count: Self.cases, input: Self.sequences) { numbers in
            SessionsModel.run(numbers) { model, _ in
                for id in SessionsModel.sessionIDs {
                    let live = model.states[id]!
                    #expect(SessionState.fold(session: id, model.logs[id]!) == live)
                    Self.expectWellFormed(live)
                }
            }
        }
    }

    @Test("decoding the encoded events and folding gives the same state")
    func roundTripThroughTheLog() async throws {
        await propertyCheck(count: Self.cases, input: Self.sequences) { numbers in
            var last: SessionsModel?
            SessionsModel.run(numbers) { model, _ in last = model }
            guard let model = last else { return }
            for id in SessionsModel.sessionIDs {
                let events = model.logs[id]!
                let recorded = try events.enumerated().map { index, event in
                    let data = try SheetEventCodec.encode(event, eventID: "\(id)-\(index)")
                    try InputLimits.default.validate(data, stream: id)
                    return RecordedEvent(
                        position: Int64(index + 1), eventID: data.eventID, stream: id, version: Int64(index + 1), type: data.type,
                        schemaVersion: data.schemaVersion, payload: data.payload, metadata: nil, occurredAt: data.occurredAt,
                        recordedAt: 0, chain: [])
                }
                let decoded = try Replay.decode(recorded)
                #expect(decoded == events)
                #expect(SessionState.fold(session: id, decoded) == model.states[id]!)
            }
        }
    }

    @Test("a dirty draft is saved, discarded after a confirmation, restored, declined, or recoverable: never gone")
    func dirtyDraftsNeverVanish() async {
        await propertyCheck(count: Self.cases, input: Self.sequences) { numbers in
            SessionsModel.run(numbers) { model, outcome in
                let restoredFrom = Set(SessionsModel.sessionIDs.flatMap { model.states[$0]!.presentations.values.compactMap(\.restoredFrom) })
                for id in SessionsModel.sessionIDs {
                    for presentation in model.states[id]!.presentations.values where presentation.isDirty {
                        let reference = DraftReference(session: id, presentation: presentation.id)
                        switch presentation.status {
                        case .saved, .declined: break
                        case .discarded: #expect(model.confirmationRaised.contains(reference))
                        case .restored: #expect(restoredFrom.contains(reference))
                        case .open, .abandoned: #expect(presentation.isRecoverable)
                        case .dismissed: Issue.record("dirty presentation \(reference) left as dismissed")
                        }
                    }
                }
                // A draft stops being recoverable only through an event about it.
                for id in SessionsModel.sessionIDs {
                    let touched = Set(outcome.appended[id, default: []].compactMap(\.presentation))
                    for draft in outcome.before[id]!.recoverableDrafts where model.states[id]!.recoverableDraft(draft.presentation) == nil {
                        #expect(touched.contains(draft.presentation))
                    }
                }
            }
        }
    }

    @Test("a rejected command changes nothing and says why without any field value")
    func rejectionsChangeNothing() async {
        await propertyCheck(count: Self.cases, input: Self.sequences) { numbers in
            SessionsModel.run(numbers) { model, outcome in
                guard case .failure(let error) = outcome.result else { return }
                #expect(model.states == outcome.before)
                #expect([.ruleViolation, .invalidInput].contains(error.code))
                #expect(error.context.operation == outcome.command.name)
                #expect(error.message.hasPrefix("\(outcome.command.name): "))
                #expect(error.message.hasSuffix(" in session \(error.context.stream ?? "?")"))
                #expect(!error.message.contains("val-secret"))
            }
        }
    }

    @Test("versions grow by exactly the number of events appended")
    func versionsCountEvents() async {
        await propertyCheck(count: Self.cases, input: Self.sequences) { numbers in
            SessionsModel.run(numbers) { model, outcome in
                for id in SessionsModel.sessionIDs {
                    let appended = outcome.appended[id, default: []]
                    #expect(model.states[id]!.version == outcome.before[id]!.version + Int64(appended.count))
                    #expect(model.states[id]!.version == Int64(model.logs[id]!.count))
                }
                if case .success(let appended) = outcome.result, appended.values.allSatisfy(\.isEmpty) {
                    guard case .edit = outcome.command else {
                        Issue.record("\(outcome.command.name) was accepted but appended nothing")
                        return
                    }
                }
            }
        }
    }

    @Test("random sequences reach the interesting states")
    func coverage() async {
        var seen: Set<String> = []
        await propertyCheck(count: Self.cases, input: Self.sequences) { numbers in
            SessionsModel.run(numbers) { model, outcome in
                if case .failure = outcome.result { seen.insert("rejected") }
                if model.states.values.contains(where: { $0.stack.count >= 3 }) { seen.insert("deep stack") }
                if model.states.values.contains(where: \.ended) { seen.insert("ended") }
                for event in outcome.appended.values.joined() {
                    seen.insert(event.type.rawValue)
                    if let outcome = event.attemptDismissPayload?.outcome { seen.insert(outcome.rawValue) }
                }
                if outcome.appended.count == 2 { seen.insert("cross-session restore") }
            }
        }
        let expected = Set(["rejected", "deep stack", "ended", "cross-session restore", "dismissed", "blocked", "forced"])
            .union(SheetEventType.allCases.map(\.rawValue))
        #expect(expected.subtracting(seen).isEmpty, "never reached: \(expected.subtracting(seen).sorted())")
    }

    /// The stack holds exactly the open presentations, groups are exclusive, only the top has an alert.
    static func expectWellFormed(_ state: SessionState) {
        let open = Set(state.presentations.values.filter(\.isOpen).map(\.id))
        #expect(Set(state.stackIDs) == open)
        #expect(state.stackIDs.count == open.count)
        let groups = state.stack.map(\.route.group)
        #expect(Set(groups).count == groups.count)
        #expect(state.stack.dropLast().allSatisfy { $0.pendingConfirmation == nil })
        for presentation in state.presentations.values where !presentation.isOpen {
            #expect(presentation.closedAt != nil && presentation.pendingConfirmation == nil)
        }
    }
}
