import GRDB
import SheetLogProjections
import SheetLogStorage

/// The checks of `SheetLogDatabase.verify()` that read the log's shape and the schema that guards
/// it, rather than recomputing anything: what SheetLog never writes, even if every chain value was
/// recomputed after an edit.
extension SQLiteBackend {
    /// The tables SheetLog keeps append-only, with the migration that guards each and what an
    /// unguarded table lets happen.
    private static let appendOnlyTables = [
        (table: "events", migration: "0001", words: "events can be changed or deleted in place"),
        (table: "command_receipts", migration: "0005",
         words: "command receipts can be deleted, and a resent command would be decided anew"),
        (table: "log_bases", migration: "0013", words: "a base can be changed, and the kept log checked from another chain"),
        (table: "pruned_sessions", migration: "0013", words: "a pruned session can be forgotten, and a resent command of it stored again"),
        (table: "erasure_counts", migration: "0014", words: "what an erasure erased can be changed or forgotten once a prune removed its sessions"),
        (table: "base_sessions", migration: "0015", words: "a carried session's state can be changed, and its kept events folded from another"),
    ]

    /// The triggers that refuse UPDATE and DELETE on the append-only tables (`events`,
    /// `command_receipts`), exactly as the migrations created them, and no other trigger on them.
    package func appendOnlyCheck() async throws -> VerificationReport.Check {
        let tables = Self.appendOnlyTables.map(\.table)
        let (stored, applied) = try await readModels("verify") { db in
            (try Row.fetchAll(db, sql: """
                SELECT name, sql, tbl_name FROM sqlite_master
                WHERE type = 'trigger' AND tbl_name IN (\(tables.map { "'\($0)'" }.joined(separator: ", ")))
                """).map { (name: $0[0] as String, sql: $0[1] as String?, table: $0[2] as String) },
             Set(try SchemaMigrator().appliedMigrations(db).map(\.number)))
        }
        // As the migrations the file records made them: a read-only copy of a file from before 0013
        // keeps 0001's DELETE trigger.
        let shipped = try Self.shippedAppendOnlyTriggers(applied: applied)
        let storedByName = Dictionary(stored.map { ($0.name, $0.sql) }, uniquingKeysWith: { first, _ in first })
        for guarded in Self.appendOnlyTables {
            for (name, sql) in (shipped[guarded.table] ?? [:]).sorted(by: { $0.key < $1.key }) where storedByName[name] ?? nil != sql {
                return .init(name: "append-only", passed: false,
                             detail: "trigger \(name) is missing or not as migration \(guarded.migration) created it: \(guarded.words)")
            }
        }
        if let extra = stored.filter({ shipped[$0.table]?[$0.name] == nil }).sorted(by: { $0.name < $1.name }).first {
            return .init(name: "append-only", passed: false, detail: "trigger \(extra.name) on \(extra.table) was not created by SheetLog")
        }
        return .init(name: "append-only", passed: true, detail: "UPDATE and DELETE on events and command receipts are refused (DELETE only at or below a base's cut, of pruned sessions), on bases, pruned sessions, erasure counts and carried states always")
    }

