import SheetLogCore
import Testing

/// Input that breaks ``InputLimits`` is refused with a typed error before anything is stored.
extension StoreConformance {
    static func invalidInputIsRefusedAndStoresNothing(_ make: StoreFactory, input: InvalidInput) async throws {
        let fixture = try await make(limits: InputLimits(maxPayloadBytes: 64))
        defer { fixture.cleanup() }
        let store = fixture.store
        _ = try await store.append([event()], to: "s", expecting: .noStream)
        let before = try await LogSnapshot(of: store)

        // The valid event first: a batch is refused whole, not up to the bad event.
        let batch = StreamBatch(stream: input.stream, events: [event(), input.offendingEvent], expected: .any)
        let error = await expectFailure(input.code) { try await store.append([batch]) }
        #expect(error?.message.contains(InvalidInput.secret) == false, "an error message must never hold a payload")
        #expect(try await LogSnapshot(of: store) == before)
        #expect(try await store.streamVersion(input.stream) == (input.stream == "s" ? 1 : 0))
    }

    static func aPayloadAtTheLimitIsAccepted(_ make: StoreFactory) async throws {
        let fixture = try await make(limits: InputLimits(maxPayloadBytes: 64))
        defer { fixture.cleanup() }
        let payload = #"{"v":""# + String(repeating: "x", count: 64 - 8) + #""}"#
        #expect(payload.utf8.count == 64)
        let result = try await fixture.store.append([event(payload: payload)], to: "s", expecting: .noStream)
        #expect(result.events.first?.payload == payload)
    }
}

/// One way an append can break the input rules, and the error code it must earn.
package enum InvalidInput: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case emptyStreamID, nulInStreamID, emptyEventID, nulInEventID, emptyType
    case payloadOverLimit, nulInPayload, invalidJSON, nanInPayload, metadataNotAnObject

    /// A value that stands for personal data: it must never show up in an error.
    package static let secret = "4111-SECRET"

    package var testDescription: String { rawValue }

    package var stream: String {
        switch self {
        case .emptyStreamID: return ""
        case .nulInStreamID: return "s\u{0}2"
        default: return "s"
        }
    }

    package var offendingEvent: EventData {
        let payload = #"{"value":"\#(Self.secret)"}"#
        switch self {
        case .emptyStreamID, .nulInStreamID: return event(payload: payload)
        case .emptyEventID: return event(id: "", payload: payload)
        case .nulInEventID: return event(id: "e\u{0}1", payload: payload)
        case .emptyType: return event("", payload: payload)
        case .payloadOverLimit: return event(payload: #"{"value":"\#(Self.secret)\#(String(repeating: "x", count: 64))"}"#)
        case .nulInPayload: return event(payload: #"{"value":"\#(Self.secret)\u0000"}"#)
        case .invalidJSON: return event(payload: #"{"value":"\#(Self.secret)""#)
        case .nanInPayload: return event(payload: #"{"value":NaN,"s":"\#(Self.secret)"}"#)
        case .metadataNotAnObject: return event(payload: payload, metadata: #"["\#(Self.secret)"]"#)
        }
    }

    package var code: SheetLogError.Code {
        self == .payloadOverLimit ? .payloadTooLarge : .invalidInput
    }
}
