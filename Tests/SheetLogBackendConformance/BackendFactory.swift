import SheetLogStoreConformance

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
package typealias BackendFactory = FixtureFactory<BackendFixture>

/// One check of the backend conformance suite, named, run against a ``BackendFactory``.
///
/// ```swift
/// @Test(arguments: BackendConformance.checks)
/// func conformance(check: BackendCheck) async throws {
///     try await check.run(postgresFactory)
/// }
/// ```
package typealias BackendCheck = ConformanceCheck<BackendFactory>
