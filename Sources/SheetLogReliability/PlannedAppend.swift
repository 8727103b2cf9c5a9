import SheetLogCore

/// One append of a workload: the batches sent in one transaction (1 to 4 events in all).
public struct PlannedAppend: Sendable, Hashable {
    /// Place in the workload's commit order, from 0.
    public var index: Int
    public var batches: [StreamBatch]

    public init(index: Int, batches: [StreamBatch]) {
        self.index = index
        self.batches = batches
    }

    /// Every event of the append, batches in order.
    public var events: [EventData] { batches.flatMap(\.events) }

    public var eventIDs: [String] { events.map(\.eventID) }

    /// Each event with the stream it is sent to.
    public var streamEvents: [(stream: String, event: EventData)] {
        batches.flatMap { batch in batch.events.map { (batch.stream, $0) } }
    }
}
