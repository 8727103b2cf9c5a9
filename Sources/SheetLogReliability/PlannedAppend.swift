import SheetLogCore

/// One append of a workload: the batches sent in one transaction (1 to 4 events in all).
package struct PlannedAppend: Sendable, Hashable {
    /// Place in the workload's commit order, from 0.
    package var index: Int
    package var batches: [StreamBatch]

    package init(index: Int, batches: [StreamBatch]) {
        self.index = index
        self.batches = batches
    }

    /// Every event of the append, batches in order.
    package var events: [EventData] { batches.flatMap(\.events) }

    package var eventIDs: [String] { events.map(\.eventID) }

    /// Each event with the stream it is sent to.
    package var streamEvents: [(stream: String, event: EventData)] {
        batches.flatMap { batch in batch.events.map { (batch.stream, $0) } }
    }
}
