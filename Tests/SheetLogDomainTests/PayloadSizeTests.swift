@testable import SheetLogDomain
import PropertyBased
import Testing

/// The decider's size rules count payload bytes without encoding them: the counts must be the
/// encoder's, byte for byte, or the rules would let an event through that the store refuses.
@Suite("payload sizes are the encoder's")
struct PayloadSizeTests {
    @Test("present, save and saveFailed payloads are counted exactly")
    func countsMatchTheEncoder() async {
        // Full size in every run: 300 cases take 0.1 s.
        await propertyCheck(count: 300, input: Gen.int(in: 0...999_999)) { number in
            var chooser = LargeFormChooser(number, limits: InputLimits(maxPayloadBytes: 2_048, maxIdentifierBytes: 32))
            guard case let .present(id, route, baseline, required, dismissGuard) = chooser.present(chooser.name("p")) else { return }
            let values = chooser.chance(50) ? chooser.fields(chooser.below(5)) : nil
            let draft = chooser.chance(50) ? DraftReference(session: chooser.name("s"), presentation: chooser.name("p")) : nil
            let present = SheetEvent.Present(
                presentation: id, route: route, baseline: baseline, values: values, required: required, dismissGuard: dismissGuard,
                restoredFrom: draft)
            let presentBytes = PayloadSize.present(
                presentation: id, route: route, baselineBytes: PayloadSize.values(baseline), valuesBytes: values.map(PayloadSize.values),
                required: required, dismissGuard: dismissGuard, restoredFrom: draft)
            #expect(presentBytes == (Self.encodedBytes(.present(present))))

            let saved = chooser.fields(chooser.below(6))
            #expect(PayloadSize.save(presentation: id, valuesBytes: PayloadSize.values(saved))
                == (Self.encodedBytes(.save(.init(presentation: id, values: saved)))))
            let reason = chooser.reason()
            #expect(PayloadSize.saveFailed(presentation: id, reason: reason)
                == (Self.encodedBytes(.saveFailed(.init(presentation: id, reason: reason)))))
        }
    }

    @Test("numbers are counted as the encoder writes them")
    func numbers() {
        let skeleton = Self.encodedBytes(.edit(.init(presentation: "", field: "", value: .null))) - 4
        for number in [0, -0.0, 1, 47.5, 1e20, 1e-7, 9007199254740992, .leastNonzeroMagnitude, -1.7976931348623157e308, 0.30000000000000004] {
            #expect(PayloadSize.value(.number(number)) == Self.encodedBytes(.edit(.init(presentation: "", field: "", value: .number(number)))) - skeleton)
        }
    }

    /// The encoder's byte count, -1 when it refuses (which the generated payloads never make it do).
    static func encodedBytes(_ kind: SheetEvent.Kind) -> Int {
        (try? SheetEventCodec.encodePayload(SheetEvent(occurredAt: 0, kind)).utf8.count) ?? -1
    }
}
