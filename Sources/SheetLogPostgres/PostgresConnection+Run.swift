import Logging
import PostgresNIO

extension PostgresConnection {
    /// Runs `queries` one after another, discarding what they return.
    func run(_ queries: [PostgresQuery], logger: Logger) async throws {
        for query in queries { try await self.query(query, logger: logger) }
    }
}
