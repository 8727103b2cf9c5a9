import SheetLogCore
import Testing

@Suite struct IntegrityChainTests {
    @Test func isDeterministicAndThirtyTwoBytes() {
        let a = IntegrityChain.link(previous: IntegrityChain.genesis, position: 1, eventID: "e1", stream: "s1", version: 1, type: "present", payload: "{}")
        let b = IntegrityChain.link(previous: IntegrityChain.genesis, position: 1, eventID: "e1", stream: "s1", version: 1, type: "present", payload: "{}")
        #expect(a == b)
        #expect(a.count == 32)
    }

    @Test func everyFieldChangesTheLink() {
        let base = IntegrityChain.link(previous: IntegrityChain.genesis, position: 1, eventID: "e1", stream: "s1", version: 1, type: "t", payload: "{}")
        let variants = [
            IntegrityChain.link(previous: base, position: 1, eventID: "e1", stream: "s1", version: 1, type: "t", payload: "{}"),
            IntegrityChain.link(previous: IntegrityChain.genesis, position: 2, eventID: "e1", stream: "s1", version: 1, type: "t", payload: "{}"),
            IntegrityChain.link(previous: IntegrityChain.genesis, position: 1, eventID: "e2", stream: "s1", version: 1, type: "t", payload: "{}"),
            IntegrityChain.link(previous: IntegrityChain.genesis, position: 1, eventID: "e1", stream: "s2", version: 1, type: "t", payload: "{}"),
            IntegrityChain.link(previous: IntegrityChain.genesis, position: 1, eventID: "e1", stream: "s1", version: 2, type: "t", payload: "{}"),
            IntegrityChain.link(previous: IntegrityChain.genesis, position: 1, eventID: "e1", stream: "s1", version: 1, type: "u", payload: "{}"),
            IntegrityChain.link(previous: IntegrityChain.genesis, position: 1, eventID: "e1", stream: "s1", version: 1, type: "t", payload: "[]"),
        ]
        for variant in variants { #expect(variant != base) }
    }

    @Test func fieldBoundariesCannotBeShifted() {
        let a = IntegrityChain.link(previous: IntegrityChain.genesis, position: 1, eventID: "ab", stream: "c", version: 1, type: "t", payload: "{}")
        let b = IntegrityChain.link(previous: IntegrityChain.genesis, position: 1, eventID: "a", stream: "bc", version: 1, type: "t", payload: "{}")
        #expect(a != b)
    }
}
