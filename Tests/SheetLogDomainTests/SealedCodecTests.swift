import Foundation
import SheetLogCore
import SheetLogDomain
import Testing

/// The keys of one subject, or none: what a database or the collector hands the codec.
struct FixedKeys: SubjectKeys {
    var keys: [String: SubjectKey]
    func key(for subject: String) -> SubjectKey { keys[subject] ?? .withheld }
}

/// Sealed payloads (schema 2): every value sealed at its place, opened only there, with its
/// subject's key; read as `.erased` or `.withheld` without it.
@Suite("sealed payloads")
struct SealedCodecTests {
    static let subject = "user-42"
    /// The fixtures' key: fixed so that the schema-2 fixtures stay readable; never a real one.
    static let fixtureKey = DataKey(material: Array(0..<32))!

    /// One event of every type: the schema-1 fixtures.
    static func eventsOfEveryType() throws -> [SheetEvent] {
        try FixtureTests.fixtures().keys.sorted().map { name in
            let fixture = try FixtureTests.fixtures()[name]!
            return try SheetEventCodec.decode(
                type: fixture.type, schemaVersion: 1, payload: fixture.payload, occurredAt: fixture.occurredAt)
        }
    }

    static func sealing(_ key: DataKey = fixtureKey, stream: String = "s1", version: Int64) -> PayloadSealing {
        PayloadSealing(subject: subject, key: key, stream: stream, version: version)
    }

    static func recorded(_ data: EventData, stream: String = "s1", version: Int64, position: Int64 = 7) -> RecordedEvent {
        RecordedEvent(
            position: position, eventID: data.eventID, stream: stream, version: version, type: data.type,
            schemaVersion: data.schemaVersion, payload: data.payload, metadata: nil, occurredAt: data.occurredAt, recordedAt: 0, chain: [])
    }

    let keys = FixedKeys(keys: [SealedCodecTests.subject: .available(SealedCodecTests.fixtureKey)])

    @Test("every type seals to schema 2 with its subject, and reads back the same event with the key")
    func roundTrip() throws {
        for (index, event) in try Self.eventsOfEveryType().enumerated() {
            let version = Int64(index + 1)
            let data = try SheetEventCodec.encode(event, eventID: "c\(index)-1", sealing: Self.sealing(version: version))
            #expect(data.schemaVersion == 2)
            #expect(SheetEventCodec.subject(schemaVersion: 2, payload: data.payload) == Self.subject)
            #expect(try SheetEventCodec.decode(Self.recorded(data, version: version), keys: keys) == event)
            let again = try SheetEventCodec.encode(event, eventID: "c\(index)-1", sealing: Self.sealing(version: version))
            #expect(again.payload == data.payload, "a retried command must write the same bytes")
        }
    }

