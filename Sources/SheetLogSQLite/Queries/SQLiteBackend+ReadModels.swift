import GRDB
import SheetLogDomain
import SheetLogJSON
import SheetLogStorage

extension SQLiteBackend {
    /// A read of the projection tables on the reader side, on the calling thread (see
    /// ``SQLiteEventStore/readOnCallingThread(_:)``), with errors as ``SheetLogError``.
    /// With `oneStatement`, `body` runs one SELECT, which needs no transaction around it.
    func readModels<T: Sendable>(
        _ operation: String, oneStatement: Bool = false, _ body: @escaping @Sendable (Database) throws -> T
    ) async throws -> T {
        do {
            return try oneStatement ? store.readStatementOnCallingThread(body) : store.readOnCallingThread(body)
        } catch let error as SheetLogError {
            throw error
        } catch let error as DatabaseError {
            throw SheetLogError.storage(error, operation: operation)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            // Only the type: the description of a decoding error may quote a value.
            throw SheetLogError(.storage, "\(operation) failed with an error of type \(type(of: error))",
                                context: .init(operation: operation))
        }
    }

    /// Decodes a JSON column of a projection row; the error names the table, column and row, never the value.
    static func decodeColumn<T: ProjectionColumnValue>(
        _ type: T.Type, _ text: String, table: String, column: String, row: @autoclosure () -> String
    ) throws -> T {
        if let json = try? JSONValue.parse(text), let value = T(json: json) { return value }
        throw SheetLogError(
            .undecodableEvent, "column \(column) of table \(table) holds malformed JSON for \(row())",
            context: .init(operation: "read \(table)"))
    }
}
