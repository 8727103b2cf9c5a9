import Logging
import PostgresNIO
import SheetLogCore

/// The collector's tokens in the fleet store: made, revoked, and checked, with only each token's
/// SHA-256 stored (`tokens`, migration 0002). The token itself is returned once, by ``add(_:)``.
///
/// A device token (`sld_` and 64 hex digits) pushes one device's log; a reader token (`slr_`…) reads
/// the fleet. Each is 32 bytes from the system's secure generator: a hash of such a token cannot be
/// reversed or guessed, so a plain SHA-256 (no salt, no slow hash) is the lookup key.
///
/// ```swift
/// let tokens = try await PostgresTokenStore.open(url: url)
/// defer { tokens.close() }
/// let token = try await tokens.add(.device("ipad-7"))   // shown once
/// try await tokens.credential(of: token)               // .device("ipad-7")
/// ```
package final class PostgresTokenStore: Sendable {
    package let location: PostgresLocation
    private let reader: PostgresFleetReader
    private let clock: any SheetLogClock

    private init(reader: PostgresFleetReader, clock: any SheetLogClock) {
        self.reader = reader
        location = reader.location
        self.clock = clock
    }

    /// Connects and migrates, as ``PostgresFleetReader/open(url:)`` does, with the same errors.
    package static func open(url: String, clock: any SheetLogClock = WallClock()) async throws -> PostgresTokenStore {
        PostgresTokenStore(reader: try await PostgresFleetReader.open(url: url), clock: clock)
    }

    /// The tokens of the fleet `reader` reads, on its connection pool (which its owner closes).
    package static func on(_ reader: PostgresFleetReader, clock: any SheetLogClock = WallClock()) -> PostgresTokenStore {
        PostgresTokenStore(reader: reader, clock: clock)
    }

    package func close() { reader.close() }

    /// Makes a new token for `credential`, stores its SHA-256, and returns the token: the only time it
    /// exists outside the holder's hands. A subject may hold several (a new one before the old is revoked).
    package func add(_ credential: FleetCredential) async throws -> String {
        try Self.requireSubject(credential)
        let token = Self.newToken(prefix: Self.prefix(of: credential))
        let hash = Self.sha256(token)
        let (kind, subject, now) = (credential.kind, credential.subject, clock.nowMilliseconds())
        let reveal = if case .revealer = credential { true } else { false }
        _ = try await reader.reading("token add") { client in
            try await client.query(
                "INSERT INTO tokens (sha256, kind, subject, created_at, reveal) VALUES (\(hash), \(kind), \(subject), \(now), \(reveal))",
                logger: reader.logger)
        }
        return token
    }

    /// Revokes every token of `credential` not revoked yet; returns how many. A reader's name
    /// revokes all of that reader's tokens, those that may reveal values and those that may not,
    /// and deletes the viewer sessions signed in with them (a session's lookup refuses a revoked
    /// token's anyway: deleting them keeps `reader_sessions` to live sessions).
    package func revoke(_ credential: FleetCredential) async throws -> Int {
        let (kind, subject, now) = (credential.kind, credential.subject, clock.nowMilliseconds())
        return try await reader.reading("token revoke") { client in
            let rows = try await client.query("""
                WITH revoked AS (
                    UPDATE tokens SET revoked_at = \(now) WHERE kind = \(kind) AND subject = \(subject) AND revoked_at IS NULL RETURNING sha256
                ), ended AS (
                    DELETE FROM reader_sessions WHERE token_sha256 IN (SELECT sha256 FROM revoked)
                )
                SELECT 1 FROM revoked
                """, logger: reader.logger)
            var count = 0
            for try await _ in rows { count += 1 }
            return count
        }
    }

    /// Who `token` lets in: nil for a token that is unknown, revoked, or not of the tokens' shape
    /// (checked before the database is asked).
    package func credential(of token: String) async throws -> FleetCredential? {
        guard Self.hasShape(token) else { return nil }
        let hash = Self.sha256(token)
        return try await reader.reading("token check") { client in
            let rows = try await client.query(
                "SELECT kind, subject, reveal FROM tokens WHERE sha256 = \(hash) AND revoked_at IS NULL", logger: reader.logger)
            for try await (kind, subject, reveal) in rows.decode((String, String, Bool).self) {
                switch kind {
                case "device": return .device(subject)
                case "read": return reveal ? .revealer(subject) : .reader(subject)
                default: return nil
                }
            }
            return nil
        }
    }

    /// `prefix` and 64 hex digits: 32 bytes from the system's secure generator.
    static func newToken(prefix: String) -> String {
        var generator = SystemRandomNumberGenerator()
        let secret = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return prefix + Checksum.hex(secret)
    }

    static func prefix(of credential: FleetCredential) -> String {
        switch credential {
        case .device: "sld_"
        case .reader, .revealer: "slr_"
        }
    }

    /// `sld_` or `slr_` and 64 lowercase hex digits.
    static func hasShape(_ token: String) -> Bool {
        let bytes = Array(token.utf8)
        guard bytes.count == 68, token.hasPrefix("sld_") || token.hasPrefix("slr_") else { return false }
        return bytes[4...].allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }

    static func sha256(_ token: String) -> String {
        Checksum.sha256Hex(token)
    }

    static func requireSubject(_ credential: FleetCredential) throws {
        let problem: String?
        switch credential {
        case .device(let id): problem = DeviceID.problem(id).map { "the device id \($0); \(DeviceID.rule)" }
        case .reader(let name), .revealer(let name):
            problem = NameCharacters.identifierProblem(in: name, limit: InputLimits.default.maxIdentifierBytes).map {
                "the reader name \($0); a reader name is 1 to \(InputLimits.default.maxIdentifierBytes) bytes without control or formatting characters"
            }
        }
        if let problem { throw SheetLogError(.invalidInput, problem, context: .init(operation: "token add")) }
    }
}
