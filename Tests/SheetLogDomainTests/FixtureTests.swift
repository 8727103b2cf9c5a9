import Foundation
import SheetLogDomain
import Testing

/// The schema-1 payloads the log holds today must decode forever.
@Suite("fixtures")
struct FixtureTests {
    struct Envelope {
        var type: String
        var schemaVersion: Int
        var occurredAt: Int64
        var payload: String
    }

    static func fixtures() throws -> [String: Envelope] {
        let folder = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        var fixtures: [String: Envelope] = [:]
        for url in try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        where url.pathExtension == "json" {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
            let payload = try JSONSerialization.data(withJSONObject: try #require(object["payload"]), options: [.sortedKeys])
            fixtures[url.lastPathComponent] = Envelope(
                type: try #require(object["type"] as? String), schemaVersion: try #require(object["schema_version"] as? Int),
                occurredAt: Int64(try #require(object["occurred_at"] as? Int)), payload: String(decoding: payload, as: UTF8.self))
        }
        return fixtures
    }

    @Test("every event type has a schema-1 fixture, and every fixture decodes and re-encodes to the same event")
    func decodeAll() throws {
        let fixtures = try Self.fixtures()
        for type in SheetEventType.allCases {
            let fixture = try #require(fixtures["\(type.rawValue).v1.json"], "no fixture for \(type.rawValue)")
            #expect(fixture.type == type.rawValue)
            #expect(fixture.schemaVersion == 1)
            let event = try SheetEventCodec.decode(
                type: fixture.type, schemaVersion: fixture.schemaVersion, payload: fixture.payload, occurredAt: fixture.occurredAt)
            #expect(event.type == type)
            #expect(event.occurredAt == fixture.occurredAt)
            #expect(try SheetEventCodec.decode(try SheetEventCodec.encode(event)) == event)
        }
        #expect(fixtures.count == SheetEventType.allCases.count)
    }

    @Test("the fixtures hold what they say")
    func contents() throws {
        let fixtures = try Self.fixtures()
        func decoded(_ name: String) throws -> SheetEvent.Kind {
            let fixture = try #require(fixtures[name])
            return try SheetEventCodec.decode(
                type: fixture.type, schemaVersion: 1, payload: fixture.payload, occurredAt: fixture.occurredAt).kind
        }
        guard case .present(let present) = try decoded("present.v1.json") else { Issue.record("present"); return }
        #expect(present.values?["shared"] == true)
        #expect(present.values?["receipt"] == FieldValue.null)
        #expect(present.values?["amount"] == 47.5)
        #expect(present.baseline["category"] == "food")
        #expect(present.restoredFrom == DraftReference(session: "s0", presentation: "expense-1"))
        #expect(present.route.params == ["itemID": "123"])
        #expect(try decoded("edit.v1.json") == .edit(.init(presentation: "expense-1", field: "amount", value: "47.50")))
        #expect(try decoded("save.v1.json") == .save(.init(presentation: "expense-1", values: ["amount": "47.50", "category": "food", "count": 2])))
    }

    @Test("a schema_version 3 payload is rejected as unsupported, naming position and stream")
    func newerSchema() throws {
        let fixture = try #require(try Self.fixtures()["edit.v1.json"])
        let recorded = RecordedEvent(
            position: 42, eventID: "e42", stream: "s1", version: 3, type: "edit", schemaVersion: 3, payload: fixture.payload,
            metadata: nil, occurredAt: 1, recordedAt: 2, chain: [])
        let error = try #require(throws: SheetLogError.self) { try SheetEventCodec.decode(recorded) }
        #expect(error.code == .unsupportedSchemaVersion)
        #expect(error.context.position == 42)
        #expect(error.context.stream == "s1")
        #expect(error.context.eventType == "edit")
        #expect(error.message == "edit event at position 42 in stream s1 has schema version 3, newer than the supported 2")
    }
}