    @Test("a sealed payload holds none of the values typed, and its names, outcomes and routes in clear")
    func noPlaintext() throws {
        let markers = ["mk-amount-7f3a", "mk-note-19bd", "mk-base-c0de"]
        let present = SheetEvent(occurredAt: 1, .present(.init(
            presentation: "p1", route: Route(name: "newExpense", params: ["itemID": "9"]), baseline: ["category": .string(markers[2])],
            values: ["amount": .string(markers[0]), "note": .string(markers[1]), "count": 31_337.5, "shared": true], required: ["amount"])))
        let edit = SheetEvent(occurredAt: 2, .edit(.init(presentation: "p1", field: "note", value: .string(markers[1]))))
        let save = SheetEvent(occurredAt: 3, .save(.init(presentation: "p1", values: ["amount": .string(markers[0])])))
        for (version, event) in [present, edit, save].enumerated() {
            let payload = try SheetEventCodec.encode(event, eventID: "e\(version)", sealing: Self.sealing(version: Int64(version + 1))).payload
            for marker in markers + ["31337.5", "true"] { #expect(!payload.contains(marker), "\(marker) in \(payload)") }
            #expect(payload.contains(#""presentation":"p1""#))
            #expect(payload.contains(#""subject":"user-42""#))
            let plain = try SheetEventCodec.encode(event, eventID: "e\(version)").payload
            #expect(markers.contains { plain.contains($0) }, "the control: a plain payload holds them")
        }
        let presentPayload = try SheetEventCodec.encode(present, eventID: "e0", sealing: Self.sealing(version: 1)).payload
        #expect(presentPayload.contains(#""route":{"group":"newExpense","name":"newExpense","params":{"itemID":"9"}}"#))
        #expect(presentPayload.contains(#""required":["amount"]"#))
    }

    @Test("a sealed value swapped between two fields is refused naming the field and position, never shown")
    func swappedBetweenFields() throws {
        let event = SheetEvent(occurredAt: 1, .save(.init(presentation: "p1", values: ["amount": "47.50", "note": "lunch"])))
        let data = try SheetEventCodec.encode(event, eventID: "c1-1", sealing: Self.sealing(version: 4))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(data.payload.utf8)) as? [String: Any])
        var values = try #require(json["values"] as? [String: String])
        (values["amount"], values["note"]) = (values["note"], values["amount"])
        var swapped = json
        swapped["values"] = values
        var tampered = data
        tampered.payload = String(decoding: try JSONSerialization.data(withJSONObject: swapped, options: [.sortedKeys]), as: UTF8.self)
        let error = #expect(throws: SheetLogError.self) {
            try SheetEventCodec.decode(Self.recorded(tampered, version: 4, position: 12), keys: keys)
        }
        #expect(error?.code == .integrityViolation)
        #expect(error?.context.position == 12)
        #expect(error?.message.hasPrefix("save event at position 12 in stream s1 has a sealed value in field") == true)
        #expect(error?.message.contains("47.50") == false)
        #expect(error?.message.contains("lunch") == false)
    }

    @Test("a sealed edit in the encoder's layout (the fast path) reads as the general path reads the same payload laid out otherwise")
    func sealedEditFastPathMatchesTheGeneralPath() throws {
        let values: [FieldValue] = ["47.50", "", "quote \" slash \\ tab \t é 🙂", 12, -0.25, 1e21, true, false, nil, "[erased]"]
        let fields = ["amount", "a \"quoted\" name", "ü"]
        let erased = FixedKeys(keys: [Self.subject: .erased])
        for (index, value) in values.enumerated() {
            let field = fields[index % fields.count]
            let event = SheetEvent(occurredAt: 5, .edit(.init(presentation: "p\\1", field: field, value: value)))
            let data = try SheetEventCodec.encode(event, eventID: "e\(index)", sealing: Self.sealing(version: 4))
            var spaced = data
            spaced.payload = "{ " + data.payload.dropFirst()  // not the encoder's layout: the general path
            for keys in [keys, erased] as [any SubjectKeys] {
                let fast = try SheetEventCodec.decode(Self.recorded(data, version: 4), keys: keys)
                let general = try SheetEventCodec.decode(Self.recorded(spaced, version: 4), keys: keys)
                #expect(fast == general, "\(value)")
            }
            #expect(try SheetEventCodec.decode(Self.recorded(data, version: 4), keys: keys) == event)
        }
    }

    @Test("a sealed value moved to another event, or an event moved to another place, does not open")
    func movedBetweenEvents() throws {
        let first = try SheetEventCodec.encode(
            SheetEvent(occurredAt: 1, .edit(.init(presentation: "p1", field: "amount", value: "1.00"))), eventID: "c1-1",
            sealing: Self.sealing(version: 2))
        let second = try SheetEventCodec.encode(
            SheetEvent(occurredAt: 2, .edit(.init(presentation: "p1", field: "amount", value: "999.00"))), eventID: "c2-1",
            sealing: Self.sealing(version: 3))
        var grafted = second
        grafted.payload = first.payload
        for (moved, version, stream) in [(grafted, Int64(3), "s1"), (first, 3, "s1"), (first, 2, "s2")] {
            let error = #expect(throws: SheetLogError.self) {
                try SheetEventCodec.decode(Self.recorded(moved, stream: stream, version: version), keys: keys)
            }
            #expect(error?.code == .integrityViolation)
            #expect(error?.message.contains("field amount of its value") == true)
        }
        let other = FixedKeys(keys: [Self.subject: .available(DataKey.random())])
        let wrongKey = #expect(throws: SheetLogError.self) { try SheetEventCodec.decode(Self.recorded(first, version: 2), keys: other) }
        #expect(wrongKey?.code == .integrityViolation)
    }

    @Test("without the key a value reads as .erased or .withheld; without keys at all a sealed event is refused")
    func withoutTheKey() throws {
        let event = SheetEvent(occurredAt: 1, .present(.init(
            presentation: "p1", route: Route(name: "r"), baseline: ["a": "x"], values: ["a": "y", "b": 2])))
        let data = try SheetEventCodec.encode(event, eventID: "c1-1", sealing: Self.sealing(version: 1))
        let erased = try SheetEventCodec.decode(Self.recorded(data, version: 1), keys: FixedKeys(keys: [Self.subject: .erased]))
        guard case .present(let present) = erased.kind else { Issue.record("not a present"); return }
        #expect(present.baseline == ["a": .erased])
        #expect(present.values == ["a": .erased, "b": .erased])
        #expect(present.route == Route(name: "r"))
        let withheld = try SheetEventCodec.decode(Self.recorded(data, version: 1))
        guard case .present(let masked) = withheld.kind else { Issue.record("not a present"); return }
        #expect(masked.values == ["a": .withheld, "b": .withheld])
        let refused = #expect(throws: SheetLogError.self) {
            try SheetEventCodec.decode(type: "present", schemaVersion: 2, payload: data.payload, occurredAt: 1)
        }
        #expect(refused?.code == .keyUnavailable)
    }

    @Test("a sealed payload without its subject, or with a value left in clear, is malformed")
    func malformedSealedPayloads() throws {
        let noSubject = #"{"field":"amount","presentation":"p1","value":"AQID"}"#
        let clear = #"{"field":"amount","presentation":"p1","subject":"user-42","value":47.5}"#
        for payload in [noSubject, clear] {
            let data = EventData(eventID: "c1-1", type: "edit", schemaVersion: 2, payload: payload)
            let error = #expect(throws: SheetLogError.self) { try SheetEventCodec.decode(Self.recorded(data, version: 1), keys: keys) }
            #expect(error?.code == .undecodableEvent)
            #expect(error?.message.contains("47.5") == false)
        }
    }

    // MARK: Schema-2 fixtures

    static let fixtureFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/sealed")

    /// The sealed fixture of each type: the schema-1 fixture's event, sealed with ``fixtureKey`` at
    /// version `index + 1` of stream `s1`, written once (`SHEETLOG_WRITE_SEALED_FIXTURES=1`) and
    /// read forever after.
    @Test("every type has a schema-2 fixture that opens to the schema-1 fixture's event")
    func sealedFixtures() throws {
        let events = try Self.eventsOfEveryType()
        if ProcessInfo.processInfo.environment["SHEETLOG_WRITE_SEALED_FIXTURES"] == "1" {
            try FileManager.default.createDirectory(at: Self.fixtureFolder, withIntermediateDirectories: true)
            for (index, event) in events.enumerated() {
                let data = try SheetEventCodec.encode(event, eventID: "fixture-\(index + 1)", sealing: Self.sealing(version: Int64(index + 1)))
                let object: [String: Any] = [
                    "type": data.type, "schema_version": data.schemaVersion, "event_id": data.eventID, "stream": "s1",
                    "version": index + 1, "occurred_at": event.occurredAt, "payload": data.payload,
                ]
                let text = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
                try text.write(to: Self.fixtureFolder.appendingPathComponent("\(data.type).v2.json"))
            }
        }
        let folder = try #require(Bundle.module.url(forResource: "Fixtures/sealed", withExtension: nil))
        var seen: Set<String> = []
        for url in try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil) where url.pathExtension == "json" {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
            let data = EventData(
                eventID: try #require(object["event_id"] as? String), type: try #require(object["type"] as? String),
                schemaVersion: try #require(object["schema_version"] as? Int), payload: try #require(object["payload"] as? String),
                occurredAt: Int64(try #require(object["occurred_at"] as? Int)))
            let version = Int64(try #require(object["version"] as? Int))
            #expect(data.schemaVersion == 2)
            let event = try SheetEventCodec.decode(Self.recorded(data, stream: try #require(object["stream"] as? String), version: version), keys: keys)
            #expect(event == events[Int(version) - 1], "\(url.lastPathComponent)")
            let again = try SheetEventCodec.encode(event, eventID: data.eventID, sealing: Self.sealing(version: version))
            #expect(again.payload == data.payload, "sealing is deterministic across builds: \(url.lastPathComponent)")
            seen.insert(data.type)
        }
        #expect(seen == Set(SheetEventType.allCases.map(\.rawValue)))
    }
}
