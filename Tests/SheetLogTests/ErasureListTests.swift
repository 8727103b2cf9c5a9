import Foundation
import SheetLog
import SheetLogTestSupport
import Testing

/// `SheetLogDatabase.erasures()`: the log's erasures with what each removed, read without the key,
/// the same in a copy; and who asked, required of a new erasure but copied as it was.
@Suite("the list of erasures")
struct ErasureListTests {
    /// A sealed file: `gone` has an open session with an alert up (g-open), another with a sheet
    /// (g-sheet) and an ended one (g-ended); `kept` has an open one. `gone` is erased 5 s later.
    static func erasedLog(at path: String, key: MasterKey, clock: ManualClock) async throws -> (SheetLogDatabase, ErasureReport) {
        var options = ErasureTests.options(key)
        options.clock = clock
        let database = try SheetLogDatabase.open(path: path, options: options)
        try await database.record(.present(presentation: "p1", route: .newExpense, guard: .always), in: "g-open", subject: "gone")
        try await database.record(.edit(field: "amount", value: "12"), in: "g-open")
        try await database.record(.attemptDismiss(source: .swipe), in: "g-open")
        try await database.record(.present(presentation: "p1", route: .newExpense), in: "g-sheet", subject: "gone")
        try await database.record(.present(presentation: "p1", route: .newExpense), in: "g-ended", subject: "gone")
        try await database.record(.endSession, in: "g-ended")
        try await database.record(.present(presentation: "p1", route: .newExpense), in: "k-open", subject: "kept")
        clock.advance(by: 5_000)
        return (database, try await database.erase(subject: "gone", requestedBy: "ticket 12"))
    }

    @Test("each erasure with who asked, its time, its sessions, the sessions it closed and its key")
    func listsWhatTheErasureDid() async throws {
        let directory = try TemporaryDirectory("erasures")
        let clock = ManualClock()
        let (database, report) = try await Self.erasedLog(at: directory.path("log.sqlite"), key: MasterKey.generate(), clock: clock)
        let listed = try await database.erasures()
        #expect(listed == [ErasureRecord(
            origin: .device, position: report.position, eventID: report.eventID, subject: "gone", requestedBy: "ticket 12",
            erasedAt: clock.nowMilliseconds(), sessions: 3, closedSessions: ["g-open", "g-sheet"], keyErased: true)])
        #expect(report.closedSessions == ["g-open", "g-sheet"])
        try database.close()

        // Without the master key (the reading open that asks for none): the same rows.
        let reader = try SheetLogDatabase.openForReading(path: directory.path("log.sqlite"))
        #expect(try await reader.erasures() == listed)
    }

    @Test("a log without erasures lists none, sealed or plain")
    func none() async throws {
        for key in [MasterKey.generate(), nil] {
            let database = try SheetLogDatabase.inMemory(options: SealedDatabaseTests.options(key))
            try await database.record(.present(presentation: "p1", route: .newExpense), in: "s1")
            #expect(try await database.erasures().isEmpty)
        }
    }

    @Test("a copy lists the same erasures; an erasure copied without a requester is kept as it was")
    func aCopyListsTheSame() async throws {
        let directory = try TemporaryDirectory("erasures-copy")
        let (source, _) = try await Self.erasedLog(at: directory.path("log.sqlite"), key: MasterKey.generate(), clock: ManualClock())
        // An erasure of an older log, which named no one: only the copy's path takes it.
        let refused = await #expect(throws: SheetLogError.self) { try await source.erase(subject: "kept", requestedBy: "") }
        #expect(refused?.code == .invalidInput)
        try await source.erase(ErasureEnvelope(subject: "kept", requestedBy: "", id: "older-erasure", occurredAt: 1_767_300_000_000))

        let copy = try SheetLogDatabase.inMemory(options: ErasureTests.options(MasterKey.generate()))
        for entry in try await source.exportLog() {
            switch entry {
            case .base(let image): try await copy.installBase(image)
            case .command(let envelope): try await copy.record([envelope])
            case .erasure(let erasure): try await copy.erase(erasure)
            }
        }
        let listed = try await source.erasures()
        #expect(listed.map(\.subject) == ["gone", "kept"])
        #expect(listed.last?.requestedBy == "")
        #expect(listed.last?.erasedAt == 1_767_300_000_000)
        #expect(listed.last?.closedSessions == ["k-open"])
        #expect(try await copy.erasures() == listed, "the same positions, ids, times, sessions and closed sessions")
    }
}
