import GRDB

/// A reader that polls the log for new positions the way a tailing consumer would, and keeps
/// what it must never see: a gap, or a batch that becomes visible in more than one poll.
final class PollingReader {
    private let queue: DatabaseQueue
    private var last: Int64 = 0
    private var pollIndex = 0
    /// The poll in which each unit (a default-mode file, or one `--each` line) first became visible.
    private var firstPollOfUnit: [String: Int] = [:]

    private(set) var gaps: [String] = []
    private(set) var unitsSplitAcrossPolls: Set<String> = []
    private(set) var nonEmptyPolls = 0
    /// How many events it has seen in all.
    private(set) var seen = 0

    init(path: String) throws {
        var configuration = Configuration()
        configuration.readonly = true
        queue = try DatabaseQueue(path: path, configuration: configuration)
    }

    func poll() throws {
        pollIndex += 1
        let after = last
        let rows = try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT position, event_id FROM events WHERE position > ? ORDER BY position", arguments: [after])
        }
        guard !rows.isEmpty else { return }
        nonEmptyPolls += 1
        for row in rows {
            let position: Int64 = row["position"]
            if position != last + 1 { gaps.append("after \(last) came \(position)") }
            last = position
            seen += 1
            let unit = SessionWorkload.unit(of: row["event_id"])
            if let first = firstPollOfUnit[unit], first != pollIndex {
                unitsSplitAcrossPolls.insert(unit)
            } else {
                firstPollOfUnit[unit] = pollIndex
            }
        }
    }
}
