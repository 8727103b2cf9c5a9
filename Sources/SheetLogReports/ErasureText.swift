import SheetLog

/// What `sheetlog erase` prints: one JSON object for machines, a sentence for people.
package struct ErasureText: Encodable {
    var subject: String
    /// Who asked, as the erasure's record holds it.
    var requestedBy: String
    var erased: Bool
    var alreadyErased: Bool
    var erasedAt: String
    var sessions: Int
    var position: Int64?
    /// The open sessions the erasure closed (empty when it was done before).
    var closedSessions: [String]
    var walCheckpointed: Bool
    /// Set (true) only for the database's default subject.
    var defaultSubject: Bool?

    package init(_ report: ErasureReport) {
        subject = report.subject
        requestedBy = report.requestedBy
        erased = true
        alreadyErased = report.alreadyErased
        erasedAt = TimeText.iso(report.erasedAt) ?? "-"
        sessions = report.sessions
        position = report.position
        closedSessions = report.closedSessions
        walCheckpointed = report.walCheckpointed
        defaultSubject = report.isDefaultSubject ? true : nil
    }

    /// The sentence and its line break.
    package var human: String {
        let sessionCount = sessions == 1 ? "1 session" : "\(sessions) sessions"
        if alreadyErased {
            return "subject \(subject) was erased before, at \(erasedAt): nothing changed (\(sessionCount) read as [erased])\n"
        }
        let event = position.map { " (eraseSubject event at position \($0))" } ?? ""
        let closed = switch closedSessions.count {
        case 0: ""
        case 1: ", open session \(closedSessions[0]) closed"
        default: ", \(closedSessions.count) open sessions closed (\(closedSessions.joined(separator: ", ")))"
        }
        return "erased subject \(subject): its key is deleted, \(sessionCount) now read as [erased]\(closed)\(event)\n"
    }

    /// The warnings for stderr: a checkpoint another connection held back, the default subject
    /// erased; nil when there is none.
    package func warning(path: String) -> String? {
        var lines = ""
        if !walCheckpointed {
            lines += "warning: the WAL was not checkpointed (another connection held it back, or the checkpoint failed), so \(path) itself (its old page, which the checkpoint overwrites) and \(path)-wal may still hold the erased key until a checkpoint completes: close the other readers, make room on the disk, and run the same erase again\n"
        }
        if defaultSubject == true {
            lines += "note: \(subject) is the default subject of \(path): a new session whose first command names no subject is refused from now on (its values would be sealed under the erased key); name a subject on every new session\n"
        }
        return lines.isEmpty ? nil : lines
    }
}
