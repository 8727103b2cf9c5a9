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

        var isEmpty: Bool { streams.isEmpty && eventIDs.isEmpty && receipts.isEmpty }
    }

    let mark: LogMark
    /// Per stream, every stored event with a version above `after`, ascending.
    private var streams: [String: (after: Int64, events: [RecordedEvent])] = [:]
    /// Loaded ids: the stored event, or nil when none is stored under the id.
    private var eventsByID: [String: RecordedEvent?] = [:]
    private var receipts: [String: CommandReceipt?] = [:]
    private(set) var missing = Missing()

    init(mark: LogMark) {
        self.mark = mark
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

    /// Nothing is pruned in the fleet yet (retention there is a later slice).
    func base(of session: String) throws -> SessionBase? { nil }

    func receipt(_ commandID: String) throws -> CommandReceipt? {
        guard PostgresEventStore.storable(commandID) else { return nil }
        guard let loaded = receipts[commandID] else {
            missing.receipts.insert(commandID)
            return nil
        }
        return loaded
    }

    /// Takes in the rows loaded for a pass's ``missing`` reads.
    func load(streams loaded: [String: (after: Int64, events: [RecordedEvent])], events: [RecordedEvent], receipts found: [CommandReceipt]) {
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
        return loaded.after == 0 ? 0 : nil
    }
}
