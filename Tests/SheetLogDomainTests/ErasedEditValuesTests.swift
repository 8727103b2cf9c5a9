import SheetLogDomain
import Testing

/// The stand-ins an export writes for an erased subject's edits (``ErasedEditValues``), case by case;
/// `ErasureCopyPropertyTests` checks over random sessions that a copy decides alike with them.
@Suite("erased edit values")
struct ErasedEditValuesTests {
    static func attempt(_ presentation: String, changed: [String]) -> SheetEvent.Kind {
        .attemptDismiss(.init(
            presentation: presentation, source: .swipe, outcome: changed.isEmpty ? .dismissed : .blocked, dirty: !changed.isEmpty,
            changedFields: changed, confirmation: !changed.isEmpty, offersSave: changed.isEmpty ? nil : true, popped: changed.isEmpty))
    }

    /// The events of session `s1` unless an id says `s2-…`, at positions 1, 2, 3 …
    static func values(_ kinds: [(String, SheetEvent.Kind)]) -> [String: FieldValue] {
        ErasedEditValues.values(for: kinds.enumerated().map { index, event in
            ErasedEditValues.Event(
                eventID: event.0, position: Int64(index + 1), session: event.0.hasPrefix("s2-") ? "s2" : "s1",
                event: SheetEvent(occurredAt: 0, event.1))
        })
    }

    @Test func everyEditDiffersUnlessTheNextAttemptSaysItsFieldWasBackToTheBaseline() {
        let values = Self.values([
            ("e1", .present(.init(presentation: "p1", route: Route(name: "edit"), baseline: ["amount": .erased, "note": .null]))),
            ("e2", .edit(.init(presentation: "p1", field: "amount", value: .erased))),
            ("e3", .edit(.init(presentation: "p1", field: "amount", value: .erased))),
            ("e4", .edit(.init(presentation: "p1", field: "note", value: .erased))),
            ("e5", .edit(.init(presentation: "p1", field: "title", value: .erased))),
            ("e6", Self.attempt("p1", changed: ["amount"])),
            ("e7", .edit(.init(presentation: "p1", field: "amount", value: .erased))),
            ("e8", .present(.init(presentation: "p2", route: Route(name: "picker")))),
            ("e9", .edit(.init(presentation: "p2", field: "amount", value: .erased))),
            ("e10", Self.attempt("p1", changed: [])),
        ])
        #expect(values == [
            "e2": "[erased 2]",  // edited again before any attempt: it differed (2: its position)
            "e3": "[erased 3]",  // changed at the attempt
            "e4": .null,  // back to the baseline's (empty) value at the attempt
            "e5": .null,  // a field the baseline lacks, empty again
            "e7": .erased,  // back to the baseline's value, as the export writes it
            "e9": "[erased 9]",  // another presentation's attempt says nothing of it
        ])
    }

    @Test func aDraftRestoredInAnotherSessionIsToldOfThereAndNumbersNeverRepeat() {
        let values = Self.values([
            ("e1", .present(.init(presentation: "p1", route: Route(name: "edit"), baseline: ["amount": .erased]))),
            ("e2", .edit(.init(presentation: "p1", field: "amount", value: .erased))),
            ("e3", .edit(.init(presentation: "p1", field: "note", value: .erased))),
            ("e4", .endSession(.init())),
            ("s2-1", .present(.init(
                presentation: "p1r", route: Route(name: "edit"), baseline: ["amount": .erased], values: ["amount": .erased, "note": .erased],
                restoredFrom: DraftReference(session: "s1", presentation: "p1")))),
            ("s2-2", .edit(.init(presentation: "p1r", field: "title", value: .erased))),
            ("s2-3", Self.attempt("p1r", changed: ["note", "title"])),
        ])
        #expect(values == ["e2": .erased, "e3": "[erased 3]", "s2-2": "[erased 6]"])
    }

    @Test func eventsWithoutEditsGiveNothing() {
        #expect(Self.values([("e1", .present(.init(presentation: "p1", route: Route(name: "x")))), ("e2", .endSession(.init()))]).isEmpty)
    }
}
