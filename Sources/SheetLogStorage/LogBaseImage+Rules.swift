import SheetLogCore
import SheetLogDomain
import SheetLogProjections

extension LogBaseImage {
    /// The carried sessions, read, once the image keeps the rules of a base: a cut and a 32-byte
    /// chain, removed events to account for its erasures, erasures in log order at or below the cut
    /// with versions 1, 2, 3 …, and sessions named once each, each state readable, of its session,
    /// at its version and folded at or below the cut. The state's subject is read without a key (its
    /// values are in clear); the caller seals them again. A broken rule throws `invalidInput` naming
    /// the session or erasure, never a value.
    package func validatedSessions() throws(SheetLogError) -> [CarriedSession] {
        func refuse(_ rule: String, stream: String? = nil, eventID: String? = nil) -> SheetLogError {
            SheetLogError(.invalidInput, "the base " + rule, context: .init(stream: stream, position: cutPosition, eventID: eventID, operation: "installing a base"))
        }
        guard cutPosition >= 1 else { throw refuse("has cut \(cutPosition); a cut is a position, at least 1") }
        guard chain.count == 32 else { throw refuse("has a chain value of \(chain.count) bytes; it takes 32") }
        guard removedEvents >= max(1, Int64(erasures.count)), removedEvents <= cutPosition else {
            throw refuse("removed \(removedEvents) events, which is not between its \(erasures.count) erasures (at least 1) and its cut \(cutPosition)")
        }
        guard firstRecordedAt <= lastRecordedAt else { throw refuse("has its first removed event recorded after its last") }
        var previous: Int64 = 0
        var ids: Set<String> = []
        for (index, erasure) in erasures.enumerated() {
            for (name, text) in [("id", erasure.eventID), ("subject", erasure.subject)] {
                if let problem = NameCharacters.identifierProblem(in: text, limit: InputLimits.default.maxIdentifierBytes) {
                    throw refuse("has an erasure whose \(name) \(problem)")
                }
            }
            guard ids.insert(erasure.eventID).inserted else { throw refuse("names erasure \(erasure.eventID) twice", eventID: erasure.eventID) }
            guard erasure.position > previous, erasure.position <= cutPosition else {
                throw refuse("has erasure \(erasure.eventID) at position \(erasure.position), out of log order or past the cut", eventID: erasure.eventID)
            }
            guard erasure.version == Int64(index + 1) else {
                throw refuse("has erasure \(erasure.eventID) at version \(erasure.version) of $erasures where \(index + 1) comes next", eventID: erasure.eventID)
            }
            guard erasure.sessions >= 0, erasure.chain.count == 32 else {
                throw refuse("has erasure \(erasure.eventID) with a negative session count or a chain value that is not 32 bytes", eventID: erasure.eventID)
            }
            previous = erasure.position
        }
        var names: Set<String> = []
        return try sessions.map { (entry) throws(SheetLogError) -> CarriedSession in
            if let problem = NameCharacters.identifierProblem(in: entry.session, limit: InputLimits.default.maxIdentifierBytes) {
                throw refuse("names a session that \(problem)")
            }
            if SubjectErasure.isLogStream(entry.session) {
                throw refuse("carries session \(entry.session), which \(SubjectErasure.reservedSessionProblem)", stream: entry.session)
            }
            guard names.insert(entry.session).inserted else { throw refuse("carries session \(entry.session) twice", stream: entry.session) }
            let carried: CarriedSession
            do throws(SheetLogError) {
                carried = try CarriedSession(snapshot: entry.state, keys: NoSubjectKeys(), valuesSealed: false)
            } catch {
                throw refuse("carries a state of session \(entry.session) that cannot be read: \(error.message)", stream: entry.session)
            }
            guard carried.session == entry.session, carried.version == entry.version, entry.version >= 1 else {
                throw refuse(
                    "carries session \(entry.session) at version \(entry.version) with the state of session \(carried.session) at version \(carried.version)",
                    stream: entry.session)
            }
            guard carried.projected.lastPosition <= cutPosition else {
                throw refuse("carries session \(entry.session) folded through position \(carried.projected.lastPosition), past the cut", stream: entry.session)
            }
            return carried
        }
    }
}
