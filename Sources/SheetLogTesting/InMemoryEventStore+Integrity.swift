import SheetLogCore

extension InMemoryEventStore {
    /// Recomputes the chain from genesis and stops at the first stored link that differs.
    public func verifyChain() async throws -> ChainVerification {
        withState { state in
            var previous = IntegrityChain.genesis
            for (index, event) in state.log.events.enumerated() {
                let expected = IntegrityChain.link(previous: previous, event)
                if event.chain != expected {
                    return ChainVerification(checkedEvents: index + 1, firstBrokenPosition: event.position)
                }
                previous = expected
            }
            return ChainVerification(checkedEvents: state.log.events.count, firstBrokenPosition: nil)
        }
    }

    /// FOR TESTS ONLY: overwrites the payload stored at `position` and leaves its chain as it was,
    /// as an attacker editing the database file would, so that ``verifyChain()`` has something to find.
    ///
    /// Subscribers are not told; readers see the new payload from now on.
    public func tamperPayload(at position: Int64, with payload: String) throws {
        let replaced = withState { $0.log.overwritePayload(at: position, with: payload) }
        guard replaced else {
            throw SheetLogError(
                .notFound, "no event is stored at position \(position) to tamper with",
                context: .init(position: position, operation: "tamperPayload"))
        }
    }
}
