import Testing

/// One check of a conformance suite, named, run against a factory of fresh fixtures: the shape the
/// event store suite (``StoreCheck``) and the backend suite (`BackendCheck`) share.
///
/// A backend's test target runs every check of ``StoreConformance/checks`` in one parameterized test:
///
/// ```swift
/// @Test(arguments: StoreConformance.checks)
/// func conformance(check: StoreCheck) async throws {
///     try await check.run(postgresFactory)
/// }
/// ```
package struct ConformanceCheck<Factory>: Sendable, CustomTestStringConvertible {
    /// The check's name, with its case in parentheses for the checks run once per case.
    package let name: String
    private let body: @Sendable (Factory) async throws -> Void

    package init(_ name: String, _ body: @escaping @Sendable (Factory) async throws -> Void) {
        self.name = name
        self.body = body
    }

    /// Runs the check on fresh fixtures from `factory`; failures are recorded as issues of the running test.
    package func run(_ factory: Factory) async throws {
        try await body(factory)
    }

    package var testDescription: String { name }
}

/// One check of the event store conformance suite, run against a ``StoreFactory``.
package typealias StoreCheck = ConformanceCheck<StoreFactory>
