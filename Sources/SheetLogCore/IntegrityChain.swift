import Crypto

/// The tamper-evident chain that links every event to the one before it.
///
/// `chain(n) = SHA-256(chain(n-1) ‖ bytes(n))`; the chain before the first event is 32 zero bytes.
/// Integers are 8-byte big-endian two's complement; each text is its UTF-8 bytes preceded by its
/// length as a 4-byte big-endian integer (so that field boundaries cannot be shifted); a column
/// that may be NULL is one byte 0 when NULL, else one byte 1 followed by its value.
///
/// - ``ChainRule/v2`` (every event appended since migration 0006): `bytes = chain_version (2) ‖
///   position ‖ event_id ‖ stream ‖ version ‖ type ‖ schema_version ‖ payload ‖ metadata? ‖
///   occurred_at? ‖ recorded_at` — every stored column but the chain itself.
/// - ``ChainRule/v1`` (events written before): `bytes = position ‖ event_id ‖ stream ‖ version ‖
///   type ‖ payload`.
///
/// Each event is linked to the previous event's stored chain value, whatever rule that one used.
///
/// ```swift
/// let next = IntegrityChain.linkV2(previous: IntegrityChain.genesis, position: 1, eventID: "e1", stream: "s1",
///                                  version: 1, type: "present", schemaVersion: 1, payload: "{}", metadata: nil,
///                                  occurredAt: 1_000, recordedAt: 1_002)
/// ```
public enum IntegrityChain {
    /// The chain value before position 1.
    public static let genesis = [UInt8](repeating: 0, count: 32)

    /// The chain value of `event` under the rule its ``RecordedEvent/chainVersion`` names; nil for
    /// a rule this build does not know.
    public static func link(previous: [UInt8], _ event: RecordedEvent) -> [UInt8]? {
        ChainRule(rawValue: event.chainVersion).map { link($0, previous: previous, event) }
    }

    /// The chain value of `event` under `rule`, whatever its ``RecordedEvent/chainVersion`` says.
    public static func link(_ rule: ChainRule, previous: [UInt8], _ event: RecordedEvent) -> [UInt8] {
        switch rule {
        case .v1:
            return linkV1(previous: previous, position: event.position, eventID: event.eventID, stream: event.stream,
                          version: event.version, type: event.type, payload: event.payload)
        case .v2:
            return linkV2(previous: previous, position: event.position, eventID: event.eventID, stream: event.stream,
                          version: event.version, type: event.type, schemaVersion: event.schemaVersion,
                          payload: event.payload, metadata: event.metadata, occurredAt: event.occurredAt,
                          recordedAt: event.recordedAt)
        }
    }

    /// The ``ChainRule/v2`` link: every stored column of the event.
    public static func linkV2(
        previous: [UInt8], position: Int64, eventID: String, stream: String, version: Int64, type: String,
        schemaVersion: Int, payload: String, metadata: String?, occurredAt: Int64?, recordedAt: Int64
    ) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(data: previous)
        update(&hasher, Int64(ChainRule.v2.rawValue))
        update(&hasher, position)
        update(&hasher, eventID)
        update(&hasher, stream)
        update(&hasher, version)
        update(&hasher, type)
        update(&hasher, Int64(schemaVersion))
        update(&hasher, payload)
        update(&hasher, metadata)
        update(&hasher, occurredAt)
        update(&hasher, recordedAt)
        return Array(hasher.finalize())
    }

    /// The ``ChainRule/v1`` link of events written before migration 0006; only verification uses it.
    public static func linkV1(
        previous: [UInt8], position: Int64, eventID: String, stream: String,
        version: Int64, type: String, payload: String
    ) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(data: previous)
        update(&hasher, position)
        update(&hasher, eventID)
        update(&hasher, stream)
        update(&hasher, version)
        update(&hasher, type)
        update(&hasher, payload)
        return Array(hasher.finalize())
    }

    private static func update(_ hasher: inout SHA256, _ value: Int64) {
        withUnsafeBytes(of: value.bigEndian) { hasher.update(bufferPointer: $0) }
    }

    private static func update(_ hasher: inout SHA256, _ text: String) {
        var text = text
        text.withUTF8 { bytes in
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: bytes.count).bigEndian) { hasher.update(bufferPointer: $0) }
            hasher.update(bufferPointer: UnsafeRawBufferPointer(bytes))
        }
    }

    private static func update(_ hasher: inout SHA256, _ value: Int64?) {
        guard let value else { return presence(&hasher, false) }
        presence(&hasher, true)
        update(&hasher, value)
    }

    private static func update(_ hasher: inout SHA256, _ text: String?) {
        guard let text else { return presence(&hasher, false) }
        presence(&hasher, true)
        update(&hasher, text)
    }

    /// The one byte before a column that may be NULL: 0 for NULL, 1 before a value.
    private static func presence(_ hasher: inout SHA256, _ present: Bool) {
        withUnsafeBytes(of: UInt8(present ? 1 : 0)) { hasher.update(bufferPointer: $0) }
    }
}
