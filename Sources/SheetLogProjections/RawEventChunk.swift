import SheetLogDomain

/// Consecutive rows of the log copied out of the store — positions, versions, the type matched from
/// its bytes, and the stream and payload bytes side by side in one buffer — so that another thread
/// can decode them while the database's thread reads on.
package struct RawEventChunk: Sendable {
    package struct Row: Sendable {
        var position: Int64
        var version: Int64
        /// Nil for a type the domain does not know, which the projection refuses.
        var type: SheetEventType?
        /// The type's text, copied only when the domain does not know it (to name it in the error).
        var unknownType: Range<Int>
        var schemaVersion: Int
        var occurredAt: Int64
        var stream: Range<Int>
        var payload: Range<Int>
        /// Copied only for a sealed event, whose values are bound to it.
        var eventID: Range<Int>
    }

    /// One event of the chunk, decoded.
    package struct Decoded: Sendable {
        var stream: String
        /// The stream's number in order of first appearance in the log (``StreamNumbers``): the fold
        /// finds its session by it instead of hashing the name again.
        var streamNumber: Int
        var position: Int64
        var version: Int64
        var event: SheetEvent
        var sealing: SessionSealing?
    }

    private(set) var bytes: [UInt8] = []
    package private(set) var rows: [Row] = []

    package init(capacity: Int) {
        rows.reserveCapacity(capacity)
        bytes.reserveCapacity(capacity * 256)
    }

    /// Copies one logged event: its type, stream and payload as the UTF-8 bytes the store holds
    /// (valid only during the call), `occurredAt` already defaulted to the time it was recorded.
    package mutating func append(
        position: Int64, version: Int64, type typeText: UnsafeBufferPointer<UInt8>, schemaVersion: Int, occurredAt: Int64,
        stream: UnsafeBufferPointer<UInt8>, payload: UnsafeBufferPointer<UInt8>,
        eventID: UnsafeBufferPointer<UInt8> = UnsafeBufferPointer(start: nil, count: 0)
    ) {
        func text(_ text: UnsafeBufferPointer<UInt8>) -> Range<Int> {
            let start = bytes.count
            if text.baseAddress != nil { bytes.append(contentsOf: text) }
            return start..<bytes.count
        }
        let type = SheetEventType(utf8: typeText)
        rows.append(Row(
            position: position, version: version, type: type,
            unknownType: type == nil ? text(typeText) : bytes.count..<bytes.count,
            schemaVersion: schemaVersion, occurredAt: occurredAt,
            stream: text(stream), payload: text(payload),
            eventID: schemaVersion == SheetEventCodec.sealedSchemaVersion ? text(eventID) : bytes.count..<bytes.count))
    }

    /// The chunk's events in order, decoded by the domain's codec, up to the first event it
    /// refuses (a type it does not know, a payload it cannot decode): then `error` is the error that
    /// event throws (the one a sequential decode would throw first), and `events` the events before it.
    ///
    /// `keys` open sealed events; without them a sealed event is refused with
    /// ``SheetLogError/Code/keyUnavailable``.
    func decoded(numbering streams: StreamNumbers, keys: (any SubjectKeys)?) -> (events: [Decoded], error: SheetLogError?) {
        let decoded = decoded(keys: keys) { index in
            let stream = streamName(index)
            return (stream, streams.number(of: stream))
        }
        return (decoded.events, decoded.error?.refusal)
    }

    /// The names of the chunk's streams, row by row, and their numbers (numbered in `streams`).
    func streamNumbers(_ streams: StreamNumbers) -> [(stream: String, number: Int)] {
        rows.indices.map { index in
            let stream = streamName(index)
            return (stream, streams.number(of: stream))
        }
    }

    private func streamName(_ index: Int) -> String {
        String(decoding: bytes[rows[index].stream], as: UTF8.self)
    }

    /// ``decoded(numbering:keys:)`` of the rows whose stream `numbers` (from ``streamNumbers(_:)``)
    /// `includes`: two threads decode one chunk, each its own streams. A refusal comes with the
    /// chunk's row it refused, so that the two halves' refusals compare in log order (not every
    /// refusal names a position: a subject without a key row does not).
    func decoded(
        keys: (any SubjectKeys)?, numbers: [(stream: String, number: Int)], including includes: (Int) -> Bool
    ) -> (events: [Decoded], error: (refusal: SheetLogError, row: Int)?) {
        decoded(keys: keys) { index in includes(numbers[index].number) ? numbers[index] : nil }
    }

    /// Decodes each row that `numbered` names a stream and its number for; a nil skips the row.
    private func decoded(
        keys: (any SubjectKeys)?, numbered: (_ row: Int) -> (stream: String, number: Int)?
    ) -> (events: [Decoded], error: (refusal: SheetLogError, row: Int)?) {
        var events: [Decoded] = []
        events.reserveCapacity(rows.count)
        return bytes.withUnsafeBufferPointer { buffer in
            for (index, row) in rows.enumerated() {
                guard let (stream, number) = numbered(index) else { continue }
                do throws(SheetLogError) {
                    guard let type = row.type else {
                        let typeText = String(decoding: UnsafeBufferPointer(rebasing: buffer[row.unknownType]), as: UTF8.self)
                        // An event of the log, not of a session (an erasure): no session folds it.
                        if SubjectErasure.isLogLevel(type: typeText) { continue }
                        throw SheetEventCodec.unknownType(
                            typeText,
                            context: .init(stream: stream, actualVersion: row.version, position: row.position,
                                           operation: LoggedEvent.decodeOperation))
                    }
                    let opening = keys.map { keys in
                        var opening = SealedOpening(
                            keys: keys, eventID: String(decoding: UnsafeBufferPointer(rebasing: buffer[row.eventID]), as: UTF8.self),
                            stream: stream, version: row.version)
                        // A rebuild copies cells and needs a value only where its event did not record
                        // what changed (written before RecordedChanges): it opens those alone.
                        opening.opensRecordedValues = false
                        return opening
                    }
                    let (event, subject) = try SheetEventCodec.decodeWithSubject(
                        type, schemaVersion: row.schemaVersion, payload: UnsafeBufferPointer(rebasing: buffer[row.payload]),
                        occurredAt: row.occurredAt,
                        context: {
                            .init(stream: stream, actualVersion: row.version, position: row.position, eventType: type.rawValue,
                                  operation: LoggedEvent.decodeOperation)
                        }, opening: opening)
                    var sealing: SessionSealing?
                    if let subject, let keys { sealing = SessionSealing(subject: subject, key: try keys.key(for: subject)) }
                    events.append(Decoded(
                        stream: stream, streamNumber: number, position: row.position, version: row.version, event: event, sealing: sealing))
                } catch {
                    return (events, (error, index))
                }
            }
            return (events, nil)
        }
    }
}

/// Numbers streams 0, 1, 2… in the order the log first names them.
///
/// A reference type because it outlives each chunk's decoding; one thread touches it, one chunk
/// after the other in log order (the decoding queue, or, for a sealed log, the reading thread), so
/// the numbers do not depend on timing.
final class StreamNumbers: @unchecked Sendable {
    private var numbers: [String: Int] = [:]

    func number(of stream: String) -> Int {
        if let number = numbers[stream] { return number }
        let number = numbers.count
        numbers[stream] = number
        return number
    }
}
