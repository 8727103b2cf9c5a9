import Crypto

/// The tamper-evident chain that links every event to the one before it.
///
/// `chain(n) = SHA-256(chain(n-1) ‖ position ‖ event_id ‖ stream ‖ version ‖ type ‖ payload)`,
/// where integers are 8-byte big-endian and each text is its UTF-8 bytes preceded by its length
/// as a 4-byte big-endian integer (so that field boundaries cannot be shifted). The chain before
/// the first event is 32 zero bytes.
///
/// ```swift
/// let next = IntegrityChain.link(previous: IntegrityChain.genesis, position: 1, eventID: "e1",
///                                stream: "s1", version: 1, type: "present", payload: "{}")
/// ```
public enum IntegrityChain {
    /// The chain value before position 1.
    public static let genesis = [UInt8](repeating: 0, count: 32)

    public static func link(
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

    /// The chain value of `event` given the previous one.
    public static func link(previous: [UInt8], _ event: RecordedEvent) -> [UInt8] {
        link(previous: previous, position: event.position, eventID: event.eventID, stream: event.stream,
             version: event.version, type: event.type, payload: event.payload)
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
}
