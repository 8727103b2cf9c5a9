import SheetLogTesting

/// Makes a fresh, empty store of one kind for each check: what a backend's test target hands the
/// conformance suite.
///
/// ```swift
/// let memory = StoreFactory { limits in
///     let clock = ManualClock()
///     let store = InMemoryEventStore(limits: limits, clock: clock)
///     return StoreFixture(store: store, clock: clock, tamper: { position, change in
///         try store.tamper(at: position) { change.apply(to: &$0) }
///     })
/// }
/// ```
package struct StoreFactory: Sendable {
    private let make: @Sendable (_ limits: InputLimits) async throws -> StoreFixture

    /// `make` returns a fresh store that enforces `limits` on every append, on a `ManualClock`.
    package init(_ make: @escaping @Sendable (_ limits: InputLimits) async throws -> StoreFixture) {
        self.make = make
    }

    /// A fresh, empty store enforcing `limits`.
    package func callAsFunction(limits: InputLimits = .default) async throws -> StoreFixture {
        try await make(limits)
    }
}
