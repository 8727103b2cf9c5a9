import SheetLogCore
import SheetLogJSON

/// The subjects' keys a device shares with the collector, as the push protocol carries them
/// (`POST /v1/devices/{device}/keys`): one JSON object, each key wrapped for the collector's public
/// key (``SharedSubjectKey``), its parts in hex.
///
/// ```text
/// {"keys":[{"ephemeral":"<64 hex>","sealed":"<120 hex>","subject":"user-42"}]}
/// ```
///
/// ```swift
/// let body = KeyShareBatch.encode(keys)
/// let keys = try KeyShareBatch.decode(body)
/// ```
public enum KeyShareBatch {
    /// The most keys one request carries (a device holds a few subjects; this bounds a hostile one).
    public static let maxKeys = 1_000
    /// The largest body the collector reads.
    public static let maxBytes = 256 << 10

    public static func encode(_ keys: some Collection<SharedSubjectKey>) -> [UInt8] {
        var writer = JSONWriter(capacity: keys.count * 300 + 16)
        writer.beginObject()
        writer.key("keys")
        writer.raw("[")
        for (index, key) in keys.enumerated() {
            if index > 0 { writer.raw(",") }
            writer.beginObject()
            writer.key("ephemeral"); writer.string(Checksum.hex(key.ephemeralPublicKey))
            writer.key("sealed"); writer.string(Checksum.hex(key.sealedKey))
            writer.key("subject"); writer.string(key.subject)
            writer.endObject()
        }
        writer.raw("]")
        writer.endObject()
        return writer.bytes
    }

    private static let options = JSONReadingOptions(maximumDepth: 3, rejectsDuplicateKeys: true, rejectsEscapedNUL: true, validatesUTF8: true)

    /// The keys of `body`, checked before anything else reads them: ``SheetLogError/Code/payloadTooLarge``
    /// over ``maxBytes`` or ``maxKeys``, ``SheetLogError/Code/invalidInput`` naming the key's index
    /// and field for anything else (a field missing, unknown or malformed, a subject twice).
    public static func decode(_ body: some Collection<UInt8>) throws(SheetLogError) -> [SharedSubjectKey] {
        guard body.count <= maxBytes else {
            throw SheetLogError(
                .payloadTooLarge, "the keys are \(body.count) bytes, over the \(maxBytes) a request may hold",
                context: .init(operation: "share keys", limit: maxBytes))
        }
        let value: JSONValue
        do {
            value = try JSONValue.parse(String(decoding: body, as: UTF8.self), options: options)
        } catch {
            throw invalid("the body is not a JSON object (\(error.reason) at byte \(error.offset))")
        }
        guard case let .object(members) = value, members.count == 1, members[0].key == "keys", case let .array(items) = members[0].value else {
            throw invalid("the body is not {\"keys\":[…]}")
        }
        guard items.count <= maxKeys else {
            throw SheetLogError(
                .payloadTooLarge, "the request holds \(items.count) keys, over the \(maxKeys) a request may hold",
                context: .init(operation: "share keys", limit: maxKeys))
        }
        var keys: [SharedSubjectKey] = []
        var subjects: Set<String> = []
        for (index, item) in items.enumerated() {
            let key = try decodeKey(item, index: index)
            guard subjects.insert(key.subject).inserted else { throw invalid("key \(index) repeats the subject of an earlier key") }
            keys.append(key)
        }
        return keys
    }

    private static func decodeKey(_ item: JSONValue, index: Int) throws(SheetLogError) -> SharedSubjectKey {
        guard case let .object(fields) = item else { throw invalid("key \(index) is \(item.kindName), not an object") }
        for field in fields where !["ephemeral", "sealed", "subject"].contains(field.key) {
            throw invalid("key \(index) has a field the protocol does not know")
        }
        guard case let .string(subject)? = item["subject"] else { throw invalid("key \(index) has no subject string") }
        if let problem = NameCharacters.identifierProblem(in: subject, limit: InputLimits.default.maxIdentifierBytes) {
            throw invalid("key \(index): the subject \(problem)")
        }
        guard case let .string(ephemeralHex)? = item["ephemeral"], let ephemeral = Checksum.bytes(hex: ephemeralHex), ephemeral.count == 32 else {
            throw invalid("key \(index) has no ephemeral public key of 64 hex digits")
        }
        guard case let .string(sealedHex)? = item["sealed"], let sealed = Checksum.bytes(hex: sealedHex),
              sealed.count == SharedSubjectKey.sealedKeyCount
        else {
            throw invalid("key \(index) has no sealed key of \(SharedSubjectKey.sealedKeyCount * 2) hex digits")
        }
        return SharedSubjectKey(subject: subject, ephemeralPublicKey: ephemeral, sealedKey: sealed)
    }

    static func invalid(_ problem: String) -> SheetLogError {
        SheetLogError(.invalidInput, "shared keys: \(problem)", context: .init(operation: "share keys"))
    }
}
