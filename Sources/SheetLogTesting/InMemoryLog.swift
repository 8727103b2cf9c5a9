import SheetLogCore

/// The state behind ``InMemoryEventStore``: the events in position order and the indexes reads use.
///
/// A plain value with no locking of its own; the store guards it. Because positions start at 1 and
/// never leave gaps, the event at position `p` lives at `events[p - 1]`.
struct InMemoryLog: Sendable {
    /// Every event, `events[i].position == i + 1`.
    private(set) var events: [RecordedEvent] = []
    /// Each stream's positions, `[version - 1]`.
    private var positionsByStream: [String: [Int64]] = [:]
    private var positionByEventID: [String: Int64] = [:]

    var lastPosition: Int64 { Int64(events.count) }

    /// The chain value of the last event, genesis when the log is empty.
    var lastChain: [UInt8] { events.last?.chain ?? IntegrityChain.genesis }

    func version(of stream: String) -> Int64 {
        Int64(positionsByStream[stream]?.count ?? 0)
    }

    func event(at position: Int64) -> RecordedEvent? {
        guard position >= 1, position <= lastPosition else { return nil }
        return events[Int(position - 1)]
    }

    func event(withID eventID: String) -> RecordedEvent? {
        positionByEventID[eventID].flatMap { event(at: $0) }
    }

    /// The positions of `stream`'s events with `after < version <= through`, ascending.
    func positions(of stream: String, after: Int64, through: Int64?) -> ArraySlice<Int64> {
        let positions = positionsByStream[stream] ?? []
        let lower = Int(clamping: max(after, 0))
        let upper = Int(clamping: min(through ?? Int64(positions.count), Int64(positions.count)))
        guard lower < upper else { return [] }
        return positions[lower..<upper]
    }

    /// The events with `after < position <= through`, ascending.
    func events(after: Int64, through: Int64?) -> ArraySlice<RecordedEvent> {
        let lower = Int(clamping: max(after, 0))
        let upper = Int(clamping: min(through ?? lastPosition, lastPosition))
        guard lower < upper else { return [] }
        return events[lower..<upper]
    }

    /// Stores `event` as the next one of `stream`, linking it into the chain.
    mutating func record(_ event: EventData, in stream: String, recordedAt: Int64) -> RecordedEvent {
        let position = lastPosition + 1
        let version = self.version(of: stream) + 1
        let chain = IntegrityChain.linkV2(
            previous: lastChain, position: position, eventID: event.eventID, stream: stream, version: version,
            type: event.type, schemaVersion: event.schemaVersion, payload: event.payload, metadata: event.metadata,
            occurredAt: event.occurredAt, recordedAt: recordedAt)
        let recorded = RecordedEvent(
            position: position, eventID: event.eventID, stream: stream, version: version,
            type: event.type, schemaVersion: event.schemaVersion, payload: event.payload,
            metadata: event.metadata, occurredAt: event.occurredAt, recordedAt: recordedAt, chain: chain,
            chainVersion: ChainRule.v2.rawValue)
        events.append(recorded)
        positionsByStream[stream, default: []].append(position)
        positionByEventID[event.eventID] = position
        return recorded
    }

    /// Changes a stored event in place — its chain only if `change` does — so that verification can be tested.
    ///
    /// The indexes are left as they are: `change` must keep the position, stream, version and id.
    mutating func overwrite(at position: Int64, _ change: (inout RecordedEvent) -> Void) -> Bool {
        guard event(at: position) != nil else { return false }
        change(&events[Int(position - 1)])
        return true
    }
}
