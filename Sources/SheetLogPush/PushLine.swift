import SheetLogCore
import SheetLogJSON

/// One line of a pushed batch, read into a ``RecordedEvent`` under the protocol's rules (see
/// ``PushBatch``): every key once, no other, each value of its kind and within its bounds.
struct PushLine {
    let event: RecordedEvent

    /// Network input: UTF-8 checked, a repeated key refused, nesting bounded (a line is one flat object).
    /// Its numbers are positions, versions and times: whole numbers, as the protocol writes them.
    private static let options = JSONReadingOptions(
        maximumDepth: 2, rejectsDuplicateKeys: true, rejectsEscapedNUL: true, validatesUTF8: true, wholeNumbersOnly: true)
    /// The largest integer a JSON number carries exactly here (the reader's numbers are doubles).
    private static let maxInteger = Double(1 << 53 - 1)

    init(_ bytes: some Collection<UInt8>, number: Int, limits: InputLimits) throws(SheetLogError) {
        guard Self.validUTF8(bytes) else { throw PushBatch.invalid(number, "is not UTF-8") }
        let value: JSONValue
        do {
            value = try JSONValue.parse(String(decoding: bytes, as: UTF8.self), options: Self.options)
        } catch where error.problem == .notWholeNumber && error.path.count == 1 && PushBatch.keys.contains(error.path[0]) {
            throw PushBatch.invalid(number, "has \"\(error.path[0])\" that is not a whole number written as one (no '.', no exponent)")
        } catch {
            throw PushBatch.invalid(number, "is not a JSON object (\(error.reason) at byte \(error.offset))")
        }
        guard case let .object(members) = value else { throw PushBatch.invalid(number, "is \(value.kindName), not a JSON object") }
        for member in members where !PushBatch.keys.contains(member.key) {
            throw PushBatch.invalid(number, "has a key the protocol does not know (\(Self.nameable(member.key)))")
        }
        let fields = Fields(members: members, line: number)
        let payload = try fields.string("payload")
        let metadata = try fields.optionalString("metadata")
        event = RecordedEvent(
            position: try fields.integer("position", from: 1),
            eventID: try fields.identifier("eventId", limits),
            stream: try fields.identifier("stream", limits),
            version: try fields.integer("version", from: 1),
            type: try fields.identifier("type", limits),
            schemaVersion: Int(try fields.integer("schemaVersion", from: 1)),
            payload: payload,
            metadata: metadata,
            occurredAt: try fields.optionalInteger("occurredAt"),
            recordedAt: try fields.integer("recordedAt", from: 0),
            chain: try fields.chain("chain"),
            chainVersion: Int(try fields.integer("chainVersion", from: 1)))
        guard payload.utf8.count <= limits.maxPayloadBytes else {
            throw PushBatch.invalid(number, "has a payload of \(payload.utf8.count) bytes, over the \(limits.maxPayloadBytes) an event may hold")
        }
        if let metadata, metadata.utf8.count > limits.maxMetadataBytes {
            throw PushBatch.invalid(number, "has metadata of \(metadata.utf8.count) bytes, over the \(limits.maxMetadataBytes) an event may hold")
        }
        do {
            _ = try JSONValue.parse(payload, options: .stored)
        } catch {
            throw PushBatch.invalid(number, "has a payload that is not JSON (\(error.reason) at byte \(error.offset))")
        }
    }

    private static func validUTF8(_ bytes: some Collection<UInt8>) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// A key the protocol does not know, for a message: shown when it is short and plain (a typo
    /// such as `eventID`), else described — a key can be anything a client sends.
    private static func nameable(_ key: String) -> String {
        let plain = key.utf8.count <= 40 && key.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
        return plain ? "\"\(key)\"" : "a key of \(key.utf8.count) bytes"
    }

    /// The members of one line, read by key with the line's number for messages.
    private struct Fields {
        let members: [(key: String, value: JSONValue)]
        let line: Int

        func value(_ key: String) throws(SheetLogError) -> JSONValue {
            guard let member = members.first(where: { $0.key == key }) else { throw PushBatch.invalid(line, "has no \"\(key)\"") }
            return member.value
        }

        func string(_ key: String) throws(SheetLogError) -> String {
            let found = try value(key)
            guard case let .string(text) = found else { throw PushBatch.invalid(line, "has \"\(key)\" as \(found.kindName), not a string") }
            return text
        }

        func optionalString(_ key: String) throws(SheetLogError) -> String? {
            if try value(key).isNull { return nil }
            return try string(key)
        }

        func identifier(_ key: String, _ limits: InputLimits) throws(SheetLogError) -> String {
            let text = try string(key)
            guard !text.isEmpty, text.utf8.count <= limits.maxIdentifierBytes else {
                throw PushBatch.invalid(line, "has \"\(key)\" of \(text.utf8.count) bytes: 1 to \(limits.maxIdentifierBytes)")
            }
            return text
        }

        func integer(_ key: String, from minimum: Int64) throws(SheetLogError) -> Int64 {
            let found = try value(key)
            guard case let .number(number) = found else { throw PushBatch.invalid(line, "has \"\(key)\" as \(found.kindName), not a number") }
            guard number.rounded() == number, number >= Double(minimum), number <= PushLine.maxInteger else {
                throw PushBatch.invalid(line, "has \"\(key)\" that is not a whole number from \(minimum) to 2^53-1")
            }
            return Int64(number)
        }

        func optionalInteger(_ key: String) throws(SheetLogError) -> Int64? {
            if try value(key).isNull { return nil }
            let found = try value(key)
            guard case let .number(number) = found else { throw PushBatch.invalid(line, "has \"\(key)\" as \(found.kindName), not a number or null") }
            guard number.rounded() == number, abs(number) <= PushLine.maxInteger else {
                throw PushBatch.invalid(line, "has \"\(key)\" that is neither null nor a whole number within ±(2^53-1)")
            }
            return Int64(number)
        }

        func chain(_ key: String) throws(SheetLogError) -> [UInt8] {
            let text = try string(key)
            guard text.utf8.count == 64, let bytes = Checksum.bytes(hex: text) else {
                throw PushBatch.invalid(line, "has \"\(key)\" that is not 64 lowercase hexadecimal digits")
            }
            return bytes
        }
    }
}
