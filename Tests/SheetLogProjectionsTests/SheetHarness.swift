import Foundation
import GRDB
import Logging
import SheetLogDomain
import SheetLogProjections
import SheetLogSQLite
import Testing
import SheetLogTestSupport

/// Drives sessions the way an app does: decides commands with the domain against the folded
/// state, appends the events to a store configured with ``SheetProjection``, and reads rows back.
final class SheetHarness {
    /// Where a test's store keeps its log.
    enum StoreKind: String, Sendable, CaseIterable, CustomTestStringConvertible {
        case memory, file
        var testDescription: String { rawValue }
    }

    let store: SQLiteEventStore
    /// Keeps a file store's directory until the harness is released.
    private var directory: TemporaryDirectory?
    private(set) var states: [String: SessionState] = [:]
    /// Stream versions, which count events of other types too.
    private(set) var versions: [String: Int64] = [:]
    private(set) var now: Int64 = 1_767_225_600_000

    init(store: SQLiteEventStore) {
        self.store = store
    }

    /// A harness on a fresh store of `kind`.
    static func make(_ kind: StoreKind) throws -> SheetHarness {
        switch kind {
        case .memory:
            return try inMemory()
        case .file:
            let directory = try TemporaryDirectory()
            let harness = SheetHarness(store: try SQLiteEventStore(path: directory.path("log.sqlite"), configuration: configuration()))
            harness.directory = directory
            return harness
        }
    }

    /// A harness on a fresh in-memory store.
    static func inMemory(_ projection: SheetProjection = SheetProjection()) throws -> SheetHarness {
        SheetHarness(store: try SQLiteEventStore.inMemory(configuration: configuration(projection)))
    }

    /// A store configuration with the projection and a silent logger (every store logs its migrations).
    static func configuration(_ projection: SheetProjection = SheetProjection()) -> SQLiteEventStore.Configuration {
        SQLiteEventStore.Configuration(clock: ManualClock(), logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
            .keepingSheets(projection)
    }

    func state(_ session: String) -> SessionState {
        states[session] ?? SessionState(sessionID: session)
    }

    /// Decides `command` in `session` and appends what it decided; returns the recorded events.
    @discardableResult
    func run(_ command: SheetCommand, in session: String = "s1", advancing milliseconds: Int64 = 1_000) async throws -> [RecordedEvent] {
        now += milliseconds
        let before = state(session)
        if case .declineDraft(let reference) = command, reference.session != session {
            return try await run(command, in: reference.session, advancing: 0)
        }
        let events = try SheetDecider.decide(command, state: before, at: now)
        return try await append([session: events])
    }

    /// Restores a draft of another session into `session`: both batches in one append.
    @discardableResult
    func restore(_ reference: DraftReference, into session: String, as newID: String? = nil) async throws -> [RecordedEvent] {
        now += 1_000
        let (old, new) = try SheetDecider.decideRestore(
            from: reference, old: state(reference.session), new: state(session), newPresentation: newID, at: now)
        return try await append([reference.session: old, session: new])
    }

    /// Appends decided events, one batch per session, in one transaction, and folds them.
    func append(_ decided: [String: [SheetEvent]]) async throws -> [RecordedEvent] {
        let sessions = decided.keys.sorted().filter { !(decided[$0]!.isEmpty) }
        if sessions.isEmpty { return [] }
        let batches = try sessions.map { session in
            let version = versions[session] ?? 0
            return StreamBatch(
                stream: session, events: try decided[session]!.map { try $0.eventData() },
                expected: version == 0 ? .noStream : .exact(version))
        }
        let result = try await store.append(batches)
        for session in sessions {
            states[session] = SheetDecider.fold(decided[session]!, into: state(session))
            versions[session, default: 0] += Int64(decided[session]!.count)
        }
        return result.events
    }

    /// Appends an event of a type the domain does not know, as another writer of the log would
    /// (the projection refuses it: the append throws and nothing changes).
    @discardableResult
    func appendForeignEvent(to session: String, type: String = "analytics.tap") async throws -> [RecordedEvent] {
        let event = EventData(type: type, payload: #"{"button":"help"}"#, occurredAt: now)
        let result = try await store.append([event], to: session, expecting: .any)
        versions[session, default: 0] += 1
        return result.events
    }

    /// Every row of a query, with the columns by name (a synchronous read: rows are not Sendable).
    func rows(_ sql: String, _ arguments: [String] = []) async throws -> [Row] {
        try store.writer.read { db in try Row.fetchAll(db, sql: sql, arguments: StatementArguments(arguments)) }
    }

    /// The row of one presentation.
    func presentation(_ id: String, in session: String = "s1") async throws -> Row? {
        try await rows("SELECT * FROM presentations WHERE session = ? AND presentation = ?", [session, id]).first
    }

    /// The dismissal rows of a session, in position order.
    func dismissals(in session: String = "s1") async throws -> [Row] {
        try await rows("SELECT * FROM dismissals WHERE session = ? ORDER BY position", [session])
    }

    func session(_ id: String = "s1") async throws -> Row? {
        try await rows("SELECT * FROM sessions WHERE session = ?", [id]).first
    }
}

/// A JSON text column decoded as field values.
func fieldValues(_ json: String) throws -> [String: FieldValue] {
    try JSONDecoder().decode([String: FieldValue].self, from: Data(json.utf8))
}

/// A JSON text column decoded as a list of strings.
func strings(_ json: String) throws -> [String] {
    try JSONDecoder().decode([String].self, from: Data(json.utf8))
}

