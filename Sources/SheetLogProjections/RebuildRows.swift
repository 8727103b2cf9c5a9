/// The rows of a rebuild's sessions, one session after the other, made on a second thread a few
/// sessions ahead of the backend's inserts (``WorkAhead``): encoding a presentation's JSON
/// columns is what a rebuild's row costs most apart from the database's own insert. Where the
/// sessions seal their values, the caller's thread makes every other session's rows itself.
///
/// The rows are the ones the inline path writes (``PresentationRow``, ``SessionRow``), so the work
/// done ahead does not change a byte of them.
///
/// ```swift
/// var rows = RebuildRows(sessions)  // starts encoding at once
/// for dismissal in dismissals { … }  // insert while the first sessions are encoded
/// while let (presentations, session) = rows.next() { … }
/// ```
package struct RebuildRows {
    private let sessions: [ProjectedSession]
    private var encoding = WorkAhead<(presentations: [PresentationRow], session: SessionRow?)>(
        label: "SheetLogProjections.rebuild-encode", depth: 8)
    private var submitted = 0
    private var taken = 0
    /// Whether the caller's thread encodes every other session itself: where values are sealed,
    /// sealing them all again is most of the work and left the inserts waiting for the other
    /// thread (measured at 100k sealed events: see the commit that made this split).
    private let encodesHereToo: Bool

    package init(_ sessions: [ProjectedSession]) {
        self.sessions = sessions
        encodesHereToo = sessions.contains { $0.sealing?.key != nil }
        encodeAhead()
    }

    /// The rows of the next session, in `sessions`' order: its presentations by id, then its own
    /// row (nil when it has none); nil once every session was taken.
    package mutating func next() -> (presentations: [PresentationRow], session: SessionRow?)? {
        guard taken < sessions.count else { return nil }
        let index = taken
        taken += 1
        if encodesHere(index) {
            encodeAhead()
            return Self.rows(of: sessions[index])
        }
        let rows = encoding.next()
        encodeAhead()
        return rows
    }

    private func encodesHere(_ index: Int) -> Bool { encodesHereToo && index % 2 == 1 }

    private static func rows(of session: ProjectedSession) -> (presentations: [PresentationRow], session: SessionRow?) {
        (PresentationRow.rows(of: session), SessionRow(session))
    }

    private mutating func encodeAhead() {
        while submitted < sessions.count, encoding.hasRoom {
            defer { submitted += 1 }
            if encodesHere(submitted) { continue }
            let session = sessions[submitted]
            encoding.submit { Self.rows(of: session) }
        }
    }
}
