import PostgresNIO
import SheetLogCore

extension SheetLogError {
    /// `error` as the fleet store reports it: a ``SheetLogError`` stays as it is; PostgreSQL's errors
    /// become one line naming the server's SQLSTATE and message (which hold names, never the bound
    /// values), `operation` and where.
    static func postgres(_ error: any Error, operation: String, location: PostgresLocation? = nil) -> SheetLogError {
        if let error = error as? SheetLogError { return error }
        if let error = error as? PostgresTransactionError {
            let cause: (any Error)? = error.closureError ?? error.beginError ?? error.commitError ?? error.rollbackError
            if let cause { return postgres(cause, operation: operation, location: location) }
        }
        let place = location.map { " (\($0.description))" } ?? ""
        guard let error = error as? PSQLError else {
            if error is CancellationError { return SheetLogError(.storage, "\(operation) was cancelled\(place)", context: .init(operation: operation)) }
            return SheetLogError(.storage, "\(operation) failed\(place): \(String(describing: error))", context: .init(operation: operation))
        }
        let context = Context(operation: operation)
        if let server = error.serverInfo {
            let state = server[.sqlState] ?? "?????"
            let message = server[.message] ?? "no message"
            let code: Code = switch state {
            // 57P0x: the server is shutting down or restarting (`pg_ctl restart -m immediate`).
            case "28P01", "28000", "3D000", "57P01", "57P02", "57P03": .connectionFailed
            case "40001", "40P01", "55P03": .busy
            case "53100": .storageFull
            default: .storage
            }
            return SheetLogError(code, "PostgreSQL refused \(operation)\(place): \(message) (SQLSTATE \(state))", context: context)
        }
        switch error.code {
        case .connectionError, .serverClosedConnection, .clientClosedConnection, .sslUnsupported, .failedToAddSSLHandler,
             .unsupportedAuthMechanism, .authMechanismRequiresPassword, .saslError, .poolClosed, .uncleanShutdown:
            let cause = error.underlying.map { String(describing: $0) } ?? error.code.description
            return SheetLogError(.connectionFailed, "cannot reach PostgreSQL for \(operation)\(place): \(cause)", context: context)
        default:
            return SheetLogError(.storage, "\(operation) failed\(place): \(error.code.description)", context: context)
        }
    }
}
