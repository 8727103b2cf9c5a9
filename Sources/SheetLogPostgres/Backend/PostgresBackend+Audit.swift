import PostgresNIO
import SheetLogStorage

extension PostgresBackend {
    /// The device's rows of `dismissals` matching `query` and `selection`, in log order.
    package func dismissals(matching query: AuditQuery, _ selection: DismissalSelection) async throws -> [DismissalRecord] {
        let statement = DismissalQuery.statement(device: device, query, selection)
        return try await store.reading("audit") { client in
            try await DismissalQuery.records(try await client.query(statement, logger: store.logger)).map(\.record)
        }
    }
}
