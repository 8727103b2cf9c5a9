import Foundation
import GRDB
import SheetLogCore
import SheetLogDomain
import SheetLogJSON
import SheetLogProjections
import SheetLogStorage

extension SQLiteEventStore {
    /// The pruned log's base as an export writes it: the latest cut and chain, the totals of every
    /// prune, the carried erasures with what they erased, and every carried session's state with its
    /// values opened with `keys` and written in clear. Nil for a log never pruned.
    static func baseImage(keys: any SubjectKeys, in db: Database) throws -> LogBaseImage? {
        guard let base = try logBase(in: db),
              let times = try Row.fetchOne(db, sql: "SELECT min(first_recorded_at), max(last_recorded_at) FROM log_bases")
        else { return nil }
        let frozen = try ErasureCounts.hasTable(in: db)
        let erasures = try carriedErasures(in: db).map { event in
            let erasure = try SubjectErasure.decode(event)
            let counts = try (frozen ? ErasureCounts.frozen(eventID: event.eventID, in: db) : nil)
                ?? ErasureCounts.Counts(sessions: 0, closedSessions: [])
            return LogBaseImage.Erasure(
                eventID: event.eventID, position: event.position, version: event.version, subject: erasure.subject,
                requestedBy: erasure.requestedBy, occurredAt: event.occurredAt ?? event.recordedAt, recordedAt: event.recordedAt, chain: event.chain,
                sessions: counts.sessions, closedSessions: counts.closedSessions)
        }
        let sessions = try CarriedSession.storedSnapshots(in: db).map { stored in
            let carried = try CarriedSession(snapshot: stored.snapshot, keys: keys)
            return LogBaseImage.Session(session: stored.session, version: carried.version, state: carried.snapshotJSON(valuesSealed: false))
        }
        return LogBaseImage(
            cutPosition: base.cutPosition, chain: base.chain, prunedAt: base.prunedAt, firstRecordedAt: times[0], lastRecordedAt: times[1],
            removedEvents: base.removedEvents, erasures: erasures, sessions: sessions)
    }

    /// ``baseImage(keys:in:)`` on this store's reader: what `sheetlog-server import` of a pruned file
    /// sends a device new to the fleet. Without `keys` (a file opened without its master key) a
    /// sealed log's carried values read as withheld markers, so nothing sealed leaves in clear.
    @concurrent
    package func baseImage(keys: any SubjectKeys = NoSubjectKeys()) async throws -> LogBaseImage? {
        try await reading("base image") { db in try Self.baseImage(keys: keys, in: db) }
    }

    /// What ``installBase(_:)`` did.
    package enum BaseInstallation: Sendable, Equatable {
        /// The base is written: the log is empty and begins at its cut + 1.
        case installed
        /// The database already had this very base (same cut and chain): nothing was written.
        case alreadyInstalled
    }

    /// Writes `image` into an empty database, in one transaction: its `log_bases` row (with the
    /// carried erasures), the erasures' keys erased and counts frozen, every carried session's state
    /// (sealed again under this database's subject keys), the next position after the cut, and the
    /// read-model rows of the carried sessions, as a rebuild makes them. A database that already
    /// has this base answers ``BaseInstallation/alreadyInstalled``; one with anything else in its
    /// log, or another base, is refused, and so is an image that breaks the rules of a base.
    package func installBase(_ image: LogBaseImage) throws -> BaseInstallation {
        try refuseWriteIfReadOnly("installing a base")
        do {
            return try writeOnCallingThread { db in
                var outcome = BaseInstallation.installed
                try db.inTransaction(.immediate) {
                    outcome = try install(image, in: db)
                    return .commit
                }
                if outcome == .installed {
                    tailCache.invalidate()
                    configuration.sheets?.cache.removeAll()
                }
                return outcome
            }
        } catch let error as SheetLogError {
            throw error
        } catch {
            throw SheetLogError.wrapping(error, operation: "installing a base")
        }
    }

