import Foundation
import PropertyBased
import SheetLogCore
import SheetLogPush
import Testing

/// The push protocol's lines: what a device sends reads back as the same events, byte for byte, and
/// read by Foundation's own JSON parser (a reader written apart) gives the same columns; every
/// broken line is refused naming its line and key, never a value, and a batch over its limits is
/// refused as too large.
@Suite struct PushBatchTests {
    static let secret = "val-secret-4711"

    static func event(_ position: Int64, payload: String? = nil, metadata: String? = nil, occurredAt: Int64? = 1_767_225_600_000) -> RecordedEvent {
        RecordedEvent(
            position: position, eventID: "e\(position)", stream: "s-\(position % 3)", version: position, type: "edit", schemaVersion: 1,
            payload: payload ?? #"{"field":"amount","value":"\#(secret)"}"#, metadata: metadata, occurredAt: occurredAt,
            recordedAt: 1_767_225_600_000 + position, chain: (0..<32).map { UInt8(truncatingIfNeeded: Int(position) &* 31 &+ $0) }, chainVersion: 2)
    }

    /// Values that a careless codec changes: escapes, U+2028, a decomposed é, astral emoji, a NUL escape
    /// inside the payload's own JSON, control characters, slashes, big and negative numbers.
    static let awkward: [RecordedEvent] = [
        event(1, payload: #"{"value":"e\u0301 é \u2028 😀 \"q\" \\ / \/ \u0000 \t"}"#, metadata: #"{"app":"1.0","note":"\u2029"}"#),
        event(2, payload: "{\"value\":\"raw \u{2028} line\"}", metadata: nil, occurredAt: nil),
        event(3, payload: #"{"n":-0,"big":1e300,"small":5e-324,"deep":[[[{"a":{}}]]]}"#, occurredAt: -1),
        event(4, payload: "{}", metadata: "{}"),
    ]

    @Test func awkwardValuesReadBackAsTheSameEvents() throws {
        let body = PushBatch.encode(Self.awkward)
        #expect(try PushBatch.decode(body) == Self.awkward)
        #expect(body.last == UInt8(ascii: "\n"))
        #expect(body.split(separator: UInt8(ascii: "\n")).count == Self.awkward.count, "one line an event: no raw newline inside a line")
    }

    @Test func foundationReadsTheSameColumns() throws {
        let body = PushBatch.encode(Self.awkward)
        for (line, event) in zip(body.split(separator: UInt8(ascii: "\n")), Self.awkward) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
            #expect(Set(object.keys) == Set(PushBatch.keys))
            #expect((object["position"] as? NSNumber)?.int64Value == event.position)
            #expect(object["eventId"] as? String == event.eventID)
            #expect(object["stream"] as? String == event.stream)
            #expect((object["version"] as? NSNumber)?.int64Value == event.version)
            #expect(object["type"] as? String == event.type)
            #expect(Array((object["payload"] as? String ?? "").utf8) == Array(event.payload.utf8), "the payload's exact bytes")
            #expect((object["metadata"] as? String).map { Array($0.utf8) } == event.metadata.map { Array($0.utf8) })
            #expect((object["occurredAt"] as? NSNumber)?.int64Value == event.occurredAt)
            #expect((object["recordedAt"] as? NSNumber)?.int64Value == event.recordedAt)
            #expect(object["chain"] as? String == event.chain.map { String(format: "%02x", $0) }.joined())
            #expect((object["chainVersion"] as? NSNumber)?.intValue == event.chainVersion)
        }
    }

    /// Characters a codec gets wrong: quotes, backslashes, slashes, controls, NUL, U+2028, combining
    /// marks, astral scalars, a non-character; and plain ones.
    static let alphabet: [String] = ["a", "Z", "0", " ", "é", "e\u{301}", "\u{2028}", "\u{2029}", "\u{0}", "\"", "\\", "/", "😀", "\n", "\r", "\t",
                                     "\u{1F}", "\u{7F}", "\u{FFFF}", "\u{FEFF}", "{", "}"]

    @Test func anyEventsReadBackAsThemselves() async {
        let text = Gen.int(in: 0...(Self.alphabet.count - 1)).array(of: 0...12).map { $0.map { Self.alphabet[$0] }.joined() }
        // Full size in every run: 200 batches take 0.8 s.
        await propertyCheck(count: 200, input: text, text, Gen.int(in: 1...50)) { key, value, count in
            let payload = "{\(Self.quoted(key)):\(Self.quoted(value))}"
            let events = (1...Int64(count)).map { Self.event($0, payload: payload, metadata: $0 % 2 == 0 ? payload : nil) }
            #expect((try? PushBatch.decode(PushBatch.encode(events))) == events, "payload \(payload.unicodeScalars.map(\.value))")
        }
    }

    /// A JSON string of `text`, as Foundation writes it.
    static func quoted(_ text: String) -> String {
        let data = try! JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed])
        return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
    }

    /// A batch of three good lines with line 2 replaced by `broken`.
    static func batch(line2 broken: String) -> [UInt8] {
        var lines = PushBatch.encode([event(1), event(2), event(3)]).split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
        lines[1] = broken
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    static let good = String(decoding: PushBatch.encode([event(2)]).dropLast(), as: UTF8.self)

    static let brokenLines: [(String, String)] = [
        (good.replacingOccurrences(of: #""eventId":"e2","#, with: ""), #"has no "eventId""#),
        (good.replacingOccurrences(of: #""position":2,"#, with: #""position":2,"Position":2,"#), #"a key the protocol does not know ("Position")"#),
        (good.replacingOccurrences(of: #""position":2,"#, with: #""position":2,"position":2,"#), "is not a JSON object"),
        (good.replacingOccurrences(of: #""version":2"#, with: #""version":"2""#), #"has "version" as a string, not a number"#),
        (good.replacingOccurrences(of: #""version":2"#, with: #""version":2.5"#), #""version" that is not a whole number"#),
        (good.replacingOccurrences(of: #""position":2"#, with: #""position":2.0"#), #""position" that is not a whole number written as one"#),
        (good.replacingOccurrences(of: #""version":2"#, with: #""version":2e0"#), #""version" that is not a whole number written as one"#),
        (good.replacingOccurrences(of: #""version":2"#, with: #""version":0"#), #""version" that is not a whole number from 1"#),
        (good.replacingOccurrences(of: #""position":2"#, with: #""position":5"#), "has position 5, which does not follow position 1 of line 1"),
        (good.replacingOccurrences(of: #""stream":"s-2""#, with: #""stream":"""#), #""stream" of 0 bytes: 1 to 256"#),
        (good.replacingOccurrences(of: #""metadata":null"#, with: #""metadata":{}"#), #"has "metadata" as an object, not a string"#),
        (good.replacingOccurrences(of: #""chain":""#, with: #""chain":"AB"#), #""chain" that is not 64 lowercase hexadecimal digits"#),
        (good.replacingOccurrences(of: #""payload":"{"#, with: #""payload":"x{"#), "has a payload that is not JSON"),
        ("[1,2]", "is an array, not a JSON object"),
        ("", "is empty"),
        ("{\"position\":2,", "is not a JSON object"),
    ]

    @Test(arguments: brokenLines) func aBrokenLineIsRefusedNamingItsLineAndKeyWithoutAValue(broken: String, expected: String) {
        #expect(throws: SheetLogError.self) { try PushBatch.decode(Self.batch(line2: broken)) }
        do {
            _ = try PushBatch.decode(Self.batch(line2: broken))
        } catch {
            #expect(error.code == .invalidInput)
            #expect(error.message.hasPrefix("line 2 of the batch "), "\(error.message)")
            #expect(error.message.contains(expected), "\(error.message)")
            #expect(!error.message.contains(Self.secret), "\(error.message)")
            #expect(error.context.line == 2)
        }
    }

    @Test func bytesThatAreNotUTF8AreRefused() {
        var body = Self.batch(line2: Self.good)
        let at = body.firstIndex(of: UInt8(ascii: "v"))!
        body[at] = 0xFF
        #expect(throws: SheetLogError.self) { try PushBatch.decode(body) }
        do { _ = try PushBatch.decode(body) } catch { #expect(error.message == "line 1 of the batch is not UTF-8") }
    }

    @Test func oversizedBatchesAndEventsAreRefused() throws {
        let events = (1...11).map { Self.event(Int64($0)) }
        let body = PushBatch.encode(events)
        #expect(throws: SheetLogError.self) { try PushBatch.decode(body, limits: PushLimits(maxEvents: 10)) }
        do { _ = try PushBatch.decode(body, limits: PushLimits(maxEvents: 10)) } catch {
            #expect(error.code == .payloadTooLarge && error.context.limit == 10, "\(error)")
        }
        do { _ = try PushBatch.decode(body, limits: PushLimits(maxBytes: body.count - 1)) } catch {
            #expect(error.code == .payloadTooLarge && error.context.limit == body.count - 1, "\(error)")
        }
        #expect(try PushBatch.decode(body, limits: PushLimits(maxEvents: 11, maxBytes: body.count)) == events)
        let small = PushLimits(input: InputLimits(maxPayloadBytes: 20))
        do { _ = try PushBatch.decode(body, limits: small) } catch {
            #expect(error.code == .invalidInput && error.message.contains("over the 20 an event may hold"), "\(error)")
            #expect(!error.message.contains(Self.secret))
        }
        for empty in ["", "\n", "\n\n"] {
            do {
                _ = try PushBatch.decode(Array(empty.utf8))
                Issue.record("an empty batch \(Array(empty.utf8)) was read")
            } catch {
                #expect(error.message == "line 1 of the batch is empty", "\(error.message)")
            }
        }
        // A missing newline at the end is fine; a second one is an empty line.
        #expect(try PushBatch.decode(body.dropLast()) == events)
        #expect(throws: SheetLogError.self) { try PushBatch.decode(body + [UInt8(ascii: "\n")]) }
    }
}
