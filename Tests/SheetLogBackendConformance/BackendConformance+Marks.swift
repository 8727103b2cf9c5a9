import SheetLogDomain
import SheetLogStorage
import Testing

/// Log marks: the facade trusts its cached sessions while the mark an append begins at is the one
/// its last commit left, so a mark must move whenever anyone appended in between.
extension BackendConformance {
    static func aMarkMovesWithEveryAppend(_ make: BackendFactory) async throws {
        let fixture = try await make()
        defer { fixture.cleanup() }
        let backend = fixture.backend
        var script = SheetScript()
        let present = try script.batch(.present(presentation: "p", route: Route(name: "newExpense")), in: "s")
        let first = try await backend.append { _ in DecidedAppend(batches: [present], plan: ()) }

        // Appended without a decision (the EventStore API), as a tool or an older build would.
        _ = try await backend.append([try script.batch(.edit(field: "amount", value: "5"), in: "s")])
        let afterRawAppend = try await backend.append { transaction in DecidedAppend(batches: [], plan: transaction.mark) }
        #expect(afterRawAppend.plan != first.mark)

        let third = try await backend.append { _ in
            DecidedAppend(batches: [try script.batch(.edit(field: "amount", value: "6"), in: "s")], plan: ())
        }
        #expect(third.mark != afterRawAppend.plan)
        guard let openAnother = fixture.openAnother else { return }
        // Appended by another process on the same database.
        let other = try await openAnother()
        _ = try await other.append { _ in
            DecidedAppend(batches: [try script.batch(.edit(field: "amount", value: "7"), in: "s")], plan: ())
        }
        try other.close()
        let afterOtherProcess = try await backend.append { transaction in
            DecidedAppend(batches: [], plan: (transaction.mark, try transaction.readStream("s", after: 3).map(\.version)))
        }
        #expect(afterOtherProcess.plan.0 != third.mark)
        #expect(afterOtherProcess.plan.1 == [4])
    }
}
