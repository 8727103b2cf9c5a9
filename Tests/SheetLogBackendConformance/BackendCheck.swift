import Testing

/// One check of the backend conformance suite, named, run against a ``BackendFactory``.
///
/// ```swift
/// @Test(arguments: BackendConformance.checks)
/// func conformance(check: BackendCheck) async throws {
///     try await check.run(postgresFactory)
/// }
/// ```
package struct BackendCheck: Sendable, CustomTestStringConvertible {
    package let name: String
    private let body: @Sendable (BackendFactory) async throws -> Void

    package init(_ name: String, _ body: @escaping @Sendable (BackendFactory) async throws -> Void) {
        self.name = name
        self.body = body
    }

    /// Runs the check on fresh backends from `factory`; failures are recorded as issues of the running test.
    package func run(_ factory: BackendFactory) async throws {
        try await body(factory)
    }

    package var testDescription: String { name }
}
