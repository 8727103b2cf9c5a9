import SheetLogCore
import SheetLogStorage

/// The log as stored, read inside a ``PostgresBackend`` append's transaction: PostgreSQL's
/// ``AppendTransaction``.
///
/// The decision's reads are synchronous and PostgreSQL's are not, so the transaction answers from
/// what it loaded (in the same transaction, under the device's lock) and notes every read it could not
/// answer. Such a pass is provisional: it is answered as if the missing rows were not stored, its
/// outcome (a result or an error) is thrown away, the backend loads everything the pass missed at
/// once and decides again. Only a pass that missed nothing counts. A batch of commands over many
/// sessions thus costs two passes (one finds what it needs, one decides), where stopping at the
/// first unloaded read would cost a pass per session and per command id.
final class PostgresAppendTransaction: AppendTransaction {
    /// What a pass asked for and was not loaded.
    struct Missing {
        /// The streams, each with the lowest version it was read after.
        var streams: [String: Int64] = [:]
        var eventIDs: Set<String> = []
        var receipts: Set<String> = []
        /// Sessions whose carried state (the device's base) was asked for.
        var bases: Set<String> = []

        var isEmpty: Bool { streams.isEmpty && eventIDs.isEmpty && receipts.isEmpty && bases.isEmpty }
    }

    let mark: LogMark
    /// Per stream, every stored event with a version above `after`, ascending.
    private var streams: [String: (after: Int64, events: [RecordedEvent])] = [:]
    /// Loaded ids: the stored event, or nil when none is stored under the id.
    private var eventsByID: [String: RecordedEvent?] = [:]
    private var receipts: [String: CommandReceipt?] = [:]
    /// Loaded carried states: the device's base's, or nil when it carries none for the session.
    private var bases: [String: CarriedState?] = [:]
    private(set) var missing = Missing()

    /// Whether the device started at a base: else no session is carried, and nothing is asked.
    let startedAtBase: Bool

    init(mark: LogMark, startedAtBase: Bool) {
        self.mark = mark
        self.startedAtBase = startedAtBase
    }

    /// Starts a pass: nothing missed yet.
    func beginPass() {
        missing = Missing()
    }

    func readStream(_ stream: String, after version: Int64) throws -> [RecordedEvent] {
        guard PostgresEventStore.storable(stream) else { return [] }
        if let loaded = streams[stream], loaded.after <= version {
            return loaded.events.filter { $0.version > version }
        }
        missing.streams[stream] = min(missing.streams[stream] ?? version, version)
        return []
    }

    func events(withIDs ids: [String]) throws -> [RecordedEvent] {
        var found: [String: RecordedEvent] = [:]
        for id in ids where PostgresEventStore.storable(id) {
            guard let loaded = eventsByID[id] else {
                missing.eventIDs.insert(id)
                continue
            }
            if let loaded { found[id] = loaded }
        }
        return found.values.sorted { $0.position < $1.position }
    }

    func isStored(commandID: String) throws -> Bool {
        // Both asked for, so that one provisional pass loads both.
        let event = try events(withIDs: [commandID])
        let receipt = try receipt(commandID)
        return !event.isEmpty || receipt != nil
    }

    func hasReceipt(_ commandID: String) throws -> Bool {
        try receipt(commandID) != nil
    }

    /// The fleet store keeps devices' logs as they were pushed and records no commands of its own
    /// with sealing: a log the facade records into on PostgreSQL is plain.
    func sealing() throws -> (any AppendSealing)? { nil }

    /// The state the device's base carries for `session` (a device that started in the fleet at a
    /// base); the fleet prunes nothing itself, so no session reads as pruned whole.
    func base(of session: String) throws -> SessionBase? {
        guard startedAtBase, PostgresEventStore.storable(session) else { return nil }
        guard let loaded = bases[session] else {
            missing.bases.insert(session)
            return nil
        }
        return loaded.map { .carried($0) }
    }

    func receipt(_ commandID: String) throws -> CommandReceipt? {
        guard PostgresEventStore.storable(commandID) else { return nil }
        guard let loaded = receipts[commandID] else {
            missing.receipts.insert(commandID)
            return nil
        }
        return loaded
    }

    /// Takes in the rows loaded for a pass's ``missing`` reads.
    func load(
        streams loaded: [String: (after: Int64, events: [RecordedEvent])], events: [RecordedEvent], receipts found: [CommandReceipt],
        bases carried: [String: CarriedState?]
    ) {
        for (session, state) in carried { bases[session] = .some(state) }
        for (stream, rows) in loaded { streams[stream] = rows }
        for id in missing.eventIDs { eventsByID[id] = .some(nil) }
        for event in events { eventsByID[event.eventID] = event }
        for id in missing.receipts { receipts[id] = .some(nil) }
        for receipt in found { receipts[receipt.commandID] = receipt }
    }

    /// The stream's version as loaded, nil when the loaded rows do not tell it.
    func loadedVersion(of stream: String) -> Int64? {
        guard let loaded = streams[stream] else { return nil }
        if let last = loaded.events.last { return last.version }
        if !startedAtBase { return loaded.after == 0 ? 0 : nil }
        switch bases[stream] {
        case .some(.some(let carried)):
            // A carried session with no kept event after what was read is at its carried version.
            return loaded.after <= carried.version ? carried.version : nil
        case .some(.none):
            return loaded.after == 0 ? 0 : nil
        case .none:
            // Whether the device's base carries the stream was not asked: the store answers.
            return nil
        }
    }
}
