/// One fixture file for the suites that only read it (every route test does): made once per run.
enum SharedFixture {
    private static let made = Task { try await ViewerFixture.make() }

    static func fixture() async throws -> ViewerFixture { try await made.value }
}
