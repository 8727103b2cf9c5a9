import Foundation
import Testing
import SheetLog
import SheetLogSQLite

@Suite("Audit queries")
struct AuditTests {
    let database: SheetLogDatabase

    /// s1: expense swiped (blocked, alert) then discarded at 1_000…; s2: composer forced off screen at 2_000;
    /// s3: a `never` sheet dismissed dirty at 3_000, a help sheet cancelled clean at 3_100.
    init() async throws {
        database = try SheetLogDatabase.inMemory(options: testOptions())
        try await database.record([
            CommandEnvelope(session: "s1", command: .present(presentation: "e", route: .newExpense), occurredAt: 900),
            CommandEnvelope(session: "s1", command: .edit(field: "amount", value: "5"), occurredAt: 950),
            CommandEnvelope(session: "s1", command: .attemptDismiss(source: .swipe), occurredAt: 1_000),
            CommandEnvelope(session: "s1", command: .confirmDiscard(), occurredAt: 1_010),
            CommandEnvelope(session: "s2", command: .present(presentation: "c", route: .composer), occurredAt: 1_900),
            CommandEnvelope(session: "s2", command: .edit(field: "body", value: "hi"), occurredAt: 1_950),
            CommandEnvelope(session: "s2", command: .attemptDismiss(source: .programmatic), occurredAt: 2_000),
            CommandEnvelope(session: "s3", command: .present(presentation: "n", route: Route(name: "note"), guard: .never), occurredAt: 2_900),
            CommandEnvelope(session: "s3", command: .edit(field: "text", value: "x"), occurredAt: 2_950),
            CommandEnvelope(session: "s3", command: .attemptDismiss(source: .swipe), occurredAt: 3_000),
            CommandEnvelope(session: "s3", command: .present(presentation: "h", route: Route(name: "help")), occurredAt: 3_050),
            CommandEnvelope(session: "s3", command: .attemptDismiss(source: .cancelButton), occurredAt: 3_100),
        ])
    }

    private func presentations(_ query: AuditQuery) async throws -> [String] {
        try await database.audit(query).map(\.presentation)
    }

    /// The instant `milliseconds` after 1970, as an app passes times.
    private func date(_ milliseconds: Double) -> Date {
        Date(timeIntervalSince1970: milliseconds / 1_000)
    }

