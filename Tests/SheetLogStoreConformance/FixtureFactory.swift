import SheetLogCore

/// Makes a fresh, empty fixture of one kind for each check: what a backend's test target hands a
/// conformance suite (``StoreFactory`` for the event store suite, `BackendFactory` for the backend suite).
///
/// ```swift
/// let memory = StoreFactory { limits in
///     let clock = ManualClock()
///     let store = try SQLiteEventStore.inMemory(configuration: .init(limits: limits, clock: clock))
///     return StoreFixture(store: store, clock: clock, tamper: sqliteTamper(store))
/// }
/// ```
package struct FixtureFactory<Fixture>: Sendable {
    private let make: @Sendable (_ limits: InputLimits) async throws -> Fixture

    /// `make` returns a fresh fixture that enforces `limits` on every append, on a `ManualClock`.
    package init(_ make: @escaping @Sendable (_ limits: InputLimits) async throws -> Fixture) {
        self.make = make
    }

    /// A fresh, empty fixture enforcing `limits`.
    package func callAsFunction(limits: InputLimits = .default) async throws -> Fixture {
        try await make(limits)
    }
}

/// Makes a fresh, empty store for each check of the event store conformance suite.
package typealias StoreFactory = FixtureFactory<StoreFixture>
