import SheetLogCore

/// The line a writer prints (and flushes) after an append's COMMIT returned: the append's index in
/// the workload and each event's id and position, e.g. `ack 12 k3-12-0@31 k3-12-1@32`.
///
/// ```swift
/// print(AckLine(index: 12, stored: result.events).text)
/// let ack = AckLine(parsing: "ack 12 k3-12-0@31")   // index 12, ["k3-12-0": 31]
/// ```
package struct AckLine: Sendable, Hashable {
    package var index: Int
    /// (event id, position) in append order.
    package var positions: [EventPosition]

    package struct EventPosition: Sendable, Hashable {
        package var eventID: String
        package var position: Int64
    }

    package init(index: Int, stored: [RecordedEvent]) {
        self.index = index
        positions = stored.map { EventPosition(eventID: $0.eventID, position: $0.position) }
    }

    /// Parses a line written by ``text``; nil for any other line.
    package init?(parsing line: some StringProtocol) {
        let words = line.split(separator: " ")
        guard words.count >= 2, words[0] == "ack", let index = Int(words[1]) else { return nil }
        var positions: [EventPosition] = []
        for word in words.dropFirst(2) {
            let parts = word.split(separator: "@")
            guard parts.count == 2, let position = Int64(parts[1]) else { return nil }
            positions.append(EventPosition(eventID: String(parts[0]), position: position))
        }
        self.index = index
        self.positions = positions
    }

    package var text: String {
        (["ack", String(index)] + positions.map { "\($0.eventID)@\($0.position)" }).joined(separator: " ")
    }
}