    private func install(_ image: LogBaseImage, in db: Database) throws -> BaseInstallation {
        if let present = try Self.logBase(in: db) {
            if present.cutPosition == image.cutPosition, present.chain == image.chain { return .alreadyInstalled }
            throw Self.baseRefused(
                "the database already has a base (cut at position \(present.cutPosition)) and takes no other", cut: image.cutPosition)
        }
        let used = try Row.fetchOne(db, sql: """
            SELECT (SELECT count(*) FROM events), (SELECT count(*) FROM sessions),
                   COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'events'), 0)
            """)!
        if (used[0] as Int64) > 0 || (used[1] as Int64) > 0 || (used[2] as Int64) > 0 {
            throw Self.baseRefused(
                "a base is installed only into an empty database, and this one has recorded events (through position \(used[2] as Int64))",
                cut: image.cutPosition)
        }
        let carried = try image.validatedSessions()
        var ring: SubjectKeyRing?
        var defaultSubject = SealingRecord.unnamedDefaultSubject
        if let record = try SealingRecord.read(in: db, migrated: true) {
            guard let keyRing = configuration.keyRing else { throw SealingRecord.keyUnavailable(at: location) }
            try record.requireMatching(keyRing.master, at: location)
            ring = keyRing
            defaultSubject = keyRing.defaultSubject ?? record.defaultSubject
        }
        if ring == nil, let erasure = image.erasures.first {
            throw SheetLogError(
                .invalidInput,
                "the base carries the erasure of subject \(erasure.subject), and this database is plain: only a sealed database erases subjects",
                context: .init(position: image.cutPosition, eventID: erasure.eventID, operation: "installing a base"))
        }
        try db.execute(
            sql: """
                INSERT INTO log_bases (cut_position, chain, removed_events, first_recorded_at, last_recorded_at, pruned_at, erasures)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [image.cutPosition, Data(image.chain), image.removedEvents, image.firstRecordedAt, image.lastRecordedAt,
                        image.prunedAt, Self.erasuresJSON(image.erasures)])
        for erasure in image.erasures {
            try db.execute(
                sql: """
                    INSERT INTO subject_keys (subject, wrapped_key, created_at, erased_at) VALUES (?1, NULL, ?2, ?2)
                    ON CONFLICT (subject) DO NOTHING
                    """,
                arguments: [erasure.subject, erasure.occurredAt])
            var closed = JSONWriter(capacity: 64)
            closed.strings(erasure.closedSessions)
            try db.execute(
                sql: "INSERT INTO erasure_counts (event_id, sessions, closed_sessions) VALUES (?, ?, ?)",
                arguments: [erasure.eventID, erasure.sessions, closed.text])
        }
        let epoch = tailCache.tail(dataVersion: .min, totalChanges: -1).epoch
        let now = configuration.clock.nowMilliseconds()
        for var carried in carried {
            if let ring {
                // A session of a plain original takes the default subject, as a new session's first line does.
                let subject = carried.projected.sealing?.subject ?? defaultSubject
                let key: SubjectKey
                if case .erased = try SubjectKeyRing.stored(subject, in: db) {
                    key = .erased
                } else {
                    key = .available(try ring.keyForWriting(subject, in: db, now: now, epoch: epoch))
                }
                carried.projected.sealing = SessionSealing(subject: subject, key: key)
            } else {
                carried.projected.sealing = nil
            }
            try db.execute(
                sql: "INSERT INTO base_sessions (session, cut_position, version, snapshot) VALUES (?, ?, ?, ?)",
                arguments: [carried.session, image.cutPosition, carried.version, carried.snapshotJSON()])
        }
        try db.execute(sql: "INSERT OR REPLACE INTO sqlite_sequence (name, seq) VALUES ('events', ?)", arguments: [image.cutPosition])
        try configuration.sheets?.rebuild(in: db)
        return .installed
    }

    /// The carried erasures' events as they were stored (``CarriedErasureRows``): what an export
    /// carries of them, under the chain rule of this release.
    private static func erasuresJSON(_ erasures: [LogBaseImage.Erasure]) -> String {
        CarriedErasureRows.json(erasures.map { erasure in
            let data = SubjectErasure(subject: erasure.subject, requestedBy: erasure.requestedBy).eventData(occurredAt: erasure.occurredAt)
            return RecordedEvent(
                position: erasure.position, eventID: erasure.eventID, stream: SubjectErasure.stream, version: erasure.version,
                type: SubjectErasure.type, schemaVersion: SubjectErasure.schemaVersion, payload: data.payload, metadata: nil,
                occurredAt: erasure.occurredAt, recordedAt: erasure.recordedAt, chain: erasure.chain,
                chainVersion: Int(ChainRule.current.rawValue))
        })
    }

    private static func baseRefused(_ rule: String, cut: Int64) -> SheetLogError {
        SheetLogError(.invalidInput, rule, context: .init(position: cut, operation: "installing a base"))
    }
}
