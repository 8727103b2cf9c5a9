import PropertyBased
import SheetLog
import SheetLogIngest
import Testing
import SheetLogTestSupport

/// Valid lines of every command type, broken one way at a time and ingested in the middle of a
/// batch of good lines: every one is rejected with a typed error naming its line, and the
/// database is exactly as before.
@Suite("mutated ingest lines are rejected and change nothing")
struct BadLinePropertyTests {
    @Test("every scenario's unbroken line is accepted (so a rejection below is the mutation's doing)")
    func unbrokenLinesAreAccepted() async throws {
        let fixture = try await BadInputFixture()
        for scenario in LineScenario.all {
            let results = try await fixture.ingest([Array(scenario.text.utf8)])
            #expect(results.first?.events.isEmpty == false, "\(scenario.type)")
        }
    }

    @Test("every illegal transition is a valid line")
    func illegalTransitionsDecode() throws {
        for illegal in IllegalTransition.all {
            #expect(throws: Never.self, "\(illegal.summary)") { try IngestDecoder().decode(Array(illegal.line.text.utf8), line: 1) }
        }
    }

    @Test("drop, duplicate, retype, oversize, invalid UTF-8, NUL, non-finite numbers, illegal transitions")
    func mutatedLinesAreRejected() async throws {
        let fixture = try await BadInputFixture()
        let before = try await fixture.snapshot()
        #expect(before.lastPosition > 20)
        var seen: [LineMutation: Int] = [:]
        // 270 broken lines (1.4 s; 900 took 4.8 s): about 30 of each of the 9 mutations, each on a random
        // scenario; the soak runs 900.
        let count = TestSize.cases(270, soak: 900)
        await propertyCheck(
            count: count, input: Gen.int(in: 0..<LineScenario.all.count), Gen.int(in: 0..<LineMutation.allCases.count),
            Gen.int(in: 0...Int.max)
        ) { scenarioIndex, mutationIndex, seed in
            var mutator = LineMutator(seed: seed)
            let bad = mutator.mutate(LineScenario.all[scenarioIndex], LineMutation.allCases[mutationIndex])
            let fillersBefore = seed % 3
            let lines = BadInputFixture.fillers(fillersBefore, from: 0) + [bad.bytes] + BadInputFixture.fillers(2, from: 10)
            let error = try #require(await ingestError(fixture, lines), "accepted: \(bad.summary)")
            Self.expect(error, matches: bad, line: fillersBefore + 1)
            #expect(try await fixture.snapshot() == before, "changed the database: \(bad.summary)")
            seen[bad.mutation, default: 0] += 1
        }
        for mutation in LineMutation.allCases {
            // At least 40 % of an even share (12 of 30, 40 of 100): far below what chance gives.
            #expect(seen[mutation, default: 0] >= count * 4 / (10 * LineMutation.allCases.count), "only \(seen[mutation, default: 0]) runs of \(mutation)")
        }
    }

    static func expect(_ error: SheetLogError, matches bad: MutatedLine, line: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(error.code == bad.code, "\(bad.summary): \(error.code) \(error.message)", sourceLocation: sourceLocation)
        #expect(error.context.line == line, "\(bad.summary): line \(error.context.line ?? -1)", sourceLocation: sourceLocation)
        if let field = bad.field {
            #expect(error.context.field == field, "\(bad.summary): \(error.message)", sourceLocation: sourceLocation)
        }
        if let text = bad.messageContains {
            #expect(error.message.contains(text), "\(bad.summary): \(error.message)", sourceLocation: sourceLocation)
        }
        if let limit = bad.limit {
            #expect(error.context.limit == limit, "\(bad.summary)", sourceLocation: sourceLocation)
        }
        #expect(error.message.count < 400, "\(bad.summary): the message is one short sentence", sourceLocation: sourceLocation)
    }
}

/// The typed error ingesting `lines` throws, or nil when they were accepted.
func ingestError(_ fixture: BadInputFixture, _ lines: [[UInt8]]) async -> SheetLogError? {
    do {
        try await fixture.ingest(lines)
        return nil
    } catch let error as SheetLogError {
        return error
    } catch {
        Issue.record("an untyped error: \(type(of: error))")
        return nil
    }
}
