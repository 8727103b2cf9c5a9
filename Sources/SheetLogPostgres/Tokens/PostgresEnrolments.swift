import Logging
import PostgresNIO
import SheetLogCore

/// The fleet's enrolment tokens (`enrolment_tokens`, `enrolled_devices`, migration 0006): made,
/// revoked, listed, and spent by ``enrol(enrolmentToken:device:)``, which gives a new device id its
/// push token. Only each token's SHA-256 is stored, as for ``PostgresTokenStore``.
///
/// An enrolment token (`sle_` and 64 hex digits) never pushes or reads: it only makes device
/// tokens, each for an id the fleet has never seen, within its count and before its expiry.
///
/// ```swift
/// let enrolments = try await PostgresEnrolments.open(url: url)
/// defer { enrolments.close() }
/// let token = try await enrolments.add(name: "app-2.4", maxDevices: 500, expiresAt: nil)   // shown once
/// let outcome = try await enrolments.enrol(enrolmentToken: token, device: "install-7f3a")   // .enrolled(deviceToken:…)
/// ```
package final class PostgresEnrolments: Sendable {
    package let location: PostgresLocation
    private let reader: PostgresFleetReader
    private let clock: any SheetLogClock

    private init(reader: PostgresFleetReader, clock: any SheetLogClock) {
        self.reader = reader
        location = reader.location
        self.clock = clock
    }

    /// Connects and migrates, as ``PostgresFleetReader/open(url:)`` does, with the same errors.
    package static func open(url: String, clock: any SheetLogClock = WallClock()) async throws -> PostgresEnrolments {
        PostgresEnrolments(reader: try await PostgresFleetReader.open(url: url), clock: clock)
    }

    /// The enrolments of the fleet `reader` reads, on its connection pool (which its owner closes).
    package static func on(_ reader: PostgresFleetReader, clock: any SheetLogClock = WallClock()) -> PostgresEnrolments {
        PostgresEnrolments(reader: reader, clock: clock)
    }

    package func close() { reader.close() }

    /// An enrolment token as the operator sees it: never the token, which only its holder has.
    package struct Record: Sendable, Hashable {
        package var name: String
        package var createdAt: Int64
        package var expiresAt: Int64?
        package var maxDevices: Int?
        package var enrolled: Int
        package var revokedAt: Int64?
    }

    /// Makes an enrolment token named `name`, stores its SHA-256, and returns the token: the only
    /// time it exists outside its holder's hands. `maxDevices` nil: no limit; `expiresAt`
    /// (milliseconds since 1970) nil: until revoked.
    package func add(name: String, maxDevices: Int?, expiresAt: Int64?) async throws -> String {
        if let problem = NameCharacters.identifierProblem(in: name, limit: InputLimits.default.maxIdentifierBytes) {
            throw SheetLogError(.invalidInput, "the enrolment token's name \(problem)", context: .init(operation: "enrolment add"))
        }
        if let maxDevices, maxDevices < 1 || maxDevices > Int(Int32.max) {
            throw SheetLogError(.invalidInput, "--max-devices is 1 or more", context: .init(operation: "enrolment add"))
        }
        let token = PostgresTokenStore.newToken(prefix: Self.prefix)
        let (hash, now, limit) = (PostgresTokenStore.sha256(token), clock.nowMilliseconds(), maxDevices.map(Int32.init))
        _ = try await reader.reading("enrolment add") { client in
            try await client.query("""
                INSERT INTO enrolment_tokens (sha256, name, created_at, expires_at, max_devices)
                VALUES (\(hash), \(name), \(now), \(expiresAt), \(limit))
                """, logger: reader.logger)
        }
        return token
    }

    /// Revokes every enrolment token named `name` not revoked yet; returns how many. The devices
    /// they enrolled keep their push tokens (`device revoke ID` takes those).
    package func revoke(name: String) async throws -> Int {
        let now = clock.nowMilliseconds()
        return try await reader.reading("enrolment revoke") { client in
            let rows = try await client.query(
                "UPDATE enrolment_tokens SET revoked_at = \(now) WHERE name = \(name) AND revoked_at IS NULL RETURNING 1", logger: reader.logger)
            var count = 0
            for try await _ in rows { count += 1 }
            return count
        }
    }

    /// Every enrolment token, oldest first, with how many devices each enrolled.
    package func list() async throws -> [Record] {
        try await reader.reading("enrolment list") { client in
            let rows = try await client.query("""
                SELECT t.name, t.created_at, t.expires_at, t.max_devices, t.revoked_at,
                       (SELECT count(*) FROM enrolled_devices d WHERE d.enrolment_sha256 = t.sha256)
                FROM enrolment_tokens t ORDER BY t.created_at, t.name
                """, logger: reader.logger)
            var records: [Record] = []
            for try await (name, created, expires, limit, revoked, enrolled) in rows.decode((String, Int64, Int64?, Int32?, Int64?, Int64).self) {
                records.append(Record(
                    name: name, createdAt: created, expiresAt: expires, maxDevices: limit.map(Int.init), enrolled: Int(enrolled), revokedAt: revoked))
            }
            return records
        }
    }

    /// Enrols `device` with `enrolmentToken`, in one transaction: the token must be known, not
    /// revoked, not expired and below its count (its row is locked, so two enrolments never both
    /// take its last place), and the id unknown to the fleet (no token, enrolment, event or shared
    /// key of it). Then the id's push token is made and returned in ``EnrolmentOutcome/enrolled(deviceToken:enrolment:)``.
    package func enrol(enrolmentToken: String, device: String) async throws -> EnrolmentOutcome {
        guard Self.hasShape(enrolmentToken) else { return .unknownToken }
        if let problem = DeviceID.problem(device) {
            throw SheetLogError(.invalidInput, "enrolment: the device id \(problem); \(DeviceID.rule)", context: .init(operation: "enrol"))
        }
        let (hash, now) = (PostgresTokenStore.sha256(enrolmentToken), clock.nowMilliseconds())
        let deviceToken = PostgresTokenStore.newToken(prefix: PostgresTokenStore.prefix(of: .device(device)))
        let deviceHash = PostgresTokenStore.sha256(deviceToken)
        let logger = reader.logger
        return try await reader.reading("enrol") { client in
            try await client.withTransaction(logger: logger) { connection in
                let rows = try await connection.query(
                    "SELECT name, expires_at, max_devices FROM enrolment_tokens WHERE sha256 = \(hash) AND revoked_at IS NULL FOR UPDATE",
                    logger: logger)
                var found: (name: String, expiresAt: Int64?, maxDevices: Int32?)?
                for try await row in rows.decode((String, Int64?, Int32?).self) { found = row }
                guard let found else { return .unknownToken }
                if let expiresAt = found.expiresAt, expiresAt <= now { return .expired(enrolment: found.name, at: expiresAt) }
                if let maxDevices = found.maxDevices {
                    let counted = try await connection.query("SELECT count(*) FROM enrolled_devices WHERE enrolment_sha256 = \(hash)", logger: logger)
                    var enrolled: Int64 = 0
                    for try await count in counted.decode(Int64.self) { enrolled = count }
                    if enrolled >= Int64(maxDevices) { return .exhausted(enrolment: found.name, maxDevices: Int(maxDevices)) }
                }
                let known = try await connection.query("""
                    SELECT EXISTS (SELECT 1 FROM tokens WHERE kind = 'device' AND subject = \(device))
                        OR EXISTS (SELECT 1 FROM events WHERE device = \(device))
                        OR EXISTS (SELECT 1 FROM shared_keys WHERE device = \(device))
                    """, logger: logger)
                for try await isKnown in known.decode(Bool.self) where isKnown { return .deviceKnown(enrolment: found.name) }
                // The id's own row decides between two enrolments of it at once: the second waits for
                // the first's commit, then inserts nothing.
                let inserted = try await connection.query("""
                    INSERT INTO enrolled_devices (device, enrolment_sha256, enrolled_at) VALUES (\(device), \(hash), \(now))
                    ON CONFLICT (device) DO NOTHING RETURNING 1
                    """, logger: logger)
                var added = false
                for try await _ in inserted { added = true }
                guard added else { return .deviceKnown(enrolment: found.name) }
                try await connection.query(
                    "INSERT INTO tokens (sha256, kind, subject, created_at, reveal) VALUES (\(deviceHash), 'device', \(device), \(now), false)",
                    logger: logger)
                return .enrolled(deviceToken: deviceToken, enrolment: found.name)
            }
        }
    }

    static let prefix = "sle_"

    /// `sle_` and 64 lowercase hex digits.
    static func hasShape(_ token: String) -> Bool {
        let bytes = Array(token.utf8)
        guard bytes.count == 68, token.hasPrefix(prefix) else { return false }
        return bytes[4...].allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }
}
