import SheetLogDomain
@testable import SheetLogIngest
import Testing

/// The `eraseSubject` line: decoded strictly, written back the same, and kept apart from the commands.
@Suite struct IngestErasureLineTests {
    let decoder = IngestDecoder()

    @Test func anErasureLineDecodesAndEncodesBackTheSame() throws {
        let lines = [
            #"{"at":"2026-01-01T12:00:00.000Z","id":"erase-1","requestedBy":"ticket 1234","subject":"user-42","type":"eraseSubject"}"#,
            #"{"subject":"user-42","type":"eraseSubject"}"#,
        ]
        for line in lines {
            let entry = try decoder.decodeEntry(Array(line.utf8), line: 1)
            guard case .erasure(let erasure) = entry else {
                Issue.record("\(line) decoded as \(entry)")
                continue
            }
            #expect(erasure.subject == "user-42")
            #expect(IngestEncoder.encode(erasure) == line)
            #expect(try IngestEncoder.encode(entry) == line)
        }
        let full = try decoder.decodeEntry(Array(lines[0].utf8), line: 1)
        #expect(full == .erasure(IngestErasure(subject: "user-42", requestedBy: "ticket 1234", id: "erase-1", occurredAt: 1_767_268_800_000)))
    }

    @Test func aCommandLineIsStillACommandEntry() throws {
        let line = #"{"session":"s1","type":"endSession"}"#
        #expect(try decoder.decodeEntry(Array(line.utf8), line: 3) == .command(IngestLine(session: "s1", command: .endSession)))
    }

    @Test func decodeTakesCommandsOnlyAndSaysWhyNot() {
        let error = #expect(throws: SheetLogError.self) {
            try decoder.decode(Array(#"{"subject":"u","type":"eraseSubject"}"#.utf8), line: 7)
        }
        #expect(error?.code == .invalidInput)
        #expect(error?.context.line == 7)
        #expect(error?.message == "an eraseSubject line erases a subject of the log and is not a session's command")
    }

    @Test func theUnknownTypeMessageListsTheErasureLine() {
        let error = #expect(throws: SheetLogError.self) { try decoder.decodeEntry(Array(#"{"type":"forget"}"#.utf8), line: 1) }
        #expect(error?.message.contains("eraseSubject, keepEditing") == true, "\(String(describing: error?.message))")
    }
}
