import Foundation
import PostgresNIO
import SheetLogCore

/// Where the fleet store lives, read from a `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE` URL
/// (`postgresql://` too; `?sslmode=disable|prefer|require`, default `disable`; `?connect_timeout=SECONDS`,
/// as libpq reads it, default ``defaultConnectTimeout``).
///
/// Its ``description`` never shows the password: it is what errors name.
///
/// ```swift
/// let location = try PostgresLocation(url: "postgres://sheetlog@127.0.0.1:5432/fleet")
/// ```
public struct PostgresLocation: Sendable, Hashable, CustomStringConvertible {
    public var host: String
    public var port: Int
    public var user: String
    public var password: String?
    public var database: String
    /// `disable`, `prefer` or `require`.
    public var sslMode: String
    /// How long opening a connection may take before it fails (the `connect_timeout` parameter).
    public var connectTimeout: Duration

    /// A connection is opened in milliseconds; this bound is for an address where nothing answers,
    /// and leaves room for a server busy accepting a hundred devices' connections at once on a
    /// loaded machine (5 s was exceeded there).
    public static let defaultConnectTimeout: Duration = .seconds(30)

    /// Throws ``SheetLogError/Code/invalidInput`` for a URL that is not a PostgreSQL URL; the message
    /// names what is wrong, never the password.
    public init(url: String) throws(SheetLogError) {
        func refuse(_ reason: String) -> SheetLogError {
            SheetLogError(.invalidInput, "the PostgreSQL URL is not usable: \(reason) (expected postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE)",
                          context: .init(operation: "connect"))
        }
        guard let components = URLComponents(string: url), let scheme = components.scheme else { throw refuse("it is not a URL") }
        guard scheme == "postgres" || scheme == "postgresql" else { throw refuse("its scheme is \(scheme), not postgres") }
        guard let host = components.host, !host.isEmpty else { throw refuse("it names no host") }
        let database = String(components.path.drop(while: { $0 == "/" }))
        guard !database.isEmpty, !database.contains("/") else { throw refuse("it names no database") }
        var sslMode = "disable"
        var connectTimeout = Self.defaultConnectTimeout
        for item in components.queryItems ?? [] {
            switch item.name {
            case "sslmode":
                guard let value = item.value, ["disable", "prefer", "require"].contains(value) else {
                    throw refuse("sslmode is disable, prefer or require")
                }
                sslMode = value
            case "connect_timeout":
                guard let value = item.value, let seconds = Int(value), (1...3_600).contains(seconds) else {
                    throw refuse("connect_timeout is a whole number of seconds from 1 to 3600")
                }
                connectTimeout = .seconds(seconds)
            default:
                throw refuse("unknown parameter \(item.name) (known: sslmode, connect_timeout)")
            }
        }
        self.host = host
        self.port = components.port ?? 5432
        self.user = components.user?.removingPercentEncoding ?? "postgres"
        self.password = components.password?.removingPercentEncoding
        self.database = database.removingPercentEncoding ?? database
        self.sslMode = sslMode
        self.connectTimeout = connectTimeout
    }

    /// `USER@HOST:PORT/DATABASE`: the location without its password.
    public var description: String { "\(user)@\(host):\(port)/\(database)" }

    /// The driver's configuration for this location.
    var clientConfiguration: PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS = switch sslMode {
        case "require": .require(.makeClientConfiguration())
        case "prefer": .prefer(.makeClientConfiguration())
        default: .disable
        }
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: user, password: password, database: database, tls: tls)
        configuration.options.connectTimeout = connectTimeout
        return configuration
    }

    /// The configuration of a single connection (the migrator's and the connection check's).
    func connectionConfiguration() throws -> PostgresConnection.Configuration {
        let tls: PostgresConnection.Configuration.TLS = switch sslMode {
        case "require": .require(try .init(configuration: .makeClientConfiguration()))
        case "prefer": .prefer(try .init(configuration: .makeClientConfiguration()))
        default: .disable
        }
        var configuration = PostgresConnection.Configuration(
            host: host, port: port, username: user, password: password, database: database, tls: tls)
        configuration.options.connectTimeout = .init(connectTimeout)
        return configuration
    }
}
