import SheetLogCore

/// Makes a fresh, empty backend of one kind for each check: what a backend's test target hands
/// the backend conformance suite.
///
/// ```swift
/// let memory = BackendFactory { limits in
///     let clock = ManualClock()
///     let backend = try SQLiteBackend.inMemory(configuration: .init(limits: limits, clock: clock))
///     return BackendFixture(backend: backend, clock: clock)
/// }
/// ```
package struct BackendFactory: Sendable {
    private let make: @Sendable (_ limits: InputLimits) async throws -> BackendFixture

    /// `make` returns a fresh backend that enforces `limits` on every append, on a `ManualClock`.
    package init(_ make: @escaping @Sendable (_ limits: InputLimits) async throws -> BackendFixture) {
        self.make = make
    }

    /// A fresh, empty backend enforcing `limits`.
    package func callAsFunction(limits: InputLimits = .default) async throws -> BackendFixture {
        try await make(limits)
    }
}
