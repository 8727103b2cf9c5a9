import SheetLog

/// The answer `ingest --each` prints for one input line: one JSON line, carrying `line`, of one of
/// five kinds (keys sorted; see the README's ingest section).
///
/// ```text
/// {"ack":"e-1","line":1,"position":1,"session":"s1","version":1}
/// {"alreadyStored":false,"id":"e-2","line":2,"session":"s1","unchanged":true,"version":1}
/// {"code":"ruleViolation","error":"confirmDiscard: no confirmation is pending in session s1","line":3}
/// {"blank":true,"line":4}
/// {"ack":"x-9","erased":"user-42","line":5,"position":9,"sessions":2}
/// ```
enum IngestEachAnswer: Encodable {
    /// The command's events, stored now or (`alreadyStored`) by an earlier run of the same id.
    case recorded(line: Int, RecordResult)
    /// The command appended nothing: it decided no event, or its id was stored with no event.
    case unchanged(line: Int, id: String?, RecordResult)
    /// The line was rejected; `stopped` when the run ends there, with what a reopened database says of it.
    case rejected(line: Int, SheetLogError, stop: StopOutcome?)
    /// An empty or whitespace-only line: not a command.
    case blank(line: Int)
    /// An `eraseSubject` line: the subject erased now (acked with its event), or before (`unchanged`).
    case erased(line: Int, ErasureReport)

    /// Whether the line the run stopped at is stored, as a reopened database says (nil: unknown).
    struct StopOutcome {
        var stored: Bool?
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case let .recorded(line, result):
            let first = result.events[0]
            try container.encode(first.eventID, forKey: .ack)
            try container.encode(line, forKey: .line)
            try container.encode(first.position, forKey: .position)
            try container.encode(first.stream, forKey: .session)
            try container.encode(first.version, forKey: .version)
            if result.alreadyStored { try container.encode(true, forKey: .alreadyStored) }
            // dismissAll and a cross-session restoreDraft append several events: all of them, in order.
            if result.events.count > 1 { try container.encode(result.events.map(EventAck.init), forKey: .events) }
        case let .unchanged(line, id, result):
            try container.encode(true, forKey: .unchanged)
            try container.encode(result.alreadyStored, forKey: .alreadyStored)
            try container.encodeIfPresent(id, forKey: .id)
            try container.encode(line, forKey: .line)
            try container.encode(result.session, forKey: .session)
            try container.encode(result.state.version, forKey: .version)
        case let .rejected(line, error, stop):
            try container.encode(error.message, forKey: .error)
            try container.encode(error.code.rawValue, forKey: .code)
            try container.encode(line, forKey: .line)
            if let stop {
                try container.encode(true, forKey: .stopped)
                try container.encode(stop.stored, forKey: .stored)
            }
        case let .blank(line):
            try container.encode(true, forKey: .blank)
            try container.encode(line, forKey: .line)
        case let .erased(line, report):
            try container.encode(report.subject, forKey: .erased)
            try container.encode(line, forKey: .line)
            try container.encode(report.sessions, forKey: .sessions)
            if let eventID = report.eventID, let position = report.position {
                try container.encode(eventID, forKey: .ack)
                try container.encode(position, forKey: .position)
            } else {
                try container.encode(true, forKey: .alreadyErased)
                try container.encode(report.alreadyStored, forKey: .alreadyStored)
                try container.encode(true, forKey: .unchanged)
            }
        }
    }

    private enum CodingKeys: String, CodingKey {
        case ack, alreadyErased, alreadyStored, blank, code, erased, error, events, id, line, position, session, sessions, stopped,
             stored, unchanged, version
    }
}