    /// The triggers on the append-only tables as the shipped migrations create them, by table and
    /// name: SQLite keeps a trigger's text as written, so a fresh in-memory database gives exactly
    /// what the file must hold.
    private static func shippedAppendOnlyTriggers(applied: Set<Int>) throws -> [String: [String: String]] {
        try DatabaseQueue().write { db in
            for migration in SchemaMigration.embedded.sorted(by: { $0.number < $1.number }) where applied.isEmpty || applied.contains(migration.number) {
                try db.execute(sql: migration.sql)
            }
            var triggers: [String: [String: String]] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT name, sql, tbl_name FROM sqlite_master WHERE type = 'trigger'") {
                triggers[row[2] as String, default: [:]][row[0] as String] = row[1] as String
            }
            return triggers
        }
    }

    /// The `positions` and `versions` checks, with the log's event and session counts.
    package func logShape() async throws -> LogShape {
        try await readModels("verify") { db in
            let row = try Row.fetchOne(db, sql: """
                SELECT count(*), COALESCE(min(position), 0), COALESCE(max(position), 0), count(DISTINCT stream) FILTER (WHERE substr(stream, 1, 1) <> '$'),
                       COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'events'), 0)
                FROM events
                """)!
            let count: Int64 = row[0], first: Int64 = row[1], last: Int64 = row[2], sessions: Int = row[3], sequence: Int64 = row[4]
            // A pruned log holds positions from its latest cut + 1; `$erasures` continues from the versions its bases carry.
            let base = try SQLiteEventStore.logBase(in: db)
            let positions = try Self.positionsCheck(
                count: count, first: first, last: last, sequence: sequence, cut: base?.cutPosition ?? 0, in: db)
            return LogShape(events: count, sessions: sessions, positions: positions,
                            versions: try Self.versionsCheck(sessions: sessions, carriedErasures: base?.carriedErasuresVersion ?? 0, in: db))
        }
    }

    private static func positionsCheck(
        count: Int64, first: Int64, last storedLast: Int64, sequence: Int64, cut: Int64, in db: Database
    ) throws -> VerificationReport.Check {
        // Every event of a pruned log may be gone: its end is then the cut.
        let last = max(storedLast, cut)
        if sequence > last {
            // SQLite's AUTOINCREMENT counter remembers the highest position ever written: events were deleted off the end.
            let missing = sequence == last + 1 ? "position \(sequence) is" : "positions \(last + 1)…\(sequence) are"
            return .init(name: "positions", passed: false,
                         detail: "\(missing) missing at the end of the log (sqlite_sequence records position \(sequence) as written, the last event is at \(last))")
        }
        if sequence < last {
            return .init(name: "positions", passed: false,
                         detail: "sqlite_sequence records position \(sequence) as the highest written, below the last event at \(last): it was edited")
        }
        if count > 0, first != cut + 1 || last - cut != count {
            let gap = try Int64.fetchOne(db, sql: """
                SELECT COALESCE((SELECT ?2 WHERE NOT EXISTS (SELECT 1 FROM events WHERE position = ?2)),
                                (SELECT e.position + 1 FROM events e WHERE NOT EXISTS
                                   (SELECT 1 FROM events n WHERE n.position = e.position + 1) AND e.position < ?1 ORDER BY e.position LIMIT 1))
                """, arguments: [last, cut + 1]) ?? 0
            return .init(name: "positions", passed: false, detail: "position \(gap) is missing (\(count) events, last position \(last))")
        }
        let pruned = cut == 0 ? "" : " (the log was pruned through position \(cut))"
        return .positionsWithoutGaps(from: cut + 1, through: last, pruned)
    }

    /// Each session's versions must be 1, 2, 3 … in position order: replay reads a session by
    /// version, rebuild folds the log by position, and SheetLog writes them in step. A session a
    /// prune carried continues from the version its base records.
    private static func versionsCheck(sessions: Int, carriedErasures: Int64, in db: Database) throws -> VerificationReport.Check {
        let hasCarried = try CarriedSession.hasTable(in: db)
        if hasCarried, let edited = try carriedVersionEdited(in: db) { return edited }
        let start = hasCarried ? "COALESCE((SELECT c.version FROM base_sessions c WHERE c.session = events.stream), 0)" : "0"
        guard let broken = try Row.fetchOne(db, sql: """
            SELECT stream, position, version, previous_version, previous_position FROM (
                SELECT stream, position, version,
                       lag(version, 1, CASE WHEN stream = '$erasures' THEN ? ELSE \(start) END) OVER (PARTITION BY stream ORDER BY position) AS previous_version,
                       lag(position) OVER (PARTITION BY stream ORDER BY position) AS previous_position
                FROM events)
            WHERE version != previous_version + 1 ORDER BY position LIMIT 1
            """, arguments: [carriedErasures]) else {
            return .init(name: "versions", passed: true, detail: "versions 1…n in position order in each of \(sessions) sessions")
        }
        let stream: String = broken[0], position: Int64 = broken[1], version: Int64 = broken[2]
        guard let previousPosition: Int64 = broken[4] else {
            let expected: Int64 = broken[3] + 1
            return .init(name: "versions", passed: false,
                         detail: "session \(stream) starts with version \(version) at position \(position), not \(expected)\(expected > 1 ? " (the version after the state a prune carried)" : "")")
        }
        let previousVersion: Int64 = broken[3]
        return .init(name: "versions", passed: false,
                     detail: "session \(stream) has version \(version) at position \(position), after version \(previousVersion) at position \(previousPosition): versions must be 1, 2, 3 … in position order")
    }

    /// A carried session's row must say the session and version its state does: the kept events
    /// continue from the row's version, and where none follows yet, nothing else would see an edit
    /// of it (the next command would be refused or numbered from the edited version).
    private static func carriedVersionEdited(in db: Database) throws -> VerificationReport.Check? {
        guard let row = try Row.fetchOne(db, sql: """
            SELECT session, version, CASE WHEN json_valid(snapshot) THEN json_extract(snapshot, '$.version') END,
                   CASE WHEN json_valid(snapshot) THEN json_extract(snapshot, '$.session') END
            FROM base_sessions
            WHERE NOT json_valid(snapshot) OR json_extract(snapshot, '$.session') IS NOT session
               OR json_extract(snapshot, '$.version') IS NOT version
            ORDER BY cut_position, session LIMIT 1
            """) else { return try carriedCutEdited(in: db) }
        return .carriedRowEdited(table: "base_sessions", session: row[0], version: row[1], stateSession: row[3], stateVersion: row[2])
    }

    /// A carried row names the cut of the prune step that carried it last: the first cut at or after
    /// its state's last event (a later step that removed none of its events leaves it as it is).
    /// Replay and state name that step's pruning and read the state through it.
    private static func carriedCutEdited(in db: Database) throws -> VerificationReport.Check? {
        guard let row = try Row.fetchOne(db, sql: """
            SELECT session, cut_position, last_position, expected FROM (
                SELECT session, cut_position, json_extract(snapshot, '$.lastPosition') AS last_position,
                       (SELECT min(b.cut_position) FROM log_bases b WHERE b.cut_position >= json_extract(c.snapshot, '$.lastPosition')) AS expected
                FROM base_sessions c)
            WHERE expected IS NULL OR cut_position IS NOT expected
            ORDER BY session LIMIT 1
            """) else { return nil }
        let session: String = row[0], cut: Int64 = row[1], lastPosition: Int64? = row[2], expected: Int64? = row[3]
        let carrier = expected.map { "the prune step whose cut is position \($0)" } ?? "no prune step of this log"
        return .init(name: "versions", passed: false,
                     detail: "base_sessions carries session \(session) from the cut at position \(cut), but its state's last event (position \(lastPosition.map(String.init) ?? "unknown")) was removed by \(carrier): a carried session's row was edited")
    }
}
