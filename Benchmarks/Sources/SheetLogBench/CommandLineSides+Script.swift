import BenchmarkHarness

extension CommandLineSides {
    /// The shell's script: WAL and synchronous=FULL (as `sheetlog`'s default durability), then the
    /// events inserted in ONE transaction, with the chain SheetLog computes (``ChainedEvent``).
    static func transactionScript(_ events: [WorkloadEvent]) -> String {
        var script = "PRAGMA journal_mode = WAL;\nPRAGMA synchronous = FULL;\nBEGIN;\n"
        for row in ChainedEvent.chain(events) {
            let event = row.event, recordedAt = row.recordedAt
            let hex = row.chain.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
            script += "INSERT INTO events (event_id, stream, version, type, schema_version, payload, metadata, "
                + "occurred_at, recorded_at, chain, chain_version) VALUES (\(quoted(event.eventID)), "
                + "\(quoted(event.stream)), \(event.version), \(quoted(event.type)), 1, \(quoted(event.payload)), "
                + "\(quoted(event.metadata)), \(event.occurredAt), \(recordedAt), X'\(hex)', 2);\n"
        }
        return script + "COMMIT;\n"
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
