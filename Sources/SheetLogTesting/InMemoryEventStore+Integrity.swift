import SheetLogCore

extension InMemoryEventStore {
    /// Recomputes the chain from genesis, each event under its own rule, and stops at the first
    /// stored link that breaks it (see ``ChainWalk``).
    @concurrent
    public func verifyChain() async throws -> ChainVerification {
        withState { state in
            var walk = ChainWalk()
            for event in state.log.events {
                if let broken = walk.check(event) { return broken }
            }
            return walk.intact
        }
    }

    /// FOR TESTS ONLY: overwrites the payload stored at `position` and leaves its chain as it was,
    /// as an attacker editing the database file would, so that ``verifyChain()`` has something to find.
    ///
    /// Subscribers are not told; readers see the new payload from now on.
    public func tamperPayload(at position: Int64, with payload: String) throws {
        try tamper(at: position) { $0.payload = payload }
    }

    /// FOR TESTS ONLY: changes the event stored at `position` in place, as an attacker editing the
    /// database file would: its chain changes only if `change` changes it. `change` must keep the
    /// event's position, stream, version and id (the store's indexes are not updated).
    ///
    /// Subscribers are not told; readers see the changed event from now on.
    public func tamper(at position: Int64, _ change: (inout RecordedEvent) -> Void) throws {
        let replaced = withState { $0.log.overwrite(at: position, change) }
        guard replaced else {
            throw SheetLogError(
                .notFound, "no event is stored at position \(position) to tamper with",
                context: .init(position: position, operation: "tamper"))
        }
    }
}
