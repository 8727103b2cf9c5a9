import SheetLog
import SheetLogReports

/// Acknowledgements of recorded events: `{"ack":"<event id>","position":N,"session":"s1","version":V}`.
struct EventAck: Encodable {
    var ack: String
    var position: Int64
    var session: String
    var version: Int64

    init(_ event: RecordedEvent) {
        ack = event.eventID
        position = event.position
        session = event.stream
        version = event.version
    }
}

/// Prints what a recording command appended: one sentence, or one JSON ack per event.
enum RecordedEventsView {
    static func print(_ result: RecordResult, json: Bool, summary: String) throws(SheetLogError) {
        if json {
            for event in result.events { Terminal.writeLine(try JSONOutput.line(EventAck(event))) }
        } else {
            let positions = result.events.map { "\($0.stream) v\($0.version) @\($0.position)" }.joined(separator: ", ")
            Terminal.writeLine(NameCharacters.escaped("\(summary) (\(positions))"))
        }
    }
}
