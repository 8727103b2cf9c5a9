import SheetLogCore
import Testing

@Suite struct IntegrityChainTests {
    private static func hex(_ bytes: [UInt8]) -> String { bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() }

    /// A rule-2 link with every column set; the variants below change one column each.
    private static func v2(
        previous: [UInt8] = IntegrityChain.genesis, position: Int64 = 1, eventID: String = "e1", stream: String = "s1",
        version: Int64 = 1, type: String = "t", schemaVersion: Int = 1, payload: String = "{}",
        metadata: String? = #"{"a":1}"#, occurredAt: Int64? = 1_000, recordedAt: Int64 = 1_002
    ) -> [UInt8] {
        IntegrityChain.linkV2(previous: previous, position: position, eventID: eventID, stream: stream, version: version,
                              type: type, schemaVersion: schemaVersion, payload: payload, metadata: metadata,
                              occurredAt: occurredAt, recordedAt: recordedAt)
    }

    /// Known answers computed outside Swift (Python's hashlib over the layout the README documents),
    /// so that the rules cannot drift: rule 1 is what every database before migration 0006 holds.
    @Test func knownAnswers() {
        let v1 = IntegrityChain.linkV1(previous: IntegrityChain.genesis, position: 1, eventID: "e1", stream: "s1", version: 1,
                                       type: "present", payload: "{}")
        #expect(Self.hex(v1) == "ef62fbf32358151164c9a192d0e3c2524ae3a62a08491b3bafce710d83fb582a")
        let first = Self.v2(type: "present", metadata: nil, occurredAt: nil)
        #expect(Self.hex(first) == "beb8caf852efeca0012569cfbc547c368a6ea5dd779098220b17afae7403d4f5")
        let second = Self.v2(previous: first, position: 2, eventID: "é2", version: 2, type: "edit",
                             payload: #"{"field":"amount","value":"1"}"#, metadata: #"{"command":"edit"}"#, occurredAt: -5)
        #expect(Self.hex(second) == "c9795c1907ac915ba31200109423c278fe388f9c08812d85dc1a53b23b1c6b40")
    }

    @Test func isDeterministicAndThirtyTwoBytes() {
        #expect(Self.v2() == Self.v2())
        #expect(Self.v2().count == 32)
    }

    @Test func everyStoredColumnChangesTheRuleTwoLink() {
        let base = Self.v2()
        let variants = [
            Self.v2(previous: base), Self.v2(position: 2), Self.v2(eventID: "e2"), Self.v2(stream: "s2"),
            Self.v2(version: 2), Self.v2(type: "u"), Self.v2(schemaVersion: 2), Self.v2(payload: "[]"),
            Self.v2(metadata: #"{"a":2}"#), Self.v2(metadata: nil), Self.v2(occurredAt: 999), Self.v2(occurredAt: nil),
            Self.v2(recordedAt: 1_003),
        ]
        for (index, variant) in variants.enumerated() { #expect(variant != base, "variant \(index)") }
        #expect(Set(variants).count == variants.count)
    }

    @Test func nullIsNotAnEmptyValue() {
        #expect(Self.v2(metadata: nil) != Self.v2(metadata: ""))
        #expect(Self.v2(occurredAt: nil) != Self.v2(occurredAt: 0))
        // A NULL metadata must not let its neighbours' bytes be shifted into its place.
        #expect(Self.v2(metadata: nil, occurredAt: 0) != Self.v2(metadata: "", occurredAt: nil))
    }

    @Test func ruleOneCoversWhatItAlwaysCovered() {
        let base = IntegrityChain.linkV1(previous: IntegrityChain.genesis, position: 1, eventID: "e1", stream: "s1", version: 1, type: "t", payload: "{}")
        let variants = [
            IntegrityChain.linkV1(previous: base, position: 1, eventID: "e1", stream: "s1", version: 1, type: "t", payload: "{}"),
            IntegrityChain.linkV1(previous: IntegrityChain.genesis, position: 2, eventID: "e1", stream: "s1", version: 1, type: "t", payload: "{}"),
            IntegrityChain.linkV1(previous: IntegrityChain.genesis, position: 1, eventID: "e2", stream: "s1", version: 1, type: "t", payload: "{}"),
            IntegrityChain.linkV1(previous: IntegrityChain.genesis, position: 1, eventID: "e1", stream: "s2", version: 1, type: "t", payload: "{}"),
            IntegrityChain.linkV1(previous: IntegrityChain.genesis, position: 1, eventID: "e1", stream: "s1", version: 2, type: "t", payload: "{}"),
            IntegrityChain.linkV1(previous: IntegrityChain.genesis, position: 1, eventID: "e1", stream: "s1", version: 1, type: "u", payload: "{}"),
            IntegrityChain.linkV1(previous: IntegrityChain.genesis, position: 1, eventID: "e1", stream: "s1", version: 1, type: "t", payload: "[]"),
        ]
        for variant in variants { #expect(variant != base) }
    }

    @Test func fieldBoundariesCannotBeShifted() {
        #expect(Self.v2(eventID: "ab", stream: "c") != Self.v2(eventID: "a", stream: "bc"))
        let a = IntegrityChain.linkV1(previous: IntegrityChain.genesis, position: 1, eventID: "ab", stream: "c", version: 1, type: "t", payload: "{}")
        let b = IntegrityChain.linkV1(previous: IntegrityChain.genesis, position: 1, eventID: "a", stream: "bc", version: 1, type: "t", payload: "{}")
        #expect(a != b)
    }

    @Test func anEventIsLinkedUnderTheRuleItNames() {
        var event = RecordedEvent(position: 1, eventID: "e1", stream: "s1", version: 1, type: "t", schemaVersion: 1, payload: "{}",
                                  metadata: #"{"a":1}"#, occurredAt: 1_000, recordedAt: 1_002, chain: [])
        #expect(IntegrityChain.link(previous: IntegrityChain.genesis, event) == Self.v2())
        event.chainVersion = 1
        #expect(IntegrityChain.link(previous: IntegrityChain.genesis, event)
            == IntegrityChain.linkV1(previous: IntegrityChain.genesis, position: 1, eventID: "e1", stream: "s1", version: 1, type: "t", payload: "{}"))
        event.chainVersion = 3
        #expect(IntegrityChain.link(previous: IntegrityChain.genesis, event) == nil)
    }
}