    /// The rows of one audit share a few changed-field lists, read once each; more distinct lists
    /// than are kept at a time, interleaved and repeated, must each still read as that row's own.
    @Test("each row's changed fields, with many distinct lists interleaved")
    func changedFieldsOfManyDistinctLists() async throws {
        let database = try SheetLogDatabase.inMemory(options: testOptions())
        let fields = ["amount", "category", "date", "merchant", "notes", "payee"]
        var expected: [String: [String]] = [:]
        for index in 0..<90 {
            // 40 distinct non-empty subsets, in an order that revisits each one after others.
            let mask = (index * 23) % 40 + 1
            let edited = fields.indices.filter { mask & (1 << $0) != 0 }.map { fields[$0] }
            let session = "s\(index)"
            expected[session] = edited.sorted()
            var commands = [CommandEnvelope(session: session, command: .present(presentation: "e", route: .newExpense))]
            commands += edited.map { CommandEnvelope(session: session, command: .edit(field: $0, value: "v")) }
            commands.append(CommandEnvelope(session: session, command: .attemptDismiss(source: .swipe)))
            try await database.record(commands)
        }
        let records = try await database.audit()
        #expect(records.count == 90)
        for record in records { #expect(record.changedFields == expected[record.session], "\(record.session)") }
    }

    @Test("since and until are Dates; a time between two milliseconds starts at the later one")
    func datesBetweenMilliseconds() async throws {
        // The swipe on e is stored at 1_000 ms, the forced dismissal of c at 2_000 ms.
        #expect(try await presentations(AuditQuery(since: date(1_000))) == ["e", "c", "n", "h"])
        #expect(try await presentations(AuditQuery(since: date(1_000.4))) == ["c", "n", "h"])
        #expect(try await presentations(AuditQuery(since: date(999.6))) == ["e", "c", "n", "h"])
        #expect(try await presentations(AuditQuery(until: date(2_000))) == ["e"])
        #expect(try await presentations(AuditQuery(until: date(2_000.4))) == ["e", "c"])
        #expect(try await presentations(AuditQuery(until: date(1_999.6))) == ["e"])
        // Whole milliseconds of today's times survive the trip through Date's Double.
        let now: Int64 = 1_795_000_000_123
        let moment = Date(timeIntervalSince1970: Double(now) / 1_000)
        try await database.record([
            CommandEnvelope(session: "s4", command: .present(presentation: "t", route: Route(name: "today")), occurredAt: now - 1),
            CommandEnvelope(session: "s4", command: .attemptDismiss(source: .swipe), occurredAt: now),
        ])
        #expect(try await presentations(AuditQuery(since: moment)) == ["t"])
        #expect(try await presentations(AuditQuery(session: "s4", until: moment)).isEmpty)
    }

    @Test("a record's times read as Dates too")
    func recordDates() async throws {
        let first = try #require(try await database.audit().first)
        #expect(first.occurredDate == Date(timeIntervalSince1970: 1))
        #expect(first.resolvedDate == Date(timeIntervalSince1970: 1.01))
    }

    @Test("every dismissal, in log order, with its details")
    func all() async throws {
        let records = try await database.audit()
        #expect(records.map(\.presentation) == ["e", "c", "n", "h"])
        #expect(records.map(\.position) == records.map(\.position).sorted())
        let first = try #require(records.first)
        #expect(first.route == "newExpense" && first.group == "newExpense" && first.source == .swipe)
        #expect(first.confirmation && first.offersSave && first.dirty)
        #expect(first.resolution == .discarded && first.occurredAt == 1_000 && first.resolvedAt == 1_010)
    }

    @Test("log order even where the filter's index is in time order and clocks went backwards")
    func logOrderAgainstTheTimeIndex() async throws {
        let skewed = try SheetLogDatabase.inMemory(options: testOptions())
        // Three devices' sessions with clocks that disagree: later positions, earlier times.
        for (index, session) in ["a", "b", "c"].enumerated() {
            let at = Int64(10_000 - index * 1_000)
            try await skewed.record([
                CommandEnvelope(session: session, command: .present(presentation: "p\(session)", route: .newExpense), occurredAt: at),
                CommandEnvelope(session: session, command: .edit(field: "amount", value: "1"), occurredAt: at + 1),
                CommandEnvelope(session: session, command: .attemptDismiss(source: .swipe), occurredAt: at + 2),
                CommandEnvelope(session: session, command: .confirmDiscard(), occurredAt: at + 3),
            ])
        }
        let query = AuditQuery(route: "newExpense", resolution: .discarded, since: date(0), until: date(20_000))
        let records = try await skewed.audit(query)
        #expect(records.map(\.presentation) == ["pa", "pb", "pc"])
        #expect(records.map(\.occurredAt) == [10_002, 9_002, 8_002])
        var limited = query
        limited.limit = 2
        #expect(try await skewed.audit(limited).map(\.presentation) == ["pa", "pb"])
    }

    /// The fast path over a text's bytes.
    private func fastPathNames(_ text: String) -> [String]? {
        var text = text
        return text.withUTF8 { FieldNameList.parseUnescaped($0) }
    }

    @Test("changed field names come back whole, escaped ones included")
    func changedFieldNames() async throws {
        let names = try await database.audit().map(\.changedFields)
        #expect(names == [["amount"], ["body"], ["text"], []])
        #expect(fastPathNames(#"["amount","note","Zoë"]"#) == ["amount", "note", "Zoë"])
        #expect(fastPathNames("[]") == [])
        #expect(fastPathNames(#"["say \"hi\""]"#) == nil)  // escapes: the full parser's job
        for malformed in ["", "[", #"["a""#, #"["a",]"#, #"["a" ,"b"]"#, #"["a""b"]"#, "[1]", #"{"a":1}"#] {
            #expect(fastPathNames(malformed) == nil, "\(malformed)")
        }
        let quoted = try SheetLogDatabase.inMemory(options: testOptions())
        try await quoted.record([
            CommandEnvelope(session: "q", command: .present(presentation: "p", route: .newExpense)),
            CommandEnvelope(session: "q", command: .edit(field: #"say "hi"\now"#, value: "1")),
            CommandEnvelope(session: "q", command: .attemptDismiss(source: .swipe)),
        ])
        #expect(try await quoted.audit().map(\.changedFields) == [[#"say "hi"\now"#]])
    }

    @Test("each filter narrows the trail")
    func filters() async throws {
        #expect(try await presentations(AuditQuery(session: "s3")) == ["n", "h"])
        #expect(try await presentations(AuditQuery(route: "newExpense")) == ["e"])
        #expect(try await presentations(AuditQuery(group: "editor")) == ["c"])
        #expect(try await presentations(AuditQuery(source: .swipe)) == ["e", "n"])
        #expect(try await presentations(AuditQuery(outcome: .forced)) == ["c"])
        #expect(try await presentations(AuditQuery(outcome: .dismissed)) == ["n", "h"])
        #expect(try await presentations(AuditQuery(resolution: .discarded)) == ["e"])
        #expect(try await presentations(AuditQuery(since: date(2_000))) == ["c", "n", "h"])
        #expect(try await presentations(AuditQuery(until: date(2_000))) == ["e"])
        #expect(try await presentations(AuditQuery(since: date(1_500), until: date(3_050))) == ["c", "n"])
        #expect(try await presentations(AuditQuery(limit: 2)) == ["e", "c"])
        #expect(try await presentations(AuditQuery(session: "s3", source: .cancelButton)) == ["h"])
        await #expect(throws: SheetLogError.self) { try await database.audit(AuditQuery(limit: -1)) }
    }

    @Test("the one-call queries: discarded unsaved data, and drafts forced off screen")
    func oneCallQueries() async throws {
        #expect(try await database.dismissalsThatDiscardedUnsavedData().map(\.presentation) == ["e"])
        #expect(try await database.draftsForcedOffScreen().map(\.presentation) == ["c", "n"])
        #expect(try await database.draftsForcedOffScreen(AuditQuery(session: "s2")).map(\.presentation) == ["c"])
        #expect(try await database.recoverableDrafts().map(\.presentation) == ["c", "n"])
        #expect(try await database.recoverableDrafts().allSatisfy { $0.reason == .abandoned })
    }

    @Test("sessions and stats come from the read models")
    func sessionsAndStats() async throws {
        let sessions = try await database.sessions()
        #expect(sessions.map(\.session) == ["s1", "s2", "s3"])
        #expect(sessions.map(\.version) == [4, 3, 5])
        #expect(sessions.allSatisfy { $0.status == .active && $0.stack.isEmpty })
        let stats = try await database.stats()
        #expect(stats.events == 12 && stats.sessions == 3)
        #expect(stats.eventsByType["attemptDismiss"] == 4)
        #expect(stats.recoverableDrafts == 2 && stats.openDrafts == 0)
        #expect(stats.fileBytes > 0 && stats.bytesPerEvent > 0)
    }
}
