import Logging
import PostgresNIO
import SheetLogCore

/// The viewer's sign-in sessions in the fleet store (`reader_sessions`, migration 0008): a reader
/// signs in with a reader token and gets a session id, which the browser's cookie holds instead of
/// the token. Only each id's SHA-256 is stored.
///
/// A session lets in while its token is not revoked (each lookup joins `tokens`, so a revocation
/// ends it at once), for ``ReaderSessionLimits/idle`` after its last use and
/// ``ReaderSessionLimits/absolute`` after sign-in at most, as `clock` tells; ``end(_:)`` ends it.
///
/// ```swift
/// let sessions = PostgresReaderSessions.on(fleet)
/// let id = try await sessions.start(token: readerToken)   // nil for a device's, unknown or revoked token
/// try await sessions.credential(ofSession: id!)           // .reader("support")
/// ```
package struct PostgresReaderSessions: Sendable {
    private let reader: PostgresFleetReader
    private let clock: any SheetLogClock

    /// The sessions of the fleet `reader` reads, on its connection pool (which its owner closes).
    package static func on(_ reader: PostgresFleetReader, clock: any SheetLogClock = WallClock()) -> PostgresReaderSessions {
        PostgresReaderSessions(reader: reader, clock: clock)
    }

    /// Starts a session for the reader token `token` and returns its id (`sls_` and 64 hex digits):
    /// the only time it exists outside the reader's browser. Nil when `token` is not a reader's
    /// token, or is unknown or revoked. Ended sessions are deleted on the way, so that the table
    /// holds only live ones.
    package func start(token: String) async throws -> String? {
        guard PostgresTokenStore.hasShape(token) else { return nil }
        let id = PostgresTokenStore.newToken(prefix: Self.prefix)
        let (hash, tokenHash, now) = (PostgresTokenStore.sha256(id), PostgresTokenStore.sha256(token), clock.nowMilliseconds())
        let (idleSince, expiresAt) = (now - ReaderSessionLimits.idle, now + ReaderSessionLimits.absolute)
        return try await reader.reading("sign in") { client in
            let rows = try await client.query("""
                WITH ended AS (
                    DELETE FROM reader_sessions WHERE expires_at <= \(now) OR last_used_at <= \(idleSince)
                        OR token_sha256 IN (SELECT sha256 FROM tokens WHERE revoked_at IS NOT NULL)
                )
                INSERT INTO reader_sessions (sha256, token_sha256, created_at, last_used_at, expires_at)
                SELECT \(hash), sha256, \(now), \(now), \(expiresAt) FROM tokens
                 WHERE sha256 = \(tokenHash) AND kind = 'read' AND revoked_at IS NULL
                RETURNING 1
                """, logger: reader.logger)
            for try await _ in rows { return id }
            return nil
        }
    }

    /// Who the session `id` lets in, noting its use now; nil when it is unknown, ended (signed out,
    /// idle too long, too old), its token revoked, or `id` is not of the ids' shape (checked before
    /// the database is asked).
    package func credential(ofSession id: String) async throws -> FleetCredential? {
        guard Self.hasShape(id) else { return nil }
        let (hash, now) = (PostgresTokenStore.sha256(id), clock.nowMilliseconds())
        let idleSince = now - ReaderSessionLimits.idle
        return try await reader.reading("session check") { client in
            let rows = try await client.query("""
                UPDATE reader_sessions s SET last_used_at = GREATEST(s.last_used_at, \(now))
                  FROM tokens t
                 WHERE s.sha256 = \(hash) AND t.sha256 = s.token_sha256 AND t.kind = 'read' AND t.revoked_at IS NULL
                   AND s.last_used_at > \(idleSince) AND s.expires_at > \(now)
                RETURNING t.subject, t.reveal
                """, logger: reader.logger)
            for try await (subject, reveal) in rows.decode((String, Bool).self) {
                return reveal ? .revealer(subject) : .reader(subject)
            }
            return nil
        }
    }

    /// Ends the session `id` (sign-out); nothing for an unknown or malformed one.
    package func end(_ id: String) async throws {
        guard Self.hasShape(id) else { return }
        let hash = PostgresTokenStore.sha256(id)
        _ = try await reader.reading("sign out") { client in
            try await client.query("DELETE FROM reader_sessions WHERE sha256 = \(hash)", logger: reader.logger)
        }
    }

    /// Session ids start `sls_`, so that one is never taken for a token, nor a token for one.
    static let prefix = "sls_"

    /// `sls_` and 64 lowercase hex digits.
    package static func hasShape(_ id: String) -> Bool {
        let bytes = Array(id.utf8)
        guard bytes.count == 68, id.hasPrefix(prefix) else { return false }
        return bytes[4...].allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }
}
