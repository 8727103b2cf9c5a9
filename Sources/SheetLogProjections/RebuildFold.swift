import SheetLogDomain

/// What a rebuild's scan folds: the sessions by stream number, and one dismissal row per
/// `attemptDismiss` with its resolution once an answer is folded.
///
/// Rebuild folds some streams on the database's thread and the others on the decoding thread,
/// one ``RebuildFold`` each: a session, and the alerts its dismissal rows answer, belong to one
/// stream, so each fold sees all of a stream's events, in log order, and ``merged(_:_:)`` gives
/// what a single fold would have.
struct RebuildFold {
    /// The states a prune carried across its cut, by session: a stream's fold starts from its own.
    let seeds: [String: ProjectedSession]
    /// By stream number; nil for the streams the other fold owns.
    private(set) var sessions: [ProjectedSession?] = []
    private(set) var dismissals: [DismissalRow] = []
    /// The index in `dismissals` of each row whose alert is still up, by position.
    private var openDismissals: [Int64: Int] = [:]
    /// Answers to alerts whose rows a carried state holds (at or below the cut).
    private(set) var carriedResolutions: [DismissalResolution] = []

    init(seeds: [String: ProjectedSession] = [:]) {
        self.seeds = seeds
    }

    mutating func fold(_ decoded: RawEventChunk.Decoded) {
        let number = decoded.streamNumber
        if number >= sessions.count { sessions.append(contentsOf: repeatElement(nil, count: number + 1 - sessions.count)) }
        if sessions[number] == nil { sessions[number] = seeds[decoded.stream] ?? ProjectedSession(session: decoded.stream) }
        sessions[number]!.adopt(decoded.sealing)
        let step = sessions[number]!.foldRows(decoded.event, position: decoded.position, version: decoded.version)
        if let resolution = step.resolution {
            if let index = openDismissals[resolution.dismissalPosition] {
                dismissals[index].resolution = resolution
                openDismissals[resolution.dismissalPosition] = nil
            } else {
                carriedResolutions.append(resolution)
            }
        }
        if let dismissal = step.dismissal {
            openDismissals[dismissal.position] = dismissals.count
            dismissals.append(dismissal)
        }
    }

    /// Every session of both folds, by name, and every dismissal row, by position; with `carried`,
    /// the carried sessions no kept event continued, and the carried dismissal rows (every one at
    /// or below the cut, so before the kept log's) with the answers the kept events gave them.
    static func merged(
        _ first: RebuildFold, _ second: RebuildFold, carried: [CarriedSession] = []
    ) -> (sessions: [ProjectedSession], dismissals: [DismissalRow]) {
        var sessions = first.sessions.compactMap { $0 } + second.sessions.compactMap { $0 }
        var dismissals: [DismissalRow] = []
        if !carried.isEmpty {
            let folded = Set(sessions.map(\.session))
            sessions += carried.filter { !folded.contains($0.session) }.map(\.projected)
            var rows = carried.flatMap(\.dismissals).sorted { $0.position < $1.position }
            var index: [Int64: Int] = [:]
            for (offset, row) in rows.enumerated() { index[row.position] = offset }
            for resolution in first.carriedResolutions + second.carriedResolutions {
                if let offset = index[resolution.dismissalPosition] { rows[offset].resolution = resolution }
            }
            dismissals = rows
        }
        sessions.sort { $0.session < $1.session }
        dismissals.reserveCapacity(dismissals.count + first.dismissals.count + second.dismissals.count)
        var (i, j) = (0, 0)
        while i < first.dismissals.count || j < second.dismissals.count {
            if j == second.dismissals.count || (i < first.dismissals.count && first.dismissals[i].position < second.dismissals[j].position) {
                dismissals.append(first.dismissals[i])
                i += 1
            } else {
                dismissals.append(second.dismissals[j])
                j += 1
            }
        }
        return (sessions, dismissals)
    }
}
