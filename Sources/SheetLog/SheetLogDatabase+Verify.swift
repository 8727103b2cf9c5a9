import GRDB
import SheetLogSQLite

extension SheetLogDatabase {
    /// Checks the database end to end: SQLite's `integrity_check`, the integrity chain, gap-free
    /// positions, versions 1…n in every session, that every event decodes, and that the projections
    /// equal a rebuild from the log. Runs every check and names the first failure.
    public func verify() async throws -> VerificationReport {
        var checks: [VerificationReport.Check] = []
        checks.append(try await integrityCheck())
        checks.append(Self.chainCheck(try await store.verifyChain()))
        let shape = try await logShape()
        checks.append(shape.positions)
        checks.append(shape.versions)
        checks.append(try await decodingCheck())
        checks.append(try await projectionsCheck())
        return VerificationReport(events: shape.events, sessions: shape.sessions, checks: checks)
    }

    /// Drops every projection row and refills the projections from the log, in one transaction.
    public func rebuildProjections() async throws {
        try await store.rebuildProjections()
    }

    private static func chainCheck(_ chain: ChainVerification) -> VerificationReport.Check {
        if let position = chain.firstBrokenPosition {
            let reason = chain.breakReason ?? .mismatch
            let why: String
            switch reason {
            case .mismatch: why = ""  // the position says it all: that event, or one before it, was changed
            case .unknownRule, .downgrade: why = ": \(reason)"
            }
            return .init(name: "chain", passed: false, detail: "the integrity chain breaks at position \(position)\(why)")
        }
        let ruleOne = chain.ruleOneEvents == 0 ? ""
            : " (\(chain.ruleOneEvents) of them before migration 0005, under rule 1, which leaves their times and metadata out)"
        return .init(name: "chain", passed: true, detail: "\(chain.checkedEvents) events chained\(ruleOne)")
    }

    private func integrityCheck() async throws -> VerificationReport.Check {
        let lines = try await readModels("integrity_check") { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
        let passed = lines == ["ok"]
        return .init(name: "integrity_check", passed: passed, detail: passed ? "ok" : lines.prefix(3).joined(separator: "; "))
    }

    private func logShape() async throws -> (events: Int64, sessions: Int, positions: VerificationReport.Check, versions: VerificationReport.Check) {
        try await readModels("verify") { db in
            let row = try Row.fetchOne(db, sql: """
                SELECT count(*), COALESCE(min(position), 0), COALESCE(max(position), 0), count(DISTINCT stream),
                       COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'events'), 0)
                FROM events
                """)!
            let count: Int64 = row[0], first: Int64 = row[1], last: Int64 = row[2], sessions: Int = row[3], sequence: Int64 = row[4]
            var positions = VerificationReport.Check(name: "positions", passed: true, detail: "positions 1…\(last) without gaps")
            if sequence > last {
                // SQLite's AUTOINCREMENT counter remembers the highest position ever written: events were deleted off the end.
                let missing = sequence == last + 1 ? "position \(sequence) is" : "positions \(last + 1)…\(sequence) are"
                positions = .init(name: "positions", passed: false,
                                  detail: "\(missing) missing at the end of the log (sqlite_sequence records position \(sequence) as written, the last event is at \(last))")
            } else if sequence < last {
                positions = .init(name: "positions", passed: false,
                                  detail: "sqlite_sequence records position \(sequence) as the highest written, below the last event at \(last): it was edited")
            } else if count > 0, first != 1 || last != count {
                let gap = try Int64.fetchOne(db, sql: """
                    SELECT COALESCE((SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM events WHERE position = 1)),
                                    (SELECT e.position + 1 FROM events e WHERE NOT EXISTS
                                       (SELECT 1 FROM events n WHERE n.position = e.position + 1) AND e.position < ? ORDER BY e.position LIMIT 1))
                    """, arguments: [last]) ?? 0
                positions = .init(name: "positions", passed: false, detail: "position \(gap) is missing (\(count) events, last position \(last))")
            }
            var versions = VerificationReport.Check(name: "versions", passed: true, detail: "versions 1…n in each of \(sessions) sessions")
            if let broken = try Row.fetchOne(db, sql: """
                SELECT stream, count(*), min(version), max(version) FROM events GROUP BY stream
                HAVING min(version) != 1 OR max(version) != count(*) ORDER BY min(position) LIMIT 1
                """) {
                let stream: String = broken[0], n: Int64 = broken[1], low: Int64 = broken[2], high: Int64 = broken[3]
                versions = .init(name: "versions", passed: false,
                                 detail: "session \(stream) has \(n) events with versions \(low)…\(high), not 1…\(n)")
            }
            return (count, sessions, positions, versions)
        }
    }

    /// The projections must equal a rebuild; a log the rebuild refuses (an event this build cannot
    /// decode) is a finding too, not an error of `verify`.
    private func projectionsCheck() async throws -> VerificationReport.Check {
        let mismatches: [ProjectionMismatch]
        do {
            mismatches = try await store.verifyProjections()
        } catch let error as SheetLogError where error.code == .undecodableEvent || error.code == .unsupportedSchemaVersion {
            return .init(name: "projections", passed: false, detail: "no rebuild to compare with: \(error.message)")
        }
        return .init(
            name: "projections", passed: mismatches.isEmpty,
            detail: mismatches.first?.description ?? "\(store.configuration.projections.count) projection(s) equal a rebuild")
    }

    /// Every event must decode as a sheet event this build understands.
    private func decodingCheck() async throws -> VerificationReport.Check {
        var cursor: Int64 = 0
        var checked = 0
        while true {
            let chunk = try await store.readAll(after: cursor, limit: 1_000)
            for event in chunk {
                do {
                    _ = try SheetEventCodec.decode(event)
                } catch {
                    return .init(name: "decoding", passed: false, detail: error.message)
                }
            }
            checked += chunk.count
            guard let last = chunk.last, chunk.count == 1_000 else { break }
            cursor = last.position
        }
        return .init(name: "decoding", passed: true, detail: "\(checked) events decode")
    }
}
