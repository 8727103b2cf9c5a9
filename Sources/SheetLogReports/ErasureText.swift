import SheetLog

/// What `sheetlog erase` prints: one JSON object for machines, a sentence for people.
package struct ErasureText: Encodable {
    var subject: String
    var erased: Bool
    var alreadyErased: Bool
    var erasedAt: String
    var sessions: Int
    var position: Int64?
    var walCheckpointed: Bool

    package init(_ report: ErasureReport) {
        subject = report.subject
        erased = true
        alreadyErased = report.alreadyErased
        erasedAt = TimeText.iso(report.erasedAt) ?? "-"
        sessions = report.sessions
        position = report.position
        walCheckpointed = report.walCheckpointed
    }

    /// The sentence and its line break.
    package var human: String {
        let sessionCount = sessions == 1 ? "1 session" : "\(sessions) sessions"
        if alreadyErased {
            return "subject \(subject) was erased before, at \(erasedAt): nothing changed (\(sessionCount) read as [erased])\n"
        }
        let event = position.map { " (eraseSubject event at position \($0))" } ?? ""
        return "erased subject \(subject): its key is deleted, \(sessionCount) now read as [erased]\(event)\n"
    }

    /// The warning for a checkpoint another connection held back, nil when it finished.
    package func warning(path: String) -> String? {
        walCheckpointed ? nil
            : "warning: another connection kept the WAL from being checkpointed, so \(path)-wal may still hold the erased key until the next checkpoint: close the other readers and run the same erase again\n"
    }
}
