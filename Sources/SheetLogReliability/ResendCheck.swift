import SheetLogSQLite

/// Resends an append whose outcome the writer never learned, with the same event ids, as a
/// restarted app would: the log must hold it exactly once afterwards.
package enum ResendCheck {
    /// Resends `append` twice through `store`; a violation when either resend adds an event twice,
    /// or when the first resend of an already stored append is not recognised as such.
    package static func violations(resending append: PlannedAppend, to store: SQLiteEventStore) async -> [Violation] {
        do {
            let before = try await store.lastPosition()
            let wasStored = try await store.events(withIDs: append.eventIDs).count == append.eventIDs.count
            let first = try await store.append(append.batches)
            let afterFirst = try await store.lastPosition()
            let expectedAfterFirst = wasStored ? before : before + Int64(append.eventIDs.count)
            var violations: [Violation] = []
            if first.alreadyStored != wasStored || afterFirst != expectedAfterFirst {
                violations.append(Violation(.resendAddedEvents, "resending append #\(append.index) (stored before: \(wasStored)) moved the last position from \(before) to \(afterFirst)"))
            }
            let second = try await store.append(append.batches)
            let afterSecond = try await store.lastPosition()
            if !second.alreadyStored || afterSecond != afterFirst {
                violations.append(Violation(.resendAddedEvents, "resending append #\(append.index) a second time added events"))
            }
            return violations
        } catch {
            return [Violation(.resendAddedEvents, "resending append #\(append.index) failed: \(error)")]
        }
    }
}
