import Testing

/// One check of the event store conformance suite, named, run against a ``StoreFactory``.
///
/// A backend's test target runs every check of ``StoreConformance/checks`` in one parameterized test:
///
/// ```swift
/// @Test(arguments: StoreConformance.checks)
/// func conformance(check: StoreCheck) async throws {
///     try await check.run(postgresFactory)
/// }
/// ```
package struct StoreCheck: Sendable, CustomTestStringConvertible {
    /// The check's name, with its case in parentheses for the checks run once per case.
    package let name: String
    private let body: @Sendable (StoreFactory) async throws -> Void

    package init(_ name: String, _ body: @escaping @Sendable (StoreFactory) async throws -> Void) {
        self.name = name
        self.body = body
    }

    /// Runs the check on fresh stores from `factory`; failures are recorded as issues of the running test.
    package func run(_ factory: StoreFactory) async throws {
        try await body(factory)
    }

    package var testDescription: String { name }
}
